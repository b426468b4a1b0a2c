-- Payouts the bank sent back, as each player's wallet keeps them (wallet table
-- `bank_returns`, worker/payments/in-wallet/bank-returns.ts), projected through the wallet's
-- outbox (topic `bank_return`), one row per redemption, the latest state kept: so operators
-- see, across every player, the returns whose transfer is still to be taken back from the
-- player's payout account, how often the wallet's alarm has tried and why the last try failed
-- (the console's Reconciliation tab). Kept in step with worker/db/schema.ts.
CREATE TABLE IF NOT EXISTS bank_returns (
  redemption_id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  reason TEXT NOT NULL,
  returned_at INTEGER NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_try_at INTEGER,
  reversed_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS bank_returns_waiting_idx ON bank_returns (reversed_at, returned_at);
