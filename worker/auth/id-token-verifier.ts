// Verifies an OpenID Connect ID token the same way for Google and for the embedded
// development identity provider: RS256 only, issuer and audience from configuration,
// exp/iat with at most 60 s of skew, nonce when the flow has one, keys from a JWKS URL.
// Pure: `now` and the key set are passed in; failures are returned, not thrown.
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";

export const ID_TOKEN_CLOCK_SKEW_S = 60;

export type IdTokenClaims = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  nonce: string | null;
  /** Google's `hd`: the Workspace domain of the account (null for consumer accounts). */
  hostedDomain: string | null;
  /**
   * When the person last authenticated to the provider (`auth_time`, in ms), when the token
   * says; Google gives it when the sign-in asked for it (`max_age`). Operators' money actions
   * need it recent (worker/admin/operator-guards.ts `requireRecentSignIn`).
   */
  authTime: number | null;
};

export type VerifyIdTokenOptions = {
  issuers: readonly string[];
  audience: string;
  now: number;
  /** When set, the token's nonce must equal it. */
  nonce?: string;
};

export type VerifyIdTokenResult =
  | { ok: true; claims: IdTokenClaims }
  | { ok: false; reason: "malformed" | "expired" | "signature" | "claims" | "keys-unavailable" };

export async function verifyIdToken(token: string, keys: JWTVerifyGetKey, options: VerifyIdTokenOptions): Promise<VerifyIdTokenResult> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      algorithms: ["RS256"],
      issuer: [...options.issuers],
      audience: options.audience,
      currentDate: new Date(options.now),
      clockTolerance: ID_TOKEN_CLOCK_SKEW_S,
      requiredClaims: ["sub", "iat", "exp"],
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    if (err instanceof errors.JWTClaimValidationFailed) return { ok: false, reason: "claims" };
    if (err instanceof errors.JWKSTimeout || err instanceof errors.JOSENotSupported) {
      return { ok: false, reason: err instanceof errors.JWKSTimeout ? "keys-unavailable" : "malformed" };
    }
    if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) {
      return { ok: false, reason: "signature" };
    }
    return { ok: false, reason: "malformed" };
  }
  const iat = payload.iat ?? 0;
  if (iat * 1000 > options.now + ID_TOKEN_CLOCK_SKEW_S * 1000) return { ok: false, reason: "claims" };
  const email = typeof payload.email === "string" ? payload.email : "";
  if (!payload.sub || !email) return { ok: false, reason: "claims" };
  const nonce = typeof payload.nonce === "string" ? payload.nonce : null;
  if (options.nonce !== undefined && nonce !== options.nonce) return { ok: false, reason: "claims" };
  return {
    ok: true,
    claims: {
      sub: payload.sub,
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === "true",
      name: typeof payload.name === "string" ? payload.name : null,
      picture: typeof payload.picture === "string" ? payload.picture : null,
      nonce,
      hostedDomain: typeof payload.hd === "string" && payload.hd ? payload.hd.toLowerCase() : null,
      authTime: typeof payload.auth_time === "number" && Number.isFinite(payload.auth_time) ? payload.auth_time * 1000 : null,
    },
  };
}
