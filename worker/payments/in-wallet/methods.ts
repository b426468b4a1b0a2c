// Payments' RPC methods on the player's wallet: coin packs credited (or declined and
// refunded), Vantage Cash redemptions and their payout attempts, money that comes back
// (disputes, refunds, early fraud warnings, payouts the bank returned), and payments' part of
// the alarm: owed refunds (declined packs', actionable fraud warnings'), returned payouts'
// transfers taken back, and payout retries. Installed on the composed wallet at the Worker's root;
// callers type the stub `PaymentsWallet` (worker/payments/wallet.ts).
import type { PlayContext } from "../../../src/shared/protection";
import type { Redemption } from "../../../src/shared/schemas/redemptions";
import { loggerFor } from "../../logging/logger";
import { tunables } from "../../tunables";
import type { Ledger } from "../../wallet/ledger";
import type { OperatorAudit } from "../../wallet/operator-actions";
import type { WalletHost, WalletMethods } from "../../wallet/wallet-object";
import {
  declinedRefundFailedInTx,
  declinedRefundMadeInTx,
  declinedRefundSettledByDisputeInTx,
  declineReasonInTx,
  dueDeclinedRefundsInTx,
  nextDeclinedRefundInTx,
  owedRefundTryFailedInTx,
  type DeclinedRefundPort,
  type DeclinedRefundRetry,
} from "./declined-purchases";
import {
  clearFraudWarningInTx,
  fraudWarningInTx,
  dueFraudRefundsInTx,
  fraudRefundMadeInTx,
  fraudRefundsSettledInTx,
  listFraudWarningsInTx,
  nextFraudRefundInTx,
  recordFraudWarningInTx,
  type FraudRefundPort,
  type FraudWarning,
  type FraudWarningInput,
  type FraudWarningResult,
} from "./fraud-warnings";
import {
  bankReturnReversedInTx,
  bankReturnTryFailedInTx,
  dueBankReturnsInTx,
  nextBankReturnInTx,
  recordBankReturnInTx,
  type BankReturnInput,
  type BankReturnPort,
  type BankReturnResult,
} from "./bank-returns";
import {
  beginPayoutAttemptInTx,
  duePayoutsInTx,
  finishPayoutAttemptInTx,
  nextPayoutWakeInTx,
  payoutAddressHoldInTx,
  type PayoutAddressHold,
  type PayoutAddressQuestion,
  type PayoutAttempt,
  type PayoutAttemptInput,
  type PayoutOutcome,
  type PayoutTiming,
} from "./payout-attempts";
import { payoutTiming, retryDuePayouts, type PayoutPort, type PayoutWallet } from "./payouts";
import { creditPurchaseInTx, type CreditPurchaseInput, type CreditPurchaseResult } from "./purchases";
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
} from "./redemptions";
import {
  applyDisputeInTx,
  applyRefundInTx,
  listDisputesInTx,
  listPurchasesInTx,
  chargebackLostInTx,
  type DisputeInput,
  type DisputeRow,
  type RefundInput,
  type ReversalResult,
} from "./reversals";
import { PAYEE_STANDING } from "./standing";
import type { CheckoutOutcome } from "../../../src/shared/schemas/checkout";

/**
 * Rings the alarm at once when a payout is due, so a redemption held by a pause or a freeze
 * is sent as soon as it lifts, or returned when its pause became an amount owed.
 */
async function wakeForHeldPayouts(host: WalletHost, userId: string, now: number): Promise<void> {
  if (host.read(userId, now, (tx) => duePayoutsInTx(tx)).length > 0) await host.wakeBy(Date.now());
}

async function armPayoutRetry(host: WalletHost, userId: string, now: number): Promise<void> {
  const wake = host.read(userId, now, (tx) => nextPayoutWakeInTx(tx));
  if (wake !== null) await host.wakeBy(wake);
}

function beginPayoutAttempt(host: WalletHost, userId: string, input: PayoutAttemptInput, now: number) {
  return host.transact(userId, now, (tx) => beginPayoutAttemptInTx(tx, input));
}

