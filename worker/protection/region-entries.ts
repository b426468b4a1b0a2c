// The region rule entries operators added in the console (D1 `region_rule_entries`,
// migration 0030), beside the table Vantage ships. Region checks run synchronously in
// routes and the wallet is handed the rules in its PlayContext, so each isolate keeps a
// snapshot of the entries per database binding: a middleware refreshes it before the routes run once it
// is older than REGION_ENTRIES_CACHE_MS, and an approval that adds an entry refreshes its
// own isolate's at once. Other isolates see a new entry within that time; an entry is
// normally dated ahead, so that delay never decides a money action on its day.
import { createMiddleware } from "hono/factory";
import type { RegionRuleEntry } from "../../src/shared/region-rules";
import type { AppEnv } from "../http/app-types";
import { isolateMemo } from "../isolate-memos";
import { loggerFor } from "../logging/logger";

/** How long an isolate trusts its snapshot of the operators' entries. */
export const REGION_ENTRIES_CACHE_MS = 30_000;

/**
 * How old a snapshot may grow while the re-reads fail before nothing placed by the operators'
 * entries is judged on it: an entry added since (a state closed early) would be missed.
 */
export const REGION_ENTRIES_MAX_AGE_MS = 10 * 60_000;

type Row = {
  region: string;
  mode: RegionRuleEntry["mode"];
  from_day: string;
  until_day: string | null;
  covers: RegionRuleEntry["covers"];
  min_age: number | null;
  source_title: string;
  source_url: string;
  requested_by: string;
  approved_by: string;
  created_at: number;
};

/** One entry operators added, with who asked, who approved and when. */
export type AddedRegionEntry = { entry: RegionRuleEntry; requestedBy: string; approvedBy: string; createdAt: number };

let snapshots = new WeakMap<object, { readAt: number; entries: RegionRuleEntry[] }>();
isolateMemo(() => {
  snapshots = new WeakMap();
});

function toEntry(row: Row): RegionRuleEntry {
  return {
    region: row.region,
    mode: row.mode,
    from: row.from_day,
    ...(row.until_day !== null && { until: row.until_day }),
    covers: row.covers,
    ...(row.min_age !== null && { minAge: row.min_age }),
    source: { title: row.source_title, url: row.source_url },
  };
}

/** Every entry operators added, oldest first, as D1 holds them now. */
export async function listAddedRegionEntries(db: D1Database): Promise<AddedRegionEntry[]> {
  const { results } = await db.prepare("SELECT * FROM region_rule_entries ORDER BY id").all<Row>();
  return results.map((row) => ({
    entry: toEntry(row),
    requestedBy: row.requested_by,
    approvedBy: row.approved_by,
    createdAt: row.created_at,
  }));
}

/** Reads the operators' entries from D1 into this isolate's snapshot for its database. */
export async function refreshOperatorRegionEntries(env: Env, now: number): Promise<RegionRuleEntry[]> {
  const entries = (await listAddedRegionEntries(env.DB)).map((added) => added.entry);
  snapshots.set(env.DB, { readAt: now, entries });
  return entries;
}

/** The operators' entries as this isolate last read them (none before the first read). */
export function operatorRegionEntries(env: Env): readonly RegionRuleEntry[] {
  return snapshots.get(env.DB)?.entries ?? NO_ENTRIES;
}

/** The same empty list every time, so what is built from it can be kept (request-region.ts). */
const NO_ENTRIES: readonly RegionRuleEntry[] = Object.freeze([]);

/**
 * Whether this isolate knows the operators' entries well enough to judge money by them: it
 * has read them, no longer than REGION_ENTRIES_MAX_AGE_MS before `now`.
 */
export function operatorRegionEntriesKnown(env: Env, now: number): boolean {
  const known = snapshots.get(env.DB);
  return known !== undefined && now - known.readAt <= REGION_ENTRIES_MAX_AGE_MS;
}

/**
 * Reads the entries again when this isolate's snapshot is older than REGION_ENTRIES_CACHE_MS;
 * a failed read keeps the last one, logged. Whether the entries are known now
 * (operatorRegionEntriesKnown): not when the first read failed, nor once the re-reads have
 * failed for longer than REGION_ENTRIES_MAX_AGE_MS.
 */
export async function freshenOperatorRegionEntries(env: Env, now: number): Promise<boolean> {
  const known = snapshots.get(env.DB);
  if (known && now - known.readAt <= REGION_ENTRIES_CACHE_MS) return true;
  try {
    await refreshOperatorRegionEntries(env, now);
    return true;
  } catch (err) {
    loggerFor(env).warn("region rules: reading the operators' entries failed; the last ones stand", err);
    return operatorRegionEntriesKnown(env, now);
  }
}

/** Keeps the snapshot fresh before the routes check a region. */
export const loadRegionEntries = createMiddleware<AppEnv>(async (c, next) => {
  await freshenOperatorRegionEntries(c.env, Date.now());
  await next();
});
