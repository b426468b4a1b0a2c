-- Separation of duties: operators are pinned people, money needs a second operator, and
-- the audit row is written with the action. Kept in step with worker/db/schema.ts.

-- Operators are people, not mailboxes: the first verified sign-in of each ADMIN_EMAILS
-- address pins its Google account (`sub`, and the Workspace domain `hd` when ADMIN_DOMAIN
-- is set). Another account holding the same address later is no operator. An operator who
-- leaves is removed from ADMIN_EMAILS and their row deleted (docs/operations.md).
CREATE TABLE admin_operators (
  email TEXT PRIMARY KEY,
  google_sub TEXT NOT NULL,
  hosted_domain TEXT,
  pinned_at INTEGER NOT NULL
);

-- Four eyes: one row per action that waits for a second operator (worker/admin/approvals.ts).
-- `kind` says what is asked and what `subject` names: 'adjustment' (a player id; payload
-- {wallet, amount}) or 'result' (an event id; payload {homeScore, awayScore}). Only the
-- approval of an operator other than the requester applies it; the request's id is the
-- idempotency key of what it applies, so an approval retried moves money once.
-- status: pending → approved (claimed by decided_by; `outcome` is set once applied) or
-- rejected; an approved request whose action was refused becomes failed.
CREATE TABLE approval_requests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  payload TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  requested_by_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'failed')),
  decided_by TEXT,
  decided_by_id TEXT,
  decided_at INTEGER,
  decision_reason TEXT,
  -- JSON: what applying it answered, or why it failed; NULL while not applied.
  outcome TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX approval_requests_status_idx ON approval_requests (status, created_at);
CREATE INDEX approval_requests_subject_idx ON approval_requests (subject, created_at);

-- Wallet actions write their audit row in the wallet's own transaction; the wallet's
-- outbox brings it here under `ref` (`wallet:<player id>:<seq>`), once however often the
-- outbox is replayed. Rows written by D1-only actions have no ref.
ALTER TABLE admin_audit ADD COLUMN ref TEXT;
CREATE UNIQUE INDEX admin_audit_ref_idx ON admin_audit (ref);
