// The public redemption-time figures on the winners page (GET /api/public/redemption-times):
// the redemptions D1 `redemption_times` holds that ended (paid or returned) within the
// weeks shown, reduced to weekly counts, times and shares by src/shared/redemption-times.ts.
// The rows carry no player id, name or amount, and only the figures leave here.
import { isoWeekStart, REDEMPTION_TIMES_WEEKS, type RedemptionTimeline, redemptionTimesFor } from "../../src/shared/redemption-times";
import type { RedemptionHoldReason, RedemptionTimes } from "../../src/shared/schemas/redemption-times";

const WEEK_MS = 7 * 86_400_000;

type TimesRow = {
  requested_at: number;
  paid_at: number | null;
  returned_at: number | null;
  held_identity: number;
  held_review: number;
  held_hold: number;
};

function timelineOf(row: TimesRow): RedemptionTimeline {
  const held: RedemptionHoldReason[] = [];
  if (row.held_identity) held.push("identity");
  if (row.held_review) held.push("review");
  if (row.held_hold) held.push("hold");
  return { requestedAt: row.requested_at, paidAt: row.paid_at, returnedAt: row.returned_at, held };
}

/** The figures for the REDEMPTION_TIMES_WEEKS ISO weeks up to the one holding `now`, newest first. */
export async function redemptionTimes(db: D1Database, now: number): Promise<RedemptionTimes> {
  const since = isoWeekStart(now) - (REDEMPTION_TIMES_WEEKS - 1) * WEEK_MS;
  const { results } = await db
    .prepare(
      `SELECT requested_at, paid_at, returned_at, held_identity, held_review, held_hold FROM redemption_times
       WHERE paid_at >= ?1 OR (paid_at IS NULL AND returned_at >= ?1)`,
    )
    .bind(since)
    .all<TimesRow>();
  return redemptionTimesFor(results.map(timelineOf), now);
}
