-- Payouts go only to the verified person. A payout account's holder (the legal name the
-- provider has for the Connect Express account's individual) is compared with the person
-- the player's verified document shows (D1 `identity_persons`, migration 0047): the holder
-- is known by the same keyed hash of name and date of birth (worker/identity/document-hash.ts
-- personHash), taken with the player's verified date of birth, and a redemption is refused
-- (403 payee-not-verified-person) unless this player claims that hash. The name itself is
-- never kept for a Stripe account: Stripe has it, and it is read again on every withdrawal
-- and before every transfer (worker/payments/payout-payee.ts).
-- Kept in step with worker/db/schema.ts.

-- The holder's person hash as of the last read of the provider's account (null: no name, or
-- no verified date of birth to key it with, when it was read).
ALTER TABLE payout_accounts ADD COLUMN holder_person_hash TEXT;

-- The simulated provider only (development), standing where Stripe keeps it: the holder's
-- legal name entered on its onboarding page. Never set for a Stripe account.
ALTER TABLE payout_accounts ADD COLUMN sim_holder_name TEXT;
