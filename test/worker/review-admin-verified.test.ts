// Review findings on operator rights. Operator rights were granted to whoever's token
// carried an ADMIN_EMAILS address, whether or not the identity provider had verified
// that address; an operator can post any final score (and so pay any bet), so only a
// verified operator address may count — the account as stored, not the token's claim.
// Security review finding 4: GET /api/admin/feed-status still trusted the token's
// e-mail; it now sits behind the same requireAdmin as every other /api/admin route.
// (Unverified Google accounts cannot sign in at all any more, see review-sign-in; an
// account recorded unverified before that rule is what these tests stand for.)
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callGoogleMode, fakeGoogle, signInWithGoogle } from "./fake-google";

/** The operator's Google account: its first sign-in pins it, so every test signs in with the same one. */
const OPERATOR_SUB = `g-${crypto.randomUUID()}`;

async function operatorToken(): Promise<{ token: string; sub: string }> {
  await fakeGoogle();
  const sub = OPERATOR_SUB;
  // Signed in as the console's step-up signs in (Google authenticates again), so money routes answer.
  const signedIn = await signInWithGoogle({ sub, email: "admin@vantage.test", email_verified: true }, "/admin", { reauth: true });
  expect(signedIn.accessToken).toBeTruthy();
  return { token: signedIn.accessToken!, sub };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function markUnverified(sub: string) {
  await env.DB.prepare("UPDATE users SET email_verified = 0 WHERE id = ?").bind(sub).run();
}

describe("operator rights need a verified operator address", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses an account whose ADMIN_EMAILS address is not verified, and records no result", async () => {
    const { token, sub } = await operatorToken();
    await markUnverified(sub);
    const eventId = `review-unverified-${crypto.randomUUID()}`;
    const res = await callGoogleMode(`/api/admin/events/${eventId}/result`, {
      method: "POST",
      headers: bearer(token),
      body: JSON.stringify({ void: true }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such API route." } });
    const me = (await (await callGoogleMode("/api/me", { headers: bearer(token) })).json()) as { isAdmin: boolean };
    expect(me.isAdmin).toBe(false);
  });

  it("still lets the verified operator through (404 no-such-event for an unknown game)", async () => {
    const { token } = await operatorToken();
    const res = await callGoogleMode(`/api/admin/events/review-unknown-${crypto.randomUUID()}/result`, {
      method: "POST",
      headers: bearer(token),
      body: JSON.stringify({ void: true }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such event." } });
    const me = (await (await callGoogleMode("/api/me", { headers: bearer(token) })).json()) as { isAdmin: boolean };
    expect(me.isAdmin).toBe(true);
  });
});

describe("GET /api/admin/feed-status", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the verified operator", async () => {
    const { token } = await operatorToken();
    const res = await callGoogleMode("/api/admin/feed-status", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sports: expect.any(Array) });
  });

  it("refuses a token naming an operator address the account has not verified", async () => {
    const { token, sub } = await operatorToken();
    await markUnverified(sub);
    const res = await callGoogleMode("/api/admin/feed-status", { headers: bearer(token) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such API route." } });
  });
});
