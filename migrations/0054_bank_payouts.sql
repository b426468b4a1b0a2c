-- Payouts reach only the bank account that was checked. A Connect transfer moves a
-- redemption into the player's Express account balance; from there Vantage itself pays it
-- out (the accounts' payout schedule is manual), to the one external account whose
-- fingerprint and holder were checked just before, by its id, so a bank account swapped in
-- after the checks receives nothing (worker/payments/payout-port.ts).
-- Kept in step with worker/db/schema.ts.

-- The id of the external account (bank account or card) the payout account pays out to, as
-- last read from the provider: its default for US dollars (null before the first read).
ALTER TABLE payout_accounts ADD COLUMN payout_destination TEXT;

-- The simulated provider only (development): the payouts its connected accounts made to
-- their bank accounts, one per redemption, so the simulator can say where a payout went.
CREATE TABLE sim_payouts (
  id TEXT PRIMARY KEY NOT NULL,
  redemption_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  destination TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sim_payouts_redemption_idx ON sim_payouts (redemption_id);
