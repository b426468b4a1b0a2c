// One Durable Object per player: the only writer of that player's Coins and Vantage
// Cash. Each RPC method runs its whole read-check-write inside one synchronous
// `transactionSync` (see WalletTx), then, outside the critical section, pushes the change
// to the player's open tabs over hibernating WebSockets and schedules the outbox's drain
// to D1 on the object's alarm, WALLET_OUTBOX_FLUSH_DELAY_MS later, so a player's bets in
// that window reach D1 in one batch (settlement drains at once, as it needs D1 current).
// RPC methods return result values; they never throw domain errors.
import { DurableObject } from "cloudflare:workers";
import { OPENING_CASH_CENTS, OPENING_COINS } from "../../src/shared/money";
import { LIVE_PROTOCOL, LIVE_SESSION_HEADER, LIVE_TOKEN_EXPIRES_HEADER } from "../../src/shared/live-protocol";
import type { BetDocument, LiveMessage } from "../../src/shared/schemas/bets";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { projectionStatements, type OutboxRow } from "./wallet-projection";
import { WALLET_SCHEMA, WALLET_SCHEMA_VERSION } from "./wallet-schema";
import { tunables } from "../tunables";
import type { BreakPeriod, LimitName, PlayAction, Refusal } from "../../src/shared/protection";
import {
  attachPurchaseHoldInTx,
  confirmDateOfBirthInTx,
  correctDateOfBirthInTx,
  gatePlay,
  protectionSnapshotInTx,
  releasePurchaseHoldInTx,
  reservePurchaseInTx,
  setLimitsInTx,
  takeBreakInTx,
  type BreakResult,
  type DateOfBirthResult,
  type PlayContext,
  type ProtectionSnapshot,
  type PurchaseHoldResult,
} from "../protection/protection-operations";
import { WalletTx, type LedgerReason } from "./wallet-tx";
import { playthroughAudit, playthroughState, type PlaythroughState } from "./playthrough";
import { loggerFor } from "../logging/logger";
import { claimDailyBonusInTx, type DailyBonusResult } from "./bonus-operations";
import { creditPurchaseInTx, type CreditPurchaseInput, type CreditPurchaseResult } from "./purchase-operations";
import {
  completeRedemptionInTx,
  failRedemptionInTx,
  listRedemptionsInTx,
  requestRedemptionInTx,
  type RedemptionResult,
} from "./redemption-operations";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import {
  applyDisputeInTx,
  applyRefundInTx,
  listPurchasesInTx,
  redemptionPause,
  type DisputeInput,
  type RefundInput,
  type ReversalResult,
} from "./reversal-operations";
import {
  beginPayoutAttemptInTx,
  duePayoutsInTx,
  finishPayoutAttemptInTx,
  nextPayoutWakeInTx,
  type PayoutAttempt,
  type PayoutOutcome,
  type PayoutTiming,
} from "./payout-attempt-operations";
import { payoutTiming, runPayoutAttempt } from "../payments/payout-runner";
import { getPaymentsProvider } from "../payments/payments-provider";
import { findPayoutAccount } from "../payments/payout-accounts";
import { getDb } from "../db/database";
import { applyEventOutcomes, type EventOutcome, type SettlementSummary } from "./settlement-operations";
import { applyCorrectionInTx, type CorrectionInput, type CorrectionSummary } from "./correction-operations";
import {
  adjustBalanceInTx,
  listDisputesInTx,
  readFreeze,
  setFreezeInTx,
  type AdjustmentInput,
  type AdjustmentResult,
  type DisputeRow,
  type FreezeState,
} from "./operator-operations";
import {
  findPlacement,
  listBetsInTx,
  placeBetsInTx,
  type BetsCursor,
  type ListBetsInput,
  type PlaceBetsInput,
  type PlaceBetsResult,
} from "./bet-operations";

