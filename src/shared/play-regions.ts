// Where Vantage's money actions are offered. A region is an ISO 3166-1 country
// ("FR") or an ISO 3166-2 subdivision ("US-WA"), read by the Worker from the request's
// `cf.country` / `cf.regionCode`. Its mode on a given day (full, coins-only, redeem-only,
// blocked) comes from the dated table and the operators' lists (src/shared/region-rules.ts);
// this turns the mode into refusals of the player's actions, each with one sentence naming
// the region and the mode. Money fails closed: a place that cannot be confirmed is
// coins-only. Coins play is untouched everywhere but blocked. Pure: rules and `now` in,
// refusals out as values.
import { etDayKey } from "./bonus";
import type { PlayAction } from "./protection";
import {
  type MoneyAction,
  modeAllows,
  type RegionMode,
  type RegionRules,
  type RegionVerdict,
  regionModeAt,
  stricterMode,
} from "./region-rules";
import { namesSubdivisions, subdivisionCodeOf } from "./subdivision-names";

export { isUnknownRegion, UNKNOWN_COUNTRIES } from "./region-rules";

/**
 * A redeem-only window a player is in: when it began and when its last day begins (ET
 * midnights, in ms), the last day null for a window without one.
 */
export type WindDown = { since: number; lastDay: number | null };

/** The wallet a bet debits, where the action is a bet (a route checks before it knows: Coins). */
export type PlayWallet = "coins" | "cash";

/** The money action a player action is, in the mode table's terms. */
export function moneyActionOf(action: PlayAction, wallet: PlayWallet = "coins"): MoneyAction {
  if (action === "bet") return wallet === "cash" ? "cash-bet" : "coins-bet";
  return action;
}

/** Actions that move no prize money: Coins bets and the daily bonus's Coins. */
const COINS_ONLY_ACTIONS: readonly MoneyAction[] = ["coins-bet", "bonus"];

/** Whether `action` moves no prize money (Coins play follows where the request comes from alone). */
export function isCoinsOnlyAction(action: MoneyAction): boolean {
  return COINS_ONLY_ACTIONS.includes(action);
}

/**
 * The region whose rules govern `action`: where the request comes from, or — for anything
 * touching Vantage Cash or a purchase — the residence on the player's verified document when
 * its rules are stricter there, so a player cannot carry a redemption or a cash bet across a
 * state line. Coins play follows the request alone. A tie keeps the request's region.
 */
export function governingRegion(
  requestRegion: string | null,
  residence: string | null,
  rules: RegionRules,
  action: MoneyAction,
  now: number,
): string | null {
  if (residence === null || residence === requestRegion || isCoinsOnlyAction(action)) return requestRegion;
  const here = regionModeAt(requestRegion, rules, now).mode;
  const home = regionModeAt(residence, rules, now).mode;
  return stricterMode(here, home) === here ? requestRegion : residence;
}

const REGION_ENTRY = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

function isRegionEntry(text: string): boolean {
  return REGION_ENTRY.test(text);
}

/** "US-WA, fr" → ["US-WA", "FR"]; null when an entry is not a country or subdivision code. */
export function parseRegionList(text: string): string[] | null {
  const entries = text
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return entries.every(isRegionEntry) ? entries : null;
}

/** "US-AL:19,US-MS:21" → { "US-AL": 19, "US-MS": 21 }; null when malformed. */
export function parseRegionMinAge(text: string): Record<string, number> | null {
  const result: Record<string, number> = {};
  for (const part of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{2}(?:-[A-Za-z0-9]{1,3})?):(\d{1,2})$/.exec(part);
    if (!match) return null;
    result[match[1]!.toUpperCase()] = Number(match[2]);
  }
  return result;
}