/** A transaction: the answer may return the redemption (payoutAddressHoldInTx). */
function payoutAddressHold(host: WalletHost, userId: string, input: PayoutAddressQuestion, now: number): PayoutAddressHold | null {
  return host.transact(userId, now, (tx) => payoutAddressHoldInTx(tx, input)).hold;
}

async function finishPayoutAttempt(
  host: WalletHost,
  userId: string,
  input: { redemptionId: string; outcome: PayoutOutcome; timing: PayoutTiming },
  now: number,
): Promise<RedemptionResult> {
  const result = host.transact(userId, now, (tx) => finishPayoutAttemptInTx(tx, input));
  await armPayoutRetry(host, userId, now);
  return result;
}

function declinedRefundRetry(env: Env): DeclinedRefundRetry {
  const t = tunables(env);
  return { firstMs: t.DECLINED_REFUND_RETRY_SECONDS * 1000, maxMs: t.DECLINED_REFUND_RETRY_MAX_SECONDS * 1000 };
}

/**
 * Rings the alarm when an owed refund is next due a try at the provider: a declined pack's
 * (declined-purchases.ts), an actionable fraud warning's (fraud-warnings.ts), or a returned
 * payout's transfer to take back (bank-returns.ts).
 */
async function armForOwedRefunds(host: WalletHost, userId: string, now: number): Promise<void> {
  const nexts = host
    .read(userId, now, (tx) => [nextDeclinedRefundInTx(tx), nextFraudRefundInTx(tx), nextBankReturnInTx(tx)])
    .filter((next): next is number => next !== null);
  if (nexts.length > 0) await host.wakeBy(Math.min(...nexts));
}

