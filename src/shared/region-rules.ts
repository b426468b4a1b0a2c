// Where Vantage Cash is lawful, by date. One table of entries (REGION_RULES, kept current
// in src/shared/region-rules-table.ts with each entry's source) says, for a region (an ISO
// 3166-1 country or 3166-2 subdivision), from which day a mode applies:
//   full         Coins and Vantage Cash: everything the spec offers;
//   coins-only   Coins play only: no packs (each carries Vantage Cash), no Vantage Cash from
//                the daily bonus or free entry, no Vantage Cash bets, no redemptions;
//   redeem-only  as coins-only, but Vantage Cash the player held when the rule took effect
//                (and what bets placed before then pay) may be redeemed until `until`, free
//                of play-through and the purchase hold; cash that came later keeps both
//                (the wallet's worker/payments/in-wallet/redemptions.ts); after that day
//                the region is coins-only;
//   blocked      no play at all.
// An entry covers sweepstakes sports play, or casino-style games only (which do not concern
// Vantage and are kept for the record). Operators' own lists (RESTRICTED_REGIONS as
// coins-only, BLOCKED_REGIONS as blocked) apply from always. A place that cannot be confirmed
// (no country, Tor, unknown, or a country whose rules differ by state without the state) is
// coins-only. Days are US Eastern, like the daily bonus's.
// Pure: the table and `now` in, a verdict out.
import { etDayKey } from "./bonus";

export const REGION_MODES = ["full", "coins-only", "redeem-only", "blocked"] as const;
export type RegionMode = (typeof REGION_MODES)[number];

export type RegionRuleEntry = {
  /** ISO 3166-1 ("FR") or 3166-2 ("US-CA"). */
  region: string;
  mode: RegionMode;
  /** The first day (YYYY-MM-DD, US Eastern) the mode applies. */
  from: string;
  /** redeem-only: the last day held Vantage Cash may be redeemed; coins-only after it. */
  until?: string;
  /** What the law or action reaches: only sweepstakes sports play concerns Vantage. */
  covers: "sweepstakes-sports" | "casino-only";
  /** A minimum age above the general one, where the law sets it. */
  minAge?: number;
  /** The statute or regulator action, with a link. */
  source: { title: string; url: string };
};

/** Where the verdict came from: a table entry, an operator's list, or an unconfirmed place. */
export type RegionBasis =
  | { kind: "rule"; entry: RegionRuleEntry }
  | { kind: "operator-list"; list: "restricted" | "blocked" }
  | { kind: "unknown-place" }
  | { kind: "none" };

export type RegionVerdict = { region: string | null; mode: RegionMode; basis: RegionBasis; since: string | null; until: string | null };

/** Country codes that name no place: Tor exit nodes (`T1`) and Cloudflare's "unknown" (`XX`). */
export const UNKNOWN_COUNTRIES: readonly string[] = ["T1", "XX"];

/** True when the request's place is not known: no region, Tor or unknown. */
export function isUnknownRegion(region: string | null): boolean {
  return !region || UNKNOWN_COUNTRIES.includes(region.split("-")[0]!);
}

/**
 * True for a bare country code ("US") where the rules differ by subdivision (a sports entry or
 * an operator's list names one of its states): without the state the place is not confirmed.
 * Cloudflare gives a request's subdivision only where it knows it.
 */
export function lacksNeededSubdivision(region: string, rules: RegionRules): boolean {
  if (region.includes("-")) return false;
  const prefix = `${region}-`;
  return (
    rules.entries.some((e) => e.covers === "sweepstakes-sports" && e.region.startsWith(prefix)) ||
    rules.restricted.some((e) => e.startsWith(prefix)) ||
    rules.blocked.some((e) => e.startsWith(prefix))
  );
}

/** An entry covers its country and, for a subdivision entry, only that subdivision. */
export function regionCovers(entry: string, region: string): boolean {
  return entry === region || (!entry.includes("-") && region.startsWith(`${entry}-`));
}

const STRICTNESS: Record<RegionMode, number> = { full: 0, "redeem-only": 1, "coins-only": 2, blocked: 3 };

/** The stricter of two modes. */
export function stricterMode(a: RegionMode, b: RegionMode): RegionMode {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}

/** What an entry means on `day`: its mode, coins-only once a redeem-only window has ended (the entry's own, before its day too). */
export function entryModeOn(entry: RegionRuleEntry, day: string): RegionMode {
  if (entry.mode === "redeem-only" && entry.until !== undefined && day > entry.until) return "coins-only";
  return entry.mode;
}

