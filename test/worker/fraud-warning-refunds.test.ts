// An actionable early fraud warning's refund is owed until the provider has made it. When the
// webhook's refund fails (the simulated provider refuses it, as Stripe refuses one with a
// restricted key), the wallet's alarm asks again under the same key, `efw-refund-<warning id>`,
// backing off per DECLINED_REFUND_RETRY_*, so the provider refunds once even when a redelivered
// warning races the alarm, and the pack is reversed once. While a dispute of the charge holds
// nothing is asked; a lost dispute settles what was owed, a won one leaves it owed again.
import { runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { simPaymentIntentOf } from "../../worker/payments/sim-records";
import { simRefundRefusals } from "../../worker/payments/simulated-provider";
import { tunables } from "../../worker/tunables";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { FRAUD_REFUNDS, owedRefundDueNow, owedRefundRow, refundedByAlarm as refundedByOwedAlarm } from "./owed-refund-fixtures";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { chargeRefundedEvent, checkoutCompletedEvent, disputeEvent, earlyFraudWarningEvent, stripeSignature } from "./stripe-events";

const RETRY_MS = tunables(env).DECLINED_REFUND_RETRY_SECONDS * 1000;

const wallet = (player: SignedIn) => getUserWallet(env, player.userId);

afterEach(() => simRefundRefusals.clear());

async function deliver(payload: string): Promise<{ status: number; body: unknown }> {
  const signature = await stripeSignature(payload);
  const res = await api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
  return { status: res.status, body: await res.json() };
}

/** A pack paid at the simulated provider (its own books say so) and credited; its PaymentIntent. */
async function paidPack(player: SignedIn, amountCents: number): Promise<string> {
  const res = await postJson("/api/checkout/session", { amountCents }, player.token);
  expect(res.status).toBe(200);
  const sessionId = new URL(((await res.json()) as { url: string }).url).pathname.split("/").pop()!;
  await env.DB.prepare("UPDATE sim_checkout_sessions SET status = 'completed', completed_at = ? WHERE id = ?")
    .bind(Date.now(), sessionId)
    .run();
  const paymentIntent = simPaymentIntentOf(sessionId);
  const completed = await deliver(checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal: amountCents, paymentIntent }));
  expect(completed).toMatchObject({ status: 200, body: { credited: true } });
  return paymentIntent;
}

const warn = (warningId: string, paymentIntent: string) => deliver(earlyFraudWarningEvent({ warningId, paymentIntent, actionable: true }));

async function simRefunds(paymentIntent: string): Promise<{ id: string; amount_cents: number }[]> {
  const rows = await env.DB.prepare("SELECT id, amount_cents FROM sim_reversals WHERE kind = 'refund' AND payment_intent = ?")
    .bind(paymentIntent)
    .all<{ id: string; amount_cents: number }>();
  return rows.results;
}

const dueRow = (player: SignedIn, id: string) => owedRefundRow(player.userId, FRAUD_REFUNDS, id);
const tryDueNow = (player: SignedIn, id: string) => owedRefundDueNow(player.userId, FRAUD_REFUNDS, id);
const refundedByAlarm = (player: SignedIn, id: string) => refundedByOwedAlarm(player.userId, FRAUD_REFUNDS, id);

async function refundReversals(player: SignedIn) {
  const rows = await wallet(player).getLedger(player.userId, Date.now());
  return rows
    .filter((row) => row.reason === "refund_reversal")
    .map((row) => [row.currency, row.reference])
    .sort();
}

async function warningOf(player: SignedIn, warningId: string) {
  return (await wallet(player).listFraudWarnings(player.userId, Date.now())).find((w) => w.id === warningId);
}

