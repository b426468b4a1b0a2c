-- Nudges near a limit (responsible play): each time a player reaches 80% of one of their
-- limits in a period, their wallet Durable Object records one nudge (wallet table
-- `play_nudges`, shown in the app) and projects it here through its outbox, keyed by the
-- player and the nudge id (`<limit name>:<period start>`), so a replayed outbox adds it
-- once. Delivery beyond the app (Web Push to players who opted in) reads undelivered rows
-- from this table. Kept in step with worker/db/schema.ts.
CREATE TABLE player_nudges (
  user_id TEXT NOT NULL,
  nudge_id TEXT NOT NULL,
  limit_name TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  pushed_at INTEGER,
  PRIMARY KEY (user_id, nudge_id)
);
CREATE INDEX player_nudges_unpushed_idx ON player_nudges (pushed_at, created_at);
