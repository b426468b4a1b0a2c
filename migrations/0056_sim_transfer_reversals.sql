-- The development simulator's books (worker/payments/sim-records.ts): how much of a transfer
-- it has taken back since it made it, as Stripe keeps a transfer's `amount_reversed`. A
-- redemption's transfer is taken back when the bank returns its payout (the Connect
-- endpoint's `payout.failed`, worker/payments/bank-returns.ts). Kept in step with
-- worker/db/schema.ts.
ALTER TABLE sim_transfers ADD COLUMN reversed_cents INTEGER NOT NULL DEFAULT 0;
