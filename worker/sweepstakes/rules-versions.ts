// The version of the Official Sweepstakes Rules in force. The text is generated from this
// Worker's configuration (src/shared/sweepstakes-rules.ts); D1's `sweepstakes_rules` keeps
// each distinct text under a sequence number with its SHA-256, so a change of any tunable
// the rules mention makes the next version, which players must accept again, while the
// same configuration in every isolate names the same version. A configuration that goes
// back to an earlier text gets that text's version again (the hash is unique), so two
// configurations live side by side during a deploy cannot make versions flip back and forth.
// Configuration only changes with a deploy (a new isolate), and the region table on the day
// an entry takes effect, so each isolate asks D1 once a day.
import { etDayKey } from "../../src/shared/bonus";
import { type RegionRules, regionModeAt } from "../../src/shared/region-rules";
import { regionRules } from "../protection/request-region";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import { buildSweepstakesRules, rulesContentText, type RulesConfig, type RulesSection } from "../../src/shared/sweepstakes-rules";
import { sha256Hex } from "../digest";
import { type Tunables, tunables } from "../tunables";
import { isolateMemo } from "../isolate-memos";

export type RulesRecord = { version: number; effectiveAt: number; sections: RulesSection[] };

/**
 * The regions in each mode on `now`'s day: the dated table's sports entries and the operators'
 * lists, as the region rules judge them (a region named in both counts once, by its mode).
 */
function regionsByMode(rules: RegionRules, now: number): { restricted: string[]; blocked: string[] } {
  const named = [
    ...new Set([
      ...rules.entries.filter((e) => e.covers === "sweepstakes-sports").map((e) => e.region),
      ...rules.restricted,
      ...rules.blocked,
    ]),
  ];
  const mode = (region: string) => regionModeAt(region, rules, now).mode;
  return {
    restricted: named.filter((r) => mode(r) === "coins-only" || mode(r) === "redeem-only").sort(),
    blocked: named.filter((r) => mode(r) === "blocked").sort(),
  };
}

/** What the rules are written from, out of the validated tunables and the region rules on `now`'s day. */
export function rulesConfigOf(
  t: Tunables,
  now: number,
  rules: RegionRules = { entries: REGION_RULES, restricted: t.RESTRICTED_REGIONS, blocked: t.BLOCKED_REGIONS },
): RulesConfig {
  const regions = regionsByMode(rules, now);
  return {
    sponsorName: t.SPONSOR_NAME,
    sponsorAddress: t.SPONSOR_ADDRESS,
    minAge: t.MIN_AGE,
    regionMinAge: t.REGION_MIN_AGE,
    restrictedRegions: regions.restricted,
    blockedRegions: regions.blocked,
    cashPlaythrough: t.CASH_PLAYTHROUGH,
    purchaseHoldDays: t.PURCHASE_HOLD_DAYS,
    limitRaiseDelayHours: t.LIMIT_RAISE_DELAY_HOURS,
    freeEntryCashCents: t.FREE_ENTRY_CASH_CENTS,
    freeEntryCodeDays: t.FREE_ENTRY_CODE_DAYS,
  };
}

/**
 * Finds this text's version, or records it as the next one. One INSERT … SELECT, so two
 * isolates meeting a new text at once agree on its number (the hash is unique in D1).
 */
export async function versionFor(db: D1Database, sections: RulesSection[], now: number): Promise<RulesRecord> {
  const text = rulesContentText(sections);
  const hash = await sha256Hex(text);
  const find = db.prepare("SELECT version, effective_at FROM sweepstakes_rules WHERE content_hash = ?").bind(hash);
  const [, found] = await db.batch<{ version: number; effective_at: number }>([
    db
      .prepare(
        `INSERT INTO sweepstakes_rules (version, content_hash, sections_json, effective_at)
         SELECT next_version, ?, ?, ? FROM (SELECT COALESCE(MAX(version), 0) + 1 AS next_version FROM sweepstakes_rules)
         WHERE NOT EXISTS (SELECT 1 FROM sweepstakes_rules WHERE content_hash = ?)`,
      )
      .bind(hash, JSON.stringify(sections), now, hash),
    find,
  ]);
  const row = found?.results[0];
  if (!row) throw new Error("sweepstakes rules: version not recorded");
  return { version: row.version, effectiveAt: row.effective_at, sections };
}

// One lookup per env object (an isolate's configuration), like the tunables. What is kept is
// the answer, never a pending promise: a request must not wait on I/O another request
// started (if that one is cancelled, its promise never settles). Requests that arrive before
// the first answer each ask D1, which is harmless: the lookup is idempotent.
// The region table's entries take effect on their day, and operators add entries, so the
// memo is per env, US Eastern day and the entries' count.
let recordByEnv = new WeakMap<object, { day: string; entries: number; record: RulesRecord }>();
isolateMemo(() => {
  recordByEnv = new WeakMap();
});

/** The rules in force for this Worker's configuration on `now`'s day, with their version. */
export async function currentRules(env: Env, now = Date.now()): Promise<RulesRecord> {
  const day = etDayKey(now);
  const rules = regionRules(env);
  const known = recordByEnv.get(env);
  if (known?.day === day && known.entries === rules.entries.length) return known.record;
  const record = await versionFor(env.DB, buildSweepstakesRules(rulesConfigOf(tunables(env), now, rules)), now);
  recordByEnv.set(env, { day, entries: rules.entries.length, record });
  return record;
}

/**
 * What the player accepted, said against the version in force (the user document's
 * `rulesAcceptedVersion`): that version when they accepted it, even after a newer one (a
 * text in force again keeps its number), else the newest they did, or null.
 */
export function acceptedAgainst(accepted: readonly number[], inForce: number): number | null {
  return accepted.includes(inForce) ? inForce : (accepted.at(-1) ?? null);
}
