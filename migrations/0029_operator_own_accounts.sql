-- Player accounts an operator holds besides their operator account, as named in the console
-- (POST /api/admin/players/:uid/operator-account): counted as that operator's own for
-- adjustments, approvals, results and free entry, like accounts sharing their verified
-- identity document or payout account (worker/admin/operator-guards.ts). A naming is never
-- taken back: an account once an operator's stays theirs. Audited in admin_audit.
CREATE TABLE operator_own_accounts (
  user_id TEXT NOT NULL,
  -- The operator's address (lower case), as in ADMIN_EMAILS.
  operator_email TEXT NOT NULL,
  named_by TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, operator_email)
);
CREATE INDEX operator_own_accounts_operator_idx ON operator_own_accounts (operator_email);
