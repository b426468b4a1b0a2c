// A redemption asked for where Vantage Cash is offered is sent only if the region where the
// player's verified document says they live still offers redemptions when the transfer goes:
// a law's day that comes while it waits for review returns it to the balance, told why, and
// one whose transfer was already attempted (it may have been sent) waits instead, going once
// the region offers redemptions again.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import type { PlayContext } from "../../src/shared/protection";
import type { RegionRuleEntry } from "../../src/shared/region-rules";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { RegionRulesUnread, rulesInForce } from "../../worker/protection/request-region";
import { payoutRoute } from "../../worker/payments/payout-port";
import { getUserWallet } from "../../worker/user-wallet";
import { postJson, signIn } from "./helpers";
import { buyCash, eventually, history, onboardPayouts, vantageCashOf, withReview } from "./payout-helpers";
import { withRegionEntryFromToday } from "./region-entry-fixtures";
import { HOUR, newUserId } from "./settlement-fixtures";
import { verifyIdentityInWallet } from "./helpers";

const TIMING = { retryAfterMs: HOUR, retryMaxMs: HOUR, keyReuseMs: 24 * HOUR, leaseMs: 60_000 };

/** Texas (where the test players' documents say they live) turned Coins-only from `day`. */
const texasCoinsOnly = (day: string): RegionRuleEntry => ({
  region: "US-TX",
  mode: "coins-only",
  from: day,
  covers: "sweepstakes-sports",
  source: { title: "Texas Sweepstakes Act", url: "https://example.org/tx" },
});

const playUnder = (entries: RegionRuleEntry[]): PlayContext => ({
  minAge: 18,
  place: { region: null, rules: { entries, restricted: [], blocked: [] } },
});

