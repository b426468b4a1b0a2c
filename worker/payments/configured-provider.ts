// Which payment provider serves a request: Stripe when it is configured, the embedded
// simulator in development (payments-config.ts decides). Stripe's implementation is loaded
// only when chosen, so its SDK stays out of every other path; the simulator is small and
// loaded with the Worker. Kept apart from the provider interface (payments-provider.ts),
// which both implementations import.
import { requirePaymentsConfigured } from "./payments-config";
import type { PaymentsProvider } from "./payments-provider";
import { createSimulatedProvider } from "./simulated-provider";

/** The provider for this request's configuration (503 not-configured when there is none). */
export async function getPaymentsProvider(env: Env, origin: string): Promise<PaymentsProvider> {
  const mode = requirePaymentsConfigured(env);
  if (mode === "real") {
    const { createStripeProvider } = await import("./stripe-provider");
    return createStripeProvider(env.STRIPE_SECRET_KEY!);
  }
  return createSimulatedProvider(env, origin);
}
