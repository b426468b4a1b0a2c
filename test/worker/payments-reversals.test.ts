// Money that comes back, through the real webhook with Stripe-signed events:
// disputes (opened, won, lost, replayed), full and partial refunds, reversals beyond the
// balance recorded as owed and repaid first by the next credits, redemptions paused
// while a dispute is open or anything is owed, and a dispute racing a bet and a
// redemption on one wallet. Play-through (CASH_PLAYTHROUGH) is off here, so every
// Vantage Cash cent a pack leaves is redeemable and only the reversal rules decide.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { Payouts } from "../../worker/payments/payout-port";
import { listRedemptionsWithRetry } from "../../worker/payments/redemption-service";
import { recordPaymentIntent } from "../../worker/payments/reversal-webhooks";
import { getUserWallet } from "../../worker/user-wallet";
import { FRAUD_WARNING_HOLD_MESSAGE, OWED_MESSAGE, UNDER_REVIEW_MESSAGE } from "../../worker/payments/in-wallet/reversals";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { createApp } from "../../worker/app";
import { acceptRulesUnder, BASE, api as realEnvApi, signIn as signInPlayer, type SignedIn, testLegalName } from "./helpers";

const appEnv = { ...env, CASH_PLAYTHROUGH: "0" };
let workerEnv: Env = appEnv;

/** A player who also accepted the sweepstakes rules of this file's configuration (CASH_PLAYTHROUGH makes its own version). */
async function signIn(...args: Parameters<typeof signInPlayer>): Promise<SignedIn> {
  const player = await signInPlayer(...args);
  await acceptRulesUnder(appEnv as Env, player.userId);
  return player;
}

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
import { chargeRefundedEvent, checkoutCompletedEvent, disputeEvent, earlyFraudWarningEvent, stripeSignature } from "./stripe-events";
import { drained } from "./settlement-fixtures";

type Me = { coinBalance: number; vantageCash: number; owedCoins: number; owedCash: number };
const me = async (player: SignedIn) => (await (await api("/api/me", { token: player.token })).json()) as Me;

