-- Two more facts about a payout account, kept beside it as last read from the provider
-- (worker/payments/payout-destination.ts). Kept in step with worker/db/schema.ts.

-- The key of the name the payout's bank account itself is held in (Stripe's
-- `account_holder_name` on the external account payouts go to), taken like the account
-- holder's (`holder_person_hash`, migration 0053) with the player's verified date of birth:
-- when the bank gives a name, it too must be the player's verified person. Null: the
-- provider gave no name for it. A name that cannot be keyed is kept as 'unkeyed', which is
-- no person's.
ALTER TABLE payout_accounts ADD COLUMN destination_holder_person_hash TEXT;

-- When the account's payouts became Vantage's to make (manual schedule, migration 0054),
-- epoch ms: its creation for an account made manual, the switch for an older one, else the
-- first read that found it manual. Null: not known to be manual. A transfer the provider
-- dates before it was paid out by the account's automatic schedule, so no payout to the bank
-- is made for it (worker/payments/payout-port.ts).
ALTER TABLE payout_accounts ADD COLUMN manual_since INTEGER;