export type RegionRules = {
  /** The dated table (REGION_RULES, plus any entries operators add). */
  entries: readonly RegionRuleEntry[];
  /** Operators' lists: coins-only and blocked from always. */
  restricted: readonly string[];
  blocked: readonly string[];
};

/**
 * The mode in `region` at `now`. Of the sports entries covering the region that are in
 * force (from ≤ today), the newest decides (a later law replaces an earlier one; of two
 * on one day, the stricter); an operator's list or an unconfirmed place can only make it
 * stricter.
 */
export function regionModeAt(region: string | null, rules: RegionRules, now: number): RegionVerdict {
  const day = etDayKey(now);
  let verdict: RegionVerdict = { region, mode: "full", basis: { kind: "none" }, since: null, until: null };
  if (region) {
    const inForce = rules.entries
      .filter((e) => e.covers === "sweepstakes-sports" && e.from <= day && regionCovers(e.region, region))
      .sort((a, b) => (a.from === b.from ? STRICTNESS[entryModeOn(a, day)] - STRICTNESS[entryModeOn(b, day)] : a.from < b.from ? -1 : 1));
    const newest = inForce.at(-1);
    if (newest) {
      const mode = entryModeOn(newest, day);
      verdict = {
        region,
        mode,
        basis: { kind: "rule", entry: newest },
        since: mode === newest.mode ? newest.from : (nextDay(newest.until!) ?? newest.from),
        until: mode === "redeem-only" ? (newest.until ?? null) : null,
      };
    }
  }
  const stricter = (mode: RegionMode, basis: RegionBasis) => {
    if (STRICTNESS[mode] > STRICTNESS[verdict.mode]) verdict = { region, mode, basis, since: null, until: null };
  };
  if (isUnknownRegion(region) || lacksNeededSubdivision(region!, rules)) stricter("coins-only", { kind: "unknown-place" });
  if (region && rules.restricted.some((e) => regionCovers(e, region)))
    stricter("coins-only", { kind: "operator-list", list: "restricted" });
  if (region && rules.blocked.some((e) => regionCovers(e, region))) stricter("blocked", { kind: "operator-list", list: "blocked" });
  return verdict;
}

/** The day after a YYYY-MM-DD day, or null when it is not one. */
function nextDay(day: string): string | null {
  const ms = Date.parse(`${day}T12:00:00Z`);
  return Number.isFinite(ms) ? new Date(ms + 86_400_000).toISOString().slice(0, 10) : null;
}

/** What a player may do with money in a mode. Coins bets stand everywhere but blocked. */
export type MoneyAction = "coins-bet" | "cash-bet" | "purchase" | "bonus" | "bonus-cash" | "free-entry-cash" | "redeem";

/** The actions each mode allows: one table drives the Worker, the SPA and the tests. */
export const MODE_ALLOWS: Record<RegionMode, readonly MoneyAction[]> = {
  full: ["coins-bet", "cash-bet", "purchase", "bonus", "bonus-cash", "free-entry-cash", "redeem"],
  "redeem-only": ["coins-bet", "bonus", "redeem"],
  "coins-only": ["coins-bet", "bonus"],
  blocked: [],
};

export function modeAllows(mode: RegionMode, action: MoneyAction): boolean {
  return MODE_ALLOWS[mode].includes(action);
}

/** Validates an entry typed by an operator (or shipped in the table): the problem, or null. */
export function regionRuleProblem(entry: RegionRuleEntry): string | null {
  if (!/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(entry.region)) return `${entry.region}: not an ISO 3166 country or subdivision code.`;
  if (!REGION_MODES.includes(entry.mode)) return `${entry.region}: unknown mode ${entry.mode}.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.from) || nextDay(entry.from) === null) return `${entry.region}: from must be a day (YYYY-MM-DD).`;
  if (entry.mode === "redeem-only") {
    if (entry.until === undefined || nextDay(entry.until) === null)
      return `${entry.region}: a redeem-only entry needs its last day (until).`;
    if (entry.until < entry.from) return `${entry.region}: until is before from.`;
  } else if (entry.until !== undefined) return `${entry.region}: only a redeem-only entry has an end day.`;
  if (!entry.source.title.trim() || !/^https:\/\//.test(entry.source.url))
    return `${entry.region}: a source needs a title and an https link.`;
  return null;
}