async function deliver(payload: string) {
  const signature = await stripeSignature(payload);
  const res = await api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
  expect(res.status).toBe(200);
  return (await res.json()) as { received: true; credited?: boolean; declined?: string; moved?: boolean; ignored?: string };
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
      holder_name: testLegalName(player.userId),
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

  it("applies a refund and a lost dispute that arrived before their checkouts, once each checkout is recorded, and once", async () => {
    const player = await signIn();
    const ids = [crypto.randomUUID().replaceAll("-", ""), crypto.randomUUID().replaceAll("-", "")];
    const [refunded, disputed] = ids.map((id) => `pi_${id}`) as [string, string];
    // Stripe does not promise order: the take-backs come first, for payment intents not known yet.
    expect(await deliver(chargeRefundedEvent({ paymentIntent: refunded, amount: 999, amountRefunded: 999 }))).toEqual({
      received: true,
      ignored: "unknown payment intent",
    });
    expect(await dispute("charge.dispute.created", `dp_early_${ids[1]}`, disputed, "needs_response")).toMatchObject({
      ignored: "unknown payment intent",
    });
    expect(await dispute("charge.dispute.closed", `dp_early_${ids[1]}`, disputed, "lost")).toMatchObject({
      ignored: "unknown payment intent",
    });
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });

    // Each checkout's completion credits its pack and then applies what came for it first.
    for (const [i, paymentIntent] of [refunded, disputed].entries()) {
      const completed = checkoutCompletedEvent({ sessionId: `cs_${ids[i]}`, userId: player.userId, amountTotal: 999, paymentIntent });
      expect(await deliver(completed)).toMatchObject({ credited: true });
      expect(await deliver(completed)).toMatchObject({ credited: false });
    }
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0, owedCoins: 0, owedCash: 0 });
    const takenBack = async (reason: string) =>
      (await ledger(player))
        .filter((r) => r.reason === reason)
        .map((r) => r.currency)
        .sort();
    expect(await takenBack("refund_reversal")).toEqual(["cash", "coins"]);
    expect(await takenBack("dispute_reversal")).toEqual(["cash", "coins"]);
    await expectConsistent(player);
  });

  it("keeps a refund that came after the payment was recorded but before the pack was credited, and applies it with the credit", async () => {
    const player = await signIn();
    const id = crypto.randomUUID().replaceAll("-", "");
    const paymentIntent = `pi_${id}`;
    // The completion has recorded whose payment this is, and not yet reached the wallet.
    await recordPaymentIntent(
      appEnv,
      { paymentIntent, userId: player.userId, checkoutSessionId: `cs_${id}`, amountCents: 999 },
      Date.now(),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await deliver(chargeRefundedEvent({ paymentIntent, amount: 999, amountRefunded: 999 }))).toMatchObject({
      ignored: "unknown purchase",
    });
    warn.mockRestore();
    const completed = checkoutCompletedEvent({ sessionId: `cs_${id}`, userId: player.userId, amountTotal: 999, paymentIntent });
    expect(await deliver(completed)).toMatchObject({ credited: true });
    expect(await me(player)).toMatchObject({ coinBalance: 5_000, vantageCash: 0, owedCoins: 0, owedCash: 0 });
    expect(
      (await ledger(player))
        .filter((r) => r.reason === "refund_reversal")
        .map((r) => r.currency)
        .sort(),
    ).toEqual(["cash", "coins"]);
    await expectConsistent(player);
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
      const signature = await stripeSignature(payload);
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
    // 2. A pack paid after the chargeback was lost is not credited at all: declined and refunded.
    const late = crypto.randomUUID().replaceAll("-", "");
    const declined = await deliver(
      checkoutCompletedEvent({ sessionId: `cs_${late}`, userId: player.userId, amountTotal: 999, paymentIntent: `pi_${late}` }),
    );
    expect(declined).toMatchObject({ credited: false, declined: "withdrawn" });
    expect(await me(player)).toMatchObject({ coinBalance: 0, vantageCash: 0, owedCoins: 48_000, owedCash: 3_900 });
    // 3. The voided bet's returned stake (+54,000 Coins) repays the rest; 6,000 remain.
    await wallet.flushOutbox(); // the bet reaches D1 (the wallet's outbox window), where the operator route finds it
    const voided = await postJson(`/api/admin/events/${encodeURIComponent(event!.eventId)}/result`, { void: true }, admin.token);
    expect(voided.status).toBe(200);
    await drained(((await voided.json()) as { runId: number }).runId);
    expect(await me(player)).toMatchObject({ coinBalance: 6_000, vantageCash: 0, owedCoins: 0, owedCash: 3_900 });

    const rows = (await ledger(player)).filter((r) => r.reason === "owed_repayment");
    expect(rows.map((r) => [r.currency, r.amount, r.reference])).toEqual([
      ["coins", -1_000, expect.stringMatching(/^daily_bonus:/)],
      ["cash", -100, expect.stringMatching(/^daily_bonus:/)],
      ["coins", -48_000, `bet_payout:${((await bet.json()) as { bets: { id: string }[] }).bets[0]!.id}`],
    ]);
    const audit = await expectConsistent(player);
    expect(audit.owed).toEqual({ coins: { owed: 0, ledgerSum: 0 }, cash: { owed: 3_900, ledgerSum: 3_900 } });
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

describe("early fraud warnings (radar.early_fraud_warning.created)", () => {
  const warn = (warningId: string, paymentIntent: string, actionable: boolean) =>
    deliver(earlyFraudWarningEvent({ warningId, paymentIntent, actionable }));
  const admin = () => signIn("admin@vantage.test", "Operator");
  const secondOperator = () => signIn("ops@vantage.test", "Ops");
  /** One operator asks to clear the warning; a second approves. */
  async function clearWarning(player: SignedIn, warningId: string, reason: string) {
    const asked = await postJson(
      `/api/admin/players/${player.userId}/fraud-warnings/${warningId}/clear`,
      { reason },
      (await admin()).token,
    );
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string } };
    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, {}, (await secondOperator()).token);
    expect(approved.status).toBe(200);
    return ((await approved.json()) as { request: { outcome: { changed: boolean } } }).request.outcome;
  }
  const purchaseRows = async (player: SignedIn) => getUserWallet(env, player.userId).listPurchases(player.userId, Date.now());

  it("a warning delivered three times holds redemptions once, until a second operator approves clearing it (audited once)", async () => {
    const player = await signIn();
    await onboard(player);
    const pi = await buy(player, 4999);
    const answers = await Promise.all([1, 2, 3].map(() => warn("issfr_three", pi, false)));
    expect(answers.filter((a) => a.moved)).toHaveLength(1);
    // Not actionable: nothing is refunded or taken back, but nothing can be redeemed.
    expect(await me(player)).toMatchObject({ coinBalance: 55_000, vantageCash: 4_900 });
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "redemptions-paused", message: FRAUD_WARNING_HOLD_MESSAGE } });
    expect((await api("/api/me", { token: player.token }).then((r) => r.json())) as { redemptionPause: string }).toMatchObject({
      redemptionPause: FRAUD_WARNING_HOLD_MESSAGE,
      redeemableCash: 0,
    });

    const operator = await admin();
    const second = await secondOperator();
    const ask = (warningId: string, reason: string) =>
      postJson(`/api/admin/players/${player.userId}/fraud-warnings/${warningId}/clear`, { reason }, operator.token);
    expect((await ask("issfr_nobody", "checked")).status).toBe(404);
    // One operator asks (asking again answers the same request); redemptions stay held until a second approves.
    const requestOf = async (res: Response) => {
      expect(res.status).toBe(202);
      return ((await res.json()) as { request: { id: string } }).request;
    };
    const request = await requestOf(await ask("issfr_three", "card holder confirmed the purchase"));
    expect((await requestOf(await ask("issfr_three", "card holder confirmed the purchase"))).id).toBe(request.id);
    expect((await withdraw(player, 20)).status).toBe(409);
    // Two approvals at once: one clears it; the other finds it cleared, or the request decided.
    const approvals = await Promise.all([1, 2].map(() => postJson(`/api/admin/approvals/${request.id}/approve`, {}, second.token)));
    expect(approvals.map((r) => r.status)).toContain(200);
    expect(approvals.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    await Promise.all(approvals.map((r) => r.body?.cancel()));
    expect((await api("/api/me", { token: player.token }).then((r) => r.json())) as object).toMatchObject({ redemptionPause: null });
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: operator.token })).json()) as {
      entries: { action: string; actor: string; reason: string; details: { warningId: string } }[];
    };
    expect(audit.entries.filter((e) => e.action === "fraud-warning-clear")).toEqual([
      expect.objectContaining({
        actor: "ops@vantage.test",
        reason: "card holder confirmed the purchase",
        details: { warningId: "issfr_three" },
      }),
    ]);
    // A replay after the clearance changes nothing, and redemptions work again.
    expect(await warn("issfr_three", pi, false)).toEqual({ received: true, moved: false });
    expect((await withdraw(player, 20)).status).toBe(200);
    await expectConsistent(player);
  });

  it("an actionable warning delivered three times refunds the charge and reverses the pack once, and holds the other packs' cash until cleared", async () => {
    const player = await signIn();
    await onboard(player);
    const pi = await buy(player, 4999);
    await buy(player, 4999);
    await Promise.all([1, 2, 3].map(() => warn("issfr_act", pi, true)));
    expect(await me(player)).toMatchObject({ coinBalance: 55_000, vantageCash: 4_900 });
    const reversals = (await ledger(player)).filter((r) => r.reason === "refund_reversal");
    expect(reversals.map((r) => [r.currency, r.amount, r.reference])).toEqual([
      ["coins", -50_000, `refund:${pi}:4999`],
      ["cash", -4_900, `refund:${pi}:4999`],
    ]);
    expect((await purchaseRows(player)).find((p) => p.payment_intent === pi)).toMatchObject({ refunded_cents: 4999, reversed_cash: 4_900 });
    // Stripe's own charge.refunded for that refund, and more warnings, arrive later: nothing moves.
    expect(await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 4999, amountRefunded: 4999 }))).toEqual({
      received: true,
      moved: false,
    });
    expect(await warn("issfr_act", pi, true)).toEqual({ received: true, moved: false });
    // Refunded and reversed, the warning still holds the cash the other pack bought.
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "redemptions-paused", message: FRAUD_WARNING_HOLD_MESSAGE } });
    expect((await me(player)).vantageCash).toBe(4_900);
    const wallet = getUserWallet(env, player.userId);
    expect(await wallet.listFraudWarnings(player.userId, Date.now())).toEqual([
      expect.objectContaining({ id: "issfr_act", actionable: true, open: true, chargeSettled: true, cleared: null }),
    ]);
    // Operators' review clears it (one asks, a second approves); then the other pack's cash can be redeemed.
    expect(await clearWarning(player, "issfr_act", "card holder confirmed the other purchase")).toMatchObject({ changed: true });
    expect((await withdraw(player, 20)).status).toBe(200);
    expect((await me(player)).vantageCash).toBe(2_900);
    await expectConsistent(player);
  });

  it("in any order: a refund before the warning needs no second refund, a dispute keeps the pack, a warning before the payment waits for it", async () => {
    const refundedFirst = await signIn();
    const pi1 = await buy(refundedFirst, 999);
    await deliver(chargeRefundedEvent({ paymentIntent: pi1, amount: 999, amountRefunded: 999 }));
    expect(await warn("issfr_after_refund", pi1, true)).toEqual({ received: true, moved: true });
    expect((await ledger(refundedFirst)).filter((r) => r.reason === "refund_reversal")).toHaveLength(2);
    // Refunded before the warning came, the warning still holds redemptions for review.
    expect((await api("/api/me", { token: refundedFirst.token }).then((r) => r.json())) as object).toMatchObject({
      redemptionPause: FRAUD_WARNING_HOLD_MESSAGE,
    });

    const disputedFirst = await signIn();
    const pi2 = await buy(disputedFirst, 999);
    await dispute("charge.dispute.created", "dp_then_warning", pi2, "needs_response");
    await warn("issfr_after_dispute", pi2, true);
    expect((await ledger(disputedFirst)).filter((r) => r.reason === "refund_reversal")).toEqual([]);
    await dispute("charge.dispute.closed", "dp_then_warning", pi2, "lost");
    // The bank took the money back: the pack stays reversed, and the warning holds until cleared.
    expect(await me(disputedFirst)).toMatchObject({ coinBalance: 5_000, vantageCash: 0, owedCash: 0 });
    expect((await api("/api/me", { token: disputedFirst.token }).then((r) => r.json())) as object).toMatchObject({
      redemptionPause: FRAUD_WARNING_HOLD_MESSAGE,
    });

    const warnedFirst = await signIn();
    const id = crypto.randomUUID().replaceAll("-", "");
    expect(await warn("issfr_before_payment", `pi_${id}`, true)).toEqual({ received: true, ignored: "unknown payment intent" });
    const completed = checkoutCompletedEvent({
      sessionId: `cs_${id}`,
      userId: warnedFirst.userId,
      amountTotal: 999,
      paymentIntent: `pi_${id}`,
    });
    await Promise.all([deliver(completed), deliver(completed)]);
    expect(await me(warnedFirst)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    expect((await ledger(warnedFirst)).filter((r) => r.reason === "refund_reversal").map((r) => r.currency)).toEqual(["coins", "cash"]);
    await expectConsistent(warnedFirst);
  });
});