describe("an actionable early fraud warning whose refund fails at first", () => {
  it("is refunded by the wallet's alarm afterwards under the warning's key, once, and the pack reversed once", async () => {
    const player = await signIn();
    const pi = await paidPack(player, 4999);
    const warningId = `issfr_${crypto.randomUUID().slice(0, 8)}`;
    simRefundRefusals.set(pi, 1);

    // The provider refuses the webhook's refund: Stripe is asked to deliver again, and the refund is owed.
    const warnedAt = Date.now();
    expect(await warn(warningId, pi)).toMatchObject({ status: 503 });
    expect(await simRefunds(pi)).toEqual([]);
    expect(await refundReversals(player)).toEqual([]);
    const owed = await dueRow(player, warningId);
    expect(owed).toMatchObject({ tries: 0 });
    expect(owed!.next_try_at).toBeGreaterThanOrEqual(warnedAt + RETRY_MS);
    expect(owed!.next_try_at).toBeLessThanOrEqual(Date.now() + RETRY_MS);
    const alarm = await runInDurableObject(wallet(player), (_instance: UserWallet, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(owed!.next_try_at);
    // Operators see it in the player's fraud warnings.
    expect(await warningOf(player, warningId)).toMatchObject({
      chargeSettled: false,
      refundOwed: { tries: 0, nextTryAt: owed!.next_try_at, lastError: null },
    });

    // The alarm's try races a redelivered warning: the provider refunds once, the pack is reversed once.
    await tryDueNow(player, warningId);
    const [redelivered] = await Promise.all([warn(warningId, pi), ringAlarm(wallet(player))]);
    expect(redelivered.status).toBe(200);
    await refundedByAlarm(player, warningId);
    expect(await simRefunds(pi)).toEqual([{ id: `re_sim_efw-refund-${warningId}`, amount_cents: 4999 }]);
    const reference = `refund:${pi}:4999`;
    expect(await refundReversals(player)).toEqual([
      ["cash", reference],
      ["coins", reference],
    ]);
    expect(await warningOf(player, warningId)).toMatchObject({ chargeSettled: true, refundOwed: null, open: true });

    // Stripe's own charge.refunded, another redelivery and the alarm again move and refund nothing more.
    expect(await deliver(chargeRefundedEvent({ paymentIntent: pi, amount: 4999, amountRefunded: 4999 }))).toEqual({
      status: 200,
      body: { received: true, moved: false },
    });
    expect(await warn(warningId, pi)).toEqual({ status: 200, body: { received: true, moved: false } });
    await ringAlarm(wallet(player));
    expect(await simRefunds(pi)).toHaveLength(1);
    expect(await refundReversals(player)).toHaveLength(2);
    expect((await wallet(player).auditLedger(player.userId, Date.now())).balancesToZero).toBe(true);
  });

  it("backs off after each failed try of the alarm, doubling DECLINED_REFUND_RETRY_SECONDS", async () => {
    const player = await signIn();
    const pi = await paidPack(player, 999);
    const warningId = `issfr_${crypto.randomUUID().slice(0, 8)}`;
    simRefundRefusals.set(pi, 3);
    expect(await warn(warningId, pi)).toMatchObject({ status: 503 });
    for (const tries of [1, 2]) {
      await tryDueNow(player, warningId);
      const before = Date.now();
      await vi.waitUntil(
        async () => {
          await ringAlarm(wallet(player));
          return (await dueRow(player, warningId))?.tries === tries;
        },
        { timeout: 20_000, interval: 20 },
      );
      const row = (await dueRow(player, warningId))!;
      expect(row.last_error).toMatch(/refused/);
      expect(row.next_try_at).toBeGreaterThanOrEqual(before + RETRY_MS * 2 ** tries);
    }
    expect(await simRefunds(pi)).toEqual([]);
    await tryDueNow(player, warningId);
    await refundedByAlarm(player, warningId);
    expect((await simRefunds(pi)).map((r) => r.id)).toEqual([`re_sim_efw-refund-${warningId}`]);
  });
});

describe("an actionable early fraud warning whose charge is disputed", () => {
  it("asks no refund while the dispute holds; lost, none is owed; won, the alarm refunds it", async () => {
    const [losing, winning] = [await signIn(), await signIn()];
    const lost = { player: losing, pi: await paidPack(losing, 999), warningId: `issfr_${crypto.randomUUID().slice(0, 8)}` };
    const won = { player: winning, pi: await paidPack(winning, 999), warningId: `issfr_${crypto.randomUUID().slice(0, 8)}` };
    for (const { pi, warningId } of [lost, won]) {
      simRefundRefusals.set(pi, 1);
      expect(await warn(warningId, pi)).toMatchObject({ status: 503 });
    }
    const dispute = (pi: string, type: "charge.dispute.created" | "charge.dispute.closed", status: string) =>
      deliver(disputeEvent({ type, disputeId: `dp_${pi}`, paymentIntent: pi, amount: 999, status }));
    for (const { pi } of [lost, won]) expect(await dispute(pi, "charge.dispute.created", "needs_response")).toMatchObject({ status: 200 });

    // While the disputes hold, neither a redelivered warning nor the alarm asks the provider for a refund.
    for (const { player, warningId } of [lost, won]) await tryDueNow(player, warningId);
    for (const { pi, warningId } of [lost, won]) expect(await warn(warningId, pi)).toMatchObject({ status: 200 });
    for (const { player } of [lost, won]) await ringAlarm(wallet(player));
    expect([...(await simRefunds(lost.pi)), ...(await simRefunds(won.pi))]).toEqual([]);
    for (const { player, warningId } of [lost, won]) expect(await dueRow(player, warningId)).toMatchObject({ tries: 0 });

    // Lost: the bank has returned the payment, so no refund is owed.
    await dispute(lost.pi, "charge.dispute.closed", "lost");
    expect(await dueRow(losing, lost.warningId)).toBeNull();
    expect(await warningOf(losing, lost.warningId)).toMatchObject({ chargeSettled: true, refundOwed: null });
    await ringAlarm(wallet(losing));
    expect(await simRefunds(lost.pi)).toEqual([]);

    // Won: the payment stays with us, so the alarm refunds it.
    await dispute(won.pi, "charge.dispute.closed", "won");
    await tryDueNow(winning, won.warningId);
    await refundedByAlarm(winning, won.warningId);
    expect(await simRefunds(won.pi)).toEqual([{ id: `re_sim_efw-refund-${won.warningId}`, amount_cents: 999 }]);
    for (const player of [losing, winning]) {
      expect((await wallet(player).auditLedger(player.userId, Date.now())).balancesToZero).toBe(true);
    }
  });
});
