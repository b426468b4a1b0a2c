// An entry of the region rules as operators add one in the console (D1 `region_rule_entries`),
// in force from today, for as long as one piece of a test runs: the isolate's snapshot of the
// operators' entries is read again before and after, so nothing else sees it.
import { env } from "cloudflare:workers";
import { etDayKey } from "../../src/shared/bonus";
import { refreshOperatorRegionEntries } from "../../worker/protection/region-entries";

/** Runs `during` while `region` is `mode` from today (the Eastern day it is given) by an operators' entry named `title`. */
export async function withRegionEntryFromToday<T>(
  region: string,
  mode: string,
  title: string,
  during: (day: string) => Promise<T>,
): Promise<T> {
  const requestId = crypto.randomUUID();
  const day = etDayKey(Date.now());
  await env.DB.prepare(
    `INSERT INTO region_rule_entries (request_id, region, mode, from_day, until_day, covers, min_age, source_title, source_url, requested_by, approved_by, created_at)
     VALUES (?, ?, ?, ?, NULL, 'sweepstakes-sports', NULL, ?, 'https://example.org/act', 'op-a', 'op-b', ?)`,
  )
    .bind(requestId, region, mode, day, title, Date.now())
    .run();
  try {
    await refreshOperatorRegionEntries(env, Date.now());
    return await during(day);
  } finally {
    await env.DB.prepare("DELETE FROM region_rule_entries WHERE request_id = ?").bind(requestId).run();
    await refreshOperatorRegionEntries(env, Date.now());
  }
}
