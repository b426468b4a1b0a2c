-- The embedded odds simulator's clock offset (development only): simulated time is
-- real time plus offset_ms. One row; kept in D1 so every isolate sees the same clock.
-- Kept in step with worker/db/schema.ts (simClock).
CREATE TABLE sim_clock (
  id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  offset_ms INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
