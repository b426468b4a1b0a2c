-- Social (issue #16): public handles and profile privacy, per-player leaderboard
-- aggregates kept up to date by the wallet projection, shared picks and follows.
-- Money stays in each player's wallet Durable Object; these rows only describe and
-- rank what the projection already wrote to `bets`. Kept in step with worker/db/schema.ts.

-- A player's public identity: the chosen handle (lower-case, 3–20 of a-z 0-9 _, unique)
-- and whether the profile is hidden (then it is off leaderboards and /u/:handle is 404).
CREATE TABLE player_profiles (
  user_id TEXT PRIMARY KEY NOT NULL,
  handle TEXT,
  hidden INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX player_profiles_handle_idx ON player_profiles (handle);

-- One row per player, wallet and period ('all', or 'w:YYYY-MM-DD' for the Eastern-time
-- week starting that Monday), updated in the same D1 batch that projects a settled bet.
-- staked/returned/graded exclude voided bets; roi = (returned - staked) / staked.
CREATE TABLE leaderboard_stats (
  period TEXT NOT NULL,
  wallet TEXT NOT NULL,
  user_id TEXT NOT NULL,
  settled INTEGER NOT NULL,
  graded INTEGER NOT NULL,
  staked INTEGER NOT NULL,
  returned INTEGER NOT NULL,
  profit INTEGER NOT NULL,
  roi REAL NOT NULL,
  current_streak INTEGER NOT NULL,
  longest_streak INTEGER NOT NULL,
  last_settled_at INTEGER NOT NULL,
  PRIMARY KEY (period, wallet, user_id)
);
CREATE INDEX leaderboard_stats_profit_idx ON leaderboard_stats (period, wallet, profit);
CREATE INDEX leaderboard_stats_roi_idx ON leaderboard_stats (period, wallet, roi);
CREATE INDEX leaderboard_stats_streak_idx ON leaderboard_stats (period, wallet, longest_streak);

-- Settled bets already counted in leaderboard_stats: a re-projected bet (outbox replay,
-- a later version) finds its row here and is never counted twice.
CREATE TABLE leaderboard_counted (
  bet_id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  counted_at INTEGER NOT NULL
);

-- (Each CASE … END is followed by a space: wrangler's statement splitter needs it.)
-- Bets settled before this migration count on the all-time boards, as the projection
-- would have counted them (win streaks in settlement order; voids neither extend nor
-- break a run). This week's board starts with the bets settled from now on.
WITH ordered AS (
  SELECT user_id, wallet, result, stake, payout_paid, settled_at,
    SUM(CASE WHEN result IN ('loss', 'push') THEN 1 ELSE 0 END )
      OVER (PARTITION BY user_id, wallet ORDER BY settled_at, created_at, id ROWS UNBOUNDED PRECEDING) AS run_no
  FROM bets
  WHERE status = 'settled' AND result IS NOT NULL AND settled_at IS NOT NULL
    AND id NOT IN (SELECT bet_id FROM leaderboard_counted)
),
runs AS (
  SELECT user_id, wallet, run_no, SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END ) AS wins
  FROM ordered GROUP BY user_id, wallet, run_no
),
totals AS (
  SELECT user_id, wallet, COUNT(*) AS settled,
    SUM(CASE WHEN result = 'void' THEN 0 ELSE 1 END ) AS graded,
    SUM(CASE WHEN result = 'void' THEN 0 ELSE stake END ) AS staked,
    SUM(CASE WHEN result = 'void' THEN 0 ELSE payout_paid END ) AS returned,
    SUM(payout_paid - stake) AS profit,
    MAX(settled_at) AS last_settled_at,
    MAX(run_no) AS last_run
  FROM ordered GROUP BY user_id, wallet
)
INSERT INTO leaderboard_stats
  (period, wallet, user_id, settled, graded, staked, returned, profit, roi, current_streak, longest_streak, last_settled_at)
SELECT 'all', t.wallet, t.user_id, t.settled, t.graded, t.staked, t.returned, t.profit,
  CASE WHEN t.staked > 0 THEN (t.returned - t.staked) * 1.0 / t.staked ELSE 0 END ,
  (SELECT r.wins FROM runs r WHERE r.user_id = t.user_id AND r.wallet = t.wallet AND r.run_no = t.last_run),
  (SELECT MAX(r.wins) FROM runs r WHERE r.user_id = t.user_id AND r.wallet = t.wallet),
  t.last_settled_at
FROM totals t WHERE true;

INSERT INTO leaderboard_counted (bet_id, user_id, counted_at)
SELECT id, user_id, settled_at FROM bets
WHERE status = 'settled' AND result IS NOT NULL AND settled_at IS NOT NULL
  AND id NOT IN (SELECT bet_id FROM leaderboard_counted);

-- Share links: an unguessable id (128 random bits, base64url) per shared bet.
CREATE TABLE shared_picks (
  share_id TEXT PRIMARY KEY NOT NULL,
  bet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX shared_picks_bet_idx ON shared_picks (bet_id);

-- Who follows whom (both user ids).
CREATE TABLE follows (
  follower_id TEXT NOT NULL,
  followee_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX follows_followee_idx ON follows (followee_id);
