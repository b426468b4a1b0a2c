// The operator's view of the odds feed: per sport, the latest quota headers of The
// Odds API (x-requests-remaining/used/last) and the last call's status and error, kept
// in D1 `feed_status` and shown by GET /api/admin/feed-status. The simulator has no
// quota; it counts its board calls per sport in `requests_used` instead, so the live
// cadence (one call per sport per LIVE_REFRESH_SECONDS) can be watched offline too.
import { sql } from "drizzle-orm";
import { getDb } from "../db/database";
import { feedPropsUsageMonthly, feedStatus, feedUsageHourly } from "../db/schema";
import { usageMonth } from "./credit-guard";
import type { SportKey } from "../../src/shared/sports";
import type { FeedQuota } from "./feed-provider";
import { metricsFor } from "../metrics/metrics";

export type FeedStatusUpdate = {
  sport: SportKey;
  provider: string;
  quota: FeedQuota | null;
  status: number | null;
  error: string | null;
  /** What the call was for: the board (with its scores) or one game's players' markets, whose credits are also counted apart. */
  purpose?: "board" | "props";
};

export async function recordFeedStatus(env: Env, update: FeedStatusUpdate, now: number): Promise<void> {
  const quota = update.quota;
  const metrics = metricsFor(env);
  metrics.record({ metric: "feed-call", outcome: update.error === null ? "ok" : "error" });
  if (quota?.last) metrics.record({ metric: "feed-credits", outcome: update.provider, value: quota.last });
  const values = {
    sport: update.sport,
    provider: update.provider,
    requestsRemaining: quota?.remaining ?? null,
    requestsUsed: quota?.used ?? null,
    requestsLast: quota?.last ?? null,
    lastStatus: update.status,
    lastError: update.error,
    updatedAt: now,
  };
  // A response without quota headers (a timeout, say) keeps the last known quota.
  const set = quota ? values : { provider: values.provider, lastStatus: values.lastStatus, lastError: values.lastError, updatedAt: now };
  await getDb(env).insert(feedStatus).values(values).onConflictDoUpdate({ target: feedStatus.sport, set });
  await countHourlyUsage(
    env,
    { sport: update.sport, provider: update.provider, credits: quota?.last ?? 0, error: update.error !== null },
    now,
  );
  if (update.purpose === "props") await countPropsUsage(env, update.sport, quota?.last ?? 0, now);
}

/** Adds one props call and its credits to the month's row of its sport (the props share of the credit guard). */
export async function countPropsUsage(env: Env, sport: SportKey, credits: number, now: number): Promise<void> {
  await getDb(env)
    .insert(feedPropsUsageMonthly)
    .values({ month: usageMonth(now), sport, calls: 1, credits })
    .onConflictDoUpdate({
      target: [feedPropsUsageMonthly.month, feedPropsUsageMonthly.sport],
      set: { calls: sql`${feedPropsUsageMonthly.calls} + 1`, credits: sql`${feedPropsUsageMonthly.credits} + ${credits}` },
    });
}

const HOUR_MS = 3_600_000;

/** Adds one call (its credits, whether it failed) to the sport's row for the hour of `now` (the console's spend per hour). */
async function countHourlyUsage(
  env: Env,
  call: { sport: SportKey; provider: string; credits: number; error: boolean },
  now: number,
): Promise<void> {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const errors = call.error ? 1 : 0;
  await getDb(env)
    .insert(feedUsageHourly)
    .values({ hour, sport: call.sport, provider: call.provider, calls: 1, credits: call.credits, errors })
    .onConflictDoUpdate({
      target: [feedUsageHourly.hour, feedUsageHourly.sport],
      set: {
        provider: call.provider,
        calls: sql`${feedUsageHourly.calls} + 1`,
        credits: sql`${feedUsageHourly.credits} + ${call.credits}`,
        errors: sql`${feedUsageHourly.errors} + ${errors}`,
      },
    });
}

/** Calls, credits and errors per hour (all sports), newest first, over the last `hours` hours. */
export async function feedUsageByHour(env: Env, now: number, hours: number) {
  const since = Math.floor(now / HOUR_MS) * HOUR_MS - (hours - 1) * HOUR_MS;
  const { results } = await env.DB.prepare(
    `SELECT hour, SUM(calls) AS calls, SUM(credits) AS credits, SUM(errors) AS errors
       FROM feed_usage_hourly WHERE hour >= ? GROUP BY hour ORDER BY hour DESC`,
  )
    .bind(since)
    .all<{ hour: number; calls: number; credits: number; errors: number }>();
  return results;
}

/** The simulator's stand-in for quota headers: one more board call of `sport`. */
export async function countSimulatorCall(env: Env, sport: SportKey, now: number): Promise<void> {
  metricsFor(env).record({ metric: "feed-call", outcome: "ok" });
  await getDb(env)
    .insert(feedStatus)
    .values({ sport, provider: "simulator", requestsUsed: 1, requestsLast: 1, lastStatus: 200, updatedAt: now })
    .onConflictDoUpdate({
      target: feedStatus.sport,
      set: {
        provider: "simulator",
        requestsUsed: sql`coalesce(${feedStatus.requestsUsed}, 0) + 1`,
        requestsLast: 1,
        lastStatus: 200,
        lastError: null,
        updatedAt: now,
      },
    });
  await countHourlyUsage(env, { sport, provider: "simulator", credits: 1, error: false }, now);
}

export async function listFeedStatus(env: Env) {
  return getDb(env).select().from(feedStatus).orderBy(feedStatus.sport).all();
}
