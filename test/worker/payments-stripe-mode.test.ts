import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app";
import Stripe from "stripe";
import { createStripeProvider } from "../../worker/payments/stripe-provider";
import { FRAUD_WARNING_HOLD_MESSAGE } from "../../worker/payments/wallet";
import { getUserWallet } from "../../worker/user-wallet";
import { BASE, signIn } from "./helpers";
import { checkoutCompletedEvent, earlyFraudWarningEvent } from "./stripe-events";

type StripeCall = { method: string; url: string; form: URLSearchParams; idempotencyKey: string | null; auth: string | null };

/** Stands in for api.stripe.com: records each call and answers with `reply(path)`. */
function fakeStripe(reply: (path: string) => { status?: number; body: unknown }) {
  const calls: StripeCall[] = [];
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith("https://api.stripe.com/")) return original(input, init);
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? "GET",
      url,
      form: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
      idempotencyKey: headers.get("Idempotency-Key"),
      auth: headers.get("Authorization"),
    });
    const { status = 200, body } = reply(new URL(url).pathname);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Request-Id": "req_1" } });
  });
  return calls;
}

const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_vantage", STRIPE_WEBHOOK_SECRET: "whsec_test_vantage" };

async function call(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, { ...init, headers }), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("with STRIPE_SECRET_KEY set (real provider, Stripe API faked at the network edge)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("creates a Checkout Session in payment mode for the player, with the pack in metadata and /shop return URLs", async () => {
    const player = await signIn();
    const calls = fakeStripe(() => ({
      body: { id: "cs_test_123", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_123" },
    }));
    const res = await call("/api/checkout/session", { method: "POST", token: player.token, body: JSON.stringify({ amountCents: 1999 }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_test_123" });
    expect(calls).toHaveLength(1);
    const { form, url, auth } = calls[0]!;
    expect(url).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(auth).toBe("Bearer sk_test_vantage");
    expect(form.get("mode")).toBe("payment");
    // Cards only: a bank debit would settle after the purchase-limit hold is gone.
    expect(form.getAll("allowed_payment_method_types[0]")).toEqual(["card"]);
    expect(form.get("allowed_payment_method_types[1]")).toBeNull();
    expect(form.get("client_reference_id")).toBe(player.userId);
    expect(form.get("metadata[amountCents]")).toBe("1999");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("1999");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("success_url")).toBe("http://localhost/shop?checkout=success&session={CHECKOUT_SESSION_ID}");
    expect(form.get("billing_address_collection")).toBe("required");
    expect(form.get("cancel_url")).toBe("http://localhost/shop?checkout=cancel");
  });

  it("answers 502 'Failed to create checkout session' when Stripe refuses, and never uses the simulator", async () => {
    const player = await signIn();
    fakeStripe(() => ({ status: 400, body: { error: { type: "invalid_request_error", message: "No such price" } } }));
    const res = await call("/api/checkout/session", { method: "POST", token: player.token, body: JSON.stringify({ amountCents: 499 }) });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: "checkout-failed", message: "Failed to create checkout session" } });
    expect((await call("/api/payments/sim/checkout/cs_sim_00000000000000000000000000000000")).status).toBe(404);
  });

  it("creates an Express account once, reads its status from Stripe, and links onboarding back to /redeem", async () => {
    const player = await signIn();
    const calls = fakeStripe((path) => {
      if (path === "/v1/accounts")
        return {
          body: { id: "acct_123", object: "account", payouts_enabled: false, requirements: { currently_due: ["external_account"] } },
        };
      if (path === "/v1/accounts/acct_123")
        return {
          body: { id: "acct_123", object: "account", payouts_enabled: false, requirements: { currently_due: ["external_account"] } },
        };
      if (path === "/v1/account_links") return { body: { object: "account_link", url: "https://connect.stripe.com/setup/e/acct_123/x" } };
      return { status: 404, body: { error: { type: "invalid_request_error", message: "unexpected" } } };
    });
    const link = await call("/api/connect/onboarding-link", { method: "POST", token: player.token, body: "{}" });
    expect(await link.json()).toEqual({ url: "https://connect.stripe.com/setup/e/acct_123/x" });
    const status = await call("/api/connect/status", { token: player.token });
    expect(await status.json()).toEqual({
      payouts_enabled: false,
      hasAccount: true,
      requirements: { currently_due: ["external_account"] },
    });

    const create = calls.filter((c) => c.method === "POST" && c.url.endsWith("/v1/accounts"));
    expect(create).toHaveLength(1);
    expect(create[0]!.form.get("type")).toBe("express");
    expect(create[0]!.idempotencyKey).toBe(`connect-account-${player.userId}`);
    const accountLink = calls.find((c) => c.url.endsWith("/v1/account_links"))!;
    expect(accountLink.form.get("account")).toBe("acct_123");
    expect(accountLink.form.get("type")).toBe("account_onboarding");
    expect(accountLink.form.get("return_url")).toBe("http://localhost/redeem?onboarding=return");
  });

  it("answers 502 provider-unavailable (not a crash) when Stripe cannot create the account", async () => {
    const player = await signIn();
    fakeStripe(() => ({ status: 500, body: { error: { type: "api_error", message: "Stripe is down" } } }));
    // Stripe's SDK retries a 500 twice, waiting 0.5-1 s first each time: those waits pass at once.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.setTimerTickMode("nextTimerAsync");
    const res = await call("/api/connect/create-or-link", { method: "POST", token: player.token, body: "{}" });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("provider-unavailable");
    const status = await call("/api/connect/status", { token: player.token });
    expect(await status.json()).toEqual({ payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } });
  });

  it("refunds the charge of an actionable early fraud warning once, keyed by the warning, and retries a refund Stripe refused", async () => {
    const player = await signIn();
    const webhook = async (payload: string) => {
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: "whsec_test_vantage",
        timestamp: Math.floor(Date.now() / 1000),
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
      return call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
    };
    const me = async () =>
      (await (await call("/api/me", { token: player.token })).json()) as { vantageCash: number; redemptionPause: string | null };
    const credited = await webhook(
      checkoutCompletedEvent({ sessionId: "cs_test_efw", userId: player.userId, amountTotal: 4999, paymentIntent: "pi_test_efw" }),
    );
    expect(await credited.json()).toEqual({ received: true, credited: true });

    let refundAnswers = [
      { status: 400, body: { error: { type: "invalid_request_error", message: "The charge is still being processed." } } },
    ];
    const calls = fakeStripe((path) => {
      if (path === "/v1/charges/ch_test_efw") return { body: { id: "ch_test_efw", object: "charge", payment_intent: "pi_test_efw" } };
      if (path === "/v1/refunds") return refundAnswers.shift() ?? { body: { id: "re_1", object: "refund", status: "succeeded" } };
      return { status: 404, body: { error: { type: "invalid_request_error", message: "unexpected" } } };
    });
    // Stripe names the charge; its payment intent is read from Stripe.
    const warning = earlyFraudWarningEvent({ warningId: "issfr_test_1", paymentIntent: null, chargeId: "ch_test_efw", actionable: true });
    const refused = await webhook(warning);
    expect(refused.status).toBe(503);
    expect(await me()).toMatchObject({ vantageCash: 4_900, redemptionPause: FRAUD_WARNING_HOLD_MESSAGE });

    refundAnswers = [];
    const answers = await Promise.all([webhook(warning), webhook(warning)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    // Refunded and reversed; the warning still holds redemptions until an operator clears it.
    expect(await me()).toMatchObject({ vantageCash: 0, redemptionPause: FRAUD_WARNING_HOLD_MESSAGE });
    const refunds = calls.filter((c) => c.url.endsWith("/v1/refunds"));
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    for (const refund of refunds) {
      expect(refund.idempotencyKey).toBe("efw-refund-issfr_test_1");
      expect(refund.form.get("payment_intent")).toBe("pi_test_efw");
      expect(refund.form.get("reason")).toBe("fraudulent");
    }
    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((r) => r.reason === "refund_reversal").map((r) => [r.currency, r.amount])).toEqual([
      ["cash", -4_900],
      ["coins", -50_000],
    ]);
  });

  it("sends a transfer keyed by the redemption, and tells a refusal from a lost answer", async () => {
    const provider = createStripeProvider("sk_test_vantage");
    const calls = fakeStripe(() => ({ body: { id: "tr_123", object: "transfer" } }));
    const ok = await provider.transfer({
      accountId: "acct_123",
      amountCents: 2500,
      redemptionId: "rd_1",
      userId: "u1",
      idempotencyKey: "redemption-u1-rd_1",
    });
    expect(ok).toEqual({ ok: true, transferId: "tr_123" });
    expect(calls[0]!.form.get("destination")).toBe("acct_123");
    expect(calls[0]!.form.get("amount")).toBe("2500");
    expect(calls[0]!.idempotencyKey).toBe("redemption-u1-rd_1");
    expect(calls[0]!.form.get("transfer_group")).toBe("rd_1");
    expect(calls[0]!.form.get("metadata[redemptionId]")).toBe("rd_1");
    vi.unstubAllGlobals();

    fakeStripe(() => ({ status: 400, body: { error: { type: "invalid_request_error", message: "Insufficient platform balance" } } }));
    expect(
      await provider.transfer({
        accountId: "acct_123",
        amountCents: 2500,
        redemptionId: "rd_2",
        userId: "u1",
        idempotencyKey: "redemption-u1-rd_2",
      }),
    ).toEqual({
      ok: false,
      definitive: true,
      reason: "Insufficient platform balance",
    });
  });
});
