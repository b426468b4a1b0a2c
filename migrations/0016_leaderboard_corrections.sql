-- Result corrections reach the leaderboards (issue #15 with #16): each counted bet keeps
-- what it added (result, graded, staked, returned, profit), so a re-graded bet moves its
-- player's rows by the difference instead of being counted twice or not at all.
ALTER TABLE leaderboard_counted ADD COLUMN result TEXT;
ALTER TABLE leaderboard_counted ADD COLUMN graded INTEGER;
ALTER TABLE leaderboard_counted ADD COLUMN staked INTEGER;
ALTER TABLE leaderboard_counted ADD COLUMN returned INTEGER;
ALTER TABLE leaderboard_counted ADD COLUMN profit INTEGER;

-- What bets counted so far added, from their projected rows.
-- (Each CASE … END is followed by a space: wrangler's statement splitter needs it.)
UPDATE leaderboard_counted SET
  result = (SELECT b.result FROM bets b WHERE b.id = leaderboard_counted.bet_id),
  graded = (SELECT CASE WHEN b.result = 'void' THEN 0 ELSE 1 END  FROM bets b WHERE b.id = leaderboard_counted.bet_id),
  staked = (SELECT CASE WHEN b.result = 'void' THEN 0 ELSE b.stake END  FROM bets b WHERE b.id = leaderboard_counted.bet_id),
  returned = (SELECT CASE WHEN b.result = 'void' THEN 0 ELSE b.payout_paid END  FROM bets b WHERE b.id = leaderboard_counted.bet_id),
  profit = (SELECT b.payout_paid - b.stake FROM bets b WHERE b.id = leaderboard_counted.bet_id)
WHERE result IS NULL;
