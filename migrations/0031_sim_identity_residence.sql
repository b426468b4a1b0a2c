-- The simulated identity provider (development only, worker/identity/simulated-identity.ts)
-- records the region of the address on the document it "reads", as Stripe Identity's
-- verified outputs carry the document's address: the wallet holds money actions to the
-- stricter of the request's region and this residence. NULL: the document shows no address.
ALTER TABLE sim_identity_sessions ADD COLUMN residence TEXT;
