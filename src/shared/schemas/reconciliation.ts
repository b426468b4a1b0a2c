// Reconciliation with the payment provider (GET/POST /api/admin/reconciliation): one UTC
// day of the provider's own records (checkout payments, transfers, refunds and disputes)
// set against what the wallets booked, and each difference with its references. The
// console parses these answers with the same schemas the Worker answers with
// (worker/reconciliation/).
import { z } from "zod";

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a UTC day as YYYY-MM-DD");

/** The three views: packs credited vs payments, redemptions paid vs transfers, reversals vs refunds and disputes. */
export const RECONCILIATION_VIEWS = ["packs", "payouts", "reversals"] as const;
export type ReconciliationView = (typeof RECONCILIATION_VIEWS)[number];

export const DIFFERENCE_KINDS = [
  /** Paid at the provider, no pack credited. */
  "missing-credit",
  /** A pack credited with no payment at the provider. */
  "credit-without-payment",
  /** Both sides hold it, for different amounts. */
  "amount-mismatch",
  /** More than one transfer for one redemption. */
  "payout-sent-twice",
  /** A transfer whose redemption no wallet booked as paid. */
  "transfer-without-redemption",
  /** A redemption booked as paid with no transfer at the provider. */
  "redemption-without-transfer",
  /** Refunded at the provider (more than) the wallet reversed. */
  "refund-without-reversal",
  /** The wallet reversed (more than) the provider refunded. */
  "reversal-without-refund",
  /** A dispute at the provider the wallet did not book. */
  "dispute-without-reversal",
  /** A dispute the wallet booked that the provider does not list. */
  "reversal-without-dispute",
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export const ReconciliationDifferenceSchema = z.object({
  view: z.enum(RECONCILIATION_VIEWS),
  kind: z.enum(DIFFERENCE_KINDS),
  userId: z.string().nullable(),
  /** The provider's reference: checkout session, transfer or refund/dispute id (with its payment intent in `detail`). */
  providerRef: z.string().nullable(),
  /** Vantage's reference: the booking's reference or the redemption id. */
  vantageRef: z.string().nullable(),
  providerCents: z.number().int().nullable(),
  vantageCents: z.number().int().nullable(),
  /** When the record the difference is about happened (epoch ms). */
  at: z.number().int(),
  detail: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifferenceSchema>;

/** What each side held for the day: records per view and side. */
export const ReconciliationCountsSchema = z.object({
  providerPayments: z.number().int().nonnegative(),
  vantageCredits: z.number().int().nonnegative(),
  providerTransfers: z.number().int().nonnegative(),
  vantagePaidRedemptions: z.number().int().nonnegative(),
  providerReversals: z.number().int().nonnegative(),
  vantageReversals: z.number().int().nonnegative(),
});
export type ReconciliationCounts = z.infer<typeof ReconciliationCountsSchema>;

export const ReconciliationRunSchema = z.object({
  id: z.string(),
  day: Day,
  trigger: z.enum(["cron", "operator"]),
  requestedBy: z.string().nullable(),
  provider: z.string(),
  status: z.enum(["ok", "failed"]),
  error: z.string().nullable(),
  /** Null for a failed run. */
  counts: ReconciliationCountsSchema.nullable(),
  differences: z.number().int().nonnegative(),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRunSchema>;

/**
 * A payout the bank sent back whose transfer is still to be taken back from the player's
 * payout account (the wallet's alarm keeps trying): until then the money is in that account,
 * and its Vantage Cash is not back in the balance.
 */
export const BankReturnWaitingSchema = z.object({
  redemptionId: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  amountCents: z.number().int().positive(),
  /** The bank's reason, as the provider gave it. */
  reason: z.string(),
  returnedAt: z.number().int(),
  tries: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  nextTryAt: z.number().int().nullable(),
});
export type BankReturnWaiting = z.infer<typeof BankReturnWaitingSchema>;

/**
 * GET: the recent runs (newest first), the chosen run with its differences, and the payouts the
 * bank sent back still waiting to be taken back (oldest first), whatever the day.
 */
export const ReconciliationAnswerSchema = z.object({
  runs: z.array(ReconciliationRunSchema),
  run: ReconciliationRunSchema.nullable(),
  differences: z.array(ReconciliationDifferenceSchema),
  bankReturnsWaiting: z.array(BankReturnWaitingSchema),
});
export type ReconciliationAnswer = z.infer<typeof ReconciliationAnswerSchema>;

/** `?day=&view=&format=`: the day's latest run (else the newest run); `format=csv` answers one view's differences. */
export const ReconciliationQuerySchema = z.strictObject({
  day: Day.optional(),
  view: z.enum(RECONCILIATION_VIEWS).optional(),
  format: z.enum(["json", "csv"]).default("json"),
});

/** POST: reconcile one UTC day now (it must have ended). */
export const RunReconciliationSchema = z.strictObject({
  day: Day,
  reason: z.string().trim().max(500).optional(),
});
export type RunReconciliation = z.infer<typeof RunReconciliationSchema>;

/** POST's answer: the run and everything it found. */
export const RunReconciliationAnswerSchema = z.object({
  run: ReconciliationRunSchema,
  differences: z.array(ReconciliationDifferenceSchema),
});
export type RunReconciliationAnswer = z.infer<typeof RunReconciliationAnswerSchema>;
