// An official source corrects its box scores after the fact (a scorer's change, a hit turned
// error), so a box score recorded from the stats port is asked again while its game is within
// PROP_GRADE_HOURS of the final and its props were graded: after each scheduled settlement run
// (scheduled.ts) a few are read again, the least lately checked first (D1
// `box_scores.checked_at`, null first; kept apart from `recorded_at`, which says when the
// numbers were written). A source that now says otherwise
// is recorded as a correction through recordBoxScore, so every prop on the game re-grades
// once, moving only the difference. An operator's entry is never read again nor replaced: it
// is what the operators decided, and only their own correction changes it. A correction that
// has not reached every holder yet (more than one call's worth of wallets, or a wallet that
// failed: D1 `correction_progress`) is not this module's: the scheduled run goes on with it
// (record-box-score.ts, continueStatsCorrections), past this window too.
import type { PlayerStatLine } from "../../src/shared/schemas/props";
import { isSportKey } from "../../src/shared/sports";
import { auditStatement } from "../approvals/audit-log";
import type { Logger } from "../logging/logger";
import { tunables } from "../tunables";
import { recordBoxScore, samePlayers } from "./record-box-score";
import { propsDeadline } from "./settlement-job";
import type { StatsPort } from "./stats-port";

/** Box scores asked again per run, at most (each is one call to the source). */
const RECHECKS_PER_RUN = 5;

type RecordedBox = { eventId: string; sport: string; version: number; players: PlayerStatLine[] };

/** Source-recorded box scores of games final since `deadline` with graded props, least lately checked first. */
async function boxScoresToRecheck(db: D1Database, deadline: number, limit: number): Promise<RecordedBox[]> {
  const { results } = await db
    .prepare(
      `SELECT b.event_id AS event_id, b.sport AS sport, b.version AS version, b.players AS players
         FROM box_scores b JOIN events e ON e.event_id = b.event_id
        WHERE b.source <> 'operator' AND e.status = 'final' AND e.updated_at > ?1
          AND EXISTS (SELECT 1 FROM bet_legs l WHERE l.event_id = b.event_id AND l.market = 'Prop' AND l.result IS NOT NULL)
        ORDER BY COALESCE(b.checked_at, 0), b.event_id
        LIMIT ?2`,
    )
    .bind(deadline, limit)
    .all<{ event_id: string; sport: string; version: number; players: string }>();
  return results.map((r) => ({
    eventId: r.event_id,
    sport: r.sport,
    version: r.version,
    players: JSON.parse(r.players) as PlayerStatLine[],
  }));
}

/** Re-reads a few source-recorded box scores and records what the source corrected; answers how many were corrected. */
export async function recheckBoxScores(env: Env, stats: StatsPort | null, now: number, log: Logger): Promise<number> {
  if (!stats) return 0;
  const db = env.DB;
  const due = await boxScoresToRecheck(db, propsDeadline(now, tunables(env).PROP_GRADE_HOURS), RECHECKS_PER_RUN);
  let corrected = 0;
  for (const recorded of due) {
    // Checked whatever the answer, so a source that fails or has nothing lets the others have their turn.
    await db.prepare("UPDATE box_scores SET checked_at = ? WHERE event_id = ?").bind(now, recorded.eventId).run();
    if (!isSportKey(recorded.sport)) continue;
    try {
      const box = await stats.boxScore(recorded.sport, recorded.eventId, now);
      if (!box || box.source === "operator") continue;
      if (samePlayers(recorded.players, box.players)) continue;
      const audit = (version: number, replaced: { version: number; source: string } | null) =>
        auditStatement(
          db,
          {
            actor: `stats-source:${stats.name}`,
            action: "stats-correction",
            target: recorded.eventId,
            reason: "the statistics source corrected its box score",
            details: { version, replaced, players: box.players.length },
          },
          now,
          { afterChange: true },
        );
      // Written only over the version read: an operator's entry recorded meanwhile refuses it (`stats-changed`).
      const answer = await recordBoxScore(env, box, { expectedVersion: recorded.version, audit }, now);
      if (answer.ok) corrected += 1;
      else log.warn(`settlement: correction of ${recorded.eventId}'s box score not recorded: ${answer.code}`);
    } catch (err) {
      log.warn(`settlement: box score of ${recorded.eventId} not read again; asked again later`, err);
    }
  }
  return corrected;
}
