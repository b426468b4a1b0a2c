// Where a request comes from, for the region rules (src/shared/play-regions.ts). Cloudflare
// puts the client's ISO 3166 country and subdivision on `request.cf`; in development only,
// DEV_REGION stands in for them so the rules can be tried offline (production ignores it).
// Routes refuse a region early, before any outside call, and hand the place and the rules
// to the wallet in the PlayContext, which checks them again inside its transaction.
import type { Context } from "hono";
import { checkRegion, minAgeFor, regionOf, unavailableActions } from "../../src/shared/play-regions";
import type { PlayAction } from "../../src/shared/protection";
import { isDevelopment } from "../config";
import { fromErrorResult } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { tunables } from "../tunables";
import type { PlayContext } from "../wallet";

type RegionCf = { country?: unknown; regionCode?: unknown };

export function requestRegion(env: Env, request: Request): string | null {
  const devRegion = isDevelopment(env) ? tunables(env).DEV_REGION : null;
  if (devRegion) return devRegion;
  const cf = (request as Request & { cf?: RegionCf }).cf;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return regionOf(text(cf?.country), text(cf?.regionCode));
}

/** What the wallet needs to know about where the player is. */
export function playContextFor(env: Env, region: string | null): PlayContext {
  const t = tunables(env);
  return {
    minAge: minAgeFor(region, t.MIN_AGE, t.REGION_MIN_AGE),
    place: { region, rules: { restricted: t.RESTRICTED_REGIONS, blocked: t.BLOCKED_REGIONS } },
  };
}

/** The request's region and the actions refused there (for the user document). */
export function regionView(env: Env, request: Request): { region: string | null; unavailable: PlayAction[]; minAge: number } {
  const region = requestRegion(env, request);
  const t = tunables(env);
  return {
    region,
    unavailable: unavailableActions(region, { restricted: t.RESTRICTED_REGIONS, blocked: t.BLOCKED_REGIONS }),
    minAge: playContextFor(env, region).minAge,
  };
}

/**
 * Throws 403 region-restricted when `action` is not offered where the request comes from
 * (before any outside call); otherwise the PlayContext to hand to the wallet, which checks
 * the same rule again inside its transaction.
 */
export function allowInRegion(c: Context<AppEnv>, action: PlayAction): PlayContext {
  const region = requestRegion(c.env, c.req.raw);
  const t = tunables(c.env);
  const verdict = checkRegion(region, { restricted: t.RESTRICTED_REGIONS, blocked: t.BLOCKED_REGIONS }, action);
  if (!verdict.ok) throw fromErrorResult(verdict);
  return playContextFor(c.env, region);
}
