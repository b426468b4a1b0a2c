// The public redemption-time figures, computed from each redemption's request, its end
// (paid or returned) and why it was held, if it was: per ISO week (UTC, Monday to Sunday),
// the median and 95th-percentile time from request to paid, and the share of the week's
// redemptions held for identity, review or a hold. A paid redemption counts in the week it
// was paid, a returned one in the week it was returned. Percentiles are nearest-rank (the
// time within which at least that share of the week's paid redemptions were paid), so
// every figure is one a redemption really took. A week with fewer than
// REDEMPTION_TIMES_MIN_PAID paid redemptions shows its counts only: with so few, a time or
// a share would describe one player's redemption.
import type { RedemptionHoldReason, RedemptionTimes, RedemptionWeek } from "./schemas/redemption-times";

/** Fewer paid redemptions than this in a week: counts only, no times or shares. */
export const REDEMPTION_TIMES_MIN_PAID = 5;
/** How many weeks the figures cover, the current one included. */
export const REDEMPTION_TIMES_WEEKS = 12;

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: ISO weeks start three days earlier. */
const MONDAY_OFFSET_MS = 3 * DAY_MS;

/** One redemption as the figures need it: times in ms since the epoch. */
export type RedemptionTimeline = {
  requestedAt: number;
  paidAt: number | null;
  returnedAt: number | null;
  held: readonly RedemptionHoldReason[];
};

/** The Monday 00:00 UTC that starts the ISO week holding `at`. */
export function isoWeekStart(at: number): number {
  return Math.floor((at + MONDAY_OFFSET_MS) / WEEK_MS) * WEEK_MS - MONDAY_OFFSET_MS;
}

/** "2026-W48": the ISO week holding `at` (its year is the year of its Thursday). */
export function isoWeekKey(at: number): string {
  const thursday = new Date(isoWeekStart(at) + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** Nearest-rank percentile of ascending `sorted` (0 < p ≤ 1), or null when empty. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

type Bucket = { durations: number[]; paid: number; returned: number; held: number; heldFor: Record<RedemptionHoldReason, number> };

function emptyBucket(): Bucket {
  return { durations: [], paid: 0, returned: 0, held: 0, heldFor: { identity: 0, review: 0, hold: 0 } };
}

function weekOf(start: number, bucket: Bucket, minPaid: number): RedemptionWeek {
  const sorted = [...bucket.durations].sort((a, b) => a - b);
  const ended = bucket.paid + bucket.returned;
  const shown = bucket.paid >= minPaid;
  return {
    week: isoWeekKey(start),
    startsOn: new Date(start).toISOString().slice(0, 10),
    paid: bucket.paid,
    returned: bucket.returned,
    medianMs: shown ? nearestRank(sorted, 0.5) : null,
    p95Ms: shown ? nearestRank(sorted, 0.95) : null,
    heldShare: shown ? bucket.held / ended : null,
    heldFor: shown
      ? { identity: bucket.heldFor.identity / ended, review: bucket.heldFor.review / ended, hold: bucket.heldFor.hold / ended }
      : null,
  };
}

/** The figures for the `weeks` ISO weeks up to the one holding `now`, newest first. */
export function redemptionTimesFor(
  timelines: readonly RedemptionTimeline[],
  now: number,
  weeks = REDEMPTION_TIMES_WEEKS,
  minPaid = REDEMPTION_TIMES_MIN_PAID,
): RedemptionTimes {
  const current = isoWeekStart(now);
  const first = current - (weeks - 1) * WEEK_MS;
  const buckets = new Map<number, Bucket>();
  for (let start = current; start >= first; start -= WEEK_MS) buckets.set(start, emptyBucket());
  for (const t of timelines) {
    const endedAt = t.paidAt ?? t.returnedAt;
    if (endedAt === null || endedAt > now) continue;
    const bucket = buckets.get(isoWeekStart(endedAt));
    if (!bucket) continue;
    if (t.paidAt !== null) {
      bucket.paid += 1;
      bucket.durations.push(Math.max(0, t.paidAt - t.requestedAt));
    } else {
      bucket.returned += 1;
    }
    const reasons = new Set(t.held);
    if (reasons.size > 0) bucket.held += 1;
    for (const reason of reasons) bucket.heldFor[reason] += 1;
  }
  return { weeks: [...buckets].map(([start, bucket]) => weekOf(start, bucket, minPaid)), minPaidForFigures: minPaid };
}

/** A time as the winners page shows it: "45 min", "6 h", "1.5 days" (minutes under an hour, hours under two days). */
export function formatRedemptionTime(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours)} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** A share as a whole percentage: "25%". */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}
