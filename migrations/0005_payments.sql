-- Payments bookkeeping (issue #6). Money itself stays in each player's wallet Durable
-- Object; these rows only say who a payment or payout account belongs to.
-- Kept in step with worker/db/schema.ts.

-- The player's payout (Stripe Connect Express, or simulated) account, one per player.
CREATE TABLE payout_accounts (
  user_id TEXT PRIMARY KEY NOT NULL,
  provider TEXT NOT NULL,
  account_id TEXT NOT NULL,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  currently_due_json TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX payout_accounts_account_idx ON payout_accounts (account_id);

-- Checkout sessions of the embedded simulated payment provider (development only).
CREATE TABLE sim_checkout_sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX sim_checkout_sessions_user_idx ON sim_checkout_sessions (user_id);
