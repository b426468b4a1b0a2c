// Decides, per request, which implementation of each outside service is active. The
// real one is used whenever its secret is set; the embedded default (dev sign-in, odds
// simulator, simulated payments) only when APP_ENV is "development" and the secret is
// missing. In production configuration a missing secret is an operator error, never a
// silent fallback to the simulators. Beside a live Stripe key (real money) no embedded
// stand-in serves at all, whatever APP_ENV says: every one — and every one added later
// (push, metrics stores) must ask modeFor too — is "refused", which its routes answer
// with 503 not-configured (worker/http/stand-ins.ts). Also the deployment's public
// origin and secrets.
import { parseSigningJwk, type ReceiptSigningJwk } from "../src/shared/receipts/signing";
import { type ReceiptKey, ReceiptKeySchema } from "../src/shared/schemas/receipts";

export type ServiceMode = "real" | "embedded" | "refused" | "unconfigured";

export function isDevelopment(env: Env): boolean {
  return env.APP_ENV === "development";
}

/** The mode of a service whose real implementation needs `secret` (see the file's header). */
function modeFor(env: Env, secret: string | undefined): ServiceMode {
  if (secret) return "real";
  if (!isDevelopment(env)) return "unconfigured";
  return hasLiveStripeKey(env) ? "refused" : "embedded";
}

/**
 * A live Stripe key (`sk_live_…`, restricted `rk_live_…`) means real money, whatever
 * APP_ENV says: a development bundle deployed with production secrets, say. The identity
 * restricted key counts too: it reads real people's documents.
 */
export function hasLiveStripeKey(env: Env): boolean {
  return [env.STRIPE_SECRET_KEY, env.STRIPE_IDENTITY_RESTRICTED_KEY].some((key) => /^(sk|rk)_live_/.test(key?.trim() ?? ""));
}

/**
 * The embedded identity provider signs anyone in as anyone (whatever e-mail, an operator's
 * included), so it is refused beside a live Stripe key even in development
 * (security review finding 8): sign-in is then unavailable until Google is configured.
 */
export function identityMode(env: Env): ServiceMode {
  return modeFor(env, env.GOOGLE_CLIENT_ID);
}

export function oddsFeedMode(env: Env): ServiceMode {
  return modeFor(env, env.ODDS_API_KEY);
}

export function paymentsMode(env: Env): ServiceMode {
  return modeFor(env, env.STRIPE_SECRET_KEY);
}

/** Identity verification before redemption: Stripe Identity with its restricted key, or the simulator (worker/identity). */
export function identityVerificationMode(env: Env): ServiceMode {
  return modeFor(env, env.STRIPE_IDENTITY_RESTRICTED_KEY);
}

/** Web Push: real with the VAPID key pair set (both secrets), else the embedded push service (worker/dev/push-service.ts). */
export function pushMode(env: Env): ServiceMode {
  return modeFor(env, env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PRIVATE_KEY : undefined);
}

/** Reading metrics: the Analytics Engine SQL API needs both the account id and the token; the embedded store stands in. */
export function metricsMode(env: Env): ServiceMode {
  return modeFor(env, env.METRICS_ACCOUNT_ID && env.METRICS_API_TOKEN ? env.METRICS_API_TOKEN : undefined);
}

/** HS256 keys shorter than the hash (32 bytes) are guessable offline from one token. */
/** The public origin of this deployment: configured, else the request's own. */
export function publicOrigin(env: Env, requestUrl: string): string {
  return env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.replace(/\/$/, "") : new URL(requestUrl).origin;
}

export const MIN_SESSION_SIGNING_KEY_BYTES = 32;

export class ConfigurationError extends Error {}

/**
 * Secrets checked when an isolate first handles a request (worker/index.ts), beside the
 * tunables: a SESSION_SIGNING_KEY (or IDENTITY_HASH_KEY) that is set but short stops the
 * Worker with a clear 503 instead of signing sessions (hashing documents) with a weak key
 * (security review finding 10).
 */
export function checkSecrets(env: Env): void {
  if (secretsChecked.has(env)) return;
  checkSecretsNow(env);
  secretsChecked.add(env);
}

/** Configurations whose secrets passed, so each is checked once per isolate (the receipt keys are JSON to parse). */
const secretsChecked = new WeakSet<object>();

