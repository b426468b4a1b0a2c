// Which payment provider serves a request: Stripe when it is configured, the embedded
// simulator in development (payments-config.ts decides). Both are small and load with the
// Worker; Stripe's SDK loads only when a Stripe call is made (worker/on-demand.ts). Kept
// apart from the provider interface (payments-provider.ts), which both implementations import.
import { requirePaymentsConfigured } from "./payments-config";
import type { PaymentsProvider } from "./payments-provider";
import { createSimulatedProvider } from "./simulated-provider";
import { createStripeProvider } from "./stripe-provider";

/** The provider for this request's configuration (503 not-configured when there is none). */
export async function getPaymentsProvider(env: Env, origin: string): Promise<PaymentsProvider> {
  const mode = requirePaymentsConfigured(env);
  if (mode === "real") return createStripeProvider(env.STRIPE_SECRET_KEY!);
  return createSimulatedProvider(env, origin);
}

/** The provider for work no player's request carries (webhooks, the wallet's alarm): its origin only names simulator pages. */
export function providerOffRequest(env: Env): Promise<PaymentsProvider> {
  return getPaymentsProvider(env, env.PUBLIC_ORIGIN || "http://localhost");
}
