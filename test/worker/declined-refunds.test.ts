// A declined pack's refund is owed until the provider has made it. When the webhook's refund
// fails (the simulated provider refuses it, as Stripe refuses one with a restricted key or on
// a disputed charge), the wallet's alarm asks again, backing off per DECLINED_REFUND_RETRY_*,
// under the same idempotency key, so the provider refunds once even when a redelivered
// completion races the alarm; the refund is recorded once. Until then the reconciliation lists
// the payment as paid with no pack credited, a pack with no PaymentIntent (refunded by hand)
// included, and once refunded it lists nothing.
import { runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refundDeclinedPacksOnAlarm } from "../../worker/payments/in-wallet/methods";
import { simPaymentIntentOf } from "../../worker/payments/sim-records";
import { createSimulatedProvider, simRefundRefusals } from "../../worker/payments/simulated-provider";
import { runReconciliation, utcDay } from "../../worker/reconciliation/reconciliation-run";
import { tunables } from "../../worker/tunables";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import type { WalletHost } from "../../worker/wallet/wallet-object";
import { DECLINED_REFUNDS, owedRefundDueNow, owedRefundRow, refundedByAlarm as refundedByOwedAlarm } from "./owed-refund-fixtures";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { drainOutboxNow } from "./settlement-fixtures";
import { checkoutCompletedEvent, disputeEvent, stripeSignature } from "./stripe-events";

const RETRY_MS = tunables(env).DECLINED_REFUND_RETRY_SECONDS * 1000;
const RETRY_MAX_MS = tunables(env).DECLINED_REFUND_RETRY_MAX_SECONDS * 1000;

const wallet = (player: SignedIn) => getUserWallet(env, player.userId);

afterEach(() => simRefundRefusals.clear());

async function deliver(payload: string): Promise<{ status: number; body: unknown }> {
  const signature = await stripeSignature(payload);
  const res = await api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
  return { status: res.status, body: await res.json() };
}

/**
 * A checkout the player paid at the simulated provider (its own books say so) whose completion
 * has not arrived when they take a break: the completion that follows is declined.
 */
async function paidThenBreak(player: SignedIn, amountCents: number): Promise<{ sessionId: string; paidAt: number }> {
  const res = await postJson("/api/checkout/session", { amountCents }, player.token);
  expect(res.status).toBe(200);
  const sessionId = new URL(((await res.json()) as { url: string }).url).pathname.split("/").pop()!;
  const paidAt = Date.now();
  await env.DB.prepare("UPDATE sim_checkout_sessions SET status = 'completed', completed_at = ? WHERE id = ?")
    .bind(paidAt, sessionId)
    .run();
  expect((await postJson("/api/me/break", { period: "24h" }, player.token)).status).toBe(200);
  return { sessionId, paidAt };
}

const completion = (player: SignedIn, sessionId: string, amountTotal: number) =>
  checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal, paymentIntent: simPaymentIntentOf(sessionId) });

/** Refunds in the simulated provider's own books for a session's payment: their ids and cents. */
async function simRefunds(sessionId: string): Promise<{ id: string; amount_cents: number }[]> {
  const rows = await env.DB.prepare("SELECT id, amount_cents FROM sim_reversals WHERE kind = 'refund' AND payment_intent = ?")
    .bind(simPaymentIntentOf(sessionId))
    .all<{ id: string; amount_cents: number }>();
  return rows.results;
}

const dueRow = (player: SignedIn, id: string) => owedRefundRow(player.userId, DECLINED_REFUNDS, id);
const tryDueNow = (player: SignedIn, id: string) => owedRefundDueNow(player.userId, DECLINED_REFUNDS, id);
const refundedByAlarm = (player: SignedIn, id: string) => refundedByOwedAlarm(player.userId, DECLINED_REFUNDS, id);

async function purchaseOf(player: SignedIn, sessionId: string) {
  return (await wallet(player).listPurchases(player.userId, Date.now())).find((p) => p.checkout_session_id === sessionId);
}

async function bookings(player: SignedIn) {
  await drainOutboxNow(player.userId);
  const rows = await env.DB.prepare("SELECT kind, reference, amount_cents, booked_at FROM payment_bookings WHERE user_id = ? ORDER BY kind")
    .bind(player.userId)
    .all<{ kind: string; reference: string; amount_cents: number; booked_at: number }>();
  return rows.results;
}

