// Social rules shared by the SPA and the Worker, pure with `now` passed in
// (handle rules live in src/shared/handles.ts):
//   periods      leaderboards count a bet in the Eastern-time week (Monday 12:00 AM ET
//                start, daylight saving included) of its settlement, and in 'all';
//   metrics      profit = payouts − stakes of settled bets; return on stake = profit ÷
//                stakes of non-void settled bets, shown from ROI_MIN_BETS such bets; win
//                streak = the longest run of wins in settlement order (voids and bets
//                cashed out in full neither extend nor break it, like the Statistics card);
//   visibility   another player's pick is public only once each leg is graded or its
//                game has started by the feed's clock, so nobody can copy it before
//                kick-off (a bet cashed out in full early is settled, not yet public);
//   share ids    128 random bits, base64url (22 characters): unguessable.
import { etDayKey } from "./bonus";
import type { BetDocument, BetResult, LegResult } from "./schemas/bets";

// ---- leaderboard periods and metrics ----

export const LEADERBOARD_PERIODS = ["week", "all"] as const;
/** `clv` is the Sharpest board: average closing-line value over a rolling window, whatever the period (src/shared/clv.ts). */
export const LEADERBOARD_METRICS = ["profit", "roi", "streak", "clv"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];
/** Entries a leaderboard lists; the viewer's own rank is given even beyond them. */
export const LEADERBOARD_SIZE = 50;
/** Return on stake ranks only players with at least this many non-void settled bets. */
export const ROI_MIN_BETS = 10;
export const ALL_TIME_PERIOD = "all";

/** The Monday ("YYYY-MM-DD") starting the Eastern-time week of `now`. */
export function etWeekStart(now: number): string {
  const [y, m, d] = etDayKey(now).split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return new Date(Date.UTC(y, m - 1, d - sinceMonday)).toISOString().slice(0, 10);
}

/** Epoch ms of 12:00 AM Eastern on the ET calendar day `day` ("YYYY-MM-DD"): 05:00 UTC (EST) or 04:00 UTC (EDT). */
function etMidnight(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  for (const hours of [4, 5]) {
    const at = Date.UTC(y, m - 1, d, hours);
    if (etDayKey(at) === day && etDayKey(at - 1) !== day) return at;
  }
  throw new RangeError(`no Eastern midnight found for ${day}`);
}

/** The ET week containing `at` as epoch ms: [start, end), Monday 12:00 AM to the next. */
export function etWeekBounds(at: number): { start: number; end: number } {
  const monday = etWeekStart(at);
  const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
  const nextMonday = new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10);
  return { start: etMidnight(monday), end: etMidnight(nextMonday) };
}

/** The stored period key of the ET week containing `at`: "w:YYYY-MM-DD" (its Monday). */
export function weekPeriodKey(at: number): string {
  return `w:${etWeekStart(at)}`;
}

/** The stored period key a leaderboard of `period` reads at `now`. */
export function periodKey(period: LeaderboardPeriod, now: number): string {
  return period === "all" ? ALL_TIME_PERIOD : weekPeriodKey(now);
}

/** What one settled bet adds to its player's leaderboard rows. */
export type LeaderboardContribution = {
  graded: 0 | 1;
  staked: number;
  returned: number;
  profit: number;
  result: BetResult;
};

export function leaderboardContribution(bet: Pick<BetDocument, "result" | "stake" | "payoutPaid">): LeaderboardContribution | null {
  if (bet.result === null) return null;
  const isVoid = bet.result === "void";
  return {
    // A bet cashed out in full counts in staked, returned and profit, but neither wins nor loses.
    graded: isVoid || bet.result === "cashed_out" ? 0 : 1,
    staked: isVoid ? 0 : bet.stake,
    returned: isVoid ? 0 : bet.payoutPaid,
    profit: bet.payoutPaid - bet.stake,
    result: bet.result,
  };
}

// ---- public picks ----

/**
 * Whether another player may see this bet at `feedNow`: once each of its legs is graded or
 * its game is under way. Being settled is not enough: a bet cashed out in full before its
 * games start is settled, and its picks could still be copied before kick-off.
 */
export function isPickPublic(
  bet: { legs: readonly { startTime: string }[]; legResults: readonly (LegResult | null)[] },
  feedNow: number,
): boolean {
  return bet.legs.every((leg, index) => (bet.legResults[index] ?? null) !== null || Date.parse(leg.startTime) <= feedNow);
}

export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newShareId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function sharePath(shareId: string): string {
  return `/p/${shareId}`;
}

export function profilePath(handle: string): string {
  return `/u/${handle}`;
}