/** The region of a request from Cloudflare's country and subdivision codes ("US" + "WA" → "US-WA"). */
export function regionOf(country: string | null | undefined, regionCode: string | null | undefined): string | null {
  const c = (country ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return null;
  const r = (regionCode ?? "").trim().toUpperCase();
  return /^[A-Z0-9]{1,3}$/.test(r) ? `${c}-${r}` : c;
}

/**
 * The region of a postal address the payment provider holds ("US" + "WA" → "US-WA"): a card's
 * billing address, a payout account holder's address. A US state or Canadian province is read
 * by its code or its name ("Texas", "Québec": subdivision-names.ts). Null when it names none:
 * a US or Canadian address without a state or province this can read (none, "Tex.", "ZZ")
 * places nobody, rather than counting as the whole country (which the region rules treat as an
 * unknown place, closed to money). Elsewhere the state is read as a request's subdivision is
 * (regionOf), and one that is not a code leaves the country.
 */
export function addressRegionOf(address: { country?: string | null; state?: string | null } | null | undefined): string | null {
  const country = address?.country?.trim().toUpperCase() ?? "";
  if (namesSubdivisions(country)) {
    const code = subdivisionCodeOf(country, address?.state);
    return code === null ? null : `${country}-${code}`;
  }
  return regionOf(country, address?.state?.trim() ?? "");
}

/** The actions refused in `region` at `now`, as the user document lists them (a bet counts as a Coins bet). */
export function unavailableActions(region: string | null, rules: RegionRules, now: number): PlayAction[] {
  const { mode } = regionModeAt(region, rules, now);
  return (["bet", "purchase", "bonus", "redeem"] as const).filter((a) => !modeAllows(mode, moneyActionOf(a)));
}

const MODE_WORDS: Record<Exclude<RegionMode, "full">, string> = {
  "coins-only": "Coins play only",
  "redeem-only": "redemptions only",
  blocked: "not offered",
};

/**
 * The sentence naming the region and its mode, on the server and in the SPA alike; null
 * where Vantage Cash is offered in full. With the law's name and the day it took effect
 * where a dated rule decides, and a redemption window's last day.
 */
export function regionNoticeSentence(verdict: RegionVerdict): string | null {
  const { region, mode, basis, since, until } = verdict;
  if (mode === "full") return null;
  if (basis.kind === "unknown-place") return "Vantage Cash is not offered where your location cannot be confirmed: Coins play only.";
  const law = basis.kind === "rule" ? ` since ${since} (${basis.entry.source.title})` : "";
  if (mode === "blocked") return `Vantage is not offered in ${region}${law}.`;
  if (mode === "redeem-only") {
    return `Vantage Cash can no longer be bought, won or bet in ${region}${law}; you can redeem what you hold until ${until}.`;
  }
  return `Vantage Cash is not offered in ${region}${law}: ${MODE_WORDS[mode]}.`;
}

/**
 * A refusal by the region's mode. `verdict` and `action` are for the sentence (the region's
 * notice); clients are sent the region, its mode, the day and the actions refused there.
 */
export type RegionRefusal = {
  ok: false;
  code: "region-restricted";
  details: { region: string | null; mode: RegionMode; day: string; unavailable: PlayAction[]; verdict: RegionVerdict; action: PlayAction };
};

/** Refuses `action` where the region's mode does not allow it (a bet: from `wallet`); its sentence names the region and the mode. */
export function checkRegion(
  region: string | null,
  rules: RegionRules,
  action: PlayAction,
  now: number,
  wallet: PlayWallet = "coins",
): { ok: true; verdict: RegionVerdict } | RegionRefusal {
  const verdict = regionModeAt(region, rules, now);
  if (modeAllows(verdict.mode, moneyActionOf(action, wallet))) return { ok: true, verdict };
  return {
    ok: false,
    code: "region-restricted",
    details: { region, mode: verdict.mode, day: etDayKey(now), unavailable: unavailableActions(region, rules, now), verdict, action },
  };
}

/** The minimum age in `region`: the most specific entry, else the country's, else `minAge`. */
/** The highest minimum age any of `tables` sets for `region` (its own entry, else its country's), at least `minAge`. */
export function minAgeAmong(region: string | null, minAge: number, tables: readonly Readonly<Record<string, number>>[]): number {
  return Math.max(minAge, ...tables.map((table) => minAgeFor(region, minAge, table)));
}

export function minAgeFor(region: string | null, minAge: number, regionMinAge: Readonly<Record<string, number>>): number {
  if (!region) return minAge;
  const exact = regionMinAge[region] ?? regionMinAge[region.split("-")[0]!];
  return Math.max(minAge, exact ?? minAge);
}
