// Security review finding 3: the payment endpoints had no rate limit. Checkout,
// /connect/* and withdrawals each call Stripe, so one player could spend the platform's
// whole Stripe API rate. Now they share a per-player limit (PAYMENT_RATE_LIMITER, 30 a
// minute) with a clear 429, and GET /api/connect/status answers the stored state for
// CONNECT_STATUS_CACHE_MS before asking Stripe again.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app";
import { api, BASE, postJson, signIn, startOfWindow } from "./helpers";

describe("payment rate limit", () => {
  it("answers a clear 429 once a player makes more than 30 payment calls in a minute, across all payment routes", async () => {
    const player = await signIn();
    await startOfWindow(60_000, 10_000); // 34 payment calls one after another: about 2 s
    const calls = [
      ...Array.from({ length: 10 }, () => () => postJson("/api/checkout/session", { amountCents: 499 }, player.token)),
      ...Array.from({ length: 10 }, () => () => api("/api/connect/status", { token: player.token })),
      ...Array.from({ length: 10 }, () => () => api("/api/withdrawals", { token: player.token })),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call();
      expect({ i, status: res.status }).toEqual({ i, status: 200 });
    }
    for (const res of [
      await postJson("/api/withdrawals", { amount: 20 }, player.token),
      await postJson("/api/connect/onboarding-link", {}, player.token),
      await postJson("/api/connect/create-or-link", {}, player.token),
      await postJson("/api/checkout/session", { amountCents: 499 }, player.token),
    ]) {
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toBe("60");
      expect(await res.json()).toEqual({
        error: { code: "rate-limited", message: "Too many payment requests in a short time. Please wait a minute and try again." },
      });
    }
    const other = await signIn();
    expect((await api("/api/connect/status", { token: other.token })).status).toBe(200);
  }, 30_000); // it may wait up to 10 s for room in the limiter's window
});

describe("GET /api/connect/status with Stripe", () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeStripe() {
    const calls: string[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith("https://api.stripe.com/")) return original(input, init);
      calls.push(`${init?.method ?? "GET"} ${new URL(url).pathname}`);
      const account = {
        id: "acct_cache",
        object: "account",
        payouts_enabled: false,
        requirements: { currently_due: ["external_account"] },
        // Made with a manual payout schedule, as every account is: a read changes nothing.
        settings: { payouts: { schedule: { interval: "manual" } } },
      };
      return new Response(JSON.stringify(account), { status: 200, headers: { "Content-Type": "application/json", "Request-Id": "req_1" } });
    });
    return calls;
  }

  async function call(path: string, token: string, overrides: Partial<Env>, init: RequestInit = {}) {
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_vantage", STRIPE_WEBHOOK_SECRET: "whsec_test_vantage", ...overrides };
    const headers = new Headers({ Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.66.0.1" });
    if (init.body !== undefined) headers.set("Content-Type", "application/json");
    const ctx = createExecutionContext();
    const res = await createApp().fetch(new Request(`${BASE}${path}`, { ...init, headers }), stripeEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  it("answers the stored state while it is fresh, and asks Stripe again once it is not", async () => {
    const player = await signIn();
    const calls = fakeStripe();
    expect((await call("/api/connect/create-or-link", player.token, {}, { method: "POST", body: "{}" })).status).toBe(200);
    expect(calls).toEqual(["POST /v1/accounts"]);
    for (let i = 0; i < 3; i++) {
      const res = await call("/api/connect/status", player.token, {});
      expect(await res.json()).toEqual({ payouts_enabled: false, hasAccount: true, requirements: { currently_due: ["external_account"] } });
    }
    expect(calls).toEqual(["POST /v1/accounts"]);
    await call("/api/connect/status", player.token, { CONNECT_STATUS_CACHE_MS: "0" } as Partial<Env>);
    expect(calls).toEqual(["POST /v1/accounts", "GET /v1/accounts/acct_cache"]);
  });
});
