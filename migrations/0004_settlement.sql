-- Settlement bookkeeping (issue #5). The wallets stay the source of truth for what was
-- paid; these tables only record what each cron/admin run did and when each sport's
-- scores were last asked for (to spend The Odds API's credits sparingly).
-- Kept in step with worker/db/schema.ts.
CREATE TABLE settlement_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  trigger TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  sports_fetched INTEGER NOT NULL DEFAULT 0,
  events_recorded INTEGER NOT NULL DEFAULT 0,
  wallets_called INTEGER NOT NULL DEFAULT 0,
  wallet_errors INTEGER NOT NULL DEFAULT 0,
  legs_graded INTEGER NOT NULL DEFAULT 0,
  bets_settled INTEGER NOT NULL DEFAULT 0,
  pending INTEGER NOT NULL DEFAULT 0,
  summary TEXT
);
CREATE INDEX settlement_runs_started_idx ON settlement_runs (started_at);

CREATE TABLE settlement_score_checks (
  sport TEXT PRIMARY KEY NOT NULL,
  checked_at INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  message TEXT
);
