// Review finding: operator rights were granted to whoever's token carried an ADMIN_EMAILS
// address, whether or not the identity provider had verified that address. Google ID
// tokens say so in `email_verified`; an operator can post any final score (and so pay
// any bet), so only a verified operator address may count.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app";
import { GOOGLE_JWKS_URL } from "../../worker/auth/identity-config";
import { BASE } from "./helpers";

const CLIENT_ID = "review-client.apps.googleusercontent.com";
const googleEnv = { ...env, GOOGLE_CLIENT_ID: CLIENT_ID, SESSION_SIGNING_KEY: "r".repeat(48) };

async function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", "10.77.0.1");
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, { ...init, headers }), googleEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// One key for the file: the Worker caches Google's key set (and waits before refetching).
let googleKey: Promise<{ privateKey: CryptoKey; kid: string; jwk: object }> | null = null;

/** Stands in for Google: its JWKS endpoint serves our key; returns an ID-token minter. */
async function fakeGoogle() {
  googleKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const kid = `review-${crypto.randomUUID()}`;
    return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
  })();
  const { privateKey, kid, jwk } = await googleKey;
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === GOOGLE_JWKS_URL) return Response.json({ keys: [jwk] });
    return original(input, init);
  });
  return (claims: { sub: string; email: string; email_verified: boolean }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: claims.email, email_verified: claims.email_verified, name: "Someone" })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer("https://accounts.google.com")
      .setAudience(CLIENT_ID)
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
  };
}

async function accessTokenFor(idToken: string): Promise<string> {
  const res = await call("/api/auth/session", { method: "POST", body: JSON.stringify({ idToken }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

describe("operator rights need a verified operator address", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses an account whose ADMIN_EMAILS address Google did not verify, and records no result", async () => {
    const mint = await fakeGoogle();
    const token = await accessTokenFor(await mint({ sub: `g-${crypto.randomUUID()}`, email: "admin@vantage.test", email_verified: false }));
    const eventId = `review-unverified-${crypto.randomUUID()}`;
    const res = await call(`/api/admin/events/${eventId}/result`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ void: true }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "permission-denied", message: "Only operators can do this." } });
    const me = (await (await call("/api/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { isAdmin: boolean };
    expect(me.isAdmin).toBe(false);
  });

  it("still lets the verified operator through (404 for an unknown game, not 403)", async () => {
    const mint = await fakeGoogle();
    const token = await accessTokenFor(await mint({ sub: `g-${crypto.randomUUID()}`, email: "admin@vantage.test", email_verified: true }));
    const res = await call(`/api/admin/events/review-unknown-${crypto.randomUUID()}/result`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ void: true }),
    });
    expect(res.status).toBe(404);
    const me = (await (await call("/api/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { isAdmin: boolean };
    expect(me.isAdmin).toBe(true);
  });
});
