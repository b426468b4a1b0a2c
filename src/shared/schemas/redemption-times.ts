// GET /api/public/redemption-times: how long redemptions took, per ISO week (UTC), for the
// winners page. Only counts, times and shares: never an id, a name or an amount.
import { z } from "zod";

export const REDEMPTION_HOLD_REASONS = ["identity", "review", "hold"] as const;
export const RedemptionHoldReasonSchema = z.enum(REDEMPTION_HOLD_REASONS);
export type RedemptionHoldReason = z.infer<typeof RedemptionHoldReasonSchema>;

export const RedemptionWeekSchema = z.object({
  /** The ISO week, "2026-W48" (weeks start on Monday, UTC). */
  week: z.string(),
  /** Its Monday, "2026-11-23". */
  startsOn: z.string(),
  /** Redemptions paid in the week, and those returned to the balance. */
  paid: z.number().int().nonnegative(),
  returned: z.number().int().nonnegative(),
  /** Milliseconds from request to paid: median and 95th percentile; null below the minimum of paid redemptions. */
  medianMs: z.number().nonnegative().nullable(),
  p95Ms: z.number().nonnegative().nullable(),
  /** Share (0–1) of the week's paid and returned redemptions held at some point; null below the minimum. */
  heldShare: z.number().min(0).max(1).nullable(),
  /** Share held for each reason (one redemption may be held for several); null below the minimum. */
  heldFor: z.record(RedemptionHoldReasonSchema, z.number().min(0).max(1)).nullable(),
});
export type RedemptionWeek = z.infer<typeof RedemptionWeekSchema>;

export const RedemptionTimesSchema = z.object({
  /** The weeks shown, newest first (the current week, still running, first). */
  weeks: z.array(RedemptionWeekSchema),
  /** A week with fewer paid redemptions than this shows its counts only. */
  minPaidForFigures: z.number().int().positive(),
});
export type RedemptionTimes = z.infer<typeof RedemptionTimesSchema>;
