// The operator's view of the odds feed: per sport, the latest quota headers of The
// Odds API (x-requests-remaining/used/last) and the last call's status and error, kept
// in D1 `feed_status` and shown by GET /api/admin/feed-status.
import { getDb } from "../db/database";
import { feedStatus } from "../db/schema";
import type { SportKey } from "../../src/shared/sports";
import type { FeedQuota } from "./feed-provider";

export type FeedStatusUpdate = {
  sport: SportKey;
  provider: string;
  quota: FeedQuota | null;
  status: number | null;
  error: string | null;
};

export async function recordFeedStatus(env: Env, update: FeedStatusUpdate, now: number): Promise<void> {
  const quota = update.quota;
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
  const set = quota
    ? values
    : { provider: values.provider, lastStatus: values.lastStatus, lastError: values.lastError, updatedAt: now };
  await getDb(env).insert(feedStatus).values(values).onConflictDoUpdate({ target: feedStatus.sport, set });
}

export async function listFeedStatus(env: Env) {
  return getDb(env).select().from(feedStatus).orderBy(feedStatus.sport).all();
}
