// Real Google sign-in in tests: the Worker configured with a Google client, and
// `fetch` stubbed so Google's JWKS and token endpoints answer with a key of ours. The
// redirect flow then runs exactly as in production: start → (Google) → callback with
// the flow cookie → session cookie → POST /api/auth/refresh for an access token.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { vi } from "vitest";
import { createApp } from "../../worker/app";
import { GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL } from "../../worker/auth/identity-config";
import { BASE } from "./helpers";

export const GOOGLE_CLIENT_ID = "review-client.apps.googleusercontent.com";
export const googleEnv: Env = {
  ...env,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: "review-client-secret",
  SESSION_SIGNING_KEY: "r".repeat(48),
};

/** A Google account; `name` is the profile name Google sends ("Someone" unless given). */
export type GoogleAccount = { sub: string; email: string; email_verified: boolean | string | undefined; name?: string };

export async function callGoogleMode(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", "10.77.0.1");
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(
    new Request(`${BASE}${path}`, { redirect: "manual", ...init, headers }),
    { ...googleEnv, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

// One key for the file: the Worker caches Google's key set (and waits before refetching).
let googleKey: Promise<{ privateKey: CryptoKey; kid: string; jwk: object }> | null = null;
let nextAccount: (GoogleAccount & { nonce: string; authTime?: number }) | null = null;

/** `authTime` (epoch s): Google's `auth_time`, which it sends when the sign-in asked for one (`max_age`). */
export async function mintGoogleIdToken(claims: GoogleAccount & { nonce?: string; authTime?: number }): Promise<string> {
  const { privateKey, kid } = await googleKey!;
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = { email: claims.email, name: claims.name ?? "Someone" };
  if (claims.email_verified !== undefined) payload.email_verified = claims.email_verified;
  if (claims.nonce) payload.nonce = claims.nonce;
  if (claims.authTime !== undefined) payload.auth_time = claims.authTime;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer("https://accounts.google.com")
    .setAudience(GOOGLE_CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey);
}

/** Stubs Google's JWKS and token endpoints (undo with vi.unstubAllGlobals()). */
export async function fakeGoogle(): Promise<void> {
  googleKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const kid = `review-${crypto.randomUUID()}`;
    return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
  })();
  const { jwk } = await googleKey;
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === GOOGLE_JWKS_URL) return Response.json({ keys: [jwk] });
    if (url === GOOGLE_TOKEN_URL) {
      if (!nextAccount) return Response.json({ error: "invalid_grant" }, { status: 400 });
      const idToken = await mintGoogleIdToken(nextAccount);
      nextAccount = null;
      return Response.json({ id_token: idToken, token_type: "Bearer", expires_in: 3600 });
    }
    return original(input, init);
  });
}

function cookieValue(res: Response, name: string): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie ? cookie.slice(name.length + 1).split(";")[0]! || null : null;
}

export type GoogleSignIn = { location: string; refreshCookie: string | null; accessToken: string | null };

/**
 * The whole redirect flow for one Google account; needs fakeGoogle() first. With `reauth`
 * the flow asks Google to authenticate again (`max_age=0`), and Google then says when it did
 * (`auth_time`, now); otherwise it reuses its session and says nothing of when.
 */
export async function signInWithGoogle(account: GoogleAccount, from = "/", options: { reauth?: boolean } = {}): Promise<GoogleSignIn> {
  const started = await callGoogleMode(`/api/auth/google/start?from=${encodeURIComponent(from)}${options.reauth ? "&reauth=1" : ""}`);
  const authorize = new URL(started.headers.get("Location")!);
  const flowCookie = cookieValue(started, "__Host-vantage_signin")!;
  const reauthenticated = authorize.searchParams.get("max_age") === "0";
  nextAccount = {
    ...account,
    nonce: authorize.searchParams.get("nonce")!,
    ...(reauthenticated && { authTime: Math.floor(Date.now() / 1000) }),
  };
  const state = authorize.searchParams.get("state")!;
  const done = await callGoogleMode(`/api/auth/google/callback?code=google-code&state=${encodeURIComponent(state)}`, {
    headers: { Cookie: `__Host-vantage_signin=${flowCookie}` },
  });
  const refreshCookie = cookieValue(done, "__Host-vantage_rt");
  let accessToken: string | null = null;
  if (refreshCookie) {
    const refreshed = await callGoogleMode("/api/auth/refresh", {
      method: "POST",
      headers: { Cookie: `__Host-vantage_rt=${refreshCookie}` },
    });
    accessToken = ((await refreshed.json()) as { accessToken: string }).accessToken;
  }
  return { location: done.headers.get("Location") ?? "", refreshCookie, accessToken };
}