/** What the reconciliation of the payment's day, run now, lists about this checkout session. */
async function reconciled(player: SignedIn, sessionId: string, paidAt: number) {
  await drainOutboxNow(player.userId);
  // Run past the in-flight allowance, as the cron or an operator would.
  const { differences } = await runReconciliation(
    env.DB,
    { day: utcDay(paidAt), trigger: "operator", requestedBy: null, provider: createSimulatedProvider(env, BASE) },
    Date.now() + 11 * 60_000,
  );
  return differences.filter((d) => d.providerRef === sessionId || d.vantageRef === sessionId);
}

async function expectNothingCredited(player: SignedIn): Promise<void> {
  const ledger = await wallet(player).getLedger(player.userId, Date.now());
  expect(ledger.filter((row) => row.reason !== "opening_balance")).toEqual([]);
  expect((await wallet(player).auditLedger(player.userId, Date.now())).balancesToZero).toBe(true);
}

describe("a declined pack whose refund fails at first", () => {
  it("is refunded by the wallet's alarm afterwards, once, and the reconciliation lists it only while owed", async () => {
    const player = await signIn();
    const { sessionId, paidAt } = await paidThenBreak(player, 4999);
    simRefundRefusals.set(simPaymentIntentOf(sessionId), 1);

    // The provider refuses the webhook's refund: Stripe is asked to deliver again, and the refund is owed.
    expect(await deliver(completion(player, sessionId, 4999))).toMatchObject({ status: 503 });
    expect(await simRefunds(sessionId)).toEqual([]);
    expect(await purchaseOf(player, sessionId)).toMatchObject({ coins: 0, amount_cents: 4999, refunded_cents: 0 });
    const owed = await dueRow(player, sessionId);
    expect(owed).toMatchObject({ tries: 0 });
    expect(owed!.next_try_at).toBeGreaterThan(paidAt + RETRY_MS - 1_000);
    expect(owed!.next_try_at).toBeLessThanOrEqual(Date.now() + RETRY_MS);
    // The wallet's alarm is set to try again by then.
    const alarm = await runInDurableObject(wallet(player), (_instance: UserWallet, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(owed!.next_try_at);

    // Operators see it: paid at the provider, no pack credited (nothing booked as received yet).
    expect(await bookings(player)).toEqual([]);
    expect(await reconciled(player, sessionId, paidAt)).toEqual([
      expect.objectContaining({ view: "packs", kind: "missing-credit", userId: player.userId, providerCents: 4999, vantageRef: null }),
    ]);

    await tryDueNow(player, sessionId);
    await refundedByAlarm(player, sessionId);
    expect(await simRefunds(sessionId)).toEqual([{ id: `re_sim_declined-refund-${sessionId}`, amount_cents: 4999 }]);
    expect(await purchaseOf(player, sessionId)).toMatchObject({ coins: 0, refunded_cents: 4999, reversed_coins: 0, reversed_cash: 0 });
    await expectNothingCredited(player);

    // Stripe's redelivery, and the alarm ringing again, refund nothing more.
    expect(await deliver(completion(player, sessionId, 4999))).toEqual({
      status: 200,
      body: { received: true, credited: false, declined: "break" },
    });
    await ringAlarm(wallet(player));
    expect(await simRefunds(sessionId)).toHaveLength(1);

    // Booked as the provider has it, the payment dated at the decline; the reconciliation lists nothing more.
    const booked = await bookings(player);
    expect(booked.map(({ kind, reference, amount_cents }) => ({ kind, reference, amount_cents }))).toEqual([
      { kind: "credit", reference: sessionId, amount_cents: 4999 },
      { kind: "refund", reference: `refund:${simPaymentIntentOf(sessionId)}:4999`, amount_cents: 4999 },
    ]);
    expect(booked[0]!.booked_at).toBeLessThan(owed!.next_try_at);
    expect(await reconciled(player, sessionId, paidAt)).toEqual([]);
  });

  it("refunds once when a redelivered completion and the alarm ask at the same time", async () => {
    const player = await signIn();
    const { sessionId } = await paidThenBreak(player, 1999);
    simRefundRefusals.set(simPaymentIntentOf(sessionId), 1);
    expect(await deliver(completion(player, sessionId, 1999))).toMatchObject({ status: 503 });

    await tryDueNow(player, sessionId);
    const [redelivered] = await Promise.all([deliver(completion(player, sessionId, 1999)), ringAlarm(wallet(player))]);
    expect(redelivered).toEqual({ status: 200, body: { received: true, credited: false, declined: "break" } });
    await vi.waitUntil(async () => (await dueRow(player, sessionId)) === null, { timeout: 20_000, interval: 20 });

    expect(await simRefunds(sessionId)).toEqual([{ id: `re_sim_declined-refund-${sessionId}`, amount_cents: 1999 }]);
    expect(await purchaseOf(player, sessionId)).toMatchObject({ refunded_cents: 1999, reversed_coins: 0, reversed_cash: 0 });
    await expectNothingCredited(player);
    expect((await bookings(player)).map(({ kind, amount_cents }) => [kind, amount_cents])).toEqual([
      ["credit", 1999],
      ["refund", 1999],
    ]);
  });

  it("without a PaymentIntent, waits for an operator and stays listed by the reconciliation", async () => {
    const player = await signIn();
    const { sessionId, paidAt } = await paidThenBreak(player, 999);
    expect(await deliver(checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal: 999 }))).toEqual({
      status: 200,
      body: { received: true, credited: false, declined: "break" },
    });
    expect(await dueRow(player, sessionId)).toMatchObject({ tries: 0 });

    // The alarm has nothing it can ask of the provider, even long after.
    const asked: string[] = [];
    await runInDurableObject(wallet(player), (instance: UserWallet) =>
      refundDeclinedPacksOnAlarm(
        (instance as unknown as { host: WalletHost }).host,
        {
          refundDeclined: async ({ checkoutSessionId }) => {
            asked.push(checkoutSessionId);
            return { ok: true };
          },
        },
        Date.now() + RETRY_MAX_MS,
      ),
    );
    expect(asked).toEqual([]);
    expect(await simRefunds(sessionId)).toEqual([]);
    expect(await dueRow(player, sessionId)).toMatchObject({ tries: 0 });
    expect(await reconciled(player, sessionId, paidAt)).toEqual([
      expect.objectContaining({ kind: "missing-credit", userId: player.userId, providerCents: 999 }),
    ]);
  });
});

