// Loss limits: the period's settled net loss (floored at 0) plus every open stake plus the
// new stake must stay within the limit, checked in the wallet's placement transaction (a
// burst of concurrent bets cannot pass it together); a loss counts in the period its bet
// settles; raising waits like every limit; and each change lands in the limit history.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { periodBounds } from "../../src/shared/protection";
import type { PlayView, Statement } from "../../src/shared/schemas/play";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, sent, signIn } from "./helpers";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function putPlayLimits(token: string, body: unknown) {
  return api("/api/play/limits", { method: "PUT", body: JSON.stringify(body), token });
}

async function oneLeg(): Promise<BetLeg> {
  const [event] = await openEvents(1);
  return { ...pickOf(event!, "Moneyline", "Home"), home: event!.home, away: event!.away, startTime: event!.startTime };
}

/** A Wednesday noon Eastern, well inside its week and month. */
const WEDNESDAY = periodBounds("day", Date.UTC(2026, 9, 14, 17)).start + 12 * HOUR_MS;

describe("loss limits", () => {
  it("20 concurrent bets of 100 under a daily loss limit of 200: exactly 2 are accepted", async () => {
    const player = await signIn();
    const set = await putPlayLimits(player.token, { dailyLossCoins: 200 });
    expect(set.status).toBe(200);
    expect(((await set.json()) as PlayView).limits.dailyLossCoins).toBe(200);
    const events = await openEvents(3);
    const picks = events.flatMap((e) => [pickOf(e, "Moneyline", "Home"), pickOf(e, "Moneyline", "Away"), pickOf(e, "Total", "Over")]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 100, picks: [picks[i % picks.length]!] }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(18);
    const refused = (await results.find((r) => r.status === 403)!.json()) as ErrorBody;
    expect(refused.error.code).toBe("loss-limit");
    expect(refused.error.message).toContain("daily Coins loss limit of 200 Coins (0 Coins left, counting open bets)");
    const audit = await getUserWallet(env, player.userId).auditLedger(player.userId, Date.now());
    expect(audit.coins.balance).toBe(5000 - 200);
    expect(audit.coins.ledgerSum).toBe(audit.coins.balance);
  });

  it("counts open stakes and the period's settled net loss; a loss counts in the period it settles", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const leg = await oneLeg();
    const bet = (amount: number, now: number) =>
      wallet.placeBets(
        player.userId,
        { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount, legs: [leg] },
        now,
      );
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 200, weeklyLossCoins: 1000 }, DAY_MS, WEDNESDAY - 2 * DAY_MS);

    // Wednesday: an open bet of 120 leaves 80 today.
    expect((await bet(120, WEDNESDAY)).ok).toBe(true);
    const refused = await bet(100, WEDNESDAY + 1000);
    expect(sent(refused)).toMatchObject({ status: 403, code: "loss-limit", details: { limit: "dailyLossCoins", remaining: 80 } });
    expect((await bet(80, WEDNESDAY + 2000)).ok).toBe(true);

    // It settles as a loss on Thursday (the home side loses); the 80 stays open.
    const settled = await wallet.applyEventResults(
      player.userId,
      [{ eventId: leg.eventId, homeScore: 0, awayScore: 3 }],
      WEDNESDAY + DAY_MS,
    );
    expect(settled.settledBets).toBe(2);
    // Thursday: both losses (200) settled today, nothing open: nothing left today.
    expect(await bet(1, WEDNESDAY + DAY_MS + 1000)).toMatchObject({
      code: "loss-limit",
      details: { limit: "dailyLossCoins", remaining: 0 },
    });
    // Friday: a new day; the week has 800 left, so the daily 200 is the tighter.
    expect((await bet(200, WEDNESDAY + 2 * DAY_MS)).ok).toBe(true);
    expect(await bet(1, WEDNESDAY + 2 * DAY_MS + 1000)).toMatchObject({ code: "loss-limit", details: { limit: "dailyLossCoins" } });
  });

  it("a settled win lowers the period's net loss, but never below zero", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const leg = await oneLeg();
    const bet = (amount: number, now: number) =>
      wallet.placeBets(
        player.userId,
        { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount, legs: [leg] },
        now,
      );
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 100 }, DAY_MS, WEDNESDAY - DAY_MS);
    expect((await bet(100, WEDNESDAY)).ok).toBe(true);
    await wallet.applyEventResults(player.userId, [{ eventId: leg.eventId, homeScore: 5, awayScore: 0 }], WEDNESDAY + HOUR_MS);
    // The win leaves a negative net loss, floored at 0: the full 100 again, not more.
    expect(await bet(101, WEDNESDAY + 2 * HOUR_MS)).toMatchObject({ code: "loss-limit", details: { remaining: 100 } });
    expect((await bet(100, WEDNESDAY + 2 * HOUR_MS)).ok).toBe(true);
  });

  it("Vantage Cash has its own loss limits, in Vantage Cash", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const leg = await oneLeg();
    await wallet.setPlayLimits(player.userId, { monthlyLossCash: 5000 }, DAY_MS, WEDNESDAY - DAY_MS);
    const coins = await wallet.placeBets(
      player.userId,
      { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount: 500, legs: [leg] },
      WEDNESDAY,
    );
    expect(coins.ok).toBe(true);
    // The Coins bet above was not held against the Vantage Cash limit.
    expect(await wallet.getPlay(player.userId, WEDNESDAY)).toMatchObject({
      limits: { effective: { monthlyLossCash: 5000, dailyLossCoins: null } },
    });
    const view = await (await api("/api/play", { token: player.token })).json();
    expect((view as PlayView).limits.monthlyLossCash).toBe(50);
  });

  it("validates the body, lowers at once, and makes a raise or removal wait the raise delay", async () => {
    const player = await signIn();
    for (const body of [
      {},
      { dailyLossCoins: -1 },
      { dailyLossCoins: 1.5 },
      { dailyLossCash: 1.001 },
      { realityCheckMinutes: 45 },
      { dailyPlayMinutes: 0 },
    ]) {
      const res = await putPlayLimits(player.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("invalid-argument");
    }
    expect((await putPlayLimits(player.token, { weeklyLossCash: 25.5 })).status).toBe(200);
    const before = Date.now();
    const raised = (await (await putPlayLimits(player.token, { weeklyLossCash: 100, dailyLossCoins: 300 })).json()) as PlayView;
    expect(raised.limits.weeklyLossCash).toBe(25.5);
    expect(raised.limits.dailyLossCoins).toBe(300);
    expect(raised.pendingLimits.weeklyLossCash!.value).toBe(100);
    expect(Date.parse(raised.pendingLimits.weeklyLossCash!.effectiveAt) - before).toBeGreaterThanOrEqual(24 * HOUR_MS);
    const removed = (await (await putPlayLimits(player.token, { dailyLossCoins: null })).json()) as PlayView;
    expect(removed.limits.dailyLossCoins).toBe(300);
    expect(removed.pendingLimits.dailyLossCoins!.value).toBeNull();
  });
});

