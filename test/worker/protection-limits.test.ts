// Player protection, part 2: stake and purchase limits. Lowering is immediate,
// raising waits 24 hours (clock passed in), a burst of concurrent bets never passes a
// limit, checkouts are held against purchase limits, and a paid pack is always credited
// but counts toward the period.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { etMidnight, formatEtTime, periodBounds } from "../../src/shared/protection";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { UserDocument } from "../../src/shared/schemas/user";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, postJson, sent, signIn, type SignedIn } from "./helpers";
import { checkoutCompletedEvent } from "./stripe-events";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
const HOUR_MS = 60 * 60 * 1000;

function putLimits(token: string, body: unknown) {
  return api("/api/me/limits", { method: "PUT", body: JSON.stringify(body), token });
}

async function me(token: string): Promise<UserDocument> {
  return (await (await api("/api/me", { token })).json()) as UserDocument;
}

/** A priced leg as the Worker hands it to the wallet (the clock-passed tests call the wallet directly). */
async function oneLeg(): Promise<BetLeg> {
  const [event] = await openEvents(1);
  return { ...pickOf(event!, "Moneyline", "Home"), home: event!.home, away: event!.away, startTime: event!.startTime };
}

describe("PUT /api/me/limits", () => {
  it("validates: at least one known limit, not negative, whole Coins, at most two decimals", async () => {
    const player = await signIn();
    for (const body of [
      {},
      { dailyStakeCoins: -1 },
      { dailyStakeCoins: 1.5 },
      { dailyPurchaseDollars: 10.001 },
      { weekly: 5 },
      { dailyStakeCash: "5" },
    ]) {
      const res = await putLimits(player.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("invalid-argument");
    }
    expect((await me(player.token)).limits.dailyStakeCoins).toBeNull();
  });

  it("lowering takes effect at once; raising and removing wait 24 hours and say when", async () => {
    const player = await signIn();
    const set = await putLimits(player.token, { dailyStakeCoins: 100, weeklyPurchaseDollars: 50, dailyStakeCash: 12.5 });
    expect(set.status).toBe(200);
    const doc = (await set.json()) as UserDocument;
    expect(doc.limits).toEqual({
      dailyStakeCoins: 100,
      dailyStakeCash: 12.5,
      dailyPurchaseDollars: null,
      weeklyPurchaseDollars: 50,
      monthlyPurchaseDollars: null,
    });
    expect(doc.pendingLimits).toEqual({});

    const before = Date.now();
    const raised = (await (
      await putLimits(player.token, { dailyStakeCoins: 500, weeklyPurchaseDollars: null, dailyStakeCash: 10 })
    ).json()) as UserDocument;
    expect(raised.limits).toEqual(expect.objectContaining({ dailyStakeCoins: 100, weeklyPurchaseDollars: 50, dailyStakeCash: 10 }));
    expect(Object.keys(raised.pendingLimits).sort()).toEqual(["dailyStakeCoins", "weeklyPurchaseDollars"]);
    expect(raised.pendingLimits.dailyStakeCoins!.value).toBe(500);
    expect(raised.pendingLimits.weeklyPurchaseDollars!.value).toBeNull();
    const effectiveAt = Date.parse(raised.pendingLimits.dailyStakeCoins!.effectiveAt);
    expect(effectiveAt - before).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(effectiveAt - Date.now()).toBeLessThanOrEqual(24 * HOUR_MS);

    // Lowering again cancels the waiting raise.
    const lowered = (await (await putLimits(player.token, { dailyStakeCoins: 80 })).json()) as UserDocument;
    expect(lowered.limits.dailyStakeCoins).toBe(80);
    expect(lowered.pendingLimits.dailyStakeCoins).toBeUndefined();
  });

  it("a raise takes effect only after 24 hours (clock passed in)", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const legs = [await oneLeg()];
    // Noon Eastern on a fixed day, so all of it stays inside one ET day.
    const t0 = etMidnight("2026-03-10") + 12 * HOUR_MS;
    const delay = 24 * HOUR_MS;
    await wallet.setLimits(player.userId, { dailyStakeCoins: 100 }, delay, t0);
    await wallet.setLimits(player.userId, { dailyStakeCoins: 1000 }, delay, t0 + HOUR_MS);
    const bet = (amount: number, now: number) =>
      wallet.placeBets(
        player.userId,
        { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount, legs },
        now,
      );
    const refused = await bet(200, t0 + 2 * HOUR_MS);
    expect(sent(refused)).toEqual({
      status: 403,
      code: "stake-limit",
      message: `This bet would pass your daily Coins stake limit of 100 Coins (100 Coins left). It resets ${formatEtTime(etMidnight("2026-03-11"))}.`,
      details: { limit: "dailyStakeCoins", resetsAt: new Date(etMidnight("2026-03-11")).toISOString() },
    });
    expect((await bet(200, t0 + 25 * HOUR_MS - 1)).ok).toBe(false);
    expect((await bet(200, t0 + 25 * HOUR_MS)).ok).toBe(true);
    const snapshot = await wallet.getProtection(player.userId, t0 + 25 * HOUR_MS);
    expect(snapshot.limits.effective.dailyStakeCoins).toBe(1000);
    expect(snapshot.limits.pending).toEqual({});
  });
});