describe("the alarm's tries at an owed refund", () => {
  it("wait DECLINED_REFUND_RETRY_SECONDS, doubling up to the maximum, and stop once the refund is made", async () => {
    const player = await signIn();
    const stub = wallet(player);
    // A Stripe session, so only this test's port is ever asked for its refund.
    const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
    const paymentIntent = `pi_test_${sessionId.slice("cs_test_".length)}`;
    await stub.takeBreak(player.userId, "24h", Date.now());
    const declinedAt = Date.now();
    const declined = await stub.creditPurchase(
      player.userId,
      { checkoutSessionId: sessionId, amountCents: 999, paymentIntent },
      declinedAt,
    );
    expect(declined).toMatchObject({
      ok: true,
      credited: false,
      declined: { reason: "break", refund: { paymentIntent, amountCents: 999 } },
    });
    expect((await dueRow(player, sessionId))!.next_try_at).toBe(declinedAt + RETRY_MS);

    const asked: { checkoutSessionId: string; paymentIntent: string }[] = [];
    let answer: { ok: true } | { ok: false; reason: string } = { ok: false, reason: "This API key lacks permission" };
    const alarmAt = (now: number) =>
      runInDurableObject(stub, (instance: UserWallet) =>
        refundDeclinedPacksOnAlarm(
          (instance as unknown as { host: WalletHost }).host,
          {
            refundDeclined: async (input) => {
              asked.push(input);
              return answer;
            },
          },
          now,
        ),
      );

    // Not due before its time.
    await alarmAt(declinedAt + RETRY_MS - 1);
    expect(asked).toEqual([]);

    const waits: number[] = [];
    for (let tries = 1; tries <= 12; tries++) {
      const { next_try_at } = (await dueRow(player, sessionId))!;
      const before = Date.now();
      await alarmAt(next_try_at);
      const after = (await dueRow(player, sessionId))!;
      expect(after).toMatchObject({ tries, last_error: "This API key lacks permission" });
      const wait = Math.min(RETRY_MS * 2 ** tries, RETRY_MAX_MS);
      expect(after.next_try_at).toBeGreaterThanOrEqual(before + wait);
      expect(after.next_try_at).toBeLessThanOrEqual(Date.now() + wait);
      waits.push(wait);
    }
    expect(waits.at(-1)).toBe(RETRY_MAX_MS);
    expect(asked).toHaveLength(12);
    // Every try asks for the same refund: the provider's idempotency key follows from the session.
    expect(new Set(asked.map((input) => `${input.checkoutSessionId} ${input.paymentIntent}`))).toEqual(
      new Set([`${sessionId} ${paymentIntent}`]),
    );

    answer = { ok: true };
    await alarmAt((await dueRow(player, sessionId))!.next_try_at);
    expect(await dueRow(player, sessionId)).toBeNull();
    expect(await purchaseOf(player, sessionId)).toMatchObject({ refunded_cents: 999 });
    await alarmAt(Date.now() + RETRY_MAX_MS);
    expect(asked).toHaveLength(13);
    await expectNothingCredited(player);
  });

  it("only records a refund the provider reported itself (Stripe's charge.refunded), without asking it again", async () => {
    const player = await signIn();
    const stub = wallet(player);
    const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
    const paymentIntent = `pi_test_${sessionId.slice("cs_test_".length)}`;
    await stub.takeBreak(player.userId, "24h", Date.now());
    await stub.creditPurchase(player.userId, { checkoutSessionId: sessionId, amountCents: 999, paymentIntent }, Date.now());
    // Refunded by hand in Stripe's dashboard, and reported.
    await stub.applyRefund(player.userId, { paymentIntent, chargeAmountCents: 999, amountRefundedCents: 999 }, Date.now());

    const asked: string[] = [];
    await runInDurableObject(stub, (instance: UserWallet) =>
      refundDeclinedPacksOnAlarm(
        (instance as unknown as { host: WalletHost }).host,
        {
          refundDeclined: async ({ checkoutSessionId }) => {
            asked.push(checkoutSessionId);
            return { ok: true };
          },
        },
        Date.now(),
      ),
    );
    expect(asked).toEqual([]);
    expect(await dueRow(player, sessionId)).toBeNull();
    expect((await bookings(player)).map(({ kind, reference }) => [kind, reference])).toEqual([
      ["credit", sessionId],
      ["refund", `refund:${paymentIntent}:999`],
    ]);
  });
});