describe("limit and break history", () => {
  it("lists each change with when it was asked for and when it took effect; a replaced raise is marked cancelled", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const t0 = WEDNESDAY;
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 500 }, DAY_MS, t0);
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 800 }, DAY_MS, t0 + HOUR_MS);
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 900 }, DAY_MS, t0 + 2 * HOUR_MS);
    await wallet.setLimits(player.userId, { dailyStakeCoins: 50 }, DAY_MS, t0 + 3 * HOUR_MS);
    await wallet.takeBreak(player.userId, "24h", t0 + 4 * HOUR_MS);
    const { history } = await wallet.getStatement(player.userId, t0 + 5 * HOUR_MS);
    expect(history).toEqual([
      { kind: "limit", name: "dailyLossCoins", fromValue: null, toValue: 500, askedAt: t0, effectiveAt: t0, cancelledAt: null },
      {
        kind: "limit",
        name: "dailyLossCoins",
        fromValue: 500,
        toValue: 800,
        askedAt: t0 + HOUR_MS,
        effectiveAt: t0 + HOUR_MS + DAY_MS,
        cancelledAt: t0 + 2 * HOUR_MS,
      },
      {
        kind: "limit",
        name: "dailyLossCoins",
        fromValue: 500,
        toValue: 900,
        askedAt: t0 + 2 * HOUR_MS,
        effectiveAt: t0 + 2 * HOUR_MS + DAY_MS,
        cancelledAt: null,
      },
      {
        kind: "limit",
        name: "dailyStakeCoins",
        fromValue: null,
        toValue: 50,
        askedAt: t0 + 3 * HOUR_MS,
        effectiveAt: t0 + 3 * HOUR_MS,
        cancelledAt: null,
      },
      {
        kind: "break",
        name: "24h",
        fromValue: null,
        toValue: t0 + 4 * HOUR_MS + DAY_MS,
        askedAt: t0 + 4 * HOUR_MS,
        effectiveAt: t0 + 4 * HOUR_MS,
        cancelledAt: null,
      },
    ]);
  });

  it("the statement route shows the history in words, with ISO times", async () => {
    const player = await signIn();
    expect((await putPlayLimits(player.token, { dailyLossCash: 20, realityCheckMinutes: 60 })).status).toBe(200);
    const statement = (await (await api("/api/play/statement", { token: player.token })).json()) as Statement;
    expect(statement.history.map((h) => [h.label, h.from, h.to])).toEqual([
      ["Daily Vantage Cash loss limit", "No limit", "20 Vantage Cash"],
      ["Reality check", "Off", "Every 60 minutes"],
    ]);
    expect(statement.history[0]!.effectiveAt).toBe(statement.history[0]!.askedAt);
  });
});
