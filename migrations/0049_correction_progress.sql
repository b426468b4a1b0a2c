-- How far a correction (a game's score, or its players' statistics) has reached through the
-- players holding a bet on the game: the wallets are re-graded in the order of their user id,
-- CORRECTION_WALLETS_PER_CALL per call; each call sent again first tries the wallets that
-- failed (`failed_json`, user ids), then goes on after `after_user_id`
-- (worker/settlement/correct-wallets.ts).
-- `reference` is the correction's own (`correction:<event>:<n>`, `stats:<event>:v<n>`).
CREATE TABLE correction_progress (
  reference TEXT PRIMARY KEY,
  after_user_id TEXT NOT NULL,
  failed_json TEXT NOT NULL DEFAULT '[]',
  updated_at INTEGER NOT NULL
);
