import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DailyBonusResponse } from "../../src/shared/schemas/bonus";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, signIn } from "./helpers";

const claim = async (token?: string) => {
  const res = await postJson("/api/grantDailyBonus", {}, token);
  return { status: res.status, body: (await res.json()) as DailyBonusResponse & { error?: unknown } };
};

const me = async (token: string) =>
  (await (await api("/api/me", { token })).json()) as { coinBalance: number; vantageCash: number; bonusStreak: number };

describe("POST /api/grantDailyBonus", () => {
  it("needs a signed-in player", async () => {
    const res = await postJson("/api/grantDailyBonus", {});
    expect(res.status).toBe(401);
  });

  it("pays +1,000 Coins and +1 Vantage Cash once, then answers already claimed", async () => {
    const player = await signIn();
    const first = await claim(player.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, alreadyClaimed: false, milestone: false, streak: 1 });
    expect(await me(player.token)).toMatchObject({ coinBalance: 6000, vantageCash: 100, bonusStreak: 1 });

    const second = await claim(player.token);
    expect(second.body).toMatchObject({ ok: true, alreadyClaimed: true, milestone: false });
    expect(await me(player.token)).toMatchObject({ coinBalance: 6000, vantageCash: 100 });
  });

  it("accepts an empty body and refuses a body that is not JSON", async () => {
    const player = await signIn();
    const empty = await api("/api/grantDailyBonus", { method: "POST", token: player.token });
    expect(empty.status).toBe(200);
    const junk = await api("/api/grantDailyBonus", { method: "POST", token: player.token, body: "{nope" });
    expect(junk.status).toBe(400);
  });

  it("pays once when ten claims arrive at the same time", async () => {
    const player = await signIn();
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(player.token)));
    expect(results.every((r) => r.status === 200 && r.body.ok)).toBe(true);
    expect(results.filter((r) => !r.body.alreadyClaimed)).toHaveLength(1);
    expect(await me(player.token)).toMatchObject({ coinBalance: 6000, vantageCash: 100 });
    const audit = await getUserWallet(env, player.userId).auditLedger(player.userId, Date.now());
    expect(audit.coins.balance).toBe(audit.coins.ledgerSum);
    expect(audit.cash.balance).toBe(audit.cash.ledgerSum);
  });
});

describe("the streak in the wallet (injected clock)", () => {
  const dayAt = (day: string) => Date.parse(`${day}T17:00:00Z`);

  it("pays the 7-day milestone on top, restarts the cycle, and restarts at 1 after a missed day", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const days = ["2025-03-05", "2025-03-06", "2025-03-07", "2025-03-08", "2025-03-09", "2025-03-10", "2025-03-11", "2025-03-12"];
    const results = [];
    for (const day of days) results.push(await wallet.claimDailyBonus(player.userId, dayAt(day)));
    expect(results.map((r) => r.ok && r.streak)).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
    expect(results.map((r) => r.ok && r.milestone)).toEqual([false, false, false, false, false, false, true, false]);

    // 8 daily bonuses (8,000 Coins, 8 VC) + one milestone (5,000 Coins, 5 VC) on 5,000 opening Coins.
    const balances = await wallet.getBalances(player.userId, dayAt("2025-03-12"));
    expect(balances).toMatchObject({ coinBalance: 18_000, vantageCash: 1_300, lastBonusDayET: "2025-03-12", bonusStreak: 1 });

    const afterGap = await wallet.claimDailyBonus(player.userId, dayAt("2025-03-14"));
    expect(afterGap).toMatchObject({ ok: true, alreadyClaimed: false, streak: 1, milestone: false });

    const ledger = await wallet.getLedger(player.userId, dayAt("2025-03-14"));
    expect(ledger.filter((r) => r.reason === "streak_bonus").map((r) => [r.currency, r.amount, r.reference])).toEqual(
      expect.arrayContaining([
        ["coins", 5000, "2025-03-11"],
        ["cash", 500, "2025-03-11"],
      ]),
    );
  });

  it("treats 11:59 PM and 12:00 AM Eastern as different days", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const late = await wallet.claimDailyBonus(player.userId, Date.parse("2025-07-05T03:59:00Z"));
    const lateAgain = await wallet.claimDailyBonus(player.userId, Date.parse("2025-07-05T03:59:59Z"));
    const midnight = await wallet.claimDailyBonus(player.userId, Date.parse("2025-07-05T04:00:00Z"));
    expect([late, lateAgain, midnight].map((r) => r.ok && r.alreadyClaimed)).toEqual([false, true, false]);
    expect(midnight).toMatchObject({ streak: 2 });
  });
});