describe("a declined pack whose charge is disputed", () => {
  it("asks no refund while the dispute holds; lost, none is owed; won, the refund is owed again", async () => {
    const [losing, winning] = [await signIn(), await signIn()];
    const lost = { player: losing, ...(await paidThenBreak(losing, 999)) };
    const won = { player: winning, ...(await paidThenBreak(winning, 1999)) };
    for (const { player, sessionId } of [lost, won]) {
      simRefundRefusals.set(simPaymentIntentOf(sessionId), 1);
      expect(await deliver(completion(player, sessionId, sessionId === lost.sessionId ? 999 : 1999))).toMatchObject({ status: 503 });
    }
    const dispute = (sessionId: string, type: "charge.dispute.created" | "charge.dispute.closed", status: string) =>
      deliver(disputeEvent({ type, disputeId: `dp_${sessionId}`, paymentIntent: simPaymentIntentOf(sessionId), amount: 999, status }));
    for (const { sessionId } of [lost, won]) await dispute(sessionId, "charge.dispute.created", "needs_response");
    // While the disputes hold, neither a redelivered completion nor the alarm asks the provider for a refund.
    for (const { player, sessionId } of [lost, won]) await tryDueNow(player, sessionId);
    expect(await deliver(completion(losing, lost.sessionId, 999))).toMatchObject({ status: 200 });
    for (const { player } of [lost, won]) await ringAlarm(wallet(player));
    expect([...(await simRefunds(lost.sessionId)), ...(await simRefunds(won.sessionId))]).toEqual([]);

    // Lost: the bank has returned the payment, so no refund is owed.
    await dispute(lost.sessionId, "charge.dispute.closed", "lost");
    expect(await dueRow(losing, lost.sessionId)).toBeNull();
    // Won: the payment stays with us, so the alarm refunds it.
    await dispute(won.sessionId, "charge.dispute.closed", "won");
    await tryDueNow(winning, won.sessionId);
    await refundedByAlarm(winning, won.sessionId);
    expect((await simRefunds(won.sessionId)).map((r) => r.amount_cents)).toEqual([1999]);
    expect(await simRefunds(lost.sessionId)).toEqual([]);
    for (const player of [losing, winning]) await expectNothingCredited(player);
  });
});