function checkSecretsNow(env: Env): void {
  const key = env.SESSION_SIGNING_KEY;
  if (key && new TextEncoder().encode(key).length < MIN_SESSION_SIGNING_KEY_BYTES) {
    throw new ConfigurationError(`SESSION_SIGNING_KEY is shorter than ${MIN_SESSION_SIGNING_KEY_BYTES} bytes; set 32+ random bytes.`);
  }
  // A short key would let anyone holding the hashes test document numbers offline.
  const hashKey = env.IDENTITY_HASH_KEY;
  if (hashKey && new TextEncoder().encode(hashKey).length < MIN_SESSION_SIGNING_KEY_BYTES) {
    throw new ConfigurationError(`IDENTITY_HASH_KEY is shorter than ${MIN_SESSION_SIGNING_KEY_BYTES} bytes; set 32+ random bytes.`);
  }
  checkReceiptKeys(env);
}

/** Fixed development value; production must set SESSION_SIGNING_KEY. */
const DEV_SESSION_SIGNING_KEY = "vantage-development-session-key-not-secret-0123456789";

/**
 * The public development key stands in only beside the embedded identity provider: once
 * real Google accounts sign in, a key everyone can read would let anyone mint their tokens.
 */
export function sessionSigningKey(env: Env): string | null {
  if (env.SESSION_SIGNING_KEY) return env.SESSION_SIGNING_KEY;
  return identityMode(env) === "embedded" ? DEV_SESSION_SIGNING_KEY : null;
}

/**
 * The public development key that signs receipts offline (Ed25519 JWK, worker/receipts/).
 * Anyone can read it, so it signs only where the embedded stand-ins serve: never under
 * APP_ENV=production, never beside a live Stripe key, and never once RECEIPT_SIGNING_KEY is set.
 */
export const DEV_RECEIPT_SIGNING_KEY: ReceiptSigningJwk = {
  kty: "OKP",
  crv: "Ed25519",
  kid: "development-1",
  d: "AlTp7XPoFhc7gtUkTLKG0dzPICVZHfsUoj7-mJSyuBI",
  x: "0UiSz4bmwH1t0_mtKhk4_mLJzQI7Q5sboQNSZFDFIfc",
};

/** Signs receipts: the configured key (checked by checkSecrets), else the development key where stand-ins serve, else none. */
export function receiptsMode(env: Env): ServiceMode {
  return modeFor(env, env.RECEIPT_SIGNING_KEY);
}

export function receiptSigningKey(env: Env): ReceiptSigningJwk | null {
  const mode = receiptsMode(env);
  if (mode === "real") {
    const parsed = parseSigningJwk(env.RECEIPT_SIGNING_KEY ?? "");
    return typeof parsed === "string" ? null : parsed;
  }
  return mode === "embedded" ? DEV_RECEIPT_SIGNING_KEY : null;
}

/** The keys ever used (RECEIPT_KEYS_JSON), or a sentence saying what is wrong with the list. */
export function configuredReceiptKeys(env: Env): ReceiptKey[] | string {
  const text = env.RECEIPT_KEYS_JSON?.trim() || "[]";
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "RECEIPT_KEYS_JSON is not JSON.";
  }
  const parsed = ReceiptKeySchema.array().safeParse(value);
  return parsed.success ? parsed.data : "RECEIPT_KEYS_JSON is not a list of {keyId, algorithm, publicKey, validFrom, validUntil}.";
}

/** A set RECEIPT_SIGNING_KEY must be a well-formed Ed25519 JWK, not the public development key, and listed as in use. */
function checkReceiptKeys(env: Env): void {
  const keys = configuredReceiptKeys(env);
  if (typeof keys === "string") throw new ConfigurationError(keys);
  const secret = env.RECEIPT_SIGNING_KEY;
  if (!secret) return;
  const jwk = parseSigningJwk(secret);
  if (typeof jwk === "string") throw new ConfigurationError(`RECEIPT_SIGNING_KEY ${jwk}.`);
  if (jwk.x === DEV_RECEIPT_SIGNING_KEY.x)
    throw new ConfigurationError("RECEIPT_SIGNING_KEY is the public development key; generate a new one.");
  const listed = keys.find((key) => key.keyId === jwk.kid);
  if (!listed || listed.publicKey !== jwk.x || listed.validUntil !== null) {
    throw new ConfigurationError(
      `RECEIPT_KEYS_JSON must list RECEIPT_SIGNING_KEY's key "${jwk.kid}" with its public key and validUntil null.`,
    );
  }
}

export function adminEmails(env: Env): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}
