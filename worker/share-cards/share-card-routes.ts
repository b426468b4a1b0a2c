// GET /api/cards/picks/:shareId/:state.png: a shared pick's card as a 1200×630 PNG, drawn
// at the edge from the pick (pick-card-svg.ts → rasterise.ts). The state in the URL is
// part of the address, not a choice: a URL naming another state than the pick's own is
// redirected to the current one, so a cache never keeps an "open" card under a "won"
// URL or the reverse. Withdrawn shares and hidden profiles: 404, like the pick itself.
// GET /api/cards/profiles/:handle/:version.png: a public profile's card the same way, its
// version a digest of the figures drawn (an out-of-date version redirects to the current).
// A card shows what the pick or profile shows, so it is cached like them (cachePublicly):
// browsers ask again each time, the edge keeps it for SOCIAL_CACHE_SECONDS under the
// player's and the pick's tags, and hiding the profile, withdrawing the links or changing
// the handle purges it (worker/social/privacy-purge.ts), as a settlement does.
import { Hono } from "hono";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { cachePublicly, NO_STORE, pickTag, playerTag } from "../http/cache-control";
import { limitPublicReads } from "../http/rate-limit";
import { readSharedPick } from "../social/public-picks";
import { tunables } from "../tunables";
import { CARD_STATES, pickCardState, pickCardSvg, type CardState } from "./pick-card-svg";
import { profileCardSvg, profileCardVersion } from "./profile-card-svg";
import { pickCardImagePath, profileCardImagePath } from "./share-pages";
import { readPublicProfile } from "../social/public-profiles";
import { rasteriser } from "./rasteriser";

export function shareCardRoutes() {
  const app = new Hono<AppEnv>();

  // A card is its path: the edge caches by path and query, so a query would draw the same
  // card again for every new one. Any query is sent to the bare path, before any read.
  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    if (url.search === "") return next();
    c.header("Cache-Control", NO_STORE);
    return c.redirect(url.pathname, 301);
  });

  app.get("/picks/:shareId/:file", limitPublicReads, async (c) => {
    const match = /^([a-z-]+)\.png$/.exec(c.req.param("file"));
    const asked = match?.[1] as CardState | undefined;
    if (!asked || !CARD_STATES.includes(asked)) throw new ApiError(404, "not-found", "No such card.");
    const shareId = c.req.param("shareId");
    const shared = await readSharedPick(c.env.DB, shareId);
    if (!shared) throw new ApiError(404, "not-found", "No such shared pick.");
    const state = pickCardState(shared.pick);
    if (state !== asked) {
      c.header("Cache-Control", NO_STORE);
      return c.redirect(pickCardImagePath(shareId, shared.pick), 302);
    }
    // Loaded on the first card: the rasteriser's WebAssembly is compiled only where cards are drawn.
    const { svgToPng } = await rasteriser();
    const png = await svgToPng(pickCardSvg(shared.pick));
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, pickTag(shareId), playerTag(shared.pick.owner.handle));
    c.header("Content-Type", "image/png");
    return c.body(png.slice().buffer);
  });

  app.get("/profiles/:handle/:file", limitPublicReads, async (c) => {
    const asked = /^([0-9a-f]{8})\.png$/.exec(c.req.param("file"))?.[1];
    if (!asked) throw new ApiError(404, "not-found", "No such card.");
    const profile = await readPublicProfile(c.env, c.req.param("handle"), Date.now());
    if (!profile) throw new ApiError(404, "not-found", "No such profile.");
    // Another spelling of the handle (AdA for ada) or an old version: sent to the one canonical
    // path, so the edge keeps one copy of each card and nobody draws it afresh by re-casing.
    if (profileCardVersion(profile) !== asked || c.req.param("handle") !== profile.handle) {
      c.header("Cache-Control", NO_STORE);
      return c.redirect(profileCardImagePath(profile), 302);
    }
    const { svgToPng } = await rasteriser();
    const png = await svgToPng(profileCardSvg(profile));
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, playerTag(profile.handle));
    c.header("Content-Type", "image/png");
    return c.body(png.slice().buffer);
  });

  return app;
}