export const paymentsMethods = {
  /**
   * `cashPlaythrough`: the caller's CASH_PLAYTHROUGH; the wallet's own configuration when omitted.
   * A declined pack's refund is the caller's to ask for first; the alarm is set to ask again.
   */
  async creditPurchase(
    host: WalletHost,
    userId: string,
    input: CreditPurchaseInput & { cashPlaythrough?: number },
    now: number,
  ): Promise<CreditPurchaseResult> {
    const result = host.transact(userId, now, (tx) =>
      creditPurchaseInTx(tx.withCashPlaythrough(input.cashPlaythrough), input, declinedRefundRetry(host.env)),
    );
    if (result.ok && result.declined) await armForOwedRefunds(host, userId, now);
    return result;
  },

  /** The provider has refunded a declined pack (the webhook's refund): recorded once, see declinedRefundMadeInTx. */
  async recordDeclinedRefund(host: WalletHost, userId: string, input: { checkoutSessionId: string }, now: number) {
    return host.transact(userId, now, (tx) => declinedRefundMadeInTx(tx, input.checkoutSessionId));
  },

  /**
   * `cashPlaythrough`, `purchaseHoldDays`: the caller's CASH_PLAYTHROUGH and PURCHASE_HOLD_DAYS; the wallet's own when omitted.
   * `review`: the caller's REDEMPTION_REVIEW_* rules (none when omitted).
   */
  async requestRedemption(
    host: WalletHost,
    userId: string,
    input: {
      amountCents: number;
      redemptionId: string;
      cashPlaythrough?: number;
      purchaseHoldDays?: number;
      review?: ReviewRules;
      payoutRegion?: string | null;
    },
    now: number,
    play: PlayContext = { minAge: tunables(host.env).MIN_AGE },
  ) {
    return host.transact(userId, now, (tx) => {
      const standing = tx.use(PAYEE_STANDING);
      // `payoutRegion`: where the payout account's holder lives, as the provider has the address (null: it names no state).
      const payoutRegion = input.payoutRegion ?? null;
      return (
        standing.refuseRedemption(tx, play) ??
        (payoutRegion === null ? null : standing.payoutAddressRefusal(tx, play, tx.now, payoutRegion)) ??
        requestRedemptionInTx(tx.withCashPlaythrough(input.cashPlaythrough).withPurchaseHoldDays(input.purchaseHoldDays), {
          ...input,
          region: play.place?.region ?? null,
          windDown: standing.windDown(tx, play),
        })
      );
    });
  },

  /**
   * Balances with what is still to play, what is held and what may be redeemed now (GET /api/me).
   * `play`: where the player is; where it turned redeem-only, what they held then is free of play-through and the hold.
   */
  async getRedeemable(
    host: WalletHost,
    userId: string,
    now: number,
    cashPlaythrough?: number,
    purchaseHoldDays?: number,
    play?: PlayContext,
  ): Promise<Redeemable> {
    return host.read(userId, now, (tx) =>
      redeemableInTx(
        tx.withCashPlaythrough(cashPlaythrough).withPurchaseHoldDays(purchaseHoldDays),
        play === undefined ? null : tx.use(PAYEE_STANDING).windDown(tx, play),
      ),
    );
  },

  async completeRedemption(
    host: WalletHost,
    userId: string,
    input: { redemptionId: string; payoutReference: string },
    now: number,
  ): Promise<RedemptionResult> {
    return host.transact(userId, now, (tx) => completeRedemptionInTx(tx, input));
  },

  async failRedemption(
    host: WalletHost,
    userId: string,
    input: { redemptionId: string; reason: string },
    now: number,
  ): Promise<RedemptionResult> {
    return host.transact(userId, now, (tx) => failRedemptionInTx(tx, input));
  },

  async listRedemptions(host: WalletHost, userId: string, now: number): Promise<Redemption[]> {
    return host.read(userId, now, (tx) => listRedemptionsInTx(tx));
  },

  /**
   * An operator's review decision (see /api/admin/approvals) with its audit row; waits for
   * the D1 projection so the audit log shows it. An approved payout is sent by the alarm, at once.
   */
  async decideRedemptionReview(
    host: WalletHost,
    userId: string,
    input: ReviewDecision,
    audit: OperatorAudit,
    now: number,
  ): Promise<ReviewResult> {
    const result = host.transact(userId, now, (tx) => decideReviewInTx(tx, input, audit));
    await host.flushOutbox();
    if (result.ok && input.approve) await wakeForHeldPayouts(host, userId, now);
    return result;
  },

  /** The connected account's `payout.paid` (see markPaidOutInTx): the ids marked paid now. */
  async markPaidOut(
    host: WalletHost,
    userId: string,
    input: { payoutId: string; redemptionId: string | null; sentBy: number },
    now: number,
  ) {
    return host.transact(userId, now, (tx) => ({ ok: true as const, marked: markPaidOutInTx(tx, input) })).marked;
  },

  /**
   * The connected account's `payout.failed` (bank-returns.ts): recorded once, answering the
   * transfer still to take back. Taking it back is the caller's to try first; the alarm is set
   * to try again while it waits.
   */
  async recordBankReturn(host: WalletHost, userId: string, input: BankReturnInput, now: number): Promise<BankReturnResult> {
    const result = host.transact(userId, now, (tx) => recordBankReturnInTx(tx, input, declinedRefundRetry(host.env)));
    if (result.recorded && result.reversal) await armForOwedRefunds(host, userId, now);
    return result;
  },

  /** The webhook's own try at taking a returned payout's transfer back failed: the alarm's next waits longer, and operators see why. */
  async bankReturnTryFailed(host: WalletHost, userId: string, input: { redemptionId: string; reason: string }, now: number) {
    const retry = declinedRefundRetry(host.env);
    const result = host.transact(userId, now, (tx) => bankReturnTryFailedInTx(tx, { ...input, retry }));
    await armForOwedRefunds(host, userId, now);
    return result;
  },

  /** The provider has taken a returned payout's transfer back: its amount comes back to the balance, once. */
  async bankReturnReversed(host: WalletHost, userId: string, redemptionId: string, now: number) {
    return host.transact(userId, now, (tx) => bankReturnReversedInTx(tx, redemptionId));
  },

  // A dispute, refund or fraud warning can pause redemptions or lift a pause; either way
  // the wallet looks at its held payouts at once (see beginPayoutAttemptInTx).

  async applyDispute(host: WalletHost, userId: string, input: DisputeInput, now: number): Promise<ReversalResult> {
    let withdrawn = 0;
    const result = host.transact(userId, now, (tx) => {
      const applied = applyDisputeInTx(tx, input);
      // A declined pack's charge disputed and lost: the bank returned it, so no refund is owed.
      if (applied.ok && input.phase === "closed") declinedRefundSettledByDisputeInTx(tx, input.paymentIntent);
      // A warned charge lost to a dispute: its refund is no longer owed either.
      if (applied.ok) fraudRefundsSettledInTx(tx);
      // A chargeback lost closes the shop, checkouts already open included.
      if (applied.ok && input.phase === "closed" && chargebackLostInTx(tx)) {
        withdrawn = tx.use(PAYEE_STANDING).withdrawOpenCheckouts(tx, "purchases-closed-chargeback");
      }
      return applied;
    });
    // The alarm expires the withdrawn checkouts at the provider.
    if (withdrawn > 0) await host.wakeBy(Date.now());
    await wakeForHeldPayouts(host, userId, now);
    // A dispute won on a declined pack or a warned charge leaves its refund owed again: the alarm asks for it.
    await armForOwedRefunds(host, userId, now);
    return result;
  },

  async applyRefund(host: WalletHost, userId: string, input: RefundInput, now: number): Promise<ReversalResult> {
    const result = host.transact(userId, now, (tx) => {
      const applied = applyRefundInTx(tx, input);
      // A warned charge refunded in full (the webhook's refund, or Stripe's report of any): no longer owed.
      if (applied.ok) fraudRefundsSettledInTx(tx);
      return applied;
    });
    await wakeForHeldPayouts(host, userId, now);
    return result;
  },

  /**
   * An early fraud warning (fraud-warnings.ts): recorded once; says whether a refund is due.
   * The refund is the caller's to ask for first; the alarm is set to ask again while it is owed.
   */
  async recordFraudWarning(host: WalletHost, userId: string, input: FraudWarningInput, now: number): Promise<FraudWarningResult> {
    const result = host.transact(userId, now, (tx) => recordFraudWarningInTx(tx, input, declinedRefundRetry(host.env)));
    await wakeForHeldPayouts(host, userId, now);
    await armForOwedRefunds(host, userId, now);
    return result;
  },

  /** Operators only: an approved `fraud-warning-clear` request (worker/admin/fraud-warning-admin.ts). */
  async clearFraudWarning(host: WalletHost, userId: string, input: { warningId: string; actor: string; reason: string }, now: number) {
    const result = host.transact(userId, now, (tx) => clearFraudWarningInTx(tx, input));
    // The audit log shows the clearance as soon as the route answers.
    if (result.ok && result.changed) await host.flushOutbox();
    await wakeForHeldPayouts(host, userId, now);
    return result;
  },

  /** One warning by id (an operator asking to clear it), or null when the player has none of that id. */
  async getFraudWarning(host: WalletHost, userId: string, warningId: string, now: number): Promise<FraudWarning | null> {
    return host.read(userId, now, (tx) => fraudWarningInTx(tx, warningId));
  },

  async listFraudWarnings(host: WalletHost, userId: string, now: number): Promise<FraudWarning[]> {
    return host.read(userId, now, (tx) => listFraudWarningsInTx(tx));
  },

  /** What became of one of the player's checkouts (GET /api/checkout/sessions/:sessionId). */
  async checkoutOutcome(host: WalletHost, userId: string, sessionId: string, now: number): Promise<CheckoutOutcome> {
    return host.read(userId, now, (tx): CheckoutOutcome => {
      const declined = declineReasonInTx(tx, sessionId);
      if (declined) return { state: "declined", reason: declined };
      return { state: tx.hasPosted("coins", "purchase", sessionId) ? "credited" : "waiting", reason: null };
    });
  },

  async listPurchases(host: WalletHost, userId: string, now: number) {
    return host.read(userId, now, (tx) => listPurchasesInTx(tx));
  },

  async listDisputes(host: WalletHost, userId: string, now: number): Promise<DisputeRow[]> {
    return host.read(userId, now, (tx) => listDisputesInTx(tx));
  },

  // ---- payouts that never pay twice (payout-attempts.ts, payouts.ts) ----

  async beginPayoutAttempt(host: WalletHost, userId: string, input: PayoutAttemptInput, now: number): Promise<PayoutAttempt> {
    return beginPayoutAttempt(host, userId, input, now);
  },

  async finishPayoutAttempt(
    host: WalletHost,
    userId: string,
    input: { redemptionId: string; outcome: PayoutOutcome; timing: PayoutTiming },
    now: number,
  ): Promise<RedemptionResult> {
    return finishPayoutAttempt(host, userId, input, now);
  },

  /**
   * Whether the payout account's holder address keeps the running attempt from sending, and
   * what then (payoutAddressHoldInTx: a redemption never attempted before is returned in this
   * transaction).
   */
  async payoutAddressHold(host: WalletHost, userId: string, input: PayoutAddressQuestion, now: number): Promise<PayoutAddressHold | null> {
    return payoutAddressHold(host, userId, input, now);
  },
};