describe("the daily stake limit", () => {
  it("refuses a bet past it naming the limit and its reset, per wallet, and resets at midnight Eastern", async () => {
    const player = await signIn();
    expect((await putLimits(player.token, { dailyStakeCoins: 100 })).status).toBe(200);
    const [e1, e2] = await openEvents(2);
    const first = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 30,
      picks: [pickOf(e1!, "Moneyline", "Home"), pickOf(e2!, "Moneyline", "Home")],
    });
    expect(first.status).toBe(200);
    const refused = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 50,
      picks: [pickOf(e1!, "Moneyline", "Away")],
    });
    const body = (await refused.json()) as ErrorBody;
    expect(refused.status).toBe(403);
    const reset = periodBounds("day", Date.now()).end;
    expect(body.error).toEqual({
      code: "stake-limit",
      message: `This bet would pass your daily Coins stake limit of 100 Coins (40 Coins left). It resets ${formatEtTime(reset)}.`,
      details: { limit: "dailyStakeCoins", resetsAt: new Date(reset).toISOString() },
    });
    expect(
      (await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 40, picks: [pickOf(e1!, "Moneyline", "Away")] })).status,
    ).toBe(200);
    const doc = await me(player.token);
    expect(doc.coinBalance).toBe(4900);
    expect(doc.stakedToday).toEqual({ coins: 100, cash: 0 });
  });

  it("a burst of concurrent bets never passes it", async () => {
    const player = await signIn();
    expect((await putLimits(player.token, { dailyStakeCoins: 100 })).status).toBe(200);
    const events = await openEvents(3);
    const picks = events.flatMap((e) => [pickOf(e, "Moneyline", "Home"), pickOf(e, "Moneyline", "Away"), pickOf(e, "Total", "Over")]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 15, picks: [picks[i % picks.length]!] }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 403)).toHaveLength(6);
    const doc = await me(player.token);
    expect(doc.coinBalance).toBe(5000 - 90);
    expect(doc.stakedToday.coins).toBe(90);
    const audit = await getUserWallet(env, player.userId).auditLedger(player.userId, Date.now());
    expect(audit.coins.ledgerSum).toBe(audit.coins.balance);
  });
});

