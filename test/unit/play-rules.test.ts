// The pure rules of responsible play's second step: loss limits (open stakes count, the
// settled net loss is floored at 0, the tightest limit names what is left), the nudge at
// 80%, play-time sessions and reality checks, the time limit, and statement months.
import { describe, expect, it } from "vitest";
import { checkLoss } from "../../src/shared/loss-limits";
import { NO_PLAY_LIMITS, nudgeFor } from "../../src/shared/play-limits";
import {
  checkRealityCheck,
  checkTime,
  minutesLeft,
  realityCheckIntervalMs,
  sessionAfterBeat,
  SESSION_GAP_MS,
} from "../../src/shared/play-time";
import { periodBounds } from "../../src/shared/protection";
import { monthBounds, monthsBetween, statementFigures } from "../../src/shared/statement";

const NOON = periodBounds("day", Date.UTC(2026, 9, 14, 17)).start + 12 * 60 * 60 * 1000;
const MIN = 60_000;

describe("loss limits", () => {
  const limits = { ...NO_PLAY_LIMITS, dailyLossCoins: 200, weeklyLossCoins: 150 };
  it("counts the settled net loss (floored at 0) and open stakes, and names the tightest limit", () => {
    expect(checkLoss(limits, "coins", 50, { day: 0, week: 0, month: 0 }, 100, NOON).ok).toBe(true);
    const refused = checkLoss(limits, "coins", 51, { day: 0, week: 0, month: 0 }, 100, NOON);
    expect(refused).toMatchObject({ ok: false, code: "loss-limit", details: { limit: "weeklyLossCoins", remaining: 50 } });
    expect(checkLoss(limits, "coins", 150, { day: -500, week: -500, month: 0 }, 0, NOON).ok).toBe(true);
    expect(checkLoss(limits, "coins", 151, { day: -500, week: -500, month: 0 }, 0, NOON).ok).toBe(false);
  });
  it("leaves the other wallet alone", () => {
    expect(checkLoss(limits, "cash", 10_000, { day: 0, week: 0, month: 0 }, 0, NOON).ok).toBe(true);
  });
});

describe("nudges", () => {
  it("go out at 80% of a limit, saying what is left", () => {
    const use = { name: "dailyLossCoins" as const, limit: 200, used: 159, periodStart: 1, resetsAt: NOON };
    expect(nudgeFor(use)).toBeNull();
    expect(nudgeFor({ ...use, used: 160 })?.message).toMatch(/^You have 40 Coins left of your daily Coins loss limit of 200 Coins\./);
    expect(nudgeFor({ ...use, used: 200 })?.message).toMatch(/^You have reached your daily Coins loss limit of 200 Coins\./);
    expect(nudgeFor({ ...use, used: 170 })?.id).toBe("dailyLossCoins:1");
  });
});

describe("play time", () => {
  it("a session continues while heartbeats come less than 10 minutes apart", () => {
    const first = sessionAfterBeat(null, NOON);
    const next = sessionAfterBeat(first, NOON + SESSION_GAP_MS - 1);
    expect(next.startedAt).toBe(NOON);
    expect(sessionAfterBeat(next, next.lastBeatAt + SESSION_GAP_MS).startedAt).toBe(next.lastBeatAt + SESSION_GAP_MS);
  });
  it("a reality check falls due one interval after the session started or was last answered, while it runs", () => {
    const session = { startedAt: NOON, lastBeatAt: NOON + 29 * MIN, checkedAt: NOON };
    const interval = realityCheckIntervalMs(30, 0);
    expect(checkRealityCheck(session, interval, NOON + 29 * MIN).ok).toBe(true);
    expect(checkRealityCheck(session, interval, NOON + 30 * MIN)).toMatchObject({ ok: false, code: "reality-check-due" });
    expect(checkRealityCheck({ ...session, checkedAt: NOON + 30 * MIN }, interval, NOON + 31 * MIN).ok).toBe(true);
    // No heartbeat for 10 minutes: the session is over and nothing is due.
    expect(checkRealityCheck(session, interval, NOON + 39 * MIN).ok).toBe(true);
    expect(checkRealityCheck(session, null, NOON + 30 * MIN).ok).toBe(true);
    expect(realityCheckIntervalMs(90, 5)).toBe(5000);
  });
  it("the daily time limit stops play once reached, until the next Eastern day", () => {
    const limits = { ...NO_PLAY_LIMITS, dailyPlayMinutes: 60 };
    expect(checkTime(limits, 59, NOON).ok).toBe(true);
    expect(checkTime(limits, 60, NOON)).toMatchObject({
      ok: false,
      code: "time-limit",
      details: { resetsAt: new Date(periodBounds("day", NOON).end).toISOString() },
    });
    expect(minutesLeft(limits, 50)).toBe(10);
    expect(minutesLeft(NO_PLAY_LIMITS, 50)).toBeNull();
  });
});

describe("statement months", () => {
  it("Eastern months, newest first, and lines that add up to the ledger", () => {
    expect(monthsBetween(Date.UTC(2026, 8, 20), Date.UTC(2026, 10, 25))).toEqual(["2026-11", "2026-10", "2026-09"]);
    // Midnight Eastern on Nov 1 is 04:00 UTC (daylight saving ends that day at 2 AM).
    expect(monthBounds("2026-11").start).toBe(Date.UTC(2026, 10, 1, 4));
    const figures = statementFigures({
      bet_stake: -300,
      bet_payout: 150,
      purchase: 1000,
      daily_bonus: 1000,
      opening_balance: 5000,
      admin_adjustment: -5,
    });
    expect(figures).toEqual({
      purchases: 1000,
      redemptions: 0,
      stakes: -300,
      results: 150,
      bonuses: 1000,
      opening: 5000,
      other: -5,
      net: -150,
      total: 6845,
    });
  });
});
