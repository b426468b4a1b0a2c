// The one interface behind which the identity verification service sits (Stripe Identity,
// or the embedded simulator in development), chosen per request like the payments
// provider: a verification session the player is sent to, and — once a signed webhook says
// it is verified — its verified outputs, read back from the provider rather than trusted
// from the event. Both implementations go through the same webhook handler
// (identity-webhook.ts), so the simulator exercises the production path. The active one is
// chosen in configured-identity.ts.
import { identityVerificationMode } from "../config";

/** A verified person as the provider read their document: the player it was for, name, date of birth, residence, the document. */
export type VerifiedIdentity = {
  userId: string;
  /** The full name the document prints ("" when the provider read none). */
  name: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** The region (ISO 3166: US-CA, GB) of the address on the document, or null when it shows none. */
  residence: string | null;
  document: { type: string; issuingCountry: string; number: string };
};

/** What a session is now, read from the provider (never from the event alone). */
export type SessionOutcome =
  | { status: "verified"; identity: VerifiedIdentity }
  | { status: "pending" | "needs-input"; userId: string; reason: string | null }
  | { status: "unknown" };

export interface IdentityPort {
  readonly kind: "stripe" | "simulated";
  /** Opens a verification session (document and matching selfie) for the player; `url` is where they go. */
  createSession(input: { userId: string; returnUrl: string; now: number }): Promise<{ id: string; url: string }>;
  /** The session's state with its verified outputs; throws when the provider cannot say now. */
  readSession(sessionId: string): Promise<SessionOutcome>;
}

/** Fixed development values, accepted only while the simulator is the identity provider. */
const DEV_IDENTITY_WEBHOOK_SECRET = "whsec_vantage_identity_development_not_secret";
const DEV_IDENTITY_HASH_KEY = "vantage-development-identity-hash-key-not-secret";

export function identityWebhookSecret(env: Env): string | null {
  if (env.STRIPE_IDENTITY_WEBHOOK_SECRET) return env.STRIPE_IDENTITY_WEBHOOK_SECRET;
  return identityVerificationMode(env) === "embedded" ? DEV_IDENTITY_WEBHOOK_SECRET : null;
}

export function identityHashKey(env: Env): string | null {
  if (env.IDENTITY_HASH_KEY) return env.IDENTITY_HASH_KEY;
  return identityVerificationMode(env) === "embedded" ? DEV_IDENTITY_HASH_KEY : null;
}