/** Outbox retry back-off: 1 s doubling to at most 5 minutes, forever. */
const OUTBOX_RETRY_BASE_MS = 1_000;
const OUTBOX_RETRY_MAX_MS = 300_000;
const OUTBOX_BATCH = 50;
/** D1 statements per batch: a parlay row carries one per leg, so rows are packed up to this. */
const OUTBOX_MAX_STATEMENTS = 100;
/** Bets pushed to a socket when it connects, so a (re)connected tab resyncs at once. */
const LIVE_SNAPSHOT_BETS = 50;
/** Open live sockets kept per player; the oldest is closed beyond this. */
const LIVE_MAX_SOCKETS = 20;
/** Close codes the SPA sees: its sign-in ended (logout), or its access token expired (reconnect with a fresh one). */
export const LIVE_CLOSE_SIGNED_OUT = 4001;
export const LIVE_CLOSE_TOKEN_EXPIRED = 4002;

/**
 * What each live socket carries (survives hibernation): when it connected, and the
 * sign-in and access-token expiry it was opened with. A socket lives no longer than its
 * token (security review finding 7): the alarm closes it at `exp`, nothing is sent to it
 * after `exp`, and a logout closes the sockets of that sign-in at once.
 */
type LiveAttachment = { at: number; n: number; sid: string; exp: number };

export type LedgerRow = {
  seq: number;
  currency: "coins" | "cash";
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  reference: string;
  createdAt: number;
};