describe("a redemption waiting when its player's state stops offering redemptions", () => {
  it("goes back to the balance when the law's day comes during its review, with the state's sentence", async () => {
    const player = await signIn();
    await buyCash(player);
    await onboardPayouts(player);
    const asked = await withReview({ cents: "50000", days: "30" }, "/api/withdrawals", {
      method: "POST",
      token: player.token,
      body: JSON.stringify({ amount: 20 }),
    });
    const { redemption } = (await asked.json()) as { redemption: Redemption };
    expect(redemption).toMatchObject({
      status: "pending",
      hold: "A new account's first redemption is reviewed by our team before it is sent.",
    });
    expect(await vantageCashOf(player)).toBe(2_900);

    // The state's law takes effect today, entered by operators while the request waits.
    await withRegionEntryFromToday("US-TX", "coins-only", "Texas Sweepstakes Act", async (day) => {
      const admin = await signIn("admin@vantage.test", "Operator");
      expect((await postJson(`/api/admin/approvals/review-${redemption.id}/approve`, {}, admin.token)).status).toBe(200);
      const after = await eventually(
        async () => (await history(player)).find((r) => r.id === redemption.id)!,
        (r) => r.status !== "pending",
      );
      expect(after.status).toBe("failed");
      expect(after.failureReason).toBe(
        `Returned: Vantage Cash is not offered in US-TX since ${day} (Texas Sweepstakes Act): Coins play only.`,
      );
      expect(after.timeline.map((s) => s.step)).not.toContain("sent");
      expect(await vantageCashOf(player)).toBe(4_900);
    });
  });

  it("waits, if its transfer was already attempted, until the state offers redemptions again; one never attempted goes back", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    const now = Date.now();
    expect((await stub.confirmDateOfBirth(userId, { dateOfBirth: "1990-04-25", minAge: 18 }, now)).ok).toBe(true);
    await verifyIdentityInWallet(userId, now);
    expect((await stub.creditPurchase(userId, { checkoutSessionId: "cs_place_a", amountCents: 4999, cashPlaythrough: 0 }, now)).ok).toBe(
      true,
    );
    for (const redemptionId of ["rd_place_sent", "rd_place_new"]) {
      const held = await stub.requestRedemption(userId, { amountCents: 2_000, redemptionId, cashPlaythrough: 0 }, now);
      expect(held.ok && held.redemption.status).toBe("pending");
    }
    // The first one's transfer went out and its answer was lost.
    expect((await stub.beginPayoutAttempt(userId, { redemptionId: "rd_place_sent", timing: TIMING, play: playUnder([]) }, now)).run).toBe(
      true,
    );
    await stub.finishPayoutAttempt(
      userId,
      { redemptionId: "rd_place_sent", outcome: { kind: "unknown", reason: "network connection lost" }, timing: TIMING },
      now,
    );

    // Texas turns Coins-only; the retry is due.
    const later = now + 2 * HOUR;
    const closed = playUnder([texasCoinsOnly(etDayKey(later))]);
    const waiting = await stub.beginPayoutAttempt(userId, { redemptionId: "rd_place_sent", timing: TIMING, play: closed }, later);
    expect(waiting).toMatchObject({ run: false, redemption: { status: "pending" } });
    const returned = await stub.beginPayoutAttempt(userId, { redemptionId: "rd_place_new", timing: TIMING, play: closed }, later);
    expect(returned).toMatchObject({ run: false, redemption: { status: "failed" } });
    expect(returned.redemption?.failureReason).toMatch(/^Returned: Vantage Cash is not offered in US-TX since /);
    expect((await stub.getBalances(userId, later)).vantageCash).toBe(4_900 - 2_000);

    // Offered again (a later entry, full): the waiting one is tried under its key.
    const reopened = playUnder([texasCoinsOnly(etDayKey(later)), { ...texasCoinsOnly(etDayKey(later + 24 * HOUR)), mode: "full" }]);
    const again = await stub.beginPayoutAttempt(
      userId,
      { redemptionId: "rd_place_sent", timing: TIMING, play: reopened },
      later + 24 * HOUR,
    );
    expect(again).toMatchObject({ run: true, idempotencyKey: `redemption-${userId}-rd_place_sent-2` });
  });

  it("looks once its key is forgotten for the transfer attempted before the law's day: adopts it if it went, else returns the amount", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    const now = Date.now();
    expect((await stub.confirmDateOfBirth(userId, { dateOfBirth: "1990-04-25", minAge: 18 }, now)).ok).toBe(true);
    await verifyIdentityInWallet(userId, now);
    expect((await stub.creditPurchase(userId, { checkoutSessionId: "cs_place_b", amountCents: 4999, cashPlaythrough: 0 }, now)).ok).toBe(
      true,
    );
    for (const redemptionId of ["rd_lost_went", "rd_lost_never"]) {
      expect((await stub.requestRedemption(userId, { amountCents: 2_000, redemptionId, cashPlaythrough: 0 }, now)).ok).toBe(true);
      expect((await stub.beginPayoutAttempt(userId, { redemptionId, timing: TIMING, play: playUnder([]) }, now)).run).toBe(true);
      await stub.finishPayoutAttempt(userId, { redemptionId, outcome: { kind: "unknown", reason: "timed out" }, timing: TIMING }, now);
    }
    // Texas closes; a day on, the provider no longer remembers the keys: only a look runs.
    const dayOn = now + 25 * HOUR;
    const closed = playUnder([texasCoinsOnly(etDayKey(dayOn))]);
    const looks = [];
    for (const redemptionId of ["rd_lost_went", "rd_lost_never"]) {
      const look = await stub.beginPayoutAttempt(userId, { redemptionId, timing: TIMING, play: closed }, dayOn);
      expect(look).toMatchObject({ run: true, listFirst: true, idempotencyKey: `redemption-${userId}-${redemptionId}` });
      if (!look.run) throw new Error("no look");
      expect(look.adoptOnly?.reason).toMatch(/^Returned: Vantage Cash is not offered in US-TX since /);
      looks.push(look);
    }
    // What the provider's side answers (payout-port.ts): the first went, the second never did.
    const sent: string[] = [];
    const lookedTo: (string | null)[] = [];
    const route = payoutRoute(
      {
        // Looked for to any of the player's accounts: one sent to an earlier account went too.
        findTransfer: async ({ redemptionId, accountId }) => {
          lookedTo.push(accountId);
          return redemptionId === "rd_lost_went" ? { transferId: "tr_went" } : null;
        },
        transfer: async (input) => {
          sent.push(input.redemptionId);
          return { ok: true, transferId: "tr_new" };
        },
      },
      { accountId: "acct_test", destination: null },
    );
    for (const look of looks) {
      if (!look.run) continue;
      const outcome = await route.send({
        userId,
        redemption: look.redemption,
        idempotencyKey: look.idempotencyKey,
        listFirst: look.listFirst,
        ...(look.adoptOnly && { adoptOnly: look.adoptOnly }),
      });
      await stub.finishPayoutAttempt(userId, { redemptionId: look.redemption.id, outcome, timing: TIMING }, dayOn);
    }
    expect(sent).toEqual([]);
    expect(lookedTo).toEqual([null, null]);
    const after = await stub.listRedemptions(userId, dayOn);
    expect(after.find((r) => r.id === "rd_lost_went")).toMatchObject({ status: "paid" });
    expect(after.find((r) => r.id === "rd_lost_never")).toMatchObject({ status: "failed" });
    expect(after.find((r) => r.id === "rd_lost_never")?.failureReason).toMatch(/^Returned: Vantage Cash is not offered in US-TX since /);
    expect((await stub.getBalances(userId, dayOn)).vantageCash).toBe(4_900 - 2_000);
  });

  it("sends one asked inside a redeem-only window after the window's last day", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    const now = Date.now();
    expect((await stub.confirmDateOfBirth(userId, { dateOfBirth: "1990-04-25", minAge: 18 }, now)).ok).toBe(true);
    await verifyIdentityInWallet(userId, now);
    expect((await stub.creditPurchase(userId, { checkoutSessionId: "cs_place_c", amountCents: 4999, cashPlaythrough: 0 }, now)).ok).toBe(
      true,
    );
    expect((await stub.requestRedemption(userId, { amountCents: 2_000, redemptionId: "rd_window", cashPlaythrough: 0 }, now)).ok).toBe(
      true,
    );
    // Texas's window began before the request and ended the day after it.
    const window: RegionRuleEntry = { ...texasCoinsOnly(etDayKey(now - 48 * HOUR)), mode: "redeem-only", until: etDayKey(now) };
    const twoDaysOn = now + 48 * HOUR;
    // A newer entry (a regulator's order an operator entered) closes the state for good: then it goes back.
    const blocked: RegionRuleEntry = { ...texasCoinsOnly(etDayKey(now + 24 * HOUR)), mode: "blocked" };
    const refused = await stub.beginPayoutAttempt(
      userId,
      { redemptionId: "rd_window", timing: TIMING, play: playUnder([window, blocked]) },
      twoDaysOn,
    );
    expect(refused).toMatchObject({ run: false });
    expect((await stub.listRedemptions(userId, twoDaysOn)).find((r) => r.id === "rd_window")).toMatchObject({ status: "failed" });
    // Asked again inside the window, with nothing newer than it: sent after its last day.
    expect((await stub.requestRedemption(userId, { amountCents: 2_000, redemptionId: "rd_window_2", cashPlaythrough: 0 }, now)).ok).toBe(
      true,
    );
    const attempt = await stub.beginPayoutAttempt(
      userId,
      { redemptionId: "rd_window_2", timing: TIMING, play: playUnder([window]) },
      twoDaysOn,
    );
    expect(attempt).toMatchObject({ run: true, listFirst: true, redemption: { status: "pending" } });
    expect(attempt.run && attempt.adoptOnly).toBeFalsy();
  });

  it("waits, rather than judge on the shipped table alone, while the operators' entries cannot be read", async () => {
    // A database this isolate never read the entries from, failing: an entry closing a state could be missed.
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") {
          return () => {
            throw new Error("D1 is unavailable");
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(rulesInForce({ ...env, DB: failing } as Env, Date.now())).rejects.toBeInstanceOf(RegionRulesUnread);
    const working = new Proxy(env.DB, {});
    expect((await rulesInForce({ ...env, DB: working } as Env, Date.now())).place?.region).toBeNull();
  });
});
