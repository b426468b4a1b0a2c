-- Where a payout account's holder lives, as the provider has their address: the region
-- ("US-WA") of the Express account individual's address country and state, read like a
-- card's billing address (src/shared/play-regions.ts addressRegionOf), kept beside the
-- account as last read (worker/payments/payout-destination.ts); for a simulated account, the
-- state typed on its onboarding page. Withdrawals are refused, and transfers held, while it
-- is in a region that offers no redemptions. Null: no address yet, or one without a state,
-- which places nobody (the verified document's residence still governs).
-- Kept in step with worker/db/schema.ts.
ALTER TABLE payout_accounts ADD COLUMN holder_region TEXT;
