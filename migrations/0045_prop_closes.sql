-- Closing fair prices of players' markets (worker/clv/): each prop side's fair chance in
-- the price desk's last props answer before its game's scheduled start, captured once when
-- the desk first sees the game started (INSERT … ON CONFLICT DO NOTHING, so a close never
-- moves). `line_key` is the line as text ('' for a yes market): part of the key.
CREATE TABLE prop_closes (
  event_id TEXT NOT NULL,
  player_id TEXT NOT NULL,
  market_key TEXT NOT NULL,
  side TEXT NOT NULL,
  line_key TEXT NOT NULL,
  line REAL,
  p REAL NOT NULL,
  snapshot_at INTEGER NOT NULL,
  captured_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, player_id, market_key, side, line_key)
);
