-- The operator console (issue #15): every operator action, append-only. Kept in step with
-- worker/db/schema.ts. The triggers make the log append-only in D1 itself: no row can be
-- changed or removed, whatever code runs against it.
CREATE TABLE admin_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  -- The operator's verified e-mail address.
  actor TEXT NOT NULL,
  -- What was done: result, void, correction, freeze, unfreeze, adjustment, date-of-birth,
  -- dead-letter-replay, check-ledger.
  action TEXT NOT NULL,
  -- Whom or what it was done to: a player id, an event id, a dead letter id.
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  -- JSON with the action's particulars (amounts, scores, the answer).
  details TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX admin_audit_at_idx ON admin_audit (at);
CREATE INDEX admin_audit_target_idx ON admin_audit (target, at);
CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;
CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;

-- The feed's spend per hour for the console: one row per (UTC hour, sport), adding each
-- call's cost (The Odds API's x-requests-last; 1 per simulator board call).
CREATE TABLE feed_usage_hourly (
  hour INTEGER NOT NULL,
  sport TEXT NOT NULL,
  provider TEXT NOT NULL,
  calls INTEGER NOT NULL DEFAULT 0,
  credits INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, sport)
);

-- Result corrections (issue #15): each change of an already-settled game's final score,
-- numbered per game. `seq` makes the correction's ledger reference
-- (`correction:<event id>:<seq>`), so a re-sent correction moves money once and a later
-- one is a movement of its own.
CREATE TABLE result_corrections (
  event_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  from_status TEXT NOT NULL,
  from_home INTEGER,
  from_away INTEGER,
  home_score INTEGER NOT NULL,
  away_score INTEGER NOT NULL,
  actor TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, seq)
);
