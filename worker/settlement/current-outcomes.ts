// The results a settlement grades on are D1's as they stand now, not the ones a message was
// sent with: a result corrected or voided after the message was queued (its retries run for
// the better part of an hour) or after it died replaces the one it carries, so no wallet is
// graded on a score that was withdrawn.
import type { QueuedOutcome } from "./settlement-message";

/** D1 binds at most 100 parameters per statement. */
const IDS_PER_QUERY = 100;

/**
 * The games as D1 records them now: a result corrected or voided since replaces the one
 * given. A game D1 has no result for keeps the one given.
 */
export async function currentOutcomes(db: D1Database, outcomes: readonly QueuedOutcome[]): Promise<QueuedOutcome[]> {
  type Row = { event_id: string; status: string; home_score: number | null; away_score: number | null };
  const rows = new Map<string, Row>();
  const ids = [...new Set(outcomes.map((o) => o.eventId))];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const slice = ids.slice(i, i + IDS_PER_QUERY);
    const { results } = await db
      .prepare(`SELECT event_id, status, home_score, away_score FROM events WHERE event_id IN (${slice.map(() => "?").join(", ")})`)
      .bind(...slice)
      .all<Row>();
    for (const row of results) rows.set(row.event_id, row);
  }
  return outcomes.map((outcome) => {
    const row = rows.get(outcome.eventId);
    if (row?.status === "void") return { eventId: outcome.eventId, void: true };
    if (row?.status !== "final" || row.home_score === null || row.away_score === null) return outcome;
    const props = "props" in outcome && outcome.props ? { props: outcome.props } : {};
    return { eventId: outcome.eventId, homeScore: row.home_score, awayScore: row.away_score, ...props };
  });
}
