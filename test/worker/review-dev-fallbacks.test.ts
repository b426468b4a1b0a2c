// Review finding: the fixed development secrets (webhook signing secret, session signing
// key) are public — they are in the repository. They may only stand in while the matching
// service is itself the embedded one. With APP_ENV=development but a real STRIPE_SECRET_KEY
// (real money can leave through payouts) and no STRIPE_WEBHOOK_SECRET, anyone could sign a
// "paid" checkout with the public value and be credited Vantage Cash; with a real Google
// client and no SESSION_SIGNING_KEY, anyone could sign an access token for any player.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { BASE, api, signIn } from "./helpers";
import { checkoutCompletedEvent } from "./stripe-events";

async function call(path: string, init: RequestInit, overrides: Partial<Env>) {
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function balances(token: string) {
  return (await (await api("/api/me", { token })).json()) as { coinBalance: number; vantageCash: number };
}

describe("development fallback secrets next to real services", () => {
  it("does not accept a webhook signed with the public development secret once real Stripe keys are configured", async () => {
    const player = await signIn();
    const before = await balances(player.token);
    const payload = checkoutCompletedEvent({ userId: player.userId, sessionId: `cs_forged_${crypto.randomUUID()}`, amountTotal: 49999 });
    const signature = await stripeSignatureHeader(payload, DEV_STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const res = await call(
      "/api/stripe/webhook",
      { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } },
      { APP_ENV: "development", STRIPE_SECRET_KEY: "sk_live_real_key", STRIPE_WEBHOOK_SECRET: undefined },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(600);
    expect(await balances(player.token)).toEqual(before);
  });

  it("still accepts the development secret with the embedded payments simulator", async () => {
    const player = await signIn();
    const payload = checkoutCompletedEvent({ userId: player.userId, sessionId: `cs_sim_dev_${crypto.randomUUID()}`, amountTotal: 49999 });
    const signature = await stripeSignatureHeader(payload, DEV_STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const res = await call(
      "/api/stripe/webhook",
      { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } },
      { APP_ENV: "development", STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined },
    );
    expect(res.status).toBe(200);
    expect((await balances(player.token)).vantageCash).toBe(499 * 100);
  });

  it("does not accept an access token signed with the public development key once a real Google client is configured", async () => {
    const victim = await signIn();
    const devKey = "vantage-development-session-key-not-secret-0123456789";
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ email: victim.email })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuer("vantage")
      .setAudience("vantage-api")
      .setSubject(victim.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(devKey));
    const res = await call(
      "/api/me",
      { headers: { Authorization: `Bearer ${forged}` } },
      { APP_ENV: "development", GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com", SESSION_SIGNING_KEY: undefined },
    );
    expect(res.status).not.toBe(200);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(600);
  });
});
