// Which payment provider serves a request, and the webhook secret it signs with. Stripe
// whenever STRIPE_SECRET_KEY is set; the embedded simulator only in development without
// it; in production configuration without it, every payments endpoint answers
// 503 not-configured rather than pretending to take money.
import { paymentsMode } from "../config";
import { ApiError } from "../http/api-error";

/** Fixed development value; production must set STRIPE_WEBHOOK_SECRET. */
export const DEV_STRIPE_WEBHOOK_SECRET = "whsec_vantage_development_not_secret";

/** Stripe's default webhook timestamp tolerance, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The public development secret is accepted only while the embedded simulator is the
 * payments provider; with real Stripe keys it would let anyone sign a "paid" checkout.
 */
export function stripeWebhookSecret(env: Env): string | null {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  return paymentsMode(env) === "embedded" ? DEV_STRIPE_WEBHOOK_SECRET : null;
}

export function requirePaymentsConfigured(env: Env): "real" | "embedded" {
  const mode = paymentsMode(env);
  if (mode === "unconfigured" || mode === "refused")
    throw new ApiError(503, "not-configured", "Payments are not configured on this server.");
  return mode;
}

/** Fixed development value; production sets STRIPE_CONNECT_WEBHOOK_SECRET (the Connect endpoint's own secret). */
export const DEV_STRIPE_CONNECT_WEBHOOK_SECRET = "whsec_vantage_connect_development_not_secret";

/** The Connect endpoint's signing secret; the development one only while the simulator is the provider. */
export function stripeConnectWebhookSecret(env: Env): string | null {
  if (env.STRIPE_CONNECT_WEBHOOK_SECRET) return env.STRIPE_CONNECT_WEBHOOK_SECRET;
  return paymentsMode(env) === "embedded" ? DEV_STRIPE_CONNECT_WEBHOOK_SECRET : null;
}