/** Payments as a caller's stub sees it. */
export type PaymentsWallet = WalletMethods<typeof paymentsMethods>;

type ProviderAnswer = { ok: true } | { ok: false; reason: string };

/**
 * One pass over owed refunds of one kind: each due item is asked of the provider (`ask`,
 * outside any transaction; null when the provider has already refunded it and only the record
 * is left), then recorded once made (`made`); a failed try waits twice as long as the last
 * (`failed`, DECLINED_REFUND_RETRY_*).
 */
async function retryOwedRefunds<T>(
  host: WalletHost,
  userId: string,
  owed: {
    what: string;
    due: T[];
    keyOf: (item: T) => string;
    ask: (item: T) => Promise<ProviderAnswer> | null;
    made: (tx: Ledger, item: T) => { ok: true } | { ok: false; code: string };
    failed: (tx: Ledger, item: T, reason: string) => { ok: true };
  },
): Promise<void> {
  const failed = (item: T, reason: string) => {
    loggerFor(host.env).warn(`${owed.what}: refund still owed; will retry`, owed.keyOf(item), reason);
    host.transact(userId, Date.now(), (tx) => owed.failed(tx, item, reason));
  };
  for (const item of owed.due) {
    const asked = owed.ask(item);
    if (asked) {
      const outcome = await asked.catch((err: unknown) => ({
        ok: false as const,
        reason: err instanceof Error ? err.message : String(err),
      }));
      if (!outcome.ok) {
        failed(item, outcome.reason);
        continue;
      }
    }
    const made = host.transact(userId, Date.now(), (tx) => owed.made(tx, item));
    if (!made.ok) failed(item, `refunded, but not recorded: ${made.code}`);
  }
}

