-- How far a correction (a game's score, or its players' statistics) has reached through the
-- players holding a bet on the game: the wallets are re-graded in the order of their user id,
-- CORRECTION_WALLETS_PER_CALL per call, and each call sent again goes on after the last
-- wallet every wallet before which was re-graded (worker/settlement/correct-wallets.ts).
-- `reference` is the correction's own (`correction:<event>:<n>`, `stats:<event>:v<n>`).
CREATE TABLE correction_progress (
  reference TEXT PRIMARY KEY,
  after_user_id TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
