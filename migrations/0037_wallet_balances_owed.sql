-- What each player owes back to the house (reversals a balance could not cover), beside
-- their balances in the wallet_balances projection, so the house's liability can show it
-- apart (worker/house/). Written with the balances by every wallet's outbox from now on;
-- a wallet not changed since keeps 0 here until its next change.
ALTER TABLE wallet_balances ADD COLUMN owed_coins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE wallet_balances ADD COLUMN owed_cash_cents INTEGER NOT NULL DEFAULT 0;
