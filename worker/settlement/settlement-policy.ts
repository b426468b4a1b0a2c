// When settlement asks a feed for scores. The Odds API
// charges per /scores call (more with daysFrom), so a sport is asked only once one of
// its open games has run long enough to plausibly be over, and then at most every few
// minutes; the simulator is free and asked as soon as a game has started.
import type { SportKey } from "../../src/shared/sports";

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

/** The Odds API returns finals for at most this many past days (`daysFrom` 1–3). */
export const MAX_DAYS_FROM = 3;

/** A short but realistic game length per sport: before it a final is not worth asking for. */
const TYPICAL_DURATION_MS: Record<SportKey, number> = {
  americanfootball_nfl: 165 * MINUTE,
  americanfootball_ncaaf: 180 * MINUTE,
  basketball_nba: 120 * MINUTE,
  basketball_ncaab: 110 * MINUTE,
  baseball_mlb: 135 * MINUTE,
  icehockey_nhl: 135 * MINUTE,
  soccer_usa_mls: 110 * MINUTE,
  mma_mixed_martial_arts: 30 * MINUTE,
};

/** Least time between two paid /scores calls for the same sport. */
const PAID_FEED_RECHECK_MS = 10 * MINUTE;

export type FeedName = "the-odds-api" | "simulator";

/** How long after its start a game is "due to be final" for this feed. */
export function dueAfterMs(sport: SportKey, feed: FeedName): number {
  return feed === "simulator" ? 0 : TYPICAL_DURATION_MS[sport];
}

export function recheckAfterMs(feed: FeedName): number {
  return feed === "simulator" ? 0 : PAID_FEED_RECHECK_MS;
}

/**
 * Whether to ask for this sport's scores now, and with which `daysFrom`: only when its
 * oldest open, not-yet-final game (within the feed's reach) is due, and the sport was
 * not asked too recently. `daysFrom` covers that oldest game (1–3 days back).
 * `feedNow` is the feed's clock (game start times are on it; the simulator's runs
 * ahead when advanced), `now` the real clock (when the sport was last asked).
 */
export function scoresRequest(
  args: { sport: SportKey; feed: FeedName; oldestOpenStart: number | null; lastCheckedAt: number | null },
  clock: { now: number; feedNow: number },
): { daysFrom: number } | null {
  const { sport, feed, oldestOpenStart, lastCheckedAt } = args;
  const { now, feedNow } = clock;
  if (oldestOpenStart === null) return null;
  if (feedNow - oldestOpenStart < dueAfterMs(sport, feed)) return null;
  if (lastCheckedAt !== null && now - lastCheckedAt < recheckAfterMs(feed)) return null;
  const days = Math.ceil((feedNow - oldestOpenStart) / DAY_MS);
  return { daysFrom: Math.min(MAX_DAYS_FROM, Math.max(1, days)) };
}