describe("purchase limits", () => {
  async function deliverPaid(player: SignedIn, sessionId: string, amountCents: number) {
    const now = Math.floor(Date.now() / 1000);
    const payload = checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal: amountCents, created: now });
    const signature = await stripeSignatureHeader(payload, DEV_STRIPE_WEBHOOK_SECRET, now);
    return api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
  }

  it("an open checkout counts, a checkout past the limit is 403 purchase-limit, and a paid pack is credited and counted", async () => {
    const player = await signIn();
    expect((await putLimits(player.token, { dailyPurchaseDollars: 25, monthlyPurchaseDollars: 100 })).status).toBe(200);
    expect((await me(player.token)).purchaseAllowance).toEqual(
      expect.objectContaining({ limit: "dailyPurchaseDollars", remainingDollars: 25 }),
    );

    const first = await postJson("/api/checkout/session", { amountCents: 1999 }, player.token);
    expect(first.status).toBe(200);
    const after = await me(player.token);
    expect(after.purchaseAllowance!.remainingDollars).toBeCloseTo(5.01, 5);

    const second = await postJson("/api/checkout/session", { amountCents: 999 }, player.token);
    expect(second.status).toBe(403);
    const reset = periodBounds("day", Date.now()).end;
    expect(((await second.json()) as ErrorBody).error).toEqual({
      code: "purchase-limit",
      message: `This pack would pass your daily purchase limit of $25.00 ($5.01 left). It resets ${formatEtTime(reset)}.`,
      details: { limit: "dailyPurchaseDollars", remainingDollars: 5.01, resetsAt: new Date(reset).toISOString() },
    });

    // The first checkout is paid: its hold becomes the credited purchase (counted once).
    const { url } = (await first.json()) as { url: string };
    const sessionId = url.split("/").pop()!;
    expect(await (await deliverPaid(player, sessionId, 1999)).json()).toEqual({ received: true, credited: true });
    expect((await me(player.token)).purchaseAllowance!.remainingDollars).toBeCloseTo(5.01, 5);

    // A paid pack beyond the limit (opened before it was set, say) is never refused, and counts.
    expect(await (await deliverPaid(player, `cs_late_${player.userId}`, 4999)).json()).toEqual({ received: true, credited: true });
    const doc = await me(player.token);
    expect(doc.purchaseAllowance).toEqual(expect.objectContaining({ limit: "dailyPurchaseDollars", remainingDollars: 0 }));
    expect(doc.coinBalance).toBe(5000 + 20_000 + 50_000);
  });

  it("concurrent checkouts cannot pass the limit together", async () => {
    const player = await signIn();
    expect((await putLimits(player.token, { weeklyPurchaseDollars: 30 })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => postJson("/api/checkout/session", { amountCents: 999 }, player.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 403, 403, 403]);
  });

  it("a checkout opened before midnight Eastern counts after it too: it is paid, and counted, then", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const midnight = etMidnight("2026-05-06");
    await wallet.setLimits(player.userId, { dailyPurchaseDollars: 2000 }, HOUR_MS, midnight - 2 * HOUR_MS);
    const hold = (n: number, now: number) =>
      wallet.reservePurchase(player.userId, { holdId: `m${n}`, amountCents: 1999, holdMs: HOUR_MS }, now);
    expect(await hold(1, midnight - 60_000)).toMatchObject({ ok: true });
    // A minute after midnight the first checkout is still open, and could be paid today.
    expect(await hold(2, midnight + 60_000)).toEqual(expect.objectContaining({ ok: false, code: "purchase-limit" }));
    // Once it has lapsed, the new day's limit is whole again.
    expect(await hold(3, midnight - 60_000 + HOUR_MS)).toMatchObject({ ok: true });
  });

  it("an expired checkout hold stops counting", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const t0 = etMidnight("2026-05-05") + 9 * HOUR_MS;
    await wallet.setLimits(player.userId, { dailyPurchaseDollars: 2000 }, HOUR_MS, t0);
    const hold = (n: number, now: number) =>
      wallet.reservePurchase(player.userId, { holdId: `h${n}`, amountCents: 1999, holdMs: HOUR_MS }, now);
    expect((await hold(1, t0)).ok).toBe(true);
    expect(await hold(2, t0 + 1)).toEqual(expect.objectContaining({ ok: false, code: "purchase-limit" }));
    expect((await hold(3, t0 + HOUR_MS)).ok).toBe(true);
  });
});