/**
 * Payments' part of the alarm that refunds declined packs: each refund still owed and due a
 * try is asked of the provider (`refunds`), outside any transaction, and recorded once made;
 * a failed try waits twice as long as the last (DECLINED_REFUND_RETRY_*). A refund the
 * provider already made (Stripe reported it) is only recorded.
 */
export async function refundDeclinedPacksOnAlarm(host: WalletHost, refunds: DeclinedRefundPort, now: number): Promise<void> {
  const userId = host.owner();
  if (userId === null) return;
  const retry = declinedRefundRetry(host.env);
  await retryOwedRefunds(host, userId, {
    what: "declined pack",
    due: host.read(userId, now, (tx) => dueDeclinedRefundsInTx(tx)),
    keyOf: (item) => item.checkoutSessionId,
    ask: ({ checkoutSessionId, refund }) =>
      refund ? refunds.refundDeclined({ checkoutSessionId, paymentIntent: refund.paymentIntent }) : null,
    made: (tx, { checkoutSessionId }) => declinedRefundMadeInTx(tx, checkoutSessionId),
    failed: (tx, { checkoutSessionId }, reason) => declinedRefundFailedInTx(tx, { checkoutSessionId, reason, retry }),
  });
  await armForOwedRefunds(host, userId, Date.now());
}

