// Where a request comes from, for the region rules (src/shared/region-rules.ts, the dated
// table in src/shared/region-rules-table.ts, and the operators' RESTRICTED_REGIONS and
// BLOCKED_REGIONS). Cloudflare puts the client's ISO 3166 country and subdivision on
// `request.cf`; in development only, and never beside a live Stripe key, a request's
// `X-Dev-Region` header, else DEV_REGION, stands in for them so the rules can be tried
// offline, one browser in California beside one in Texas (production ignores both). Routes refuse a region early, before any outside call, and
// hand the place and the rules to the wallet in the PlayContext, which checks them again
// inside its transaction at its own moment (an entry dated today switches on by itself).
import type { Context } from "hono";
import {
  checkRegion,
  governingRegion,
  minAgeAmong,
  moneyActionOf,
  type PlayWallet,
  regionNoticeSentence,
  regionOf,
  unavailableActions,
} from "../../src/shared/play-regions";
import type { PlayAction } from "../../src/shared/protection";
import { modeAllows, type RegionMode, type RegionRules, regionModeAt } from "../../src/shared/region-rules";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import { hasLiveStripeKey, isDevelopment } from "../config";
import { ApiError } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { tunables } from "../tunables";
import type { PlayContext } from "../../src/shared/protection";
import { freshenOperatorRegionEntries, operatorRegionEntries, operatorRegionEntriesKnown } from "./region-entries";

type RegionCf = { country?: unknown; regionCode?: unknown };

/** The development header that places one request (an ISO 3166 code, or T1 for Tor). */
export const DEV_REGION_HEADER = "X-Dev-Region";

export function requestRegion(env: Env, request: Request): string | null {
  // A stand-in for where the player is, so refused beside a live Stripe key like every other:
  // a header the client chooses must never place real money.
  if (isDevelopment(env) && !hasLiveStripeKey(env)) {
    const header = request.headers.get(DEV_REGION_HEADER)?.trim().toUpperCase() ?? "";
    if (/^[A-Z0-9]{2}(-[A-Z0-9]{1,3})?$/.test(header)) return header;
    const devRegion = tunables(env).DEV_REGION;
    if (devRegion) return devRegion;
  }
  const cf = (request as Request & { cf?: RegionCf }).cf;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return regionOf(text(cf?.country), text(cf?.regionCode));
}

// The rules and the table's minimum ages, built once per configuration and snapshot of the
// operators' entries (a new snapshot is a new array), not on every request.
const builtRules = new WeakMap<object, { entries: readonly unknown[]; rules: RegionRules; minAges: Record<string, number> }>();

function builtFor(env: Env) {
  const added = operatorRegionEntries(env);
  const known = builtRules.get(env);
  if (known && known.entries === added) return known;
  const t = tunables(env);
  const rules: RegionRules = { entries: [...REGION_RULES, ...added], restricted: t.RESTRICTED_REGIONS, blocked: t.BLOCKED_REGIONS };
  const minAges = Object.fromEntries(rules.entries.flatMap((e) => (e.minAge === undefined ? [] : [[e.region, e.minAge] as const])));
  const built = { entries: added, rules, minAges };
  builtRules.set(env, built);
  return built;
}

/** The region rules in force for this Worker: the dated table, the entries operators added, and the operators' lists. */
export function regionRules(env: Env): RegionRules {
  return builtFor(env).rules;
}

/** The minimum age in `region`: the general one, the table's and the operators' (REGION_MIN_AGE), whichever is highest. */
export function minAgeIn(env: Env, region: string | null): number {
  return minAgeAmong(region, tunables(env).MIN_AGE, minAgeTables(env));
}

function minAgeTables(env: Env): Readonly<Record<string, number>>[] {
  return [tunables(env).REGION_MIN_AGE, builtFor(env).minAges];
}

/** What the wallet needs to know about where the player is. */
export function playContextFor(env: Env, region: string | null): PlayContext {
  return { minAge: minAgeIn(env, region), place: { region, rules: regionRules(env), minAgeTables: minAgeTables(env) } };
}

