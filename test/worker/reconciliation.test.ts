// The daily reconciliation with the payment provider (worker/reconciliation/): the
// simulated provider's own books against what the wallets booked through the real
// webhook path, for one fixed UTC day. A clean day (packs paid and credited, a refund and a
// dispute reversed, a redemption paid with one transfer) has no differences; a planted
// missing credit (a paid simulated checkout no webhook credited) and a planted double
// payout (two provider transfers for one redemption) are found with their references;
// the cron runs yesterday once; the operator routes run a day, list it, answer a view as
// CSV and refuse what they must (a player is answered 404, as for every operator route).
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { ReconciliationAnswerSchema, RunReconciliationAnswerSchema } from "../../src/shared/schemas/reconciliation";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { recordSimReversal, recordSimTransfer, simPaymentIntentOf } from "../../worker/payments/sim-records";
import { createSimulatedProvider } from "../../worker/payments/simulated-provider";
import { handleStripeWebhook } from "../../worker/payments/stripe-webhook";
import { dayStart, reconcileOnSchedule, runReconciliation } from "../../worker/reconciliation/reconciliation-run";
import { getUserWallet } from "../../worker/user-wallet";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { chargeRefundedEvent, checkoutCompletedEvent, disputeEvent } from "./stripe-events";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const provider = () => createSimulatedProvider(env, BASE);
const hex = () => crypto.randomUUID().replaceAll("-", "");

/** Delivers a Stripe-signed event to the real webhook handler at `now`. */
async function deliver(payload: string, now: number): Promise<void> {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: DEV_STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(now / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const outcome = await handleStripeWebhook(env, payload, signature, now);
  expect(outcome.status).toBe(200);
}

/** Drains the player's outbox to D1 now (the wallet's alarm). */
async function projected(userId: string): Promise<void> {
  await ringAlarm(getUserWallet(env, userId));
}

/** A simulated checkout the provider completed as paid at `at` (its own book); returns its session id. */
async function paidAtProvider(userId: string, amountCents: number, at: number): Promise<string> {
  const id = `cs_sim_${hex()}`;
  await env.DB.prepare(
    "INSERT INTO sim_checkout_sessions (id, user_id, amount_cents, status, created_at, completed_at) VALUES (?, ?, ?, 'completed', ?, ?)",
  )
    .bind(id, userId, amountCents, at - 60_000, at)
    .run();
  return id;
}

/** A paid simulated checkout whose completion the webhook delivered: credited in the wallet. */
async function paidAndCredited(player: SignedIn, amountCents: number, at: number): Promise<{ sessionId: string; paymentIntent: string }> {
  const sessionId = await paidAtProvider(player.userId, amountCents, at);
  const paymentIntent = simPaymentIntentOf(sessionId);
  await deliver(
    checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal: amountCents, paymentIntent, created: Math.floor(at / 1000) }),
    at,
  );
  return { sessionId, paymentIntent };
}

/** A redemption the wallet booked as paid (its D1 projection, the winners list), at `at`. */
async function paidRedemption(userId: string, amountCents: number, at: number): Promise<string> {
  const redemptionId = `rd_${hex()}`;
  await env.DB.prepare("INSERT INTO sweepstakes_winners (redemption_id, user_id, amount_cents, region, paid_at) VALUES (?, ?, ?, NULL, ?)")
    .bind(redemptionId, userId, amountCents, at)
    .run();
  return redemptionId;
}

/** Plants one clean day: two packs paid and credited, half of one refunded, the other disputed, a redemption paid once. */
async function cleanDay(player: SignedIn, day: string): Promise<void> {
  const start = dayStart(day);
  const first = await paidAndCredited(player, 999, start + 2 * HOUR);
  const second = await paidAndCredited(player, 499, start + 3 * HOUR);
  await recordSimReversal(
    env,
    { id: `re_sim_${hex()}`, kind: "refund", paymentIntent: first.paymentIntent, chargeId: `ch_${hex()}`, amountCents: 499 },
    start + 4 * HOUR,
  );
  await deliver(chargeRefundedEvent({ paymentIntent: first.paymentIntent, amount: 999, amountRefunded: 499 }), start + 4 * HOUR);
  const disputeId = `dp_sim_${hex()}`;
  await recordSimReversal(
    env,
    { id: disputeId, kind: "dispute", paymentIntent: second.paymentIntent, chargeId: `ch_${hex()}`, amountCents: 499 },
    start + 5 * HOUR,
  );
  await deliver(
    disputeEvent({ type: "charge.dispute.created", disputeId, paymentIntent: second.paymentIntent, amount: 499, status: "needs_response" }),
    start + 5 * HOUR,
  );
  const redemptionId = await paidRedemption(player.userId, 2_500, start + 6 * HOUR);
  await recordSimTransfer(
    env,
    { transferId: `tr_sim_${redemptionId}`, redemptionId, userId: player.userId, accountId: `acct_sim_${hex()}`, amountCents: 2_500 },
    start + 6 * HOUR,
  );
  await projected(player.userId);
}

