// A privacy change must not leave the player's public answers at the edge: Workers Cache
// keeps a profile, a shared pick, their share cards and pages and the leaderboards for up
// to SOCIAL_CACHE_SECONDS, and those would go on showing a hidden profile, a withdrawn
// share link, a dropped handle or Vantage Cash results no longer shown. So PATCH /api/me
// compares the profile before and after and purges what the old one made public, by the
// tags those answers carry (worker/http/cache-control.ts). A break or a closure for play
// takes the player off the same answers (standing.ts), so the routes that start one purge
// them too, once the wallet has projected it to D1. What a link-preview crawler already
// copied (a chat's unfurl) is out of reach: docs/link-first.md says so.
import type { Context } from "hono";
import type { AppEnv } from "../http/app-types";
import { LEADERBOARD_TAG, playerTag, purgeCacheTags, WINNERS_TAG, workersCacheOf } from "../http/cache-control";
import { loggerFor } from "../logging/logger";
import { readProfile, type ProfileRow } from "./player-profiles";

/**
 * The Cache-Tags a change from `before` to `after` makes stale: everything public under
 * the old handle (profile, its card and page, every shared pick's answers, card and page)
 * and the leaderboards, when the player was public and is now hidden, under another
 * handle or none, or shows their Vantage Cash results differently. Nothing for a player
 * who was not public (their reads were 404 and never kept).
 */
export function tagsMadeStale(before: ProfileRow, after: ProfileRow): string[] {
  if (before.handle === null || before.hidden) return [];
  const changed = after.hidden || after.handle !== before.handle || after.showCashResults !== before.showCashResults;
  return changed ? publicTags(before.handle, before.showCashResults) : [];
}

/** Everything public under the handle and the leaderboards, and the winners list where it named the player. */
function publicTags(handle: string, showCashResults: boolean): string[] {
  return [playerTag(handle), LEADERBOARD_TAG, ...(showCashResults ? [WINNERS_TAG] : [])];
}

/**
 * Purges what the player's privacy change made stale (`before`: their profile as read
 * before the change). Awaited by the caller, so the player who hid their profile and
 * opens their old link finds it gone; a failed purge is logged and the copies age out.
 */
export async function purgeAfterPrivacyChange(c: Context<AppEnv>, userId: string, before: ProfileRow): Promise<void> {
  const tags = tagsMadeStale(before, await readProfile(c.env.DB, userId));
  await purgeCacheTags(workersCacheOf(c), tags, loggerFor(c.env));
}

/**
 * The Cache-Tags a change of the player's standing (a break, a closure for play) makes stale:
 * everything public under their handle and the leaderboards; nothing for a player who is not
 * public (no handle, or hidden).
 */
export function tagsOfPublicPlayer(profile: ProfileRow): string[] {
  if (profile.handle === null || profile.hidden) return [];
  return publicTags(profile.handle, profile.showCashResults);
}

/**
 * Purges the player's public answers after their standing changed (standing.ts). Called once
 * the wallet's projection reached D1, so the next read finds them gone; awaited, as a
 * privacy change's purge is.
 */
export async function purgeAfterStandingChange(c: Context<AppEnv>, userId: string): Promise<void> {
  const tags = tagsOfPublicPlayer(await readProfile(c.env.DB, userId));
  await purgeCacheTags(workersCacheOf(c), tags, loggerFor(c.env));
}
