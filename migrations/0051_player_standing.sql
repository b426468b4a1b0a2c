-- A player's standing as the public social surface needs it: whether they are on a break (and
-- until when) or closed for play (a closure they asked for, or as under age). The wallet is the
-- source of truth (worker/protection/in-wallet/protection.ts); its outbox projects each change
-- here in the order it made them (`version` is the wallet's, so a replayed row never moves it
-- back). Leaderboards, profiles, shared picks and the Following feed leave out a player who is
-- closed or whose `away_until` is still ahead, so a break ends here on its own
-- (worker/social/standing.ts). No row: never on a break nor closed.
CREATE TABLE player_standing (
  user_id TEXT PRIMARY KEY,
  away_until INTEGER,
  closed INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
