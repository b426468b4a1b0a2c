// The quota guard of The Odds API: live boards cost a call every LIVE_REFRESH_SECONDS per
// sport, so once the account's remaining credits (x-requests-remaining, kept in D1
// `feed_status` by every call) fall below FEED_CREDIT_RESERVE, or the feed answers
// 401 / OUT_OF_USAGE_CREDITS, live refreshes stop and live markets show 'Locked' rather
// than spend the last credits on in-play prices nobody could trust. Upcoming boards keep
// their 10-minute refresh, which is also how the guard lifts: the next successful call
// records the new quota. The simulator has no quota and is never guarded.
//
// Calls that live play can do without give way first, at GIVE_WAY_RESERVE_MULTIPLE times
// the reserve: players' markets (the props guard), and a board or props fetched early only
// because a Vantage Cash slip or cash-out needs a copy younger than the one kept (the cash
// clock's guard, odds-service.ts). So neither can bring the credits down to where live
// refreshes stop.
import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/database";
import { feedStatus } from "../db/schema";
import { tunables } from "../tunables";
import { isolateMemo } from "../isolate-memos";

export type CreditGuardReason = "reserve" | "out-of-credits" | "unauthorized";
export type CreditGuard = { locked: false } | { locked: true; reason: CreditGuardReason; remaining: number | null };
/** The props guard also stops at their share of the month's credits. */
export type PropsGuard = { locked: false } | { locked: true; reason: CreditGuardReason | "props-share"; remaining: number | null };

/** The latest feed call as recorded in `feed_status` (the quota is account-wide, so the newest row speaks for all sports). */
export type LatestFeedCall = {
  requestsRemaining: number | null;
  lastStatus: number | null;
  lastError: string | null;
  /** Credits used this period, as the same call reported them (absent on rows read before it was kept). */
  requestsUsed?: number | null;
};

/** Lower-priority calls (props, the cash clock's) stop at this many times FEED_CREDIT_RESERVE, before live refreshes do. */
export const GIVE_WAY_RESERVE_MULTIPLE = 2;

/** Pure: whether live refreshes must stop, given the latest recorded call and the reserve. */
export function creditGuardFrom(latest: LatestFeedCall | null, reserve: number): CreditGuard {
  if (!latest) return { locked: false };
  const remaining = latest.requestsRemaining;
  if (latest.lastError?.startsWith("out-of-credits")) return { locked: true, reason: "out-of-credits", remaining };
  if (latest.lastStatus === 401 || latest.lastError?.startsWith("unauthorized")) return { locked: true, reason: "unauthorized", remaining };
  if (remaining !== null && remaining < reserve) return { locked: true, reason: "reserve", remaining };
  return { locked: false };
}

/**
 * Pure: whether players' markets must not be refreshed. They give way first: they stop at
 * twice the live reserve (so game lines keep their credits longest), and once this month's
 * props calls have spent `sharePercent` of the month's credits (used + remaining, as the
 * latest call reported them). The board's own guard stops them too.
 */
export function propsGuardFrom(
  latest: LatestFeedCall | null,
  propsCreditsThisMonth: number,
  reserve: number,
  sharePercent: number,
): PropsGuard {
  const board = creditGuardFrom(latest, GIVE_WAY_RESERVE_MULTIPLE * reserve);
  if (board.locked || !latest) return board;
  const used = latest.requestsUsed ?? null;
  const remaining = latest.requestsRemaining;
  if (used === null || remaining === null) return { locked: false };
  const month = used + remaining;
  if (propsCreditsThisMonth >= (month * sharePercent) / 100) return { locked: true, reason: "props-share", remaining };
  return { locked: false };
}

/**
 * Pure: whether a board or props may no longer be fetched early for a Vantage Cash asker's
 * max age (PREMATCH_CASH_PRICE_MAX_AGE_SECONDS). Those calls give way as props do, at twice
 * the live reserve: below it the asker is refused 409 odds-stale rather than spend credits
 * the live refreshes need, while the copies keep their own clocks for everyone.
 */
export function cashClockGuardFrom(latest: LatestFeedCall | null, reserve: number): CreditGuard {
  return creditGuardFrom(latest, GIVE_WAY_RESERVE_MULTIPLE * reserve);
}

/** The UTC month a props call counts toward (`YYYY-MM`). */
export function usageMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

// The latest row is read at most once per few seconds per isolate: the guard is asked on
// every live refresh decision, which is many times per interval under load.
const LATEST_MEMO_MS = 5_000;
let latestMemo: { row: LatestFeedCall | null; until: number } | null = null;
isolateMemo(() => {
  latestMemo = null;
});

export async function latestFeedCall(env: Env, now: number): Promise<LatestFeedCall | null> {
  if (latestMemo && now < latestMemo.until && now >= latestMemo.until - LATEST_MEMO_MS) return latestMemo.row;
  const row = await getDb(env)
    .select({
      requestsRemaining: feedStatus.requestsRemaining,
      requestsUsed: feedStatus.requestsUsed,
      lastStatus: feedStatus.lastStatus,
      lastError: feedStatus.lastError,
    })
    .from(feedStatus)
    .where(eq(feedStatus.provider, "the-odds-api"))
    .orderBy(desc(feedStatus.updatedAt))
    .limit(1)
    .get();
  latestMemo = { row: row ?? null, until: now + LATEST_MEMO_MS };
  return latestMemo.row;
}

/** The guard for The Odds API under this configuration's FEED_CREDIT_RESERVE. */
export async function readCreditGuard(env: Env, now: number): Promise<CreditGuard> {
  return creditGuardFrom(await latestFeedCall(env, now), tunables(env).FEED_CREDIT_RESERVE);
}

/** The cash clock's guard under this configuration's FEED_CREDIT_RESERVE (see cashClockGuardFrom). */
export async function readCashClockGuard(env: Env, now: number): Promise<CreditGuard> {
  return cashClockGuardFrom(await latestFeedCall(env, now), tunables(env).FEED_CREDIT_RESERVE);
}

/** The guard on players' markets under this configuration (FEED_CREDIT_RESERVE, PROP_CREDIT_SHARE_PERCENT). */
export async function readPropsGuard(env: Env, now: number): Promise<PropsGuard> {
  const rules = tunables(env);
  const spent = await env.DB.prepare("SELECT COALESCE(SUM(credits), 0) AS credits FROM feed_props_usage_monthly WHERE month = ?")
    .bind(usageMonth(now))
    .first<{ credits: number }>();
  return propsGuardFrom(await latestFeedCall(env, now), spent?.credits ?? 0, rules.FEED_CREDIT_RESERVE, rules.PROP_CREDIT_SHARE_PERCENT);
}