describe("pauses reach payouts in flight", () => {
  const recording = () => {
    const transfers: string[] = [];
    const payouts: Payouts = {
      async transfer(input) {
        transfers.push(input.redemptionId);
        return { ok: true, transferId: `tr_test_${input.redemptionId}` };
      },
      async findTransfer() {
        return null;
      },
    };
    return { transfers, payouts };
  };

  it("a dispute arriving between request and transfer stops the transfer and returns the amount, repaying what it made owed", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const pi = await buy(player, 4999);
    const held = await wallet.requestRedemption(player.userId, { amountCents: 4_000, redemptionId: "rd_in_flight" }, Date.now());
    expect(held.ok).toBe(true);
    await dispute("charge.dispute.created", "dp_in_flight", pi, "needs_response");
    expect(await me(player)).toMatchObject({ vantageCash: 0, owedCash: 4_000 });

    const { transfers, payouts } = recording();
    const [after] = await listRedemptionsWithRetry(env, payouts, { userId: player.userId, accountId: "acct_x" }, () => Date.now());
    expect(transfers).toEqual([]);
    expect(after).toMatchObject({ id: "rd_in_flight", status: "failed", failureReason: "returned: payment disputed" });
    expect(await me(player)).toMatchObject({ vantageCash: 0, owedCash: 0 });
    const rows = (await ledger(player)).filter((r) => r.reference.includes("rd_in_flight"));
    expect(rows.map((r) => [r.reason, r.amount, r.reference])).toEqual([
      ["redemption_hold", -4_000, "rd_in_flight"],
      ["redemption_refund", 4_000, "rd_in_flight"],
      ["owed_repayment", -4_000, "redemption_refund:rd_in_flight"],
    ]);
    // Looking again sends and returns nothing more.
    await listRedemptionsWithRetry(env, payouts, { userId: player.userId, accountId: "acct_x" }, () => Date.now());
    expect(transfers).toEqual([]);
    await expectConsistent(player);
  });

  it("a paused redemption the balance still covers waits, and is sent once the dispute is won", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const small = await buy(player, 999);
    await buy(player, 4999);
    const held = await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId: "rd_waits" }, Date.now());
    expect(held.ok).toBe(true);
    await dispute("charge.dispute.created", "dp_waits", small, "needs_response");
    const { transfers, payouts } = recording();
    const look = () => listRedemptionsWithRetry(env, payouts, { userId: player.userId, accountId: "acct_x" }, () => Date.now());
    expect((await look())[0]).toMatchObject({ id: "rd_waits", status: "pending" });
    expect(transfers).toEqual([]);
    await dispute("charge.dispute.closed", "dp_waits", small, "won");
    expect((await look())[0]).toMatchObject({ id: "rd_waits", status: "paid", payoutReference: "tr_test_rd_waits" });
    expect(transfers).toEqual(["rd_waits"]);
  });

  it("an early fraud warning and a freeze hold a retry the same way", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const pi = await buy(player, 4999);
    const held = await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId: "rd_warned" }, Date.now());
    expect(held.ok).toBe(true);
    await deliver(earlyFraudWarningEvent({ warningId: "issfr_in_flight", paymentIntent: pi, actionable: false }));
    const { transfers, payouts } = recording();
    const look = () => listRedemptionsWithRetry(env, payouts, { userId: player.userId, accountId: "acct_x" }, () => Date.now());
    expect((await look())[0]).toMatchObject({ status: "pending" });
    await wallet.setFreeze(player.userId, { frozen: true, reason: "review", actor: "ops" }, Date.now());
    await wallet.clearFraudWarning(player.userId, { warningId: "issfr_in_flight", actor: "ops", reason: "checked" }, Date.now());
    expect((await look())[0]).toMatchObject({ status: "pending" });
    expect(transfers).toEqual([]);
    const { updatedAt: frozenAt } = await wallet.getFreeze(player.userId, Date.now());
    await wallet.setFreeze(player.userId, { frozen: false, reason: "done", actor: "ops", asked: { frozenAt } }, Date.now());
    expect((await look())[0]).toMatchObject({ status: "paid" });
    expect(transfers).toEqual(["rd_warned"]);
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

  it("deliver an early fraud warning through the webhook: one that pauses redemptions, or an actionable one that refunds the pack", async () => {
    const checkout = async (player: SignedIn) => {
      const start = await postJson("/api/checkout/session", { amountCents: 999 }, player.token);
      const path = new URL(((await start.json()) as { url: string }).url).pathname;
      expect((await api(`${path}/fraud-warning/actionable`, { method: "POST", redirect: "manual" })).status).toBe(409); // not paid yet
      expect((await api(`${path}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
      return { path, page: async () => (await api(path)).text() };
    };
    const redemptionPause = async (player: SignedIn) =>
      ((await (await api("/api/me", { token: player.token })).json()) as { redemptionPause: string | null }).redemptionPause;

    const warned = await signIn();
    const first = await checkout(warned);
    expect(await first.page()).toContain(">Early fraud warning</button>");
    expect(await first.page()).toContain(">Early fraud warning (actionable)</button>");
    const posted = await api(`${first.path}/fraud-warning/informational`, { method: "POST", redirect: "manual" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(first.path);
    const after = await first.page();
    expect(after).toContain("made_with_stolen_card (not actionable, redemptions held)");
    expect(after).not.toContain(">Early fraud warning");
    expect(await redemptionPause(warned)).toBe(FRAUD_WARNING_HOLD_MESSAGE);
    expect(await me(warned)).toMatchObject({ coinBalance: 15_000, vantageCash: 900 });

    const refunded = await signIn();
    const second = await checkout(refunded);
    await api(`${second.path}/fraud-warning/actionable`, { method: "POST", redirect: "manual" });
    expect(await me(refunded)).toMatchObject({ coinBalance: 5_000, vantageCash: 0 });
    const done = await second.page();
    expect(done).toContain("made_with_stolen_card (actionable, redemptions held)");
    expect(done).toContain("<dt>Refunded</dt><dd>$9.99</dd>");
    expect(await redemptionPause(refunded)).toBe(FRAUD_WARNING_HOLD_MESSAGE);
    await expectConsistent(refunded);
  });
});
