// Security review finding 8, deploy footguns (Worker side): the embedded identity
// provider signs anyone in as anyone, operators included. It was refused only by
// APP_ENV, so a development configuration deployed with a live Stripe key — real money
// in and out — still let anyone in. It is now refused whenever a live key (`sk_live_`,
// or a restricted `rk_live_`) is configured, whatever APP_ENV says; so is the public
// development session key that stands beside it. (The deploy script's own guard is
// test/unit/deploy-guard.test.ts.)
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { BASE, mintIdToken, signIn } from "./helpers";

async function call(path: string, overrides: Partial<Env>, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", "10.44.0.1");
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(
    new Request(`${BASE}${path}`, { redirect: "manual", ...init, headers }),
    { ...env, APP_ENV: "development", ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the embedded identity provider beside a live Stripe key", () => {
  for (const key of ["sk_live_51Hxyz", "rk_live_51Hxyz"]) {
    it(`is refused with ${key.slice(0, 8)}… even when APP_ENV is development`, async () => {
      const live = { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: "whsec_live_secret" };
      expect((await call("/api/auth/dev/jwks", live)).status).toBe(404);
      const minted = await call("/api/auth/dev/id-token", live, { method: "POST", body: JSON.stringify({ email: "admin@vantage.test" }) });
      expect(minted.status).toBe(404);
      const session = await call("/api/auth/session", live, {
        method: "POST",
        body: JSON.stringify({ idToken: await mintIdToken("admin@vantage.test") }),
      });
      expect(session.status).toBe(404);
      const start = await call("/api/auth/google/start?from=/", live);
      expect(start.headers.get("Location")).toBe("/?login_error=not-configured");
      // Tokens signed with the public development key are worthless there too.
      const player = await signIn();
      const me = await call("/api/me", live, { headers: { Authorization: `Bearer ${player.token}` } });
      expect(me.status).not.toBe(200);
      expect(me.status).toBeGreaterThanOrEqual(400);
    });
  }

  it("stays available with a Stripe test key in development", async () => {
    expect((await call("/api/auth/dev/jwks", { STRIPE_SECRET_KEY: "sk_test_51Hxyz", STRIPE_WEBHOOK_SECRET: "whsec_test" })).status).toBe(
      200,
    );
  });
});
