// Which identity provider serves a request: Stripe Identity whenever its restricted key is
// set, the embedded simulator only in development without it (and never beside a live
// Stripe key), otherwise 503 not-configured (worker/config.ts identityVerificationMode).
import { identityVerificationMode } from "../config";
import { ApiError } from "../http/api-error";
import type { IdentityPort } from "./identity-port";
import { createSimulatedIdentity } from "./simulated-identity";
import { createStripeIdentity } from "./stripe-identity";

/** The active identity provider, or 503 not-configured. */
export function getIdentityPort(env: Env, origin: string): IdentityPort {
  const mode = identityVerificationMode(env);
  if (mode === "real") return createStripeIdentity(env.STRIPE_IDENTITY_RESTRICTED_KEY!);
  if (mode === "embedded") return createSimulatedIdentity(env, origin);
  throw new ApiError(503, "not-configured", "Identity verification is not configured on this server.");
}
