// The redirect sign-in flow (authorization code + PKCE), identical for Google and the
// embedded development provider; only the IdentityConfig differs. `start` binds a
// fresh state, nonce and PKCE verifier to this browser in a short-lived signed
// HttpOnly cookie; `callback` checks the state, exchanges the code (client secret +
// verifier), verifies the ID token with the same verifier as POST /session (nonce
// included) and lands the player on the page they wanted. Failures go back to the
// SPA as `/?auth_error=<code>`, which the sign-in screen shows.
import { jwtVerify, SignJWT } from "jose";
import { sessionSigningKey } from "../config";
import { ApiError } from "../http/api-error";
import { exchangeDevCode, DEV_CLIENT_SECRET } from "./dev-authorize";
import { verifyIdToken } from "./id-token-verifier";
import { identityKeySet, type IdentityConfig } from "./identity-config";
import { constantTimeEqual, newCodeVerifier, randomToken, s256Challenge } from "./pkce";
import { FLOW_TTL_S } from "./session-cookies";
import { loggerFor } from "../logging/logger";

const FLOW_AUDIENCE = "vantage-signin-flow";
const TOKEN_EXCHANGE_TIMEOUT_MS = 10_000;

/** `reauth`: the provider is asked to authenticate the person again (`max_age=0`), for an operator's step-up. */
export type SignInFlow = { state: string; nonce: string; verifier: string; from: string; reauth: boolean };

export type AuthErrorCode =
  | "access-denied"
  | "invalid-state"
  | "invalid-request"
  | "token-exchange-failed"
  | "invalid-id-token"
  /** The provider has not verified the account's e-mail address (security review finding 6). */
  | "email-not-verified"
  | "not-configured";

export function callbackUrl(origin: string): string {
  return `${origin}/api/auth/google/callback`;
}

function flowKey(env: Env): Uint8Array {
  const key = sessionSigningKey(env);
  if (!key) throw new ApiError(503, "not-configured", "Sign-in is not configured on this server.");
  return new TextEncoder().encode(`signin-flow:${key}`);
}

export function newFlow(from: string, reauth = false): SignInFlow {
  return { state: randomToken(), nonce: randomToken(), verifier: newCodeVerifier(), from, reauth };
}

export async function sealFlow(env: Env, flow: SignInFlow, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(FLOW_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + FLOW_TTL_S)
    .sign(flowKey(env));
}

export async function openFlow(env: Env, sealed: string | null, now: number): Promise<SignInFlow | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtVerify(sealed, flowKey(env), {
      algorithms: ["HS256"],
      audience: FLOW_AUDIENCE,
      currentDate: new Date(now),
    });
    const { state, nonce, verifier, from, reauth } = payload;
    if (typeof state !== "string" || typeof nonce !== "string" || typeof verifier !== "string" || typeof from !== "string") return null;
    return { state, nonce, verifier, from, reauth: reauth === true };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return null;
  }
}

export async function authorizeRedirect(config: IdentityConfig, origin: string, flow: SignInFlow): Promise<string> {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: callbackUrl(origin),
    response_type: "code",
    scope: "openid email profile",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await s256Challenge(flow.verifier),
    code_challenge_method: "S256",
    prompt: "select_account",
    // The provider authenticates the person again and says when (`auth_time`).
    ...(flow.reauth && { max_age: "0" }),
  }).toString();
  return url.toString();
}

export function stateMatches(flow: SignInFlow, state: string | undefined): boolean {
  return typeof state === "string" && constantTimeEqual(flow.state, state);
}

type Exchange = { ok: true; idToken: string } | { ok: false; code: AuthErrorCode };

/** Exchanges the code at the token endpoint; the dev endpoint is this Worker, so in-process. */
export async function exchangeCode(
  env: Env,
  config: IdentityConfig,
  origin: string,
  code: string,
  flow: SignInFlow,
  now: number,
): Promise<Exchange> {
  const redirectUri = callbackUrl(origin);
  if (config.provider === "dev") {
    const result = await exchangeDevCode(
      env,
      config,
      { code, redirectUri, clientId: config.clientId, clientSecret: DEV_CLIENT_SECRET, codeVerifier: flow.verifier },
      now,
    );
    return result.ok ? { ok: true, idToken: result.idToken } : { ok: false, code: "token-exchange-failed" };
  }
  if (!env.GOOGLE_CLIENT_SECRET) return { ok: false, code: "not-configured" };
  try {
    const res = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        client_secret: env.GOOGLE_CLIENT_SECRET,
        code_verifier: flow.verifier,
      }),
      signal: AbortSignal.timeout(TOKEN_EXCHANGE_TIMEOUT_MS),
    });
    if (!res.ok) {
      loggerFor(env).warn("google token exchange refused", res.status);
      return { ok: false, code: "token-exchange-failed" };
    }
    const body = (await res.json()) as { id_token?: unknown };
    return typeof body.id_token === "string" ? { ok: true, idToken: body.id_token } : { ok: false, code: "token-exchange-failed" };
  } catch (err) {
    loggerFor(env).warn("google token exchange failed", err);
    return { ok: false, code: "token-exchange-failed" };
  }
}

export async function verifyFlowIdToken(config: IdentityConfig, idToken: string, flow: SignInFlow, now: number) {
  return verifyIdToken(idToken, identityKeySet(config), {
    issuers: config.issuers,
    audience: config.audience,
    nonce: flow.nonce,
    now,
  });
}
