// Which identity provider signs the ID tokens we accept, and where its keys are.
// Google in production; the embedded development provider otherwise. The verifier
// (id-token-verifier.ts) is the same for both; only these values differ.
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import { identityMode } from "../config";
import { devJwks } from "./dev-identity-provider";

export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"] as const;
export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
export const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const DEV_AUDIENCE = "vantage-local-dev";

export type IdentityConfig = {
  provider: "google" | "dev";
  issuers: readonly string[];
  audience: string;
  jwksUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
};

export function identityConfig(env: Env, origin: string): IdentityConfig | null {
  switch (identityMode(env)) {
    case "real":
      return {
        provider: "google",
        issuers: GOOGLE_ISSUERS,
        audience: env.GOOGLE_CLIENT_ID!,
        jwksUrl: GOOGLE_JWKS_URL,
        authorizeUrl: GOOGLE_AUTHORIZE_URL,
        tokenUrl: GOOGLE_TOKEN_URL,
        clientId: env.GOOGLE_CLIENT_ID!,
      };
    case "embedded":
      return {
        provider: "dev",
        issuers: [`${origin}/api/auth/dev`],
        audience: DEV_AUDIENCE,
        jwksUrl: `${origin}/api/auth/dev/jwks`,
        authorizeUrl: `${origin}/api/auth/dev/authorize`,
        tokenUrl: `${origin}/api/auth/dev/token`,
        clientId: DEV_AUDIENCE,
      };
    case "refused":
    case "unconfigured":
      return null;
  }
}

// Key sets are cached per isolate and JWKS URL for JWKS_CACHE_MS, so Google's keys are not
// fetched per request; a token signed by a key the cache does not know fetches them again,
// at most once per JWKS_COOLDOWN_MS (a rotation). The cache keeps the parsed keys, never a
// fetch in flight: a request may not read a response another request fetched (the runtime
// cancels it as hung), so concurrent requests on a cold cache each fetch their own.
const JWKS_CACHE_MS = 10 * 60 * 1000;
const JWKS_COOLDOWN_MS = 30 * 1000;
const keySets = new Map<string, { keys: JSONWebKeySet; fetchedAt: number }>();

/** The key set as published now; the development provider's is this very Worker's, read in-process. */
async function fetchKeySet(config: IdentityConfig): Promise<JSONWebKeySet> {
  if (config.provider === "dev") return devJwks();
  const res = await fetch(config.jwksUrl, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new errors.JOSEError(`the key set at ${config.jwksUrl} answered ${res.status}`);
  const body = (await res.json()) as JSONWebKeySet;
  if (!Array.isArray(body?.keys)) throw new errors.JWKSInvalid("the key set has no keys");
  return body;
}

async function keySetOf(config: IdentityConfig, now: number, refresh: boolean): Promise<JSONWebKeySet> {
  const known = keySets.get(config.jwksUrl);
  const stale = !known || now - known.fetchedAt >= JWKS_CACHE_MS;
  const rotate = refresh && known !== undefined && now - known.fetchedAt >= JWKS_COOLDOWN_MS;
  if (!stale && !rotate) return known.keys;
  const keys = await fetchKeySet(config);
  keySets.set(config.jwksUrl, { keys, fetchedAt: now });
  return keys;
}

/** The key set for a configuration, as jose's verifier asks for a token's key. */
export function identityKeySet(config: IdentityConfig): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await createLocalJWKSet(await keySetOf(config, Date.now(), false))(header, token);
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      return createLocalJWKSet(await keySetOf(config, Date.now(), true))(header, token);
    }
  };
}