/**
 * Payments' part of the alarm that refunds actionable early fraud warnings' charges: each
 * refund still owed and due a try (none while a dispute of the charge holds) is asked of the
 * provider (`refunds`, key `efw-refund-<warning id>`), outside any transaction, and applied
 * once made; a failed try waits twice as long as the last (DECLINED_REFUND_RETRY_*).
 */
export async function refundFraudWarningsOnAlarm(host: WalletHost, refunds: FraudRefundPort, now: number): Promise<void> {
  const userId = host.owner();
  if (userId === null) return;
  const retry = declinedRefundRetry(host.env);
  await retryOwedRefunds(host, userId, {
    what: "early fraud warning",
    due: host.read(userId, now, (tx) => dueFraudRefundsInTx(tx)),
    keyOf: (item) => item.warningId,
    ask: (item) => refunds.refundWarned(item),
    made: (tx, { warningId }) => fraudRefundMadeInTx(tx, warningId),
    failed: (tx, { warningId }, reason) => owedRefundTryFailedInTx(tx, { table: "fraud_refunds_due", key: warningId, reason, retry }),
  });
  await armForOwedRefunds(host, userId, Date.now());
}

/**
 * Payments' part of the alarm that takes back the transfers of payouts the bank returned: each
 * due a try is asked of the provider (`port`, key `bank-return-<redemption id>`), outside any
 * transaction, and its amount returned to the balance once taken back; a failed try waits
 * twice as long as the last (DECLINED_REFUND_RETRY_*).
 */
export async function reverseBankReturnsOnAlarm(host: WalletHost, port: BankReturnPort, now: number): Promise<void> {
  const userId = host.owner();
  if (userId === null) return;
  const retry = declinedRefundRetry(host.env);
  await retryOwedRefunds(host, userId, {
    what: "payout returned by the bank",
    due: host.read(userId, now, (tx) => dueBankReturnsInTx(tx)),
    keyOf: (item) => item.redemptionId,
    ask: (item) => port.reverseBankReturn({ ...item, userId }),
    made: (tx, { redemptionId }) => bankReturnReversedInTx(tx, redemptionId),
    failed: (tx, { redemptionId }, reason) => bankReturnTryFailedInTx(tx, { redemptionId, reason, retry }),
  });
  await armForOwedRefunds(host, userId, Date.now());
}

/**
 * Payments' part of the wallet's alarm: every payout whose retry is due gets one attempt
 * over the player's route (`payouts`), judged by the region rules `place` gives (read only
 * when one is due), then the alarm is set for the next one.
 */
export async function retryPayoutsOnAlarm(
  host: WalletHost,
  payouts: PayoutPort,
  now: number,
  place: (now: number) => Promise<PlayContext>,
): Promise<void> {
  const userId = host.owner();
  if (userId === null) return;
  const timing = payoutTiming(host.env);
  const due = host.read(userId, now, (tx) => duePayoutsInTx(tx));
  const play =
    due.length > 0
      ? await place(now).catch((err: unknown) => {
          loggerFor(host.env).warn("payouts due wait: the region rules could not be read", err);
          return null;
        })
      : undefined;
  if (play === null) {
    // The rules could not be read: nothing is sent on a guess; the alarm looks again after the retry delay.
    await host.wakeBy(Date.now() + timing.retryAfterMs);
    return;
  }
  const wallet: PayoutWallet = {
    beginPayoutAttempt: async (id, input, at) => beginPayoutAttempt(host, id, { ...input, play }, at),
    finishPayoutAttempt: (id, input, at) => finishPayoutAttempt(host, id, input, at),
    payoutAddressHold: async (id, input, at) => payoutAddressHold(host, id, { ...input, play }, at),
  };
  await retryDuePayouts(wallet, payouts, { userId, due }, timing, loggerFor(host.env), () => Date.now());
  const wake = host.read(userId, now, (tx) => nextPayoutWakeInTx(tx));
  // Still due after trying (no provider or account yet): look again after the first retry delay.
  if (wake !== null) await host.wakeBy(wake > Date.now() ? wake : Date.now() + timing.retryAfterMs);
}
