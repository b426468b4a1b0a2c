// Where Vantage's money actions are offered. A region is an ISO 3166-1 country
// ("FR") or an ISO 3166-2 subdivision ("US-WA"), read by the Worker from the request's
// `cf.country` / `cf.regionCode`. Operators list entries in two tunables; this table says
// which actions each list refuses. Money fails closed: a request whose place is not known
// (no country, Tor's `T1`, Cloudflare's unknown `XX`) is treated as a restricted region,
// so it cannot buy or redeem; Coins play goes on. Pure: configuration in, refusals out as values.
import { PLAY_ACTION_LABEL, type PlayAction, type Refusal } from "./protection";

export type RegionRule = "restricted" | "blocked";

/** One table: which actions each kind of entry refuses. */
export const REGION_RULE_ACTIONS: Record<RegionRule, readonly PlayAction[]> = {
  /** RESTRICTED_REGIONS: the sweepstakes model is not offered: no purchases or redemptions. */
  restricted: ["purchase", "redeem"],
  /** BLOCKED_REGIONS: no play at all. */
  blocked: ["bet", "purchase", "bonus", "redeem"],
};

export type RegionConfig = { restricted: readonly string[]; blocked: readonly string[] };

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

/** An entry covers its country and, for a subdivision entry, only that subdivision. */
function covers(entry: string, region: string): boolean {
  return entry === region || (!entry.includes("-") && region.startsWith(`${entry}-`));
}

/** Country codes that name no place: Tor exit nodes (`T1`) and Cloudflare's "unknown" (`XX`). */
export const UNKNOWN_COUNTRIES: readonly string[] = ["T1", "XX"];

/** True when the request's place is not known: no region, Tor or unknown. */
export function isUnknownRegion(region: string | null): boolean {
  return !region || UNKNOWN_COUNTRIES.includes(region.split("-")[0]!);
}

/** The actions refused in `region`; an unknown region is restricted (money fails closed). */
export function unavailableActions(region: string | null, config: RegionConfig): PlayAction[] {
  const refused = new Set<PlayAction>();
  if (isUnknownRegion(region)) for (const action of REGION_RULE_ACTIONS.restricted) refused.add(action);
  for (const rule of ["restricted", "blocked"] as const) {
    if (region && config[rule].some((entry) => covers(entry, region))) for (const action of REGION_RULE_ACTIONS[rule]) refused.add(action);
  }
  return (["bet", "purchase", "bonus", "redeem"] as const).filter((a) => refused.has(a));
}

/** The sentence a player is shown where `action` is refused for their region, on the server and in the SPA alike. */
export function regionRefusalSentence(action: PlayAction, region: string | null): string {
  const verb = action === "purchase" || action === "redeem" ? "are" : "is";
  const where = isUnknownRegion(region) ? "where your location cannot be confirmed" : `in your region (${region})`;
  return `${PLAY_ACTION_LABEL[action]} ${verb} not available ${where}.`;
}

export function checkRegion(region: string | null, config: RegionConfig, action: PlayAction): { ok: true } | Refusal {
  const refused = unavailableActions(region, config);
  if (!refused.includes(action)) return { ok: true };
  return {
    ok: false,
    status: 403,
    code: "region-restricted",
    message: regionRefusalSentence(action, region),
    details: { region, unavailable: refused },
  };
}

/** The minimum age in `region`: the most specific entry, else the country's, else `minAge`. */
export function minAgeFor(region: string | null, minAge: number, regionMinAge: Record<string, number>): number {
  if (!region) return minAge;
  const exact = regionMinAge[region] ?? regionMinAge[region.split("-")[0]!];
  return Math.max(minAge, exact ?? minAge);
}
