// One Durable Object per player: the only writer of that player's Coins and Vantage
// Cash. This class is the wallet's transaction helper and its RPC table, nothing more:
// each RPC method runs its whole read-check-write inside one synchronous
// `transactionSync` through `transact` (the work itself is in operations/, on the
// Ledger), and after a commit the change goes out: to D1 through the outbox
// (outbox.ts) and to the player's open tabs over the live sockets (live-sockets.ts).
// The object's one alarm drains the outbox, closes expired sockets, retries payouts
// (payouts.ts) and announces limit changes whose waiting time has passed. Before
// anything is served the storage is brought up the migration ladder
// (schema-migrations.ts). RPC methods return result values; they never throw domain
// errors.
import { DurableObject } from "cloudflare:workers";
import { OPENING_CASH_CENTS, OPENING_COINS } from "../../src/shared/money";
import type { Period } from "../../src/shared/money-totals";
import type { BreakPeriod, LimitName, PlayAction } from "../../src/shared/protection";
import type { Refusal } from "../../src/shared/refusals";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { loggerFor } from "../logging/logger";
import { tunables } from "../tunables";
import { Ledger } from "./ledger";
import { LiveSockets } from "./live-sockets";
import { armAlarm, Outbox } from "./outbox";
import { payoutTiming, retryDuePayouts, type PayoutPort } from "./payouts";
import { playthroughAudit } from "./playthrough";
import { migrateWalletSchema } from "./schema-migrations";
import { auditLedgerInTx, ledgerRowsInTx, type LedgerRow } from "./operations/audit-operations";
import { exportRecordsInTx, type WalletRecords } from "./operations/export-operations";
import { announceDueLimitChangesInTx, nextLimitChangeAt } from "./operations/limit-history-operations";
import {
  findPlacement,
  listBetsInTx,
  placeBetsInTx,
  type BetsCursor,
  type ListBetsInput,
  type PlaceBetsInput,
  type PlaceBetsResult,
} from "./operations/bet-operations";
import { claimDailyBonusInTx, type DailyBonusResult } from "./operations/bonus-operations";
import {
  cashOutInTx,
  findCashOut,
  quoteCashOutInTx,
  wantsFreshQuote,
  withFreshQuote,
  type CashOutFailure,
  type CashOutInput,
  type CashOutPricing,
  type CashOutResult,
  type QuoteResult,
} from "./operations/cash-out-operations";
import { readBet } from "./bet-rows";
import { applyCorrectionInTx, type CorrectionInput, type CorrectionSummary } from "./operations/correction-operations";
import {
  adjustBalanceInTx,
  auditInTx,
  listDisputesInTx,
  readFreeze,
  setFreezeInTx,
  type AdjustmentInput,
  type AdjustmentResult,
  type AuditFailure,
  type DisputeRow,
  type FreezeState,
  type OperatorAudit,
} from "./operations/operator-operations";
import {
  beginPayoutAttemptInTx,
  duePayoutsInTx,
  finishPayoutAttemptInTx,
  nextPayoutWakeInTx,
  type PayoutAttempt,
  type PayoutOutcome,
  type PayoutTiming,
} from "./operations/payout-attempt-operations";
import {
  attachPurchaseHoldInTx,
  confirmDateOfBirthInTx,
  correctDateOfBirthInTx,
  gatePlay,
  regionAllowsInTx,
  windDownSinceInTx,
  protectionSnapshotInTx,
  releasePurchaseHoldInTx,
  setLimitsInTx,
  takeBreakInTx,
  type BreakResult,
  type DateOfBirthResult,
  type PlayContext,
  type ProtectionSnapshot,
  type PurchaseHoldResult,
} from "./operations/protection-operations";
import {
  clearFraudWarningInTx,
  listFraudWarningsInTx,
  recordFraudWarningInTx,
  type FraudWarning,
  type FraudWarningInput,
  type FraudWarningResult,
} from "./operations/fraud-warning-operations";
import { creditPurchaseInTx, type CreditPurchaseInput, type CreditPurchaseResult } from "./operations/purchase-operations";
import {
  completeRedemptionInTx,
  decideReviewInTx,
  failRedemptionInTx,
  listRedemptionsInTx,
  markPaidOutInTx,
  redeemableInTx,
  requestRedemptionInTx,
  type Redeemable,
  type RedemptionResult,
  type ReviewDecision,
  type ReviewResult,
  type ReviewRules,
} from "./operations/redemption-operations";
import {
  beginIdentityCheckInTx,
  readIdentityInTx,
  recordIdentityInTx,
  reconcileIdentityWithDateOfBirthInTx,
  resetIdentityInTx,
  verifiedDateOfBirthInTx,
  type IdentityOutcome,
  type IdentityResetResult,
  type IdentityResult,
} from "./operations/identity-operations";
import type { IdentityState } from "../../src/shared/schemas/identity";
import {
  applyDisputeInTx,
  applyRefundInTx,
  listPurchasesInTx,
  type DisputeInput,
  type RefundInput,
  type ReversalResult,
} from "./operations/reversal-operations";
import { applyEventOutcomes, type EventOutcome, type SettlementSummary } from "./operations/settlement-operations";
import {
  answerRealityCheckInTx,
  heartbeatInTx,
  markNudgesSeenInTx,
  playSnapshotInTx,
  recordLimitReachedInTx,
  reservePurchaseWithPlayInTx,
  setPlayLimitsInTx,
  type PlaySnapshot,
} from "./operations/play-operations";
import {
  harmHistoryInTx,
  harmNotesInTx,
  noteHarmFlagInTx,
  statementInTx,
  type HarmAction,
  type HarmNote,
  type Statement,
} from "./operations/statement-operations";
import type { HarmFlag, HarmHistory } from "../../src/shared/harm-signs";
import type { PlayLimitName } from "../../src/shared/play-limits";
import type { RealityCheckAnswer } from "../../src/shared/play-time";
import { acceptedRulesVersion } from "./operations/rules-gate";
import {
  acceptRulesInTx,
  recordFreeEntryInTx,
  type FreeEntryFailure,
  type FreeEntryInput,
  type FreeEntryOutcome,
} from "./operations/sweepstakes-operations";

