import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { getUserWallet } from "../../worker/user-wallet";
import { api, BASE, postJson, signIn } from "./helpers";
import { checkoutCompletedEvent } from "./stripe-events";

type Balances = { coinBalance: number; vantageCash: number };
const balances = async (token: string) => (await (await api("/api/me", { token })).json()) as Balances;

async function deliver(payload: string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const signature =
    opts.signature ??
    (await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: opts.secret ?? DEV_STRIPE_WEBHOOK_SECRET,
      timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    }));
  return api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
}

describe("POST /api/checkout/session", () => {
  it("needs a signed-in player", async () => {
    expect((await postJson("/api/checkout/session", { amountCents: 499 })).status).toBe(401);
  });

  it("refuses an amount that is not a pack with 400 and accepts a pack", async () => {
    const player = await signIn();
    for (const amountCents of [500, 0, -499, 4.99, "499"]) {
      const res = await postJson("/api/checkout/session", { amountCents }, player.token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    }
    const ok = await postJson("/api/checkout/session", { amountCents: 499 }, player.token);
    expect(ok.status).toBe(200);
    const { url } = (await ok.json()) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost\/api\/payments\/sim\/checkout\/cs_sim_[0-9a-f]{32}$/);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("credits a correctly signed paid checkout once per session id", async () => {
    const player = await signIn();
    const payload = checkoutCompletedEvent({ sessionId: "cs_test_good", userId: player.userId, amountTotal: 999 });
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, credited: true });
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 15_000, vantageCash: 900 }));

    const again = await deliver(payload);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, credited: false });
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 15_000, vantageCash: 900 }));
  });

  it("credits once when the same completion is delivered five times at once", async () => {
    const player = await signIn();
    const payload = checkoutCompletedEvent({ sessionId: "cs_test_replay", userId: player.userId, amountTotal: 4999 });
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { credited: boolean }[];
    expect(bodies.filter((b) => b.credited)).toHaveLength(1);
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 55_000, vantageCash: 4_900 }));
    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((r) => r.reason === "purchase")).toHaveLength(2);
  });

  it("refuses a bad signature, a wrong secret and a stale timestamp with 400, crediting nothing", async () => {
    const player = await signIn();
    const payload = checkoutCompletedEvent({ sessionId: "cs_test_bad", userId: player.userId, amountTotal: 1999 });
    const wrongSecret = await deliver(payload, { secret: "whsec_someone_else" });
    const garbage = await deliver(payload, { signature: "t=1,v1=deadbeef" });
    const missing = await api("/api/stripe/webhook", { method: "POST", body: payload });
    const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const tampered = await api("/api/stripe/webhook", {
      method: "POST",
      body: payload.replace('"amount_total":1999', '"amount_total":49999'),
      headers: {
        "Stripe-Signature": await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: DEV_STRIPE_WEBHOOK_SECRET,
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        }),
      },
    });
    for (const res of [wrongSecret, garbage, missing, stale, tampered]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-signature");
    }
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 5_000, vantageCash: 0 }));
    // A timestamp within the 300 s tolerance is accepted.
    expect((await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 200 })).status).toBe(200);
  });

  it("ignores unknown event types, unpaid sessions and unknown amounts with 200, crediting nothing", async () => {
    const player = await signIn();
    const other = await deliver(JSON.stringify({ id: "evt_x", object: "event", type: "customer.created", data: { object: {} } }));
    const unpaid = await deliver(
      checkoutCompletedEvent({ sessionId: "cs_test_unpaid", userId: player.userId, amountTotal: 999, paymentStatus: "unpaid" }),
    );
    const odd = await deliver(checkoutCompletedEvent({ sessionId: "cs_test_odd", userId: player.userId, amountTotal: 1234 }));
    const nobody = await deliver(checkoutCompletedEvent({ sessionId: "cs_test_nobody", userId: "no-such-user", amountTotal: 999 }));
    for (const res of [other, unpaid, odd, nobody]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ received: true, ignored: expect.any(String) });
    }
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 5_000, vantageCash: 0 }));

    // An asynchronous payment that succeeds later is credited through its own event.
    const late = await deliver(
      checkoutCompletedEvent({
        sessionId: "cs_test_unpaid",
        userId: player.userId,
        amountTotal: 999,
        type: "checkout.session.async_payment_succeeded",
      }),
    );
    expect(await late.json()).toEqual({ received: true, credited: true });
  });

  it("credits only a session Vantage opened for that player and pack: a Payment Link naming a player pays nothing", async () => {
    const player = await signIn();
    const other = await signIn();
    const session = (sessionId: string, extra: Partial<Parameters<typeof checkoutCompletedEvent>[0]>) =>
      checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal: 999, ...extra });
    const notOurs = [
      // A dashboard Payment Link at a pack's price, its client_reference_id set in the link's URL by the payer.
      session("cs_test_link", { paymentLink: "plink_1", metadata: {} }),
      session("cs_test_link_meta", { paymentLink: "plink_1" }),
      // No metadata, metadata naming another player, metadata naming another pack's price.
      session("cs_test_bare", { metadata: null }),
      session("cs_test_someone", { metadata: { amountCents: "999", userId: other.userId } }),
      session("cs_test_cheaper", { metadata: { amountCents: "499", userId: player.userId } }),
    ];
    for (const payload of notOurs) {
      const res = await deliver(payload);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: "not a Vantage checkout" });
    }
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 5_000, vantageCash: 0 }));
    expect(await balances(other.token)).toEqual(expect.objectContaining({ coinBalance: 5_000, vantageCash: 0 }));

    expect(await (await deliver(session("cs_test_ours", {}))).json()).toEqual({ received: true, credited: true });
  });
});

