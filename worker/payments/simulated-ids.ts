// The shapes of the ids the embedded payments stand-in makes. Kept apart from the stand-in
// itself so its local pages (sim-routes.ts) can check an id without loading the provider,
// which the configured provider loads only when payments are simulated.
export const SIM_CHECKOUT_ID = /^cs_sim_[0-9a-f]{32}$/;
export const SIM_ACCOUNT_ID = /^acct_sim_[0-9a-f]{32}$/;
/** A simulated payment's charge: `ch_sim_<hex>` beside its PaymentIntent `pi_sim_<hex>` (see sim-routes.ts). */
export const SIM_CHARGE_ID = /^ch_sim_[0-9a-f]{32}$/;
/**
 * A simulated bank account's external-account id, from its fingerprint (`fp_sim_<hex>` →
 * `ba_sim_<hex>`): another account number is another id, as a bank account swapped in at
 * Stripe is another external account.
 */
export const simPayoutDestination = (fingerprint: string) => `ba_sim_${fingerprint.replace(/^fp_sim_/, "")}`;
/** The simulated payout of a redemption (`po_sim_<id>`), as sim-payouts.ts delivers its `payout.paid`. */
export const simPayoutId = (redemptionId: string) => `po_sim_${redemptionId.replace(/^rd_/, "")}`;
