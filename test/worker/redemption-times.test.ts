// Redemption times in public: a redemption paid or returned reaches D1 `redemption_times`
// through the wallet's outbox with when it was requested and ended and why it was held
// (identity, review, a hold), and GET /api/public/redemption-times turns the rows into
// weekly figures without a player id, name or amount.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isoWeekStart } from "../../src/shared/redemption-times";
import { RedemptionTimesSchema } from "../../src/shared/schemas/redemption-times";
import { redemptionTimelineProjection } from "../../worker/payments/in-wallet/redemption-timeline";
import { redemptionTimes } from "../../worker/sweepstakes/redemption-times";
import { getUserWallet } from "../../worker/user-wallet";
import { api, signIn } from "./helpers";

const HOUR = 3_600_000;
const TIMING = { retryAfterMs: 60_000, retryMaxMs: 60_000, keyReuseMs: 3_600_000, leaseMs: 60_000 };

type TimesRow = {
  redemption_id: string;
  requested_at: number;
  paid_at: number | null;
  returned_at: number | null;
  held_identity: number;
  held_review: number;
  held_hold: number;
};

async function rowsFor(ids: readonly string[]): Promise<Map<string, TimesRow>> {
  const { results } = await env.DB.prepare(`SELECT * FROM redemption_times WHERE redemption_id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .all<TimesRow>();
  return new Map(results.map((r) => [r.redemption_id, r]));
}

describe("redemption timelines from the wallet", () => {
  it("projects each paid or returned redemption with its times and why it was held", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    // A week of its own, later than any other test's rows: Monday of a week in 2031.
    const monday = isoWeekStart(Date.parse("2031-03-05T00:00:00Z"));
    const at = (hours: number) => monday + hours * HOUR;
    const credited = await wallet.adjustBalance(
      player.userId,
      { adjustmentId: crypto.randomUUID(), wallet: "cash", amount: 50_000 },
      { actor: "ops@vantage.test", reason: "winnings" },
      at(0),
    );
    expect(credited.ok).toBe(true);
    const request = async (id: string, hours: number, review?: { thresholdCents: number; newAccountDays: number; windowDays: number }) => {
      const held = await wallet.requestRedemption(
        player.userId,
        { amountCents: 2_000, redemptionId: id, cashPlaythrough: 0, purchaseHoldDays: 0, review },
        at(hours),
      );
      expect(held.ok).toBe(true);
    };
    const complete = async (id: string, hours: number) => {
      expect((await wallet.completeRedemption(player.userId, { redemptionId: id, payoutReference: `tr_${id}` }, at(hours))).ok).toBe(true);
    };

    // Paid two hours after it was asked for, never held.
    await request("rd_times_plain", 1);
    await complete("rd_times_plain", 3);
    // Waited for an operator's review, approved, paid a day later.
    await request("rd_times_review", 4, { thresholdCents: 1, newAccountDays: 0, windowDays: 30 });
    const approved = await wallet.decideRedemptionReview(
      player.userId,
      { redemptionId: "rd_times_review", approve: true, reason: "checked" },
      { actor: "ops@vantage.test", reason: "checked" },
      at(20),
    );
    expect(approved.ok).toBe(true);
    await complete("rd_times_review", 28);
    // Its payout attempt found the account frozen; paid once unfrozen.
    await request("rd_times_frozen", 30);
    await wallet.setFreeze(player.userId, { frozen: true, reason: "a look", actor: "ops@vantage.test" }, at(31));
    expect(await wallet.beginPayoutAttempt(player.userId, { redemptionId: "rd_times_frozen", timing: TIMING }, at(31))).toMatchObject({
      run: false,
    });
    const { updatedAt: frozenAt } = await wallet.getFreeze(player.userId, at(35));
    await wallet.setFreeze(player.userId, { frozen: false, reason: "fine", actor: "ops@vantage.test", asked: { frozenAt } }, at(35));
    await complete("rd_times_frozen", 36);
    // Returned to the balance by the provider.
    await request("rd_times_returned", 40);
    expect((await wallet.failRedemption(player.userId, { redemptionId: "rd_times_returned", reason: "bank refused" }, at(41))).ok).toBe(
      true,
    );
    await request("rd_times_quick", 42);
    await complete("rd_times_quick", 42.5);
    // Still pending: not projected.
    await request("rd_times_pending", 43);
    // Its payout attempt found the identity no longer verified (as a wallet from before identity checks).
    await request("rd_times_identity", 44);
    await runInDurableObject(wallet, (_object, state) => {
      state.storage.sql.exec("DELETE FROM identity");
    });
    expect(await wallet.beginPayoutAttempt(player.userId, { redemptionId: "rd_times_identity", timing: TIMING }, at(45))).toMatchObject({
      run: false,
    });
    await complete("rd_times_identity", 50);
    await wallet.flushOutbox();

    const ids = ["rd_times_plain", "rd_times_review", "rd_times_frozen", "rd_times_returned", "rd_times_quick", "rd_times_identity"];
    const rows = await rowsFor([...ids, "rd_times_pending"]);
    expect(rows.size).toBe(6);
    const flags = (id: string) => {
      const r = rows.get(id);
      return r && { identity: r.held_identity, review: r.held_review, hold: r.held_hold };
    };
    expect(rows.get("rd_times_plain")).toMatchObject({ requested_at: at(1), paid_at: at(3), returned_at: null });
    expect(flags("rd_times_plain")).toEqual({ identity: 0, review: 0, hold: 0 });
    expect(rows.get("rd_times_review")).toMatchObject({ requested_at: at(4), paid_at: at(28) });
    expect(flags("rd_times_review")).toEqual({ identity: 0, review: 1, hold: 0 });
    expect(flags("rd_times_frozen")).toEqual({ identity: 0, review: 0, hold: 1 });
    expect(rows.get("rd_times_returned")).toMatchObject({ requested_at: at(40), paid_at: null, returned_at: at(41) });
    expect(flags("rd_times_identity")).toEqual({ identity: 1, review: 0, hold: 0 });

    // The week's figures: paid after 2, 24, 6, 0.5 and 6 hours; one of six returned.
    const figures = RedemptionTimesSchema.parse(await redemptionTimes(env.DB, at(24 * 6)));
    expect(figures.weeks[0]).toMatchObject({ startsOn: "2031-03-03", paid: 5, returned: 1, medianMs: 6 * HOUR, p95Ms: 24 * HOUR });
    expect(figures.weeks[0]?.heldShare).toBeCloseTo(3 / 6);
    expect(figures.weeks[0]?.heldFor).toEqual({ identity: 1 / 6, review: 1 / 6, hold: 1 / 6 });

    // A drain repeated after a crash changes nothing.
    const again = {
      redemptionId: "rd_times_plain",
      requestedAt: at(1),
      paidAt: at(3),
      returnedAt: null,
      held: [],
    };
    await env.DB.batch(redemptionTimelineProjection(env.DB, JSON.stringify(again)));
    expect((await rowsFor(ids)).size).toBe(6);
    expect(await redemptionTimes(env.DB, at(24 * 6))).toEqual(figures);
  });
});

describe("GET /api/public/redemption-times", () => {
  it("answers twelve weeks of figures, publicly cached, with no id of a player or a redemption", async () => {
    const now = Date.now();
    const weekStart = isoWeekStart(now);
    const ids = Array.from({ length: 6 }, (_, i) => `rd_public_${i}_${crypto.randomUUID().slice(0, 8)}`);
    await env.DB.batch(
      ids.map((id, i) =>
        env.DB.prepare(
          "INSERT INTO redemption_times (redemption_id, requested_at, paid_at, returned_at, held_review) VALUES (?, ?, ?, NULL, ?)",
        ).bind(id, weekStart - (i + 1) * HOUR, weekStart, i === 0 ? 1 : 0),
      ),
    );
    const res = await api("/api/public/redemption-times");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("public");
    const text = await res.text();
    const figures = RedemptionTimesSchema.parse(JSON.parse(text));
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]).toMatchObject({ paid: 6, returned: 0, medianMs: 3 * HOUR, p95Ms: 6 * HOUR, heldShare: 1 / 6 });
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain("redemption_id");
  });
});