/** Each test its own day, so runs never see another test's records. */
let nextDay = dayStart("2026-02-01");
const freshDay = () => {
  const day = new Date(nextDay).toISOString().slice(0, 10);
  nextDay += 4 * DAY;
  return day;
};

let admin: SignedIn;
beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
});

describe("reconciliation of one day", () => {
  it("finds no difference on a clean day, and counts both sides", async () => {
    const player = await signIn();
    const day = freshDay();
    await cleanDay(player, day);
    const { run, differences } = await runReconciliation(
      env.DB,
      { day, trigger: "operator", requestedBy: ADMIN_EMAIL, provider: provider() },
      dayStart(day) + DAY + 2 * HOUR,
    );
    expect(differences).toEqual([]);
    expect(run).toMatchObject({ status: "ok", differences: 0, provider: "simulated" });
    expect(run.counts).toEqual({
      providerPayments: 2,
      vantageCredits: 2,
      providerTransfers: 1,
      vantagePaidRedemptions: 1,
      providerReversals: 2,
      vantageReversals: 2,
    });
  });

  it("finds a planted missing credit: a paid simulated checkout with no wallet credit", async () => {
    const player = await signIn();
    const day = freshDay();
    await cleanDay(player, day);
    const missing = await paidAtProvider(player.userId, 1_999, dayStart(day) + 7 * HOUR);
    const { differences } = await runReconciliation(
      env.DB,
      { day, trigger: "operator", requestedBy: ADMIN_EMAIL, provider: provider() },
      dayStart(day) + DAY + 2 * HOUR,
    );
    expect(differences).toEqual([
      expect.objectContaining({
        view: "packs",
        kind: "missing-credit",
        userId: player.userId,
        providerRef: missing,
        vantageRef: null,
        providerCents: 1_999,
        vantageCents: null,
      }),
    ]);
  });

  it("finds a planted double payout: two provider transfers for one redemption", async () => {
    const player = await signIn();
    const day = freshDay();
    await cleanDay(player, day);
    const at = dayStart(day) + 8 * HOUR;
    const redemptionId = await paidRedemption(player.userId, 5_000, at);
    const account = `acct_sim_${hex()}`;
    const transfer = { redemptionId, userId: player.userId, accountId: account, amountCents: 5_000 };
    await recordSimTransfer(env, { transferId: `tr_sim_${redemptionId}`, ...transfer }, at);
    await recordSimTransfer(env, { transferId: `tr_sim_${redemptionId}_again`, ...transfer }, at + HOUR);
    const { run, differences } = await runReconciliation(
      env.DB,
      { day, trigger: "operator", requestedBy: ADMIN_EMAIL, provider: provider() },
      dayStart(day) + DAY + 2 * HOUR,
    );
    expect(run.differences).toBe(1);
    expect(differences).toEqual([
      expect.objectContaining({
        view: "payouts",
        kind: "payout-sent-twice",
        userId: player.userId,
        providerRef: `tr_sim_${redemptionId}, tr_sim_${redemptionId}_again`,
        vantageRef: redemptionId,
        providerCents: 10_000,
        vantageCents: 5_000,
      }),
    ]);
  });

  it("records the simulator's transfer when it answers one, once per transfer id", async () => {
    const player = await signIn();
    const accountId = `acct_sim_${hex()}`;
    await env.DB.prepare(
      `INSERT INTO payout_accounts (user_id, provider, account_id, payouts_enabled, currently_due_json, created_at, updated_at)
       VALUES (?, 'simulated', ?, 1, '[]', ?, ?)`,
    )
      .bind(player.userId, accountId, Date.now(), Date.now())
      .run();
    const redemptionId = `rd_${hex()}`;
    const input = { accountId, amountCents: 1_000, redemptionId, userId: player.userId, idempotencyKey: `k-${redemptionId}` };
    expect(await provider().transfer(input)).toEqual({ ok: true, transferId: `tr_sim_${redemptionId}` });
    expect(await provider().transfer(input)).toEqual({ ok: true, transferId: `tr_sim_${redemptionId}` });
    const rows = await env.DB.prepare("SELECT id, amount_cents FROM sim_transfers WHERE redemption_id = ?").bind(redemptionId).all();
    expect(rows.results).toEqual([{ id: `tr_sim_${redemptionId}`, amount_cents: 1_000 }]);
  });
});

