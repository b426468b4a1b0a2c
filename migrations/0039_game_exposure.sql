-- The console's copy of each game's exposure (worker/exposure/game-exposure-object.ts):
-- written by the game's exposure object a few seconds after a change, read by the Risk
-- view. The object is the truth; this table is for display only.
CREATE TABLE game_exposure (
  event_id TEXT PRIMARY KEY,
  sport TEXT NOT NULL,
  home TEXT NOT NULL,
  away TEXT NOT NULL,
  start_time TEXT NOT NULL,
  worst_cash_cents INTEGER NOT NULL,
  worst_coins INTEGER NOT NULL,
  stakes_cash_cents INTEGER NOT NULL,
  stakes_coins INTEGER NOT NULL,
  open_bets INTEGER NOT NULL,
  worst_market TEXT,
  suspended_json TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX game_exposure_by_worst_cash ON game_exposure (worst_cash_cents DESC);
