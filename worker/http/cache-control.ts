// What Workers Cache (wrangler.toml `[env.*.cache] enabled = true`) may keep. Cloudflare
// looks in the Worker's cache before invoking it, keyed by path and query (not by who
// asks), so only answers that are the same for every reader are marked cacheable: the
// social surface's public reads and the share cards and pages drawn from them. Everything
// else says `no-store` (securityHeaders sets it on any answer that did not choose). A
// public read carries `Vary: Accept-Encoding` (its body differs by nothing else: never by
// token or cookie, which the key leaves out) and Cache-Tags: `public-reads` on all of
// them, so a settlement that changes standings, statistics or a pick's result purges them
// all at once, and tags naming the player and the pick, so hiding a profile, withdrawing
// share links or changing a handle purges exactly that player's copies. A new Worker
// version starts with an empty cache anyway (cross_version_cache stays off).
import type { Context } from "hono";
import type { Logger } from "../logging/logger";
import type { AppEnv } from "./app-types";

/** The Cache-Tag every public read carries: what a settlement purges. */
export const PUBLIC_READS_TAG = "public-reads";

/** The leaderboards' Cache-Tag: they list players by handle. */
export const LEADERBOARD_TAG = "leaderboard";

/** The Cache-Tag of the public winners list, which names a player who shows their Vantage Cash results. */
export const WINNERS_TAG = "winners";

/** The Cache-Tag of everything public about one player under this handle: profile, its card and page, their shared picks. */
export function playerTag(handle: string): string {
  return `player:${handle}`;
}

/** The Cache-Tag of one shared pick's answers: the pick, its card and its page. */
export function pickTag(shareId: string): string {
  return `pick:${shareId}`;
}

export const NO_STORE = "no-store";

/**
 * The caching headers of an answer that is the same for every reader, kept `seconds` at
 * the edge (0 = not at all). Browsers ask again each time (max-age=0): the edge answers
 * them from its copy, and a settlement or a privacy change purges that copy by its tags,
 * so a player who reloads after a win sees it and a hidden profile is gone at once.
 */
export function publicCacheHeaders(seconds: number, tags: readonly string[]): Record<string, string> {
  if (seconds <= 0) return { "Cache-Control": NO_STORE };
  return {
    "Cache-Control": `public, max-age=0, s-maxage=${seconds}`,
    Vary: "Accept-Encoding",
    "Cache-Tag": [PUBLIC_READS_TAG, ...tags].join(","),
  };
}

/** Marks this answer as the same for every reader (publicCacheHeaders). */
export function cachePublicly(c: Context<AppEnv>, seconds: number, ...tags: string[]): void {
  for (const [name, value] of Object.entries(publicCacheHeaders(seconds, tags))) c.header(name, value);
}

/** The invocation's Workers Cache, where there is one (a test may call the app with no context; Hono's type does not name it). */
export function workersCacheOf(c: Context<AppEnv>): CacheContext | undefined {
  let ctx: object;
  try {
    ctx = c.executionCtx;
  } catch {
    return undefined;
  }
  return "cache" in ctx ? (ctx as Pick<ExecutionContext, "cache">).cache : undefined;
}

/**
 * Purges the answers carrying any of `tags` from Workers Cache. Where the cache is off
 * (development, tests) there is nothing to purge; a failed purge is logged: the answers
 * then age out within SOCIAL_CACHE_SECONDS.
 */
export async function purgeCacheTags(cache: CacheContext | undefined, tags: readonly string[], log: Logger): Promise<boolean> {
  if (!cache || tags.length === 0) return false;
  try {
    const result = await cache.purge({ tags: [...tags] });
    if (!result.success) log.warn("cache: purging failed", tags, result.errors);
    return result.success;
  } catch (err) {
    log.warn("cache: purging failed", tags, err);
    return false;
  }
}

/** Purges every public read from Workers Cache (after a settlement changed them). */
export function purgePublicReads(ctx: Pick<ExecutionContext, "cache"> | undefined, log: Logger): Promise<boolean> {
  return purgeCacheTags(ctx?.cache, [PUBLIC_READS_TAG], log);
}
