-- `prop_player_names.team`: the team an operator says a feed name plays for, as the feed writes
-- the team's full name ("Boston Bruins"); null when not given. The Odds API names players only,
-- so without it a real-feed prop has no side and an anytime goalscorer cannot join a same-game
-- parlay (worker/odds/price-desk/props-desk.ts).
-- `box_scores.checked_at`: when the settlement run last asked the official source again for a
-- recorded box score, to catch the source's corrections (worker/settlement/settlement-job.ts);
-- null until first checked. Kept apart from `recorded_at`, which says when the numbers were written.
ALTER TABLE prop_player_names ADD COLUMN team TEXT;
ALTER TABLE box_scores ADD COLUMN checked_at INTEGER;