/** Thrown inside a transaction to roll it back while carrying the result out. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

export type { LiveMessage };

export class UserWallet extends DurableObject<Env> {
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Whether the last drain failed (so a success must reset the stored attempt count). */
  private outboxFailed = true;
  /** When the alarm this object last set will drain the outbox (null: none known). */
  private drainAt: number | null = null;
  private socketSeq = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    ctx.blockConcurrencyWhile(async () => {
      const sql = ctx.storage.sql;
      for (const statement of WALLET_SCHEMA) sql.exec(statement);
      sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", String(WALLET_SCHEMA_VERSION));
    });
  }

  /**
   * Runs `work` as one atomic step for `userId`, opening the wallet on first use with
   * the opening balance as its first ledger row. If `work` returns `{ ok: false }` the
   * transaction is rolled back, so a refused operation changes nothing.
   */
  protected transact<T extends { ok: boolean }>(userId: string, now: number, work: (tx: WalletTx) => T): T {
    let changedBets: BetDocument[] = [];
    let changed = false;
    let result: T;
    try {
      result = this.ctx.storage.transactionSync(() => {
        const opened = this.openWallet(userId, now);
        const tx = new WalletTx(this.ctx.storage.sql, userId, now).withCashPlaythrough(tunables(this.env).CASH_PLAYTHROUGH);
        const value = work(tx);
        if (!value.ok) throw new Rollback(value);
        const finished = tx.finish();
        changed = finished.changed || opened;
        changedBets = [...tx.changedBets.values()];
        return value;
      });
    } catch (err) {
      if (err instanceof Rollback) return err.result as T;
      throw err;
    }
    if (changed) this.afterCommit(changedBets);
    return result;
  }

  /** Read-only view inside a transaction (opens the wallet if new). */
  protected read<T>(userId: string, now: number, work: (tx: WalletTx) => T): T {
    return this.transact(userId, now, (tx) => ({ ok: true as const, value: work(tx) })).value;
  }

  /** Creates the wallet on first use; true when it did. */
  private openWallet(userId: string, now: number): boolean {
    const sql = this.ctx.storage.sql;
    const existing = sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").toArray()[0];
    if (existing) {
      if (existing.user_id !== userId) throw new Error("wallet belongs to another user");
      return false;
    }
    sql.exec("INSERT INTO wallet (id, user_id, coins, cash_cents, version, created_at) VALUES (1, ?, 0, 0, 0, ?)", userId, now);
    const tx = new WalletTx(sql, userId, now);
    tx.post({ currency: "coins", amount: OPENING_COINS, reason: "opening_balance", reference: "opening" });
    if (OPENING_CASH_CENTS > 0) {
      tx.post({ currency: "cash", amount: OPENING_CASH_CENTS, reason: "opening_balance", reference: "opening" });
    }
    tx.finish();
    return true;
  }

  async getBalances(userId: string, now: number): Promise<WalletBalances> {
    const balances = this.read(userId, now, (tx) => tx.balances());
    return balances;
  }

  /** The ledger, newest first; operators and tests use it to audit the invariant. */
  async getLedger(userId: string, now: number, limit = 500): Promise<LedgerRow[]> {
    return this.read(userId, now, (tx) =>
      tx.sql
        .exec<{
          seq: number;
          currency: "coins" | "cash";
          amount: number;
          balance_after: number;
          reason: LedgerReason;
          reference: string;
          created_at: number;
        }>("SELECT * FROM ledger ORDER BY seq DESC LIMIT ?", limit)
        .toArray()
        .map((r) => ({
          seq: r.seq,
          currency: r.currency,
          amount: r.amount,
          balanceAfter: r.balance_after,
          reason: r.reason,
          reference: r.reference,
          createdAt: r.created_at,
        })),
    );
  }

  /** Ledger sums per currency next to the balances: equal, always. */
  async auditLedger(userId: string, now: number) {
    return this.read(userId, now, (tx) => {
      const sums = tx.sql
        .exec<{ currency: "coins" | "cash"; total: number }>("SELECT currency, SUM(amount) AS total FROM ledger GROUP BY currency")
        .toArray();
      const sum = (c: "coins" | "cash") => sums.find((s) => s.currency === c)?.total ?? 0;
      const balances = tx.balances();
      const owedSums = tx.sql
        .exec<{ currency: "coins" | "cash"; total: number }>("SELECT currency, SUM(amount) AS total FROM owed_ledger GROUP BY currency")
        .toArray();
      const owedSum = (c: "coins" | "cash") => owedSums.find((s) => s.currency === c)?.total ?? 0;
      return {
        coins: { balance: balances.coinBalance, ledgerSum: sum("coins") },
        cash: { balance: balances.vantageCash, ledgerSum: sum("cash") },
        /** What is owed (the newest owed row) next to the owed ledger's sum: equal, always. */
        owed: {
          coins: { owed: tx.owed("coins"), ledgerSum: owedSum("coins") },
          cash: { owed: tx.owed("cash"), ledgerSum: owedSum("cash") },
        },
        pendingOutbox: tx.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox").one().n,
      };
    });
  }

  /**
   * Settlement (worker/wallet/settlement-operations.ts): grades this player's open legs
   * on the given finished or voided events and pays what became final, at most once.
   * Waits for the D1 projection (even when nothing changed, a lagging one is caught up)
   * so the caller's next query sees the graded legs.
   */
  async applyEventResults(userId: string, outcomes: EventOutcome[], now: number): Promise<SettlementSummary> {
    const summary = this.transact(userId, now, (tx) => applyEventOutcomes(tx, outcomes));
    if (summary.ungradable.length > 0) loggerFor(this.env).warn(`settlement: voided ungradable ${summary.ungradable.join("; ")}`);
    await this.flushOutbox();
    return summary;
  }

  /**
   * A corrected score (correction-operations.ts): re-grades this player's bets on the game
   * once, moving only payout differences; waits for the projection so My Picks shows it.
   */
  async applyResultCorrection(userId: string, input: CorrectionInput, now: number): Promise<CorrectionSummary> {
    const summary = this.transact(userId, now, (tx) => applyCorrectionInTx(tx, input));
    await this.flushOutbox();
    return summary;
  }

  // ---- bets (logic in bet-operations.ts) ----

  /** Places a confirmed slip: replay, checks, debit, bets and stored answer, atomically. */
  async placeBets(userId: string, input: PlaceBetsInput, now: number, play = this.defaultPlay()): Promise<PlaceBetsResult> {
    return this.transact(userId, now, (tx) => placeBetsInTx(tx, input, play));
  }

  /** The stored answer to an Idempotency-Key, so a retry skips re-pricing entirely. */
  async findPlacement(userId: string, idempotencyKey: string, requestHash: string, now: number): Promise<PlaceBetsResult | null> {
    return this.read(userId, now, (tx) => findPlacement(tx, idempotencyKey, requestHash));
  }

  async listBets(userId: string, input: ListBetsInput, now: number): Promise<{ bets: BetDocument[]; next: BetsCursor | null }> {
    return this.read(userId, now, (tx) => listBetsInTx(tx, input));
  }

  // ---- money in and out: daily bonus, coin packs, redemptions (logic in *-operations.ts) ----

  /** `cashPlaythrough`: the caller's CASH_PLAYTHROUGH (playthrough.ts); the wallet's own configuration when omitted. */
  async claimDailyBonus(
    userId: string,
    now: number,
    play = this.defaultPlay(),
    cashPlaythrough?: number,
  ): Promise<DailyBonusResult | Refusal> {
    return this.transact(userId, now, (tx) => gatePlay(tx, "bonus", play) ?? claimDailyBonusInTx(tx.withCashPlaythrough(cashPlaythrough)));
  }

  async creditPurchase(
    userId: string,
    input: CreditPurchaseInput & { cashPlaythrough?: number },
    now: number,
  ): Promise<CreditPurchaseResult> {
    return this.transact(userId, now, (tx) => creditPurchaseInTx(tx.withCashPlaythrough(input.cashPlaythrough), input));
  }

  async requestRedemption(
    userId: string,
    input: { amountCents: number; redemptionId: string; cashPlaythrough?: number },
    now: number,
    play = this.defaultPlay(),
  ): Promise<RedemptionResult | Refusal> {
    return this.transact(
      userId,
      now,
      (tx) => gatePlay(tx, "redeem", play) ?? requestRedemptionInTx(tx.withCashPlaythrough(input.cashPlaythrough), input),
    );
  }

  /** Balances with what is still to play and what may be redeemed (GET /api/me). */
  /**
   * What may be redeemed now: play-through (playthrough.ts), and nothing at all while
   * redemptions are paused (an open dispute or an amount owed, reversal-operations.ts),
   * with the reason the player is told.
   */
  async getRedeemable(
    userId: string,
    now: number,
    cashPlaythrough?: number,
  ): Promise<{ balances: WalletBalances; redemptionPause: string | null } & PlaythroughState> {
    return this.read(userId, now, (tx) => {
      const balances = tx.withCashPlaythrough(cashPlaythrough).balances();
      const pause = redemptionPause(tx);
      const state = playthroughState(tx, balances.vantageCash);
      return { balances, ...state, redeemableCash: pause ? 0 : state.redeemableCash, redemptionPause: pause };
    });
  }

  /** The play-through figure next to the sum of its moves (equal, always), for audits and tests. */
  async auditPlaythrough(userId: string, now: number) {
    return this.read(userId, now, (tx) => playthroughAudit(tx));
  }

  async completeRedemption(
    userId: string,
    input: { redemptionId: string; payoutReference: string },
    now: number,
  ): Promise<RedemptionResult> {
    return this.transact(userId, now, (tx) => completeRedemptionInTx(tx, input));
  }

  async failRedemption(userId: string, input: { redemptionId: string; reason: string }, now: number): Promise<RedemptionResult> {
    return this.transact(userId, now, (tx) => failRedemptionInTx(tx, input));
  }

  async listRedemptions(userId: string, now: number): Promise<Redemption[]> {
    return this.read(userId, now, (tx) => listRedemptionsInTx(tx));
  }

  // ---- money that comes back: disputes and refunds (logic in reversal-operations.ts) ----

  async applyDispute(userId: string, input: DisputeInput, now: number): Promise<ReversalResult> {
    return this.transact(userId, now, (tx) => applyDisputeInTx(tx, input));
  }

  async applyRefund(userId: string, input: RefundInput, now: number): Promise<ReversalResult> {
    return this.transact(userId, now, (tx) => applyRefundInTx(tx, input));
  }

  async listPurchases(userId: string, now: number) {
    return this.read(userId, now, (tx) => listPurchasesInTx(tx));
  }

  // ---- player protection (logic in worker/protection/protection-operations.ts) ----

  /** The minimum age when the caller knows no region (direct calls, tests). */
  private defaultPlay(): PlayContext {
    return { minAge: tunables(this.env).MIN_AGE };
  }

  async confirmDateOfBirth(userId: string, input: { dateOfBirth: string; minAge: number }, now: number): Promise<DateOfBirthResult> {
    return this.transact(userId, now, (tx) => confirmDateOfBirthInTx(tx, input));
  }

  /** Operators only (see /api/admin/players/:userId/date-of-birth). */
  async correctDateOfBirth(userId: string, input: { dateOfBirth: string; minAge: number }, now: number): Promise<DateOfBirthResult> {
    return this.transact(userId, now, (tx) => correctDateOfBirthInTx(tx, input));
  }

  async takeBreak(userId: string, period: BreakPeriod, now: number): Promise<BreakResult> {
    return this.transact(userId, now, (tx) => takeBreakInTx(tx, period));
  }

  /** Requested limits in minor units (null removes); raises wait `raiseDelayMs`. */
  async setLimits(userId: string, requested: Partial<Record<LimitName, number | null>>, raiseDelayMs: number, now: number) {
    return this.transact(userId, now, (tx) => setLimitsInTx(tx, requested, raiseDelayMs));
  }

  /** The account gate alone (read-only), for a clear early answer; operations re-check it in their transaction. */
  async checkPlay(userId: string, action: PlayAction, now: number, play = this.defaultPlay()): Promise<Refusal | null> {
    return this.read(userId, now, (tx) => gatePlay(tx, action, play));
  }

  async getProtection(userId: string, now: number): Promise<ProtectionSnapshot> {
    return this.read(userId, now, (tx) => protectionSnapshotInTx(tx));
  }

  /** Before a checkout session: gate, purchase limits, and a hold counting it (see reservePurchaseInTx). */
  async reservePurchase(
    userId: string,
    input: { holdId: string; amountCents: number; holdMs: number },
    now: number,
    play = this.defaultPlay(),
  ): Promise<PurchaseHoldResult> {
    return this.transact(userId, now, (tx) => reservePurchaseInTx(tx, input, play));
  }

  async attachPurchaseHold(userId: string, input: { holdId: string; sessionId: string }, now: number): Promise<void> {
    this.transact(userId, now, (tx) => attachPurchaseHoldInTx(tx, input));
  }

  async releasePurchaseHold(userId: string, holdId: string, now: number): Promise<void> {
    this.transact(userId, now, (tx) => releasePurchaseHoldInTx(tx, holdId));
  }

  // ---- operator actions (logic in operator-operations.ts; routes in worker/admin/) ----

  /** Unfreezing wakes the wallet at once, so payouts held by the freeze are sent (see beginPayoutAttemptInTx). */
  async setFreeze(userId: string, input: { frozen: boolean; reason: string; actor: string }, now: number) {
    const result = this.transact(userId, now, (tx) => setFreezeInTx(tx, input));
    if (result.changed && !input.frozen && this.read(userId, now, (tx) => duePayoutsInTx(tx)).length > 0) await this.armAlarm(Date.now());
    return result;
  }

  async getFreeze(userId: string, now: number): Promise<FreezeState> {
    return this.read(userId, now, (tx) => readFreeze(tx));
  }

  /** A manual adjustment; waits for the D1 projection so the console's next read agrees. */
  async adjustBalance(userId: string, input: AdjustmentInput, now: number): Promise<AdjustmentResult> {
    const result = this.transact(userId, now, (tx) => adjustBalanceInTx(tx, input));
    await this.flushOutbox();
    return result;
  }

  /** `auditLedger` after draining the outbox, so the D1 projection can be compared too ("Check ledger"). */
  async auditLedgerDrained(userId: string, now: number) {
    await this.flushOutbox();
    return this.auditLedger(userId, now);
  }

  async listDisputes(userId: string, now: number): Promise<DisputeRow[]> {
    return this.read(userId, now, (tx) => listDisputesInTx(tx));
  }

  // ---- after a change: projection and live push (outside the critical section) ----

  private afterCommit(changedBets: BetDocument[]): void {
    this.scheduleDrain(Date.now() + tunables(this.env).WALLET_OUTBOX_FLUSH_DELAY_MS);
    if (this.ctx.getWebSockets().length === 0) return;
    const { user_id } = this.ctx.storage.sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").one();
    this.broadcast({ type: "balances", balances: new WalletTx(this.ctx.storage.sql, user_id, Date.now()).balances() });
    if (changedBets.length > 0) this.broadcast({ type: "bets", bets: changedBets });
  }

  /**
   * Makes sure the alarm drains the outbox by `due`: one storage write per window however
   * many commits fall in it. The alarm is durable, so a drain outlives this isolate.
   */
  private scheduleDrain(due: number): void {
    if (this.drainAt !== null && this.drainAt <= due) return;
    this.drainAt = due;
    // Never later than an alarm already set (payout retries, live-token expiry share it).
    this.ctx.waitUntil(this.armAlarm(due));
  }

  /** Drains the outbox to D1; concurrent callers share one drain. */
  async flushOutbox(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          await this.drainOutbox();
        } while (this.flushAgain);
        if (this.outboxFailed) {
          await this.ctx.storage.put("outbox_attempts", 0);
          this.outboxFailed = false;
        }
      } catch (err) {
        loggerFor(this.env).warn("wallet outbox flush failed; will retry", err);
        const attempts = ((await this.ctx.storage.get<number>("outbox_attempts")) ?? 0) + 1;
        await this.ctx.storage.put("outbox_attempts", attempts);
        this.outboxFailed = true;
        const delay = Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 20));
        this.drainAt = Date.now() + delay;
        await this.ctx.storage.setAlarm(this.drainAt);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private async drainOutbox(): Promise<void> {
    for (;;) {
      const rows = this.ctx.storage.sql
        .exec<OutboxRow>("SELECT seq, topic, payload FROM outbox ORDER BY seq LIMIT ?", OUTBOX_BATCH)
        .toArray();
      if (rows.length === 0) return;
      // Only the newest balances row of a batch matters (each carries the whole state).
      const lastBalances = rows.findLast((row) => row.topic === "balances")?.seq;
      const statements: D1PreparedStatement[] = [];
      let last = rows[0]!.seq;
      for (const row of rows) {
        if (row.topic === "balances" && row.seq !== lastBalances) {
          last = row.seq;
          continue;
        }
        const next = projectionStatements(this.env.DB, row);
        if (statements.length > 0 && statements.length + next.length > OUTBOX_MAX_STATEMENTS) break;
        statements.push(...next);
        last = row.seq;
      }
      if (statements.length > 0) await this.env.DB.batch(statements);
      this.ctx.storage.sql.exec("DELETE FROM outbox WHERE seq <= ?", last);
    }
  }

  /** Sets the alarm for `at` unless it is already set to ring sooner (one alarm serves every purpose). */
  private async armAlarm(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  async alarm(): Promise<void> {
    this.drainAt = null;
    await this.flushOutbox();
    this.closeExpiredSockets(Date.now());
    await this.scheduleLiveExpiry();
    await this.retryDuePayouts(Date.now());
  }

  // ---- payouts that never pay twice (logic in payout-attempt-operations.ts, payout-runner.ts) ----

  async beginPayoutAttempt(userId: string, input: { redemptionId: string; timing: PayoutTiming }, now: number): Promise<PayoutAttempt> {
    return this.transact(userId, now, (tx) => beginPayoutAttemptInTx(tx, input));
  }

  async finishPayoutAttempt(
    userId: string,
    input: { redemptionId: string; outcome: PayoutOutcome; timing: PayoutTiming },
    now: number,
  ): Promise<RedemptionResult> {
    const result = this.transact(userId, now, (tx) => finishPayoutAttemptInTx(tx, input));
    await this.armPayoutRetry(userId, now);
    return result;
  }

  private async armPayoutRetry(userId: string, now: number): Promise<void> {
    const wake = this.read(userId, now, (tx) => nextPayoutWakeInTx(tx));
    if (wake !== null) await this.armAlarm(Math.max(wake, Date.now()));
  }

  /**
   * The background retry: every pending payout whose retry is due gets one attempt with
   * the active provider and the player's payout account; then the alarm is set for the
   * next one. Nothing due, no provider or no account: it waits for the next wake.
   */
  private async retryDuePayouts(now: number): Promise<void> {
    const owner = this.ctx.storage.sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").toArray()[0];
    if (!owner) return;
    const userId = owner.user_id;
    const timing = payoutTiming(this.env);
    const due = this.read(userId, now, (tx) => duePayoutsInTx(tx));
    if (due.length > 0) {
      try {
        const provider = await getPaymentsProvider(this.env, this.env.PUBLIC_ORIGIN || "http://localhost");
        const account = await findPayoutAccount(getDb(this.env), userId);
        if (account && account.provider === provider.kind) {
          for (const redemptionId of due) {
            await runPayoutAttempt(
              this,
              provider,
              { userId, accountId: account.accountId, redemptionId },
              timing,
              loggerFor(this.env),
              now,
            );
          }
        }
      } catch (err) {
        loggerFor(this.env).warn("background payout retry could not run; will retry", err);
      }
    }
    const wake = this.read(userId, now, (tx) => nextPayoutWakeInTx(tx));
    // Still due after trying (no provider or account yet): look again after the first retry delay.
    if (wake !== null) await this.armAlarm(wake > Date.now() ? wake : Date.now() + timing.retryAfterMs);
  }

  // ---- live updates over hibernating WebSockets ----

  /** Accepts a live connection already authenticated by the Worker (see /api/live). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("expected a websocket upgrade", { status: 426 });
    }
    const userId = request.headers.get("X-Vantage-User-Id");
    const sid = request.headers.get(LIVE_SESSION_HEADER);
    const exp = Number(request.headers.get(LIVE_TOKEN_EXPIRES_HEADER));
    if (!userId || !sid || !Number.isFinite(exp)) return new Response("missing user, session or expiry", { status: 400 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    // getWebSockets() has no defined order: each socket carries when it connected.
    const connectedAt = (ws: WebSocket) => liveAttachment(ws) ?? { at: 0, n: 0 };
    const open = this.ctx.getWebSockets().sort((a, b) => connectedAt(a).at - connectedAt(b).at || connectedAt(a).n - connectedAt(b).n);
    for (const stale of open.slice(0, Math.max(0, open.length - LIVE_MAX_SOCKETS + 1))) {
      try {
        stale.close(4000, "too many connections");
      } catch {
        // already closing
      }
    }
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ at: Date.now(), n: ++this.socketSeq, sid, exp } satisfies LiveAttachment);
    await this.scheduleLiveExpiry();
    const snapshot = this.read(userId, Date.now(), (tx) => ({
      balances: tx.balances(),
      bets: listBetsInTx(tx, { limit: LIVE_SNAPSHOT_BETS }).bets,
    }));
    server.send(JSON.stringify({ type: "balances", balances: snapshot.balances } satisfies LiveMessage));
    server.send(JSON.stringify({ type: "bets", bets: snapshot.bets } satisfies LiveMessage));
    const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
    const headers = offered.includes(LIVE_PROTOCOL) ? { "Sec-WebSocket-Protocol": LIVE_PROTOCOL } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const sendable = code === 1000 || (code >= 3000 && code <= 4999);
    try {
      ws.close(sendable ? code : 1000, "closing");
    } catch {
      // Already closed (the runtime may have answered the close itself).
    }
  }

  /** Closes the live sockets opened under one sign-in (its logout); answers how many. */
  async closeLiveSockets(sessionId: string): Promise<number> {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if (liveAttachment(ws)?.sid !== sessionId) continue;
      closeQuietly(ws, LIVE_CLOSE_SIGNED_OUT, "signed out");
      closed += 1;
    }
    return closed;
  }

  private closeExpiredSockets(now: number): void {
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = liveAttachment(ws);
      if (attachment && attachment.exp <= now) closeQuietly(ws, LIVE_CLOSE_TOKEN_EXPIRED, "token expired");
    }
  }

  /** When the next open socket's token expires (null without open sockets; closing ones no longer count). */
  private nextLiveExpiry(): number | null {
    let next: number | null = null;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const exp = liveAttachment(ws)?.exp;
      if (exp !== undefined && (next === null || exp < next)) next = exp;
    }
    return next;
  }

  /** Makes sure the alarm fires by the next socket's expiry (an earlier outbox alarm is kept). */
  private async scheduleLiveExpiry(): Promise<void> {
    const next = this.nextLiveExpiry();
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  protected broadcast(message: LiveMessage): void {
    const text = JSON.stringify(message);
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = liveAttachment(ws);
      if (attachment && attachment.exp <= now) {
        closeQuietly(ws, LIVE_CLOSE_TOKEN_EXPIRED, "token expired");
        continue;
      }
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send is dropped; the client reconnects and resyncs.
      }
    }
  }
}

function liveAttachment(ws: WebSocket): LiveAttachment | null {
  return (ws.deserializeAttachment() as LiveAttachment | null) ?? null;
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}