describe("the simulated checkout", () => {
  it("Pay delivers a signed completion to the webhook and returns to /shop?checkout=success, crediting once", async () => {
    const player = await signIn();
    const { url } = (await (await postJson("/api/checkout/session", { amountCents: 99 }, player.token)).json()) as { url: string };
    const path = new URL(url).pathname;

    const page = await api(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Pay $0.99");
    expect(html).toContain("1,000 Coins + 0 Vantage Cash");

    const pay = await api(`${path}/pay`, { method: "POST", headers: { Origin: BASE }, redirect: "manual" });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("Location")).toBe(`/shop?checkout=success&session=${path.split("/").pop()}`);
    const payAgain = await api(`${path}/pay`, { method: "POST", redirect: "manual" });
    expect(payAgain.status).toBe(303);
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 6_000, vantageCash: 0 }));
  });

  it("Cancel returns to /shop?checkout=cancel and a canceled checkout never pays", async () => {
    const player = await signIn();
    const { url } = (await (await postJson("/api/checkout/session", { amountCents: 1999 }, player.token)).json()) as { url: string };
    const path = new URL(url).pathname;
    const cancel = await api(`${path}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("Location")).toBe("/shop?checkout=cancel");
    const pay = await api(`${path}/pay`, { method: "POST", redirect: "manual" });
    expect(pay.headers.get("Location")).toBe("/shop?checkout=cancel");
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 5_000, vantageCash: 0 }));
    expect((await api("/api/payments/sim/checkout/cs_sim_00000000000000000000000000000000")).status).toBe(404);
  });

  it("Pay with a form that cannot be read is a 400 that pays nothing", async () => {
    const player = await signIn();
    const { url } = (await (await postJson("/api/checkout/session", { amountCents: 999 }, player.token)).json()) as { url: string };
    const path = new URL(url).pathname;
    const pay = await api(`${path}/pay`, {
      method: "POST",
      body: "",
      headers: { "Content-Type": "multipart/form-data; boundary=----broken" },
      redirect: "manual",
    });
    expect(pay.status).toBe(400);
    expect(((await pay.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    expect(await balances(player.token)).toEqual(expect.objectContaining({ coinBalance: 5_000, vantageCash: 0 }));
  });
});

describe("production configuration without Stripe", () => {
  it("refuses the simulator and answers 503 not-configured instead of taking payments", async () => {
    const production = { ...env, APP_ENV: "production", STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    const app = createApp();
    const call = async (path: string, init: RequestInit = {}) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(`${BASE}${path}`, init), production, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const webhook = await call("/api/stripe/webhook", { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=00" } });
    expect(webhook.status).toBe(503);
    expect(((await webhook.json()) as { error: { code: string } }).error.code).toBe("not-configured");
    expect((await call("/api/payments/sim/checkout/cs_sim_00000000000000000000000000000000")).status).toBe(404);
  });
});
