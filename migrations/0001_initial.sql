-- Accounts, sessions, wallet projections and settlement bookkeeping.
-- Kept in step with worker/db/schema.ts.
CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 0,
  display_name TEXT NOT NULL,
  photo_url TEXT,
  created_at INTEGER NOT NULL,
  last_login_at INTEGER NOT NULL
);
CREATE INDEX users_email_idx ON users (email);

CREATE TABLE refresh_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  family_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE wallet_balances (
  user_id TEXT PRIMARY KEY NOT NULL,
  coin_balance INTEGER NOT NULL,
  cash_cents INTEGER NOT NULL,
  last_bonus_day_et TEXT NOT NULL,
  bonus_streak INTEGER NOT NULL,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE bets (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  wallet TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  result TEXT,
  stake INTEGER NOT NULL,
  to_win INTEGER NOT NULL,
  payout_paid INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  legs_json TEXT NOT NULL,
  leg_results_json TEXT NOT NULL,
  version INTEGER NOT NULL
);
CREATE INDEX bets_user_created_idx ON bets (user_id, created_at);
CREATE INDEX bets_status_idx ON bets (status);

CREATE TABLE bet_legs (
  bet_id TEXT NOT NULL,
  leg_index INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  sport TEXT NOT NULL,
  market TEXT NOT NULL,
  side TEXT NOT NULL,
  line REAL,
  price_am INTEGER NOT NULL,
  commence_time INTEGER NOT NULL,
  result TEXT,
  PRIMARY KEY (bet_id, leg_index)
);
CREATE INDEX bet_legs_event_idx ON bet_legs (event_id);
CREATE INDEX bet_legs_open_sport_idx ON bet_legs (sport, result, commence_time);

CREATE TABLE events (
  event_id TEXT PRIMARY KEY NOT NULL,
  sport TEXT NOT NULL,
  home TEXT NOT NULL,
  away TEXT NOT NULL,
  start_time INTEGER NOT NULL,
  status TEXT NOT NULL,
  home_score INTEGER,
  away_score INTEGER,
  graded_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX events_status_idx ON events (status, graded_at);

CREATE TABLE feed_status (
  sport TEXT PRIMARY KEY NOT NULL,
  provider TEXT NOT NULL,
  requests_remaining INTEGER,
  requests_used INTEGER,
  requests_last INTEGER,
  last_status INTEGER,
  last_error TEXT,
  updated_at INTEGER NOT NULL
);
