-- One payout identity per person (issue 18). A payout destination (a bank account or
-- debit card) is known by its provider fingerprint: Stripe's `fingerprint` on the
-- connected account's external account, or the simulated provider's keyed hash of the
-- account number entered on its onboarding page. A fingerprint belongs to the first
-- player whose payout account carried it; a redemption to a fingerprint owned by another
-- player is refused (403 payout-identity-in-use) and recorded for operators.
-- Kept in step with worker/db/schema.ts.

-- The destinations of the player's payout account as last read from the provider (JSON array of fingerprints).
ALTER TABLE payout_accounts ADD COLUMN destination_fingerprints_json TEXT NOT NULL DEFAULT '[]';

-- fingerprint → the one player it belongs to.
CREATE TABLE payout_identities (
  fingerprint TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  account_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX payout_identities_user_idx ON payout_identities (user_id);

-- Every redemption refused because its destination belongs to another player.
CREATE TABLE payout_identity_refusals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  fingerprint TEXT NOT NULL,
  user_id TEXT NOT NULL,
  owner_user_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX payout_identity_refusals_user_idx ON payout_identity_refusals (user_id, created_at);
CREATE INDEX payout_identity_refusals_fingerprint_idx ON payout_identity_refusals (fingerprint);
