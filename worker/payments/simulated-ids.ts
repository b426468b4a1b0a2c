// The shapes of the ids the embedded payments stand-in makes. Kept apart from the stand-in
// itself so its local pages (sim-routes.ts) can check an id without loading the provider,
// which the configured provider loads only when payments are simulated.
export const SIM_CHECKOUT_ID = /^cs_sim_[0-9a-f]{32}$/;
export const SIM_ACCOUNT_ID = /^acct_sim_[0-9a-f]{32}$/;
/** A simulated payment's charge: `ch_sim_<hex>` beside its PaymentIntent `pi_sim_<hex>` (see sim-routes.ts). */
export const SIM_CHARGE_ID = /^ch_sim_[0-9a-f]{32}$/;
