// The ledger is double-entry (worker/wallet/accounts.ts): whatever a few players do, in
// whatever order, every balance equals its ledger's sum and never goes below zero, and
// per currency the player's balance plus the house accounts sums to zero, with the
// house's `owed` account minus what the player owes. Random sequences of bets and their
// settlement (won, lost, pushed), daily bonuses, coin packs, redemptions and their return,
// operator adjustments either way, and disputes that take a pack back (leaving owed what
// the balance cannot give, which a later credit repays) go through the wallet's RPC
// methods as the routes call them. After each sequence the running house accounts must be
// what the ledger and the owed ledger call for.
import { runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WalletKind } from "../../src/shared/money";
import type { UserWallet } from "../../worker/user-wallet";
import type { LedgerReason } from "../../worker/wallet/accounts";
import { houseAccountsByMapping } from "./double-entry-helpers";
import { verifyIdentityInWallet } from "./helpers";
import { HOUR, leg, newEventId, newUserId, wallet } from "./settlement-fixtures";

const PLAYERS = 2;
const GAMES = 2;
const OPERATOR = { actor: "ops@example.com", reason: "double-entry test" };

type Op =
  | { op: "bet"; player: number; wallet: WalletKind; game: number; side: "Home" | "Away"; share: number }
  | { op: "settle"; game: number; outcome: "home" | "away" | "push" }
  | { op: "bonus"; player: number }
  | { op: "buy"; player: number; pack: 999 | 4999 }
  | { op: "redeem"; player: number; cents: number }
  | { op: "returnRedemption"; player: number }
  | { op: "adjust"; player: number; wallet: WalletKind; amount: number }
  | { op: "dispute"; player: number }
  | { op: "closeDispute"; player: number; won: boolean };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const currency = fc.constantFrom("coins", "cash");
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("bet"),
      player,
      wallet: currency,
      game: fc.integer({ min: 0, max: GAMES - 1 }),
      side: fc.constantFrom("Home", "Away"),
      share: fc.constantFrom(0.1, 0.5, 1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("settle"),
      game: fc.integer({ min: 0, max: GAMES - 1 }),
      outcome: fc.constantFrom("home", "away", "push"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("bonus"), player }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("buy"), player, pack: fc.constantFrom(999, 4999) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("redeem"), player, cents: fc.integer({ min: 2_000, max: 5_000 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("returnRedemption"), player }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("adjust"),
      player,
      wallet: currency,
      amount: fc.integer({ min: -6_000, max: 6_000 }).filter((amount) => amount !== 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("dispute"), player }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("closeDispute"), player, won: fc.boolean() }) },
);

/** One sequence that makes every move at least once, whatever the random ones do. */
const EVERY_MOVE: Op[] = [
  { op: "bet", player: 0, wallet: "coins", game: 0, side: "Home", share: 0.1 },
  { op: "bet", player: 1, wallet: "coins", game: 0, side: "Away", share: 0.1 },
  { op: "settle", game: 0, outcome: "home" },
  { op: "bet", player: 0, wallet: "coins", game: 1, side: "Away", share: 0.5 },
  { op: "settle", game: 1, outcome: "push" },
  { op: "bonus", player: 1 },
  { op: "buy", player: 0, pack: 4999 },
  { op: "redeem", player: 0, cents: 2_500 },
  { op: "returnRedemption", player: 0 },
  { op: "adjust", player: 1, wallet: "coins", amount: 700 },
  { op: "adjust", player: 1, wallet: "coins", amount: -300 },
  { op: "buy", player: 1, pack: 999 },
  // Player 1 stakes everything, then the pack is disputed: what the balance cannot give is owed.
  { op: "bet", player: 1, wallet: "coins", game: 0, side: "Home", share: 1 },
  { op: "dispute", player: 1 },
  { op: "bonus", player: 1 },
  { op: "closeDispute", player: 1, won: false },
];

type Pack = { paymentIntent: string; dispute: string | null; closed: boolean };

/** The players of one sequence, their packs and redemptions, the games in play and the clock. */
class Run {
  readonly users = Array.from({ length: PLAYERS }, () => newUserId());
  readonly packs = this.users.map((): Pack[] => []);
  readonly pending = this.users.map((): string[] => []);
  readonly games = Array.from({ length: GAMES }, () => newEventId());
  at = Date.now();

  async open(): Promise<void> {
    for (const userId of this.users) {
      const confirmed = await wallet(userId).confirmDateOfBirth(userId, { dateOfBirth: "1990-04-25", minAge: 18 }, this.at);
      expect(confirmed.ok).toBe(true);
      await verifyIdentityInWallet(userId, this.at);
    }
  }

