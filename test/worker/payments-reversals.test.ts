// Money that comes back (issue 12), through the real webhook with Stripe-signed events:
// disputes (opened, won, lost, replayed), full and partial refunds, reversals beyond the
// balance recorded as owed and repaid first by the next credits, redemptions paused
// while a dispute is open or anything is owed, and a dispute racing a bet and a
// redemption on one wallet. Play-through (CASH_PLAYTHROUGH) is off here, so every
// Vantage Cash cent a pack leaves is redeemable and only the reversal rules decide.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { getUserWallet } from "../../worker/wallet";
import { OWED_MESSAGE, UNDER_REVIEW_MESSAGE } from "../../worker/wallet/operations/reversal-operations";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { createApp } from "../../worker/app";
import { BASE, api as realEnvApi, signIn, type SignedIn } from "./helpers";

const appEnv = { ...env, CASH_PLAYTHROUGH: "0" };
let workerEnv: Env = appEnv;

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  headers.set("CF-Connecting-IP", `10.12.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, { ...init, headers }), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const postJson = (path: string, body: unknown, token?: string) => api(path, { method: "POST", body: JSON.stringify(body), token });
import { chargeRefundedEvent, checkoutCompletedEvent, disputeEvent } from "./stripe-events";
import { drained } from "./settlement-fixtures";

type Me = { coinBalance: number; vantageCash: number; owedCoins: number; owedCash: number };
const me = async (player: SignedIn) => (await (await api("/api/me", { token: player.token })).json()) as Me;

async function deliver(payload: string) {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: DEV_STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const res = await api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
  expect(res.status).toBe(200);
  return (await res.json()) as { received: true; credited?: boolean; moved?: boolean; ignored?: string };
}

/** Buys a pack through checkout.session.completed; returns its payment intent. */
async function buy(player: SignedIn, amountTotal: number): Promise<string> {
  const id = crypto.randomUUID().replaceAll("-", "");
  const paymentIntent = `pi_${id}`;
  const body = await deliver(checkoutCompletedEvent({ sessionId: `cs_${id}`, userId: player.userId, amountTotal, paymentIntent }));
  expect(body.credited).toBe(true);
  return paymentIntent;
}

const dispute = (type: "charge.dispute.created" | "charge.dispute.closed", disputeId: string, paymentIntent: string, status: string) =>
  deliver(disputeEvent({ type, disputeId, paymentIntent, amount: 999, status }));

async function onboard(player: SignedIn) {
  const link = (await (await postJson("/api/connect/onboarding-link", {}, player.token)).json()) as { url: string };
  // Each player's own bank account (one payout identity per person).
  const done = await api(`${new URL(link.url).pathname}/complete`, {
    method: "POST",
    body: new URLSearchParams({
      routing_number: "110000000",
      account_number: `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`,
    }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(done.status).toBe(303);
}

const withdraw = (player: SignedIn, amount: number) => postJson("/api/withdrawals", { amount }, player.token);

async function ledger(player: SignedIn) {
  return (await getUserWallet(env, player.userId).getLedger(player.userId, Date.now())).reverse();
}

async function expectConsistent(player: SignedIn) {
  const audit = await getUserWallet(env, player.userId).auditLedger(player.userId, Date.now());
  expect(audit.coins.ledgerSum).toBe(audit.coins.balance);
  expect(audit.cash.ledgerSum).toBe(audit.cash.balance);
  expect(audit.owed.coins.ledgerSum).toBe(audit.owed.coins.owed);
  expect(audit.owed.cash.ledgerSum).toBe(audit.owed.cash.owed);
  const rows = await ledger(player);
  for (const row of rows) expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
  return audit;
}

afterEach(() => vi.restoreAllMocks());

describe("charge.dispute.created and charge.dispute.closed", () => {
  it("takes the disputed pack back once however often the dispute is delivered, and pauses redemptions while it is open", async () => {
    const player = await signIn();
    await onboard(player);
    const pi = await buy(player, 999);
    await buy(player, 4999);
    expect(await me(player)).toMatchObject({ coinBalance: 65_000, vantageCash: 5_800, owedCoins: 0, owedCash: 0 });

    const answers = await Promise.all([1, 2, 3].map(() => dispute("charge.dispute.created", "dp_three", pi, "needs_response")));
    expect(answers.filter((a) => a.moved).length).toBe(1);
    expect(await me(player)).toMatchObject({ coinBalance: 55_000, vantageCash: 4_900, owedCoins: 0, owedCash: 0 });
    const reversals = (await ledger(player)).filter((r) => r.reason === "dispute_reversal");
    expect(reversals.map((r) => [r.currency, r.amount, r.reference])).toEqual([
      ["coins", -10_000, "dispute:dp_three"],
      ["cash", -900, "dispute:dp_three"],
    ]);

    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "redemptions-paused", message: UNDER_REVIEW_MESSAGE } });
    expect((await me(player)).vantageCash).toBe(4_900);
    await expectConsistent(player);
  });

  it("restores the pack once when the dispute is won, and redemptions work again", async () => {
    const player = await signIn();
    await onboard(player);
    const pi = await buy(player, 4999);
    await dispute("charge.dispute.created", "dp_won", pi, "needs_response");
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });

    const closed = await Promise.all([1, 2].map(() => dispute("charge.dispute.closed", "dp_won", pi, "won")));
    expect(closed.filter((a) => a.moved).length).toBe(1);
    expect(await dispute("charge.dispute.closed", "dp_won", pi, "won")).toEqual({ received: true, moved: false });
    // A late `created` replay after the close changes nothing.
    expect(await dispute("charge.dispute.created", "dp_won", pi, "needs_response")).toEqual({ received: true, moved: false });
    expect(await me(player)).toMatchObject({ coinBalance: 55_000, vantageCash: 4_900 });
    expect((await ledger(player)).filter((r) => r.reason === "dispute_restore").map((r) => [r.currency, r.amount])).toEqual([
      ["coins", 50_000],
      ["cash", 4_900],
    ]);
    expect((await withdraw(player, 20)).status).toBe(200);
    await expectConsistent(player);
  });

  it("leaves the pack reversed when the dispute is lost (or closed any other way), and no longer counts it as open", async () => {
    const player = await signIn();
    await onboard(player);
    const lost = await buy(player, 999);
    const inquiry = await buy(player, 1999);
    await buy(player, 4999);
    await dispute("charge.dispute.created", "dp_lost", lost, "needs_response");
    await dispute("charge.dispute.created", "dp_inquiry", inquiry, "warning_needs_response");
    expect(await dispute("charge.dispute.closed", "dp_lost", lost, "lost")).toEqual({ received: true, moved: false });
    expect(await dispute("charge.dispute.closed", "dp_inquiry", inquiry, "warning_closed")).toEqual({ received: true, moved: false });
    expect(await me(player)).toMatchObject({ coinBalance: 55_000, vantageCash: 4_900 });
    expect((await ledger(player)).filter((r) => r.reason === "dispute_restore")).toEqual([]);
    expect((await withdraw(player, 20)).status).toBe(200);
  });

  it("takes the pack back when the close (lost) arrives before the opening, once", async () => {
    const player = await signIn();
    const pi = await buy(player, 1999);
    expect(await dispute("charge.dispute.closed", "dp_late", pi, "lost")).toEqual({ received: true, moved: true });
    expect(await dispute("charge.dispute.created", "dp_late", pi, "needs_response")).toEqual({ received: true, moved: false });
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
  });

  it("acknowledges a dispute or refund for a payment intent it never sold, logs it, and moves nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const withOperatorLog = { ...appEnv, LOG_LEVEL: "warn" }; // silent elsewhere in this file
    workerEnv = withOperatorLog;
    onTestFinished(() => {
      workerEnv = appEnv;
    });
    const player = await signIn();
    await buy(player, 999);
    expect(await dispute("charge.dispute.created", "dp_unknown", "pi_nobody", "needs_response")).toEqual({
      received: true,
      ignored: "unknown payment intent",
    });
    expect(await deliver(chargeRefundedEvent({ paymentIntent: "pi_nobody", amount: 999, amountRefunded: 999 }))).toEqual({
      received: true,
      ignored: "unknown payment intent",
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("unknown payment intent"), "pi_nobody", expect.any(String));
    expect(await me(player)).toMatchObject({ coinBalance: 15_000, vantageCash: 900 });
  });
});

describe("disputes and play-through (CASH_PLAYTHROUGH as configured)", () => {
  it("a disputed pack's cash leaves what is still to play, and a won dispute puts it back", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const toPlay = async () => (await wallet.getRedeemable(player.userId, Date.now())).cashToPlay;
    const send = async (payload: string) => {
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: DEV_STRIPE_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000),
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
      const res = await realEnvApi("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
      expect(res.status).toBe(200);
    };
    await send(checkoutCompletedEvent({ sessionId: "cs_pt_1", userId: player.userId, amountTotal: 999, paymentIntent: "pi_pt_1" }));
    expect(await toPlay()).toBe(900);
    await send(
      disputeEvent({
        type: "charge.dispute.created",
        disputeId: "dp_pt_1",
        paymentIntent: "pi_pt_1",
        amount: 999,
        status: "needs_response",
      }),
    );
    expect(await toPlay()).toBe(0);
    await send(disputeEvent({ type: "charge.dispute.closed", disputeId: "dp_pt_1", paymentIntent: "pi_pt_1", amount: 999, status: "won" }));
    expect(await toPlay()).toBe(900);
    expect((await wallet.getRedeemable(player.userId, Date.now())).redeemableCash).toBe(0);
  });
});

describe("charge.refunded", () => {
  it("reverses a full refund whole, once per refund state", async () => {
    const player = await signIn();
    const pi = await buy(player, 4999);
    const full = chargeRefundedEvent({ paymentIntent: pi, amount: 4999, amountRefunded: 4999 });
    const answers = await Promise.all([deliver(full), deliver(full)]);
    expect(answers.filter((a) => a.moved).length).toBe(1);
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    await expectConsistent(player);
  });

  it("reverses partial refunds in proportion, rounding down, and the rest of the pack when the refund completes", async () => {
    const player = await signIn();
    const pi = await buy(player, 999); // 10,000 Coins + 9 Vantage Cash
    await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 999, amountRefunded: 333 }));
    // floor(10,000 × 333 / 999) = 3,333 Coins; floor(900 × 333 / 999) = 300 cents.
    expect(await me(player)).toMatchObject({ coinBalance: 11_667, vantageCash: 600 });
    // The same refund state again moves nothing; an older (smaller) one neither.
    expect(await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 999, amountRefunded: 333 }))).toEqual({
      received: true,
      moved: false,
    });
    expect(await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 999, amountRefunded: 100 }))).toEqual({
      received: true,
      moved: false,
    });
    await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 999, amountRefunded: 500 }));
    // Cumulative: floor(10,000 × 500 / 999) = 5,005 Coins, floor(900 × 500 / 999) = 450 cents.
    expect(await me(player)).toMatchObject({ coinBalance: 9_995, vantageCash: 450 });
    await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 999, amountRefunded: 999 }));
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    const refunds = (await ledger(player)).filter((r) => r.reason === "refund_reversal");
    expect(refunds.map((r) => [r.currency, r.amount, r.reference])).toEqual([
      ["coins", -3_333, `refund:${pi}:333`],
      ["cash", -300, `refund:${pi}:333`],
      ["coins", -1_672, `refund:${pi}:500`],
      ["cash", -150, `refund:${pi}:500`],
      ["coins", -4_995, `refund:${pi}:999`],
      ["cash", -450, `refund:${pi}:999`],
    ]);
    await expectConsistent(player);
  });

  it("never takes more than the pack when a disputed charge is also refunded, and a won dispute gives back only the unrefunded part", async () => {
    const player = await signIn();
    const pi = await buy(player, 999);
    await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 999, amountRefunded: 333 }));
    await dispute("charge.dispute.created", "dp_mixed", pi, "needs_response");
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    await dispute("charge.dispute.closed", "dp_mixed", pi, "won");
    expect(await me(player)).toMatchObject({ coinBalance: 11_667, vantageCash: 600 });
    await expectConsistent(player);
  });
});

describe("owed: a reversal beyond the balance", () => {
  it("takes what the wallet holds, records the rest as owed, refuses redemptions, and lets the next credits repay it first, in order", async () => {
    const player = await signIn();
    const admin = await signIn("admin@vantage.test", "Operator");
    await onboard(player);
    const pi = await buy(player, 4999); // 55,000 Coins, 4,900 cents
    expect((await withdraw(player, 40)).status).toBe(200); // 900 cents left
    const [event] = await openEvents(1);
    const bet = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 54_000,
      picks: [pickOf(event!, "Moneyline", "Home")],
    });
    expect(bet.status).toBe(200);
    expect(await me(player)).toMatchObject({ coinBalance: 1_000, vantageCash: 900 });

    await dispute("charge.dispute.created", "dp_owed", pi, "needs_response");
    await dispute("charge.dispute.closed", "dp_owed", pi, "lost");
    expect(await me(player)).toMatchObject({ coinBalance: 0, vantageCash: 0, owedCoins: 49_000, owedCash: 4_000 });
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(OWED_MESSAGE);

    // 1. The daily bonus (+1,000 Coins, +1 Vantage Cash) goes entirely to what is owed.
    const wallet = getUserWallet(env, player.userId);
    expect((await wallet.claimDailyBonus(player.userId, Date.now())).ok).toBe(true);
    expect(await me(player)).toMatchObject({ coinBalance: 0, vantageCash: 0, owedCoins: 48_000, owedCash: 3_900 });
    // 2. A new pack (+10,000 Coins, +9 Vantage Cash) likewise.
    await buy(player, 999);
    expect(await me(player)).toMatchObject({ coinBalance: 0, vantageCash: 0, owedCoins: 38_000, owedCash: 3_000 });
    // 3. The voided bet's returned stake (+54,000 Coins) repays the rest; 16,000 remain.
    await wallet.flushOutbox(); // the bet reaches D1 (the wallet's outbox window), where the operator route finds it
    const voided = await postJson(`/api/admin/events/${encodeURIComponent(event!.eventId)}/result`, { void: true }, admin.token);
    expect(voided.status).toBe(200);
    await drained(((await voided.json()) as { runId: number }).runId);
    expect(await me(player)).toMatchObject({ coinBalance: 16_000, vantageCash: 0, owedCoins: 0, owedCash: 3_000 });

    const rows = (await ledger(player)).filter((r) => r.reason === "owed_repayment");
    expect(rows.map((r) => [r.currency, r.amount, r.reference])).toEqual([
      ["coins", -1_000, expect.stringMatching(/^daily_bonus:/)],
      ["cash", -100, expect.stringMatching(/^daily_bonus:/)],
      ["coins", -10_000, expect.stringMatching(/^purchase:cs_/)],
      ["cash", -900, expect.stringMatching(/^purchase:cs_/)],
      ["coins", -38_000, `bet_payout:${((await bet.json()) as { bets: { id: string }[] }).bets[0]!.id}`],
    ]);
    const audit = await expectConsistent(player);
    expect(audit.owed).toEqual({ coins: { owed: 0, ledgerSum: 0 }, cash: { owed: 3_000, ledgerSum: 3_000 } });
    expect((await withdraw(player, 20)).status).toBe(409);
  });
});

describe("owed: repaid by restored packs and returned redemptions too", () => {
  it("a won dispute's restore and a failed payout's refund each repay what is owed before any balance appears", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const big = await buy(player, 4999);
    const small = await buy(player, 999);
    const held = await wallet.requestRedemption(player.userId, { amountCents: 5_000, redemptionId: "rd_owed_refund" }, Date.now());
    expect(held.ok).toBe(true);
    expect(await me(player)).toMatchObject({ coinBalance: 65_000, vantageCash: 800 });

    await dispute("charge.dispute.created", "dp_big", big, "needs_response");
    await dispute("charge.dispute.created", "dp_small", small, "needs_response");
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0, owedCoins: 0, owedCash: 5_000 });

    await dispute("charge.dispute.closed", "dp_small", small, "won");
    expect(await me(player)).toMatchObject({ coinBalance: 15_000, vantageCash: 0, owedCash: 4_100 });
    const failed = await wallet.failRedemption(player.userId, { redemptionId: "rd_owed_refund", reason: "Account closed" }, Date.now());
    expect(failed.ok).toBe(true);
    expect(await me(player)).toMatchObject({ coinBalance: 15_000, vantageCash: 900, owedCash: 0 });

    expect((await ledger(player)).filter((r) => r.reason === "owed_repayment").map((r) => [r.currency, r.amount, r.reference])).toEqual([
      ["cash", -900, "dispute_restore:dispute:dp_small"],
      ["cash", -4_100, "redemption_refund:rd_owed_refund"],
    ]);
    await expectConsistent(player);
  });
});

describe("a dispute racing a bet and a redemption on one wallet", () => {
  it("keeps the ledger equal to the balance and the balance at or above zero, whichever order they run in", async () => {
    const [event] = await openEvents(1);
    for (let round = 0; round < 4; round++) {
      const player = await signIn();
      await onboard(player);
      const pi = await buy(player, 4999);
      const [disputed, betRes, redemption] = await Promise.all([
        dispute("charge.dispute.created", `dp_race_${round}`, pi, "needs_response"),
        placeBet(player.token, { kind: "Singles", wallet: "cash", amount: 30, picks: [pickOf(event!, "Total", "Over")] }),
        withdraw(player, 25),
        dispute("charge.dispute.created", `dp_race_${round}`, pi, "needs_response"),
      ]);
      expect(disputed.received).toBe(true);
      expect(betRes.status).toBeLessThan(500);
      // Paid, paused by the open dispute, or short of cash after the bet.
      expect([200, 400, 409]).toContain(redemption.status);
      const audit = await expectConsistent(player);
      const rows = await ledger(player);
      expect(rows.filter((r) => r.reason === "dispute_reversal" && r.currency === "coins")).toHaveLength(1);
      const staked = betRes.status === 200 ? 3_000 : 0;
      const held = redemption.status === 200 ? 2_500 : 0;
      // Whatever ran first, the cash that left plus what is owed is exactly the pack.
      expect(audit.cash.balance - audit.owed.cash.owed).toBe(4_900 - staked - held - 4_900);
    }
  });
});

describe("the simulated provider's Dispute and Refund actions (development)", () => {
  it("deliver the same signed events through the webhook: dispute, win it, then refund half and the rest", async () => {
    const player = await signIn();
    const start = await postJson("/api/checkout/session", { amountCents: 999 }, player.token);
    const path = new URL(((await start.json()) as { url: string }).url).pathname;
    expect((await api(`${path}/dispute`, { method: "POST", redirect: "manual" })).status).toBe(409); // not paid yet
    expect((await api(`${path}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
    expect(await me(player)).toMatchObject({ coinBalance: 15_000, vantageCash: 900 });

    const page = async () => (await api(path)).text();
    expect(await page()).toContain(">Dispute</button>");
    const disputed = await api(`${path}/dispute`, { method: "POST", redirect: "manual" });
    expect(disputed.status).toBe(303);
    expect(disputed.headers.get("Location")).toBe(path);
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    const underReview = await page();
    expect(underReview).toContain("needs_response (open)");
    expect(underReview).toContain("Close dispute: won");
    expect(underReview).not.toContain(">Refund half</button>");
    expect(underReview).not.toContain(">Refund</button>");

    await api(`${path}/dispute/won`, { method: "POST", redirect: "manual" });
    expect(await me(player)).toMatchObject({ coinBalance: 15_000, vantageCash: 900 });
    await api(`${path}/refund/half`, { method: "POST", redirect: "manual" });
    // floor(10,000 × 499 / 999) = 4,994 Coins and floor(900 × 499 / 999) = 449 cents back.
    expect(await me(player)).toMatchObject({ coinBalance: 10_006, vantageCash: 451 });
    await api(`${path}/refund/full`, { method: "POST", redirect: "manual" });
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    const done = await page();
    expect(done).toContain("$9.99");
    expect(done).not.toContain(">Refund</button>");
    await expectConsistent(player);
  });
});
