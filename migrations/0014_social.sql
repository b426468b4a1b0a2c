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
