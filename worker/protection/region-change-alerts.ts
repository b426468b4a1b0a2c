// Region-change alerts. When the rule for a place changes — a dated law taking effect, a
// redeem-only window ending, an entry operators added — the players who last opened the app
// from there and turned the alert on are told once, by push, in the region's own sentence
// (src/shared/region-change-notice.ts). The notice under the header tells those who open the
// app; this reaches those who do not. Where a player plays is their user document's region,
// kept in D1 `player_regions` (migration 0032) as /api/me is read.
//
// Each scheduled run reads the rule in force for every region players were seen in and
// compares it with the one last announced (`region_modes_announced`). A region seen for the
// first time is recorded without an alert. A changed rule is sent first and recorded after:
// a run that stops in between sends again next time, and the push queue sends each event to
// a browser at most once (worker/push/push-queue.ts).
import { regionChangeNotice, regionRuleSignature } from "../../src/shared/region-change-notice";
import type { PushNotice } from "../../src/shared/push-notices";
import { regionModeAt } from "../../src/shared/region-rules";
import { loggerFor } from "../logging/logger";
import { refreshOperatorRegionEntries } from "./region-entries";
import { regionRules } from "./request-region";

const DAY_MS = 86_400_000;
/** Messages per queue batch (the queue's own limit is 100). */
const QUEUE_BATCH = 100;

/**
 * Remembers where the player opened the app from. Writes only when the region changed or a
 * day has passed, so reading the user document does not write each time.
 */
export async function notePlayerRegion(db: D1Database, userId: string, region: string | null, now: number): Promise<void> {
  if (region === null) return;
  await db
    .prepare(
      `INSERT INTO player_regions (user_id, region, seen_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET region = excluded.region, seen_at = excluded.seen_at
       WHERE player_regions.region <> excluded.region OR player_regions.seen_at < excluded.seen_at - ?`,
    )
    .bind(userId, region, now, DAY_MS)
    .run();
}

export type RegionChangeRun = { changed: string[]; alerts: number };

type SendAlerts = (notices: PushNotice[]) => Promise<void>;

/** Compares every played region's rule with the last one announced, and alerts the players of those that changed. */
export async function sendRegionChangeAlerts(
  env: Env,
  now: number,
  send: SendAlerts = async (notices) => {
    for (let i = 0; i < notices.length; i += QUEUE_BATCH) {
      await env.PUSH_QUEUE.sendBatch(notices.slice(i, i + QUEUE_BATCH).map((body) => ({ body })));
    }
  },
): Promise<RegionChangeRun> {
  // Entries operators added take effect on their own day with no deploy: read them as they are now.
  await refreshOperatorRegionEntries(env, now).catch((err: unknown) =>
    loggerFor(env).warn("region alerts: reading the operators' entries failed; the last ones stand", err),
  );
  const rules = regionRules(env);
  const [{ results: played }, { results: announcedRows }] = await Promise.all([
    env.DB.prepare("SELECT DISTINCT region FROM player_regions").all<{ region: string }>(),
    env.DB.prepare("SELECT region, rule FROM region_modes_announced").all<{ region: string; rule: string }>(),
  ]);
  const announced = new Map(announcedRows.map((row) => [row.region, row.rule]));
  const run: RegionChangeRun = { changed: [], alerts: 0 };
  for (const { region } of played) {
    const verdict = regionModeAt(region, rules, now);
    const rule = regionRuleSignature(verdict);
    const before = announced.get(region);
    if (before === rule) continue;
    if (before !== undefined) {
      const { results: players } = await env.DB.prepare(
        `SELECT r.user_id AS userId FROM player_regions r
         JOIN push_preferences p ON p.user_id = r.user_id AND p.kind = 'region-changed' AND p.enabled = 1
         WHERE r.region = ?`,
      )
        .bind(region)
        .all<{ userId: string }>();
      const notices = players.map(({ userId }) => regionChangeNotice(userId, verdict));
      await send(notices);
      run.changed.push(region);
      run.alerts += notices.length;
    }
    await env.DB.prepare(
      `INSERT INTO region_modes_announced (region, rule, announced_at) VALUES (?, ?, ?)
       ON CONFLICT (region) DO UPDATE SET rule = excluded.rule, announced_at = excluded.announced_at`,
    )
      .bind(region, rule, now)
      .run();
  }
  return run;
}
