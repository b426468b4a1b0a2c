// Security review findings 5 and 6, against real-Google configuration (fake-google.ts):
// 5. POST /api/auth/session exchanged any Google ID token for our client for a 30-day
//    session, with no nonce binding it to a browser; it now exists only beside the
//    embedded development provider (tests, bench), and the SPA's redirect flow is the
//    only way in with Google.
// 6. `email_verified` was not required: an unverified Google account could sign in (and
//    hold an address that may be someone else's). Such accounts are now refused with
//    the spec's sign-in failure path, `/?auth_error=email-not-verified`.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callGoogleMode, fakeGoogle, mintGoogleIdToken, signInWithGoogle } from "./fake-google";
import { mintIdToken, postJson } from "./helpers";

afterEach(() => vi.unstubAllGlobals());

async function userCount(sub: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE id = ?").bind(sub).first<{ n: number }>())!.n;
}

describe("POST /api/auth/session", () => {
  it("does not exist when Google is the identity provider, even for a valid Google ID token", async () => {
    await fakeGoogle();
    const sub = `g-${crypto.randomUUID()}`;
    const idToken = await mintGoogleIdToken({ sub, email: "someone@gmail.com", email_verified: true });
    const res = await callGoogleMode("/api/auth/session", { method: "POST", body: JSON.stringify({ idToken }) });
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__Host-vantage_rt="))).toBe(false);
    expect(await userCount(sub)).toBe(0);
  });

  it("still serves the embedded development provider", async () => {
    const res = await postJson("/api/auth/session", { idToken: await mintIdToken(`dev-${crypto.randomUUID().slice(0, 6)}@example.com`) });
    expect(res.status).toBe(200);
  });
});

describe("Google accounts whose e-mail is not verified", () => {
  it("are sent back with auth_error=email-not-verified, no session and no account", async () => {
    await fakeGoogle();
    for (const email_verified of [false, "false", undefined] as const) {
      const sub = `g-${crypto.randomUUID()}`;
      const result = await signInWithGoogle({ sub, email: "unverified@gmail.com", email_verified }, "/shop");
      expect({ email_verified, location: result.location }).toEqual({ email_verified, location: "/?auth_error=email-not-verified" });
      expect(result.refreshCookie).toBeNull();
      expect(await userCount(sub)).toBe(0);
    }
  });

  it("verified ones sign in and land where they wanted", async () => {
    await fakeGoogle();
    const sub = `g-${crypto.randomUUID()}`;
    const result = await signInWithGoogle({ sub, email: "verified@gmail.com", email_verified: true }, "/shop");
    expect(result.location).toBe("/shop");
    expect(result.accessToken).toBeTruthy();
    expect(await userCount(sub)).toBe(1);
  });
});
