// Short-lived access tokens the SPA sends as `Authorization: Bearer`. HS256 JWTs signed
// with the session signing key; the verified `sub` is the only user id the API trusts.
// `sid` names the sign-in (refresh-token family) the token belongs to, so a logout can
// end its access tokens too (session-revocation.ts); a token without one is refused.
import { jwtVerify, SignJWT } from "jose";
import { sessionSigningKey } from "../config";
import { ApiError } from "../http/api-error";
import type { AuthedUser } from "../http/app-types";

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = "vantage";
const AUDIENCE = "vantage-api";

function signingKey(env: Env): Uint8Array {
  const key = sessionSigningKey(env);
  if (!key) throw new ApiError(503, "not-configured", "Sign-in is not configured on this server.");
  return new TextEncoder().encode(key);
}

// What every signed-in request verifies with, kept per configuration (env object) beside
// the secret it came from, so it never outlives or crosses one: the HMAC key, imported once
// rather than per request (not extractable), and the tokens already verified with it. A
// token is verified by its signature once; until it expires, the same string is the same
// answer (the claims are the token's own, not secrets). Refused tokens are not kept.
type Verifier = { secret: string; key: CryptoKey; verified: Map<string, VerifiedAccessToken> };
const verifiers = new WeakMap<object, Verifier>();
/** Tokens kept per configuration at most; past it the memory starts again. */
const MAX_VERIFIED_TOKENS = 20_000;

async function verifierFor(env: Env): Promise<Verifier> {
  const secret = sessionSigningKey(env) ?? "";
  const known = verifiers.get(env);
  if (known && known.secret === secret) return known;
  const key = await crypto.subtle.importKey("raw", signingKey(env), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const verifier = { secret, key, verified: new Map<string, VerifiedAccessToken>() };
  verifiers.set(env, verifier);
  return verifier;
}

export async function issueAccessToken(env: Env, user: AuthedUser, now: number): Promise<{ accessToken: string; expiresAt: number }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const accessToken = await new SignJWT({ email: user.email, sid: user.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(signingKey(env));
  return { accessToken, expiresAt: exp * 1000 };
}

/** The user an access token speaks for, or null for anything not valid right now. */
export type VerifiedAccessToken = AuthedUser & { expiresAt: number };

export async function verifyAccessToken(env: Env, token: string, now: number): Promise<VerifiedAccessToken | null> {
  try {
    const verifier = await verifierFor(env);
    const known = verifier.verified.get(token);
    if (known) return now < known.expiresAt ? known : null;
    const { payload } = await jwtVerify(token, verifier.key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: "at+jwt",
      currentDate: new Date(now),
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.email !== "string" || typeof payload.sid !== "string" || !payload.sid)
      return null;
    const user = Object.freeze({ id: payload.sub, email: payload.email, sessionId: payload.sid, expiresAt: (payload.exp ?? 0) * 1000 });
    if (verifier.verified.size >= MAX_VERIFIED_TOKENS) verifier.verified.clear();
    verifier.verified.set(token, user);
    return user;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return null;
  }
}