  async apply(op: Op): Promise<void> {
    this.at += 5 * HOUR;
    if (op.op === "settle") {
      const [homeScore, awayScore] = op.outcome === "home" ? [101, 99] : op.outcome === "away" ? [99, 101] : [100, 100];
      const eventId = this.games[op.game]!;
      for (const userId of this.users) await wallet(userId).applyEventResults(userId, [{ eventId, homeScore, awayScore }], this.at);
      this.games[op.game] = newEventId();
      return;
    }
    const userId = this.users[op.player]!;
    const stub = wallet(userId);
    const packs = this.packs[op.player]!;
    switch (op.op) {
      case "bet": {
        const balances = await stub.getBalances(userId, this.at);
        const amount =
          op.wallet === "coins"
            ? Math.min(250_000, Math.max(1, Math.floor(balances.coinBalance * op.share)))
            : Math.min(500, Math.max(1, Math.floor((balances.vantageCash * op.share) / 100)));
        const legs = [leg({ eventId: this.games[op.game]!, side: op.side })];
        await stub.placeBets(
          userId,
          { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: op.wallet, amount, legs },
          this.at,
        );
        return;
      }
      case "bonus":
        await stub.claimDailyBonus(userId, this.at, undefined, 0);
        return;
      case "buy": {
        const id = crypto.randomUUID();
        const paymentIntent = `pi_${id}`;
        const bought = await stub.creditPurchase(
          userId,
          { checkoutSessionId: `cs_${id}`, amountCents: op.pack, paymentIntent, cashPlaythrough: 0 },
          this.at,
        );
        expect(bought.ok).toBe(true);
        packs.push({ paymentIntent, dispute: null, closed: false });
        return;
      }
      case "redeem": {
        const redemptionId = `rd_${crypto.randomUUID()}`;
        const held = await stub.requestRedemption(
          userId,
          { amountCents: op.cents, redemptionId, cashPlaythrough: 0, purchaseHoldDays: 0 },
          this.at,
        );
        if (held.ok) this.pending[op.player]!.push(redemptionId);
        return;
      }
      case "returnRedemption": {
        const redemptionId = this.pending[op.player]!.shift();
        if (redemptionId) await stub.failRedemption(userId, { redemptionId, reason: "the bank returned it" }, this.at);
        return;
      }
      case "adjust":
        await stub.adjustBalance(userId, { adjustmentId: crypto.randomUUID(), wallet: op.wallet, amount: op.amount }, OPERATOR, this.at);
        return;
      case "dispute": {
        const pack = packs.findLast((p) => p.dispute === null);
        if (!pack) return;
        pack.dispute = `dp_${crypto.randomUUID()}`;
        const input = { disputeId: pack.dispute, paymentIntent: pack.paymentIntent, status: "needs_response", phase: "created" as const };
        expect((await stub.applyDispute(userId, input, this.at)).ok).toBe(true);
        return;
      }
      case "closeDispute": {
        const pack = packs.find((p) => p.dispute !== null && !p.closed);
        if (!pack?.dispute) return;
        pack.closed = true;
        const input = {
          disputeId: pack.dispute,
          paymentIntent: pack.paymentIntent,
          status: op.won ? "won" : "lost",
          phase: "closed" as const,
        };
        expect((await stub.applyDispute(userId, input, this.at)).ok).toBe(true);
        return;
      }
    }
  }

  /** Every player's wallet keeps both invariants. */
  async expectBalanced(): Promise<void> {
    for (const userId of this.users) {
      const audit = await wallet(userId).auditLedger(userId, this.at);
      for (const c of ["coins", "cash"] as const) {
        expect(audit[c].ledgerSum, `${c} ledger of ${userId}`).toBe(audit[c].balance);
        expect(audit[c].balance).toBeGreaterThanOrEqual(0);
        const houseTotal = Object.values(audit.houseAccounts[c]).reduce((sum, balance) => sum + balance, 0);
        expect(audit[c].balance + houseTotal, `${c} accounts of ${userId}`).toBe(0);
        expect(audit.houseAccounts[c].owed + audit.owed[c].owed, `${c} owed of ${userId}`).toBe(0);
      }
      expect(audit.balancesToZero).toBe(true);
    }
  }

  /** The running house accounts are the ledger's sums by mapping; answers the reasons each wallet posted. */
  async expectHouseFromLedger(): Promise<{ reasons: LedgerReason[]; owedIncurred: number }> {
    const reasons = new Set<LedgerReason>();
    let owedIncurred = 0;
    for (const userId of this.users) {
      const stub = wallet(userId);
      const audit = await stub.auditLedger(userId, this.at);
      const seen = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
        const sql = state.storage.sql;
        return {
          house: houseAccountsByMapping(sql),
          reasons: sql.exec<{ reason: LedgerReason }>("SELECT DISTINCT reason FROM ledger").toArray(),
          owed: sql.exec<{ total: number | null }>("SELECT SUM(amount) AS total FROM owed_ledger WHERE amount > 0").one().total ?? 0,
        };
      });
      expect(audit.houseAccounts).toEqual(seen.house);
      for (const { reason } of seen.reasons) reasons.add(reason);
      owedIncurred += seen.owed;
    }
    return { reasons: [...reasons], owedIncurred };
  }
}

describe("the double-entry ledger", () => {
  it("keeps every balance equal to its ledger and every currency's accounts summing to zero, whatever players do", async () => {
    const reasons = new Set<LedgerReason>();
    let owedIncurred = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 10 }), async (ops) => {
        const run = new Run();
        await run.open();
        for (const op of ops) {
          await run.apply(op);
          await run.expectBalanced();
        }
        // A later credit for each player repays whatever is still owed.
        for (let p = 0; p < PLAYERS; p++) await run.apply({ op: "buy", player: p, pack: 4999 });
        await run.expectBalanced();
        const seen = await run.expectHouseFromLedger();
        for (const reason of seen.reasons) reasons.add(reason);
        owedIncurred += seen.owedIncurred;
      }),
      { numRuns: 20, examples: [[EVERY_MOVE]] },
    );
    // The sequences made every move the test is about: stakes won, lost and pushed, owed and repaid.
    const moves: LedgerReason[] = [
      "bet_stake",
      "bet_payout",
      "daily_bonus",
      "purchase",
      "redemption_hold",
      "redemption_refund",
      "admin_adjustment",
      "dispute_reversal",
      "owed_repayment",
    ];
    expect(moves.filter((reason) => !reasons.has(reason))).toEqual([]);
    expect(owedIncurred).toBeGreaterThan(0);
    // Twenty-one runs of several players' wallets each: seconds of work, more on a busy machine.
  }, 120_000);
});
