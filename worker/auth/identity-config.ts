// Which identity provider signs the ID tokens we accept, and where its keys are.
// Google in production; the embedded development provider otherwise. The verifier
// (id-token-verifier.ts) is the same for both; only these values differ.
import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from "jose";
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

// Remote key sets are cached per isolate and JWKS URL (jose refreshes them on an
// unknown `kid` and after its cooldown), so Google's keys are not fetched per request.
const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * The key set for a configuration. The development provider's JWKS URL is this very
 * Worker, so its fetch is answered in-process instead of over the network.
 */
export function identityKeySet(config: IdentityConfig): JWTVerifyGetKey {
  let keySet = keySets.get(config.jwksUrl);
  if (!keySet) {
    const loopback = config.provider === "dev" ? config.jwksUrl : null;
    keySet = createRemoteJWKSet(new URL(config.jwksUrl), {
      cacheMaxAge: 10 * 60 * 1000,
      [customFetch]: async (url: string, init: RequestInit) => (url === loopback ? Response.json(await devJwks()) : fetch(url, init)),
    });
    keySets.set(config.jwksUrl, keySet);
  }
  return keySet;
}
