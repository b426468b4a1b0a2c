// Link previews for the two kinds of links players paste into chats: /p/:shareId (a
// shared pick) and /u/:handle (a public profile). The Worker answers them (wrangler.toml
// run_worker_first) with the SPA's own index.html plus Open Graph and Twitter tags, so a
// chat shows the pick's card instead of the generic page; the SPA then starts as on any
// other path. A withdrawn share, a hidden or unknown player: the plain shell with 404 and
// no card. The pick card's image URL carries the pick's state (…/open.png, …/won.png),
// so a preview fetched after settlement is a new URL showing the result; a profile card's
// URL carries a version of its figures the same way. A found page names the player and
// describes the pick, so it is cached like the public reads, under the same tags, and
// purged with them when the player's privacy changes (worker/http/cache-control.ts).
import { Hono, type Context } from "hono";
import { publicOrigin } from "../config";
import { errorJson, handleError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { NO_STORE, pickTag, playerTag, publicCacheHeaders } from "../http/cache-control";
import { limitPublicReads } from "../http/rate-limit";
import { readSharedPick } from "../social/public-picks";
import { readPublicProfile } from "../social/public-profiles";
import { formatAmount } from "../../src/shared/money";
import type { PublicPick, PublicProfile } from "../../src/shared/schemas/social";
import { tunables } from "../tunables";
import { CARD_HEIGHT, CARD_WIDTH } from "./card-svg";
import { legSelection, pickCardState } from "./pick-card-svg";
import { profileCardVersion } from "./profile-card-svg";
import { withPreviewTags, type PreviewTags } from "./preview-tags";
import { SPA_PAGE_HEADERS } from "./spa-headers";

/** Paths the share pages answer; everything else is the API's or the static assets'. */
export function isSharePagePath(pathname: string): boolean {
  return /^\/(p|u)\/[^/]+\/?$/.test(pathname);
}

/** The image URL of a pick's card in its current state. */
export function pickCardImagePath(shareId: string, pick: Pick<PublicPick, "status" | "result">): string {
  return `/api/cards/picks/${shareId}/${pickCardState(pick)}.png`;
}

/** The image URL of a profile's card as its figures stand now. */
export function profileCardImagePath(profile: PublicProfile): string {
  return `/api/cards/profiles/${encodeURIComponent(profile.handle)}/${profileCardVersion(profile)}.png`;
}

async function spaShell(c: Context<AppEnv>): Promise<string> {
  const res = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
  if (!res.ok) throw new Error(`the SPA shell answered ${res.status}`);
  return res.text();
}

/** An inline script: only `vite dev`'s shell has one (React refresh's preamble); the built one never does. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>/i;

/**
 * The headers of a share page: public/_headers' own, except that a shell with an inline
 * script (the dev server's) goes without the CSP, which would block it (public/_headers is
 * not applied there either); cached like the social reads, under `cacheTags`, when found.
 */
export function sharePageHeaders(html: string, status: 200 | 404, cacheSeconds: number, cacheTags: readonly string[]): Headers {
  const headers = new Headers(SPA_PAGE_HEADERS);
  if (INLINE_SCRIPT.test(html)) headers.delete("Content-Security-Policy");
  headers.set("Content-Type", "text/html; charset=utf-8");
  const caching = status === 200 ? publicCacheHeaders(cacheSeconds, cacheTags) : { "Cache-Control": NO_STORE };
  for (const [name, value] of Object.entries(caching)) headers.set(name, value);
  return headers;
}

function page(c: Context<AppEnv>, html: string, status: 200 | 404, cacheTags: readonly string[] = []): Response {
  const headers = sharePageHeaders(html, status, tunables(c.env).SOCIAL_CACHE_SECONDS, cacheTags);
  return new Response(c.req.method === "HEAD" ? null : html, { status, headers });
}

function pickDescription(pick: PublicPick): string {
  const state = pickCardState(pick);
  const what = pick.kind === "Parlay" ? `${pick.legs.length}-leg parlay` : legSelection(pick.legs[0]!);
  const stake = formatAmount(pick.wallet, pick.stake);
  if (state === "open") return `${what}: ${stake} to win ${formatAmount(pick.wallet, pick.toWin)}. Open.`;
  const outcome = { won: "Won", lost: "Lost", push: "Push", void: "Void", "cashed-out": "Cashed out" }[state];
  return `${what}: ${stake} staked, ${formatAmount(pick.wallet, pick.payoutPaid)} paid. ${outcome}.`;
}

const settledPicks = (n: number) => `${n} settled Coins ${n === 1 ? "pick" : "picks"}`;

export function sharePages() {
  // Not strict: a link that gained a trailing slash (chat apps add them) is the same page.
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(handleError);
  // Another method on a share page's path is answered like every unknown route.
  app.notFound((c) => errorJson(c, 404, "not-found", "No such page."));

  app.get("/p/:shareId", limitPublicReads, async (c) => {
    const shareId = c.req.param("shareId");
    const [shell, shared] = await Promise.all([spaShell(c), readSharedPick(c.env.DB, shareId)]);
    if (!shared) return page(c, shell, 404);
    const origin = publicOrigin(c.env, c.req.url);
    const { pick } = shared;
    const tags: PreviewTags = {
      title: `@${pick.owner.handle}'s pick · Vantage`,
      description: pickDescription(pick),
      url: `${origin}/p/${shareId}`,
      image: {
        url: `${origin}${pickCardImagePath(shareId, pick)}`,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        alt: `@${pick.owner.handle}'s ${pick.kind === "Parlay" ? "parlay" : "single"}: ${pickCardState(pick)}`,
      },
      twitterCard: "summary_large_image",
    };
    return page(c, withPreviewTags(shell, tags), 200, [pickTag(shareId), playerTag(pick.owner.handle)]);
  });

  app.get("/u/:handle", limitPublicReads, async (c) => {
    const [shell, profile] = await Promise.all([spaShell(c), readPublicProfile(c.env, c.req.param("handle"), Date.now())]);
    if (!profile) return page(c, shell, 404);
    // Another spelling of the handle: one canonical page, so the edge keeps one copy of it.
    if (c.req.param("handle") !== profile.handle) return c.redirect(`/u/${profile.handle}`, 301);
    const origin = publicOrigin(c.env, c.req.url);
    const tags: PreviewTags = {
      title: `@${profile.handle} · Vantage`,
      description: `@${profile.handle}'s public picks and results on Vantage, an entertainment-only sportsbook played with virtual currency.`,
      url: `${origin}/u/${profile.handle}`,
      image: {
        url: `${origin}${profileCardImagePath(profile)}`,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        alt: `@${profile.handle}'s Vantage profile: ${settledPicks(profile.statistics.coins.settledCount)}`,
      },
      twitterCard: "summary_large_image",
    };
    return page(c, withPreviewTags(shell, tags), 200, [playerTag(profile.handle)]);
  });

  return app;
}
