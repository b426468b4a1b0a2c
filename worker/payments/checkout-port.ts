// The payment provider's side of the wallet's checkout port (CheckoutPort, declared by
// protection's in-wallet code): a checkout withdrawn by a break, a closure or a lower
// purchase limit is expired at the configured provider (Stripe's `checkout.sessions.expire`,
// or the simulator's session marked expired). The wallet decides which sessions and when,
// and records the outcome; this file only talks to the provider.
import type { CheckoutPort } from "../protection/wallet";
import { providerOffRequest } from "./configured-provider";

/** The port the wallet Durable Object is built with: the configured provider at each call. */
export function paymentsCheckoutPort(env: Env): CheckoutPort {
  return {
    async expireCheckout(sessionId) {
      await (await providerOffRequest(env)).expireCheckoutSession(sessionId);
    },
  };
}
