// What Workers Cache (wrangler.toml `[env.*.cache] enabled = true`) may keep. Cloudflare
// looks in the Worker's cache before invoking it, keyed by path and query (not by who
// asks), so only answers that are the same for every reader are marked cacheable: the
// social surface's public reads. Everything else says `no-store` (securityHeaders sets it
// on any answer that did not choose). A public read carries `Vary: Accept-Encoding` (its
// body differs by nothing else: never by token or cookie, which the key leaves out) and
// a Cache-Tag, so a settlement that changes standings, statistics or a pick's result
// purges them all at once; a new Worker version starts with an empty cache anyway
// (cross_version_cache stays off).
import type { Context } from "hono";
import type { Logger } from "../logging/logger";
import type { AppEnv } from "./app-types";

/** The Cache-Tag every public read carries: what a settlement purges. */
export const PUBLIC_READS_TAG = "public-reads";

export const NO_STORE = "no-store";

/**
 * Marks this answer as the same for every reader, kept `seconds` at the edge (0 = not at
 * all). Browsers ask again each time (max-age=0): the edge answers them from its copy, and
 * a settlement purges that copy, so a player who reloads after a win sees it.
 */
export function cachePublicly(c: Context<AppEnv>, seconds: number, tag: string): void {
  if (seconds <= 0) {
    c.header("Cache-Control", NO_STORE);
    return;
  }
  c.header("Cache-Control", `public, max-age=0, s-maxage=${seconds}`);
  c.header("Vary", "Accept-Encoding");
  c.header("Cache-Tag", `${PUBLIC_READS_TAG},${tag}`);
}

/**
 * Purges every public read from Workers Cache (after a settlement changed them). Where the
 * cache is off (development, tests) there is nothing to purge; a failed purge is logged:
 * the answers then age out within SOCIAL_CACHE_SECONDS.
 */
export async function purgePublicReads(ctx: Pick<ExecutionContext, "cache"> | undefined, log: Logger): Promise<boolean> {
  const cache = ctx?.cache;
  if (!cache) return false;
  try {
    const result = await cache.purge({ tags: [PUBLIC_READS_TAG] });
    if (!result.success) log.warn("cache: purging public reads failed", result.errors);
    return result.success;
  } catch (err) {
    log.warn("cache: purging public reads failed", err);
    return false;
  }
}
