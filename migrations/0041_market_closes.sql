-- Closing fair prices (worker/clv/): each market's last fair snapshot before its game's
-- scheduled start, captured once by the sport's price desk when it first sees the game
-- started (INSERT … ON CONFLICT DO NOTHING, so a second capture never moves a close).
-- `line_key` is the line as text ('' for the moneyline): part of the key, never NULL.
CREATE TABLE market_closes (
  event_id TEXT NOT NULL,
  market TEXT NOT NULL,
  side TEXT NOT NULL,
  line_key TEXT NOT NULL,
  line REAL,
  p REAL NOT NULL,
  snapshot_at INTEGER NOT NULL,
  captured_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, market, side, line_key)
);

-- A game's score model at close (the parameters the board carried in the same snapshot):
-- what a same-game block is re-priced with to read its chance at close.
CREATE TABLE game_model_closes (
  event_id TEXT PRIMARY KEY,
  model_json TEXT NOT NULL,
  snapshot_at INTEGER NOT NULL,
  captured_at INTEGER NOT NULL
);

-- Each settled bet's closing-line value, once its legs' closes are known (null when a leg
-- has none): the Sharpest leaderboard and public profiles read these rows.
CREATE TABLE bet_clv (
  bet_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  wallet TEXT NOT NULL,
  settled_at INTEGER NOT NULL,
  prematch_legs INTEGER NOT NULL,
  clv REAL,
  computed_at INTEGER NOT NULL
);
CREATE INDEX bet_clv_wallet_settled_idx ON bet_clv (wallet, settled_at);
CREATE INDEX bet_clv_user_idx ON bet_clv (user_id, settled_at);