describe("the cron", () => {
  it("reconciles yesterday once, from an hour after midnight", async () => {
    const today = dayStart("2027-06-10");
    expect(await reconcileOnSchedule(env.DB, env, async () => provider(), today + 30 * 60_000)).toBeNull();
    const first = await reconcileOnSchedule(env.DB, env, async () => provider(), today + 2 * HOUR);
    expect(first?.run).toMatchObject({ day: "2027-06-09", trigger: "cron", status: "ok" });
    expect(await reconcileOnSchedule(env.DB, env, async () => provider(), today + 3 * HOUR)).toBeNull();
  });

  it("stores a failed run and runs the day again at the next trigger", async () => {
    const today = dayStart("2027-07-10");
    const failing = { ...provider(), listRecords: () => Promise.reject(new Error("provider down")) };
    await expect(reconcileOnSchedule(env.DB, env, async () => failing, today + 2 * HOUR)).rejects.toThrow("provider down");
    const failed = await env.DB.prepare("SELECT status, error FROM reconciliation_runs WHERE day = '2027-07-09'").all();
    expect(failed.results).toEqual([{ status: "failed", error: "provider down" }]);
    const retried = await reconcileOnSchedule(env.DB, env, async () => provider(), today + 2 * HOUR + 2 * 60_000);
    expect(retried?.run.status).toBe("ok");
  });
});

describe("the operator routes", () => {
  it("runs an ended day, audits it, lists it and answers a view as CSV", async () => {
    const player = await signIn();
    const day = freshDay();
    await cleanDay(player, day);
    const missing = await paidAtProvider(player.userId, 4_999, dayStart(day) + 9 * HOUR);
    const res = await postJson("/api/admin/reconciliation/run", { day, reason: "month end" }, admin.token);
    expect(res.status).toBe(200);
    const answer = RunReconciliationAnswerSchema.parse(await res.json());
    expect(answer.differences.map((d) => [d.kind, d.providerRef])).toEqual([["missing-credit", missing]]);
    expect(answer.run).toMatchObject({ trigger: "operator", requestedBy: ADMIN_EMAIL });

    const audit = await env.DB.prepare("SELECT actor, reason FROM admin_audit WHERE action = 'reconciliation' AND target = ?")
      .bind(day)
      .all();
    expect(audit.results).toEqual([{ actor: ADMIN_EMAIL, reason: "month end" }]);

    const listed = ReconciliationAnswerSchema.parse(
      await (await api(`/api/admin/reconciliation?day=${day}`, { token: admin.token })).json(),
    );
    expect(listed.run?.id).toBe(answer.run.id);
    expect(listed.differences).toEqual(answer.differences);
    expect(listed.runs.some((r) => r.id === answer.run.id)).toBe(true);

    const csv = await api(`/api/admin/reconciliation?day=${day}&view=packs&format=csv`, { token: admin.token });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("view,kind,userId,providerRef,vantageRef,providerCents,vantageCents,at,detail");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(missing);
    const payouts = await api(`/api/admin/reconciliation?day=${day}&view=payouts&format=csv`, { token: admin.token });
    expect((await payouts.text()).trim().split("\r\n")).toHaveLength(1);
  });

  it("refuses a day that has not ended, a malformed body, and players", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const notEnded = await postJson("/api/admin/reconciliation/run", { day: today }, admin.token);
    expect(notEnded.status).toBe(400);
    expect(((await notEnded.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    const malformed = await postJson("/api/admin/reconciliation/run", { day: "June 1st" }, admin.token);
    expect(malformed.status).toBe(400);
    const player = await signIn();
    expect((await api("/api/admin/reconciliation", { token: player.token })).status).toBe(404);
    expect((await postJson("/api/admin/reconciliation/run", { day: "2026-01-01" }, player.token)).status).toBe(404);
  });
});
