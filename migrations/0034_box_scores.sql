-- Players' final statistics per finished game, for grading players' markets (props): read
-- once from the stats port (the simulator's box scores in development; an official source
-- or an operator's entry otherwise) when a final game has open props, and kept here so every
-- wallet's settlement grades from the same numbers. `players` is the JSON array of stat lines
-- (src/shared/schemas/props.ts PlayerStatLine); `version` counts corrections.
CREATE TABLE box_scores (
  event_id TEXT PRIMARY KEY NOT NULL,
  sport TEXT NOT NULL,
  source TEXT NOT NULL,
  players TEXT NOT NULL,
  recorded_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