/** Thrown inside a transaction to roll it back while carrying the result out. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

export class UserWallet extends DurableObject<Env> {
  private readonly outbox: Outbox;
  private readonly live: LiveSockets;

  /** `payouts`: how background payout retries reach the payment provider (the Worker entry hands it in). */
  constructor(
    ctx: DurableObjectState,
    env: Env,
    private readonly payouts: PayoutPort,
  ) {
    super(ctx, env);
    this.outbox = new Outbox(ctx, () => this.env);
    this.live = new LiveSockets(ctx);
    // Before anything is served: the storage is brought up the migration ladder, or, when
    // it is newer than this code, the object fails to start and serves nothing.
    ctx.blockConcurrencyWhile(async () => {
      migrateWalletSchema(ctx.storage);
    });
  }

  /**
   * Runs `work` as one atomic step for `userId`, opening the wallet on first use with
   * the opening balance as its first ledger row. If `work` returns `{ ok: false }` the
   * transaction is rolled back, so a refused operation changes nothing.
   */
  protected transact<T extends { ok: boolean }>(userId: string, now: number, work: (tx: Ledger) => T): T {
    let changedBets: BetDocument[] = [];
    let changed = false;
    let result: T;
    try {
      result = this.ctx.storage.transactionSync(() => {
        const opened = this.openWallet(userId, now);
        const config = tunables(this.env);
        const tx = new Ledger(this.ctx.storage.sql, userId, now)
          .withCashPlaythrough(config.CASH_PLAYTHROUGH)
          .withPurchaseHoldDays(config.PURCHASE_HOLD_DAYS)
          .withRealityCheckOverride(config.REALITY_CHECK_INTERVAL_SECONDS);
        const value = work(tx);
        if (!value.ok) throw new Rollback(value);
        // A limit change that has taken effect since the last transaction is announced by this one.
        announceDueLimitChangesInTx(tx);
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
  protected read<T>(userId: string, now: number, work: (tx: Ledger) => T): T {
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
    const tx = new Ledger(sql, userId, now);
    tx.post({ currency: "coins", amount: OPENING_COINS, reason: "opening_balance", reference: "opening" });
    if (OPENING_CASH_CENTS > 0) {
      tx.post({ currency: "cash", amount: OPENING_CASH_CENTS, reason: "opening_balance", reference: "opening" });
    }
    tx.finish();
    return true;
  }

  async getBalances(userId: string, now: number): Promise<WalletBalances> {
    return this.read(userId, now, (tx) => tx.balances());
  }

  /** The ledger, newest first; operators and tests use it to audit the invariant. */
  async getLedger(userId: string, now: number, limit = 500): Promise<LedgerRow[]> {
    return this.read(userId, now, (tx) => ledgerRowsInTx(tx, limit));
  }

  /** The player's own records for one period ("Download my data", operations/export-operations.ts). */
  async exportRecords(userId: string, period: Period, now: number): Promise<WalletRecords> {
    return this.read(userId, now, (tx) => exportRecordsInTx(tx, period));
  }

  /** Ledger sums per currency next to the balances: equal, always. */
  async auditLedger(userId: string, now: number) {
    return this.read(userId, now, (tx) => auditLedgerInTx(tx));
  }

  /**
   * Settlement (operations/settlement-operations.ts): grades this player's open legs
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
   * A corrected score (operations/correction-operations.ts): re-grades this player's bets on the game
   * once, moving only payout differences; waits for the projection so My Picks shows it.
   */
  async applyResultCorrection(userId: string, input: CorrectionInput, now: number): Promise<CorrectionSummary> {
    const summary = this.transact(userId, now, (tx) => applyCorrectionInTx(tx, input));
    await this.flushOutbox();
    return summary;
  }

  // ---- bets (operations/bet-operations.ts) ----

  /** Places a confirmed slip: replay, checks, debit, bets and stored answer, atomically. */
  async placeBets(userId: string, input: PlaceBetsInput, now: number, play = this.defaultPlay()): Promise<PlaceBetsResult> {
    const result = this.transact(userId, now, (tx) => placeBetsInTx(tx, input, play));
    if (!result.ok) this.noteLimitReached(userId, result, now);
    return result;
  }

  /** A refusal by a limit is remembered for the statement, in a transaction of its own (the refused one rolled back). */
  private noteLimitReached(userId: string, refusal: { code: string; details?: Record<string, unknown> }, now: number): void {
    if (refusal.details?.limit === undefined) return;
    this.transact(userId, now, (tx) => recordLimitReachedInTx(tx, refusal));
  }

  /** The stored answer to an Idempotency-Key, so a retry skips re-pricing entirely. */
  async findPlacement(userId: string, idempotencyKey: string, requestHash: string, now: number): Promise<PlaceBetsResult | null> {
    return this.read(userId, now, (tx) => findPlacement(tx, idempotencyKey, requestHash));
  }

  async listBets(userId: string, input: ListBetsInput, now: number): Promise<{ bets: BetDocument[]; next: BetsCursor | null }> {
    return this.read(userId, now, (tx) => listBetsInTx(tx, input));
  }

  /** One of the player's bets, or null when they have none by that id. */
  async getBet(userId: string, betId: string, now: number): Promise<BetDocument | null> {
    return this.read(userId, now, (tx) => readBet(tx.sql, betId));
  }

  // ---- cash-out (operations/cash-out-operations.ts) ----

  /** A stored quote for the bet's whole open stake at the fair probabilities handed in. */
  async quoteCashOut(userId: string, betId: string, pricing: CashOutPricing, now: number): Promise<QuoteResult> {
    return this.transact(userId, now, (tx) => quoteCashOutInTx(tx, betId, pricing));
  }

  /** Accepts a quote for a share of the open stake, paying once; a quote that no longer holds answers 409 with a fresh one. */
  async cashOut(userId: string, input: CashOutInput, now: number): Promise<CashOutResult> {
    const result = this.transact(userId, now, (tx) => cashOutInTx(tx, input));
    if (result.ok || !wantsFreshQuote(result)) return result;
    const refused = result;
    const followUp = this.transact<{ ok: true; answer: CashOutFailure } | CashOutFailure>(userId, now, (tx) => {
      const answer = withFreshQuote(tx, refused, input.betId, input);
      // Committed (the fresh quote stored) when the answer carries one; a refusal without one changes nothing.
      return answer.details ? { ok: true, answer } : answer;
    });
    return followUp.ok ? followUp.answer : followUp;
  }

  /** The stored answer to a cash-out's Idempotency-Key, so a retry skips pricing and the live delay. */
  async findCashOut(userId: string, idempotencyKey: string, requestHash: string, now: number): Promise<CashOutResult | null> {
    return this.read(userId, now, (tx) => findCashOut(tx, idempotencyKey, requestHash));
  }

  // ---- money in and out: daily bonus, coin packs, redemptions (operations/) ----

  /** `cashPlaythrough`: the caller's CASH_PLAYTHROUGH (playthrough.ts); the wallet's own configuration when omitted. */
  async claimDailyBonus(
    userId: string,
    now: number,
    play = this.defaultPlay(),
    cashPlaythrough?: number,
  ): Promise<DailyBonusResult | Refusal> {
    return this.transact(
      userId,
      now,
      (tx) =>
        gatePlay(tx, "bonus", play) ??
        claimDailyBonusInTx(tx.withCashPlaythrough(cashPlaythrough), regionAllowsInTx(tx, play, "bonus-cash")),
    );
  }

  async creditPurchase(
    userId: string,
    input: CreditPurchaseInput & { cashPlaythrough?: number },
    now: number,
  ): Promise<CreditPurchaseResult> {
    return this.transact(userId, now, (tx) => creditPurchaseInTx(tx.withCashPlaythrough(input.cashPlaythrough), input));
  }

  /**
   * `cashPlaythrough`, `purchaseHoldDays`: the caller's CASH_PLAYTHROUGH and PURCHASE_HOLD_DAYS; the wallet's own when omitted.
   * `review`: the caller's REDEMPTION_REVIEW_* rules (none when omitted).
   */
  async requestRedemption(
    userId: string,
    input: { amountCents: number; redemptionId: string; cashPlaythrough?: number; purchaseHoldDays?: number; review?: ReviewRules },
    now: number,
    play = this.defaultPlay(),
  ): Promise<RedemptionResult | Refusal> {
    return this.transact(
      userId,
      now,
      (tx) =>
        gatePlay(tx, "redeem", play) ??
        requestRedemptionInTx(tx.withCashPlaythrough(input.cashPlaythrough).withPurchaseHoldDays(input.purchaseHoldDays), {
          ...input,
          region: play.place?.region ?? null,
          windDownSince: windDownSinceInTx(tx, play),
        }),
    );
  }

  /** Balances with what is still to play, what is held and what may be redeemed now (GET /api/me). */
  /** `play`: where the player is; where it turned redeem-only, what they held then is free of play-through and the hold. */
  async getRedeemable(
    userId: string,
    now: number,
    cashPlaythrough?: number,
    purchaseHoldDays?: number,
    play?: PlayContext,
  ): Promise<Redeemable> {
    return this.read(userId, now, (tx) =>
      redeemableInTx(
        tx.withCashPlaythrough(cashPlaythrough).withPurchaseHoldDays(purchaseHoldDays),
        play === undefined ? null : windDownSinceInTx(tx, play),
      ),
    );
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

  /**
   * An operator's review decision (see /api/admin/approvals) with its audit row; waits for
   * the D1 projection so the audit log shows it. An approved payout is sent by the alarm, at once.
   */
  async decideRedemptionReview(userId: string, input: ReviewDecision, audit: OperatorAudit, now: number): Promise<ReviewResult> {
    const result = this.transact(userId, now, (tx) => decideReviewInTx(tx, input, audit));
    await this.flushOutbox();
    if (result.ok && input.approve) await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  /** The connected account's `payout.paid` (see markPaidOutInTx): the ids marked paid now. */
  async markPaidOut(userId: string, input: { payoutId: string; redemptionId: string | null; sentBy: number }, now: number) {
    return this.transact(userId, now, (tx) => ({ ok: true as const, marked: markPaidOutInTx(tx, input) })).marked;
  }

  // ---- identity before redemption (operations/identity-operations.ts) ----

  async getIdentity(userId: string, now: number): Promise<IdentityState> {
    return this.read(userId, now, (tx) => readIdentityInTx(tx));
  }

  /** The identity state and, once a document is verified, its date of birth (the operator console shows both). */
  async getIdentityDetail(userId: string, now: number): Promise<IdentityState & { verifiedDateOfBirth: string | null }> {
    return this.read(userId, now, (tx) => ({ ...readIdentityInTx(tx), verifiedDateOfBirth: verifiedDateOfBirthInTx(tx) }));
  }

  /**
   * Operators only (see /api/admin/players/:userId/identity/reset): back to "never started",
   * the session retired, with its audit row in the same transaction; waits for the D1
   * projection so the audit log shows it.
   */
  async resetIdentity(userId: string, audit: OperatorAudit, now: number): Promise<IdentityResetResult | AuditFailure> {
    const result = this.transact(userId, now, (tx): IdentityResetResult | AuditFailure => {
      const reset = resetIdentityInTx(tx);
      if (!reset.ok) return reset;
      return auditInTx(tx, "identity-reset", audit, { previous: reset.previous.status }) ?? reset;
    });
    await this.flushOutbox();
    return result;
  }

  /** A new verification session: pending, unless the identity is already final. */
  async beginIdentityCheck(userId: string, input: { sessionId: string }, now: number) {
    return this.transact(userId, now, (tx) => beginIdentityCheckInTx(tx, input));
  }

  /** What a verification session came to (the identity webhook); a held payout is looked at again. */
  async recordIdentity(userId: string, input: IdentityOutcome, now: number): Promise<IdentityResult> {
    const result = this.transact(userId, now, (tx) => recordIdentityInTx(tx, input));
    await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  // ---- money that comes back: disputes and refunds (operations/reversal-operations.ts) ----

  // A dispute, refund or fraud warning can pause redemptions or lift a pause; either way
  // the wallet looks at its held payouts at once (see beginPayoutAttemptInTx).

  async applyDispute(userId: string, input: DisputeInput, now: number): Promise<ReversalResult> {
    const result = this.transact(userId, now, (tx) => applyDisputeInTx(tx, input));
    await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  async applyRefund(userId: string, input: RefundInput, now: number): Promise<ReversalResult> {
    const result = this.transact(userId, now, (tx) => applyRefundInTx(tx, input));
    await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  /** An early fraud warning (operations/fraud-warning-operations.ts): recorded once; says whether a refund is due. */
  async recordFraudWarning(userId: string, input: FraudWarningInput, now: number): Promise<FraudWarningResult> {
    const result = this.transact(userId, now, (tx) => recordFraudWarningInTx(tx, input));
    await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  /** Operators only (see /api/admin/players/:uid/fraud-warnings/:warningId/clear). */
  async clearFraudWarning(userId: string, input: { warningId: string; actor: string; reason: string }, now: number) {
    const result = this.transact(userId, now, (tx) => clearFraudWarningInTx(tx, input));
    // The audit log shows the clearance as soon as the route answers.
    if (result.ok && result.changed) await this.flushOutbox();
    await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  async listFraudWarnings(userId: string, now: number): Promise<FraudWarning[]> {
    return this.read(userId, now, (tx) => listFraudWarningsInTx(tx));
  }

  async listPurchases(userId: string, now: number) {
    return this.read(userId, now, (tx) => listPurchasesInTx(tx));
  }

  // ---- player protection (operations/protection-operations.ts) ----

  /** The minimum age when the caller knows no region (direct calls, tests). */
  private defaultPlay(): PlayContext {
    return { minAge: tunables(this.env).MIN_AGE };
  }

  async confirmDateOfBirth(userId: string, input: { dateOfBirth: string; minAge: number }, now: number): Promise<DateOfBirthResult> {
    return this.transact(userId, now, (tx) => confirmDateOfBirthInTx(tx, input));
  }

  /**
   * Operators only (see /api/admin/players/:userId/date-of-birth): the correction and its
   * audit row in one transaction; waits for the D1 projection so the audit log shows it.
   */
  async correctDateOfBirth(
    userId: string,
    input: { dateOfBirth: string; minAge: number },
    audit: OperatorAudit,
    now: number,
  ): Promise<DateOfBirthResult | AuditFailure> {
    const result = this.transact(userId, now, (tx): DateOfBirthResult | AuditFailure => {
      const corrected = correctDateOfBirthInTx(tx, input);
      if (!corrected.ok) return corrected;
      // A verified document now agrees with the date, or no longer does.
      const identityChanged = reconcileIdentityWithDateOfBirthInTx(tx, input.dateOfBirth);
      const closed = protectionSnapshotInTx(tx).state.closed;
      const identity = readIdentityInTx(tx).status;
      return (
        auditInTx(tx, "date-of-birth", audit, { dateOfBirth: input.dateOfBirth, closed, identity }) ?? {
          ...corrected,
          changed: corrected.changed || identityChanged,
        }
      );
    });
    await this.flushOutbox();
    return result;
  }

  async takeBreak(userId: string, period: BreakPeriod, now: number): Promise<BreakResult> {
    return this.transact(userId, now, (tx) => takeBreakInTx(tx, period));
  }

  /** Requested limits in minor units (null removes); raises wait `raiseDelayMs`, and the alarm is set for when they apply. */
  async setLimits(userId: string, requested: Partial<Record<LimitName, number | null>>, raiseDelayMs: number, now: number) {
    const result = this.transact(userId, now, (tx) => setLimitsInTx(tx, requested, raiseDelayMs));
    await this.armForLimitChanges(userId, now);
    return result;
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
    const result = this.transact(userId, now, (tx) => reservePurchaseWithPlayInTx(tx, input, play));
    if (!result.ok) this.noteLimitReached(userId, result, now);
    return result;
  }

  async attachPurchaseHold(userId: string, input: { holdId: string; sessionId: string }, now: number): Promise<void> {
    this.transact(userId, now, (tx) => attachPurchaseHoldInTx(tx, input));
  }

  async releasePurchaseHold(userId: string, holdId: string, now: number): Promise<void> {
    this.transact(userId, now, (tx) => releasePurchaseHoldInTx(tx, holdId));
  }

  // ---- responsible play: loss and time limits, reality checks, nudges, statement (operations/play-operations.ts) ----

  async getPlay(userId: string, now: number): Promise<PlaySnapshot> {
    return this.read(userId, now, (tx) => playSnapshotInTx(tx));
  }

  /** A visible, signed-in tab's heartbeat (once a minute). */
  async heartbeat(userId: string, now: number): Promise<PlaySnapshot> {
    return this.transact(userId, now, (tx) => heartbeatInTx(tx)).snapshot;
  }

  /** Loss, time and reality-check limits in minor units or minutes (null removes); looser ones wait `raiseDelayMs`. */
  async setPlayLimits(
    userId: string,
    requested: Partial<Record<PlayLimitName, number | null>>,
    raiseDelayMs: number,
    now: number,
  ): Promise<PlaySnapshot> {
    const { snapshot } = this.transact(userId, now, (tx) => setPlayLimitsInTx(tx, requested, raiseDelayMs));
    await this.armForLimitChanges(userId, now);
    return snapshot;
  }

  async answerRealityCheck(userId: string, answer: RealityCheckAnswer, now: number): Promise<PlaySnapshot> {
    return this.transact(userId, now, (tx) => answerRealityCheckInTx(tx, answer)).snapshot;
  }

  async markNudgesSeen(userId: string, ids: string[], now: number): Promise<void> {
    this.transact(userId, now, (tx) => markNudgesSeenInTx(tx, ids));
  }

  async getStatement(userId: string, now: number): Promise<Statement> {
    return this.read(userId, now, (tx) => statementInTx(tx));
  }

  /** What operators' signs of harm are read from, over the last `days` days, with their notes so far. */
  async getHarmHistory(userId: string, days: number, now: number): Promise<{ history: HarmHistory; notes: HarmNote[] }> {
    return this.read(userId, now, (tx) => ({ history: harmHistoryInTx(tx, days), notes: harmNotesInTx(tx) }));
  }

  /** Operators only: a note on a sign of harm and its action, with the audit row; waits for the projection. */
  async noteHarmFlag(userId: string, input: { flag: HarmFlag; action: HarmAction; note: string }, audit: OperatorAudit, now: number) {
    const result = this.transact(userId, now, (tx) => noteHarmFlagInTx(tx, input, audit));
    await this.flushOutbox();
    return result;
  }

  // ---- the sweepstakes (operations/sweepstakes-operations.ts, rules-gate.ts; routes in worker/sweepstakes/) ----

  /** Records the player's acceptance of a version of the Official Sweepstakes Rules (the caller checked it is in force). */
  async acceptRules(userId: string, version: number, now: number): Promise<{ ok: true; accepted: number }> {
    return this.transact(userId, now, (tx) => acceptRulesInTx(tx, version));
  }

  /** The newest rules version the player accepted, or null. */
  async getAcceptedRulesVersion(userId: string, now: number): Promise<number | null> {
    return this.read(userId, now, (tx) => acceptedRulesVersion(tx));
  }

  /**
   * Operators only (POST /api/admin/free-entry): one received free-entry card, credited or
   * recorded with the reason it was not; waits for the D1 projection so the audit log shows it.
   * `play`: the region the player asked for the code from, and its minimum age.
   */
  async recordFreeEntry(
    userId: string,
    input: FreeEntryInput,
    play: PlayContext,
    now: number,
  ): Promise<FreeEntryOutcome | FreeEntryFailure> {
    const result = this.transact(userId, now, (tx) => recordFreeEntryInTx(tx, input, play));
    await this.flushOutbox();
    return result;
  }

  // ---- operator actions (operations/operator-operations.ts; routes in worker/admin/) ----

  /**
   * Freezes or unfreezes with its audit row; waits for the D1 projection so the audit log
   * shows it. Unfreezing wakes the wallet at once, so payouts held by the freeze are sent
   * (see beginPayoutAttemptInTx).
   */
  async setFreeze(userId: string, input: { frozen: boolean; reason: string; actor: string }, now: number) {
    const result = this.transact(userId, now, (tx) => setFreezeInTx(tx, input));
    if (result.ok && result.changed) await this.flushOutbox();
    if (result.ok && result.changed && !input.frozen) await this.wakeForHeldPayouts(userId, now);
    return result;
  }

  async getFreeze(userId: string, now: number): Promise<FreezeState> {
    return this.read(userId, now, (tx) => readFreeze(tx));
  }

  /**
   * A manual adjustment with its audit row (applied directly, or by an approved request
   * whose id is the adjustment id); waits for the D1 projection so the console's next read agrees.
   */
  async adjustBalance(userId: string, input: AdjustmentInput, audit: OperatorAudit, now: number): Promise<AdjustmentResult> {
    const result = this.transact(userId, now, (tx) => adjustBalanceInTx(tx, input, audit));
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

  // ---- after a change, and the alarm: outbox.ts, live-sockets.ts, payouts.ts ----

  private afterCommit(changedBets: BetDocument[]): void {
    this.outbox.scheduleDrain(Date.now() + tunables(this.env).WALLET_OUTBOX_FLUSH_DELAY_MS);
    if (!this.live.listening) return;
    const { user_id } = this.ctx.storage.sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").one();
    this.live.broadcast({ type: "balances", balances: new Ledger(this.ctx.storage.sql, user_id, Date.now()).balances() });
    if (changedBets.length > 0) this.live.broadcast({ type: "bets", bets: changedBets });
  }

  /** Drains the outbox to D1 now (see outbox.ts); concurrent callers share one drain. */
  async flushOutbox(): Promise<void> {
    return this.outbox.flush();
  }

  async alarm(): Promise<void> {
    this.outbox.alarmRang();
    await this.announceLimitChanges(Date.now());
    await this.outbox.flush();
    this.live.closeExpired(Date.now());
    await this.live.scheduleExpiry();
    await this.retryDuePayouts(Date.now());
  }

  // ---- limit and break changes taking effect (operations/limit-history-operations.ts) ----

  /** Wakes the wallet when the next waiting limit change takes effect, so its alert goes out then. */
  private async armForLimitChanges(userId: string, now: number): Promise<void> {
    const next = this.read(userId, now, (tx) => nextLimitChangeAt(tx));
    if (next !== null) await armAlarm(this.ctx.storage, next);
  }

  /** The alarm's part: this read's transaction announces what took effect by `now` (see transact), then the next wake is set. */
  private async announceLimitChanges(now: number): Promise<void> {
    const owner = this.ctx.storage.sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").toArray()[0];
    if (owner) await this.armForLimitChanges(owner.user_id, now);
  }

  // ---- payouts that never pay twice (operations/payout-attempt-operations.ts, payouts.ts) ----

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

  /**
   * Wakes the wallet at once when a payout is due, so a redemption held by a pause or a
   * freeze is sent as soon as it lifts, or returned when its pause became an amount owed.
   */
  private async wakeForHeldPayouts(userId: string, now: number): Promise<void> {
    if (this.read(userId, now, (tx) => duePayoutsInTx(tx)).length > 0) await armAlarm(this.ctx.storage, Date.now());
  }

  private async armPayoutRetry(userId: string, now: number): Promise<void> {
    const wake = this.read(userId, now, (tx) => nextPayoutWakeInTx(tx));
    if (wake !== null) await armAlarm(this.ctx.storage, wake);
  }

  /** The alarm's payout retries (payouts.ts), then the alarm set for the next one. */
  private async retryDuePayouts(now: number): Promise<void> {
    const owner = this.ctx.storage.sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").toArray()[0];
    if (!owner) return;
    const userId = owner.user_id;
    const timing = payoutTiming(this.env);
    const due = this.read(userId, now, (tx) => duePayoutsInTx(tx));
    await retryDuePayouts(this, this.payouts, { userId, due }, timing, loggerFor(this.env), now);
    const wake = this.read(userId, now, (tx) => nextPayoutWakeInTx(tx));
    // Still due after trying (no provider or account yet): look again after the first retry delay.
    if (wake !== null) await armAlarm(this.ctx.storage, wake > Date.now() ? wake : Date.now() + timing.retryAfterMs);
  }

  // ---- live updates over hibernating WebSockets (live-sockets.ts) ----

  /** Accepts a live connection already authenticated by the Worker (see /api/live). */
  async fetch(request: Request): Promise<Response> {
    return this.live.accept(request, (userId, betLimit) =>
      this.read(userId, Date.now(), (tx) => ({ balances: tx.balances(), bets: listBetsInTx(tx, { limit: betLimit }).bets })),
    );
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.live.onMessage(ws, message);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.live.onClose(ws, code);
  }

  /** Closes the live sockets opened under one sign-in (its logout); answers how many. */
  async closeLiveSockets(sessionId: string): Promise<number> {
    return this.live.closeSession(sessionId);
  }
}