/**
 * The region rules in force for money work no player's request places: a transfer attempt
 * (the wallet's alarm, a look at the history), a payment the provider reports. The place is
 * what the wallet knows (where the verified document says the player lives, where a checkout
 * was opened); the operators' entries are read afresh when stale.
 */
export async function rulesInForce(env: Env, now: number): Promise<PlayContext> {
  // Judged on the shipped table alone, an entry operators added (a state closed early) would
  // be missed: money work waits until the entries have been read once.
  if (!(await freshenOperatorRegionEntries(env, now))) throw new RegionRulesUnread();
  return playContextFor(env, null);
}

export const REGION_RULES_UNREAD_MESSAGE =
  "Vantage Cash, coin packs and the daily bonus are paused for a moment while the region rules are read. Please try again shortly.";

/** The operators' region entries could not be read yet in this isolate: money work placed by them waits. */
export class RegionRulesUnread extends Error {
  constructor() {
    super("the operators' region entries could not be read");
    this.name = "RegionRulesUnread";
  }
}

/**
 * The request's region, the mode and sentence that govern Vantage Cash, and the actions
 * refused there (for the user document). A verified document's residence whose rules are
 * stricter for money governs the money side (src/shared/play-regions.ts governingRegion):
 * its purchases and redemptions are refused and its sentence is the one shown; Coins play
 * follows the request alone.
 */
export function regionView(
  env: Env,
  request: Request,
  now: number,
  residence: string | null = null,
): { region: string | null; unavailable: PlayAction[]; minAge: number; regionMode: RegionMode; regionNotice: string | null } {
  const region = requestRegion(env, request);
  const rules = regionRules(env);
  const forMoney = governingRegion(region, residence, rules, "cash-bet", now);
  const verdict = regionModeAt(forMoney, rules, now);
  const here = unavailableActions(region, rules, now);
  const fromResidence =
    forMoney === region ? [] : unavailableActions(forMoney, rules, now).filter((a) => a === "purchase" || a === "redeem");
  return {
    region,
    unavailable: [...new Set([...here, ...fromResidence])],
    minAge: Math.max(minAgeIn(env, region), minAgeIn(env, residence)),
    regionMode: verdict.mode,
    regionNotice: regionNoticeSentence(verdict),
  };
}

/**
 * Throws 403 region-restricted when `action` (a bet: from `wallet`) is not offered where the
 * request comes from (before any outside call); otherwise the PlayContext to hand to the
 * wallet, which checks the same rule again inside its transaction.
 */
export function allowInRegion(c: Context<AppEnv>, action: PlayAction, wallet: PlayWallet = "coins"): PlayContext {
  const region = requestRegion(c.env, c.req.raw);
  const now = Date.now();
  // Prize money is never judged on the shipped table alone: an entry operators added could be missed.
  if (moneyActionOf(action, wallet) !== "coins-bet" && !operatorRegionEntriesKnown(c.env, now)) {
    throw new ApiError(503, "region-rules-unread", REGION_RULES_UNREAD_MESSAGE);
  }
  const verdict = checkRegion(region, regionRules(c.env), action, now, wallet);
  if (!verdict.ok) throw refusalError(verdict);
  return playContextFor(c.env, region);
}

/**
 * Free entry asks for Vantage Cash by post: where the region offers none (every mode but
 * full), a request code is refused with the region's sentence; Coins play goes on.
 */
export function allowFreeEntryInRegion(c: Context<AppEnv>): PlayContext {
  const play = allowInRegion(c, "bonus");
  const verdict = regionModeAt(play.place?.region ?? null, regionRules(c.env), Date.now());
  if (modeAllows(verdict.mode, "free-entry-cash")) return play;
  throw new ApiError(403, "region-restricted", regionNoticeSentence(verdict) ?? "Vantage Cash is not offered here.", {
    region: verdict.region,
    mode: verdict.mode,
  });
}
