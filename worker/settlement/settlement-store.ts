// Settlement's D1 queries, in one place so their cost is visible. Every query that
// looks for work starts from open legs (`bet_legs.result IS NULL`, through the
// (sport, result, commence_time) index), never from a "graded" flag on events: a leg
// that reaches D1 late, after its game was graded, is still found by the next run.
// D1 binds at most 100 parameters per statement, so lists are chunked.
import type { EventScore } from "../../src/shared/schemas/events";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import type { EventOutcome } from "../wallet/settlement-operations";

const MAX_PARAMS = 100;
const SPORT_PLACEHOLDERS = SPORT_KEYS.map(() => "?").join(", ");

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type WaitingSport = {
  sport: SportKey;
  /** Oldest start among its open games that are not final yet, within the feed's reach. */
  oldestOpenStart: number | null;
  /** Open games older than the feed's reach: only an operator can settle them now. */
  staleEvents: number;
};

/** Sports with open legs on started games whose result is not known yet. */
export async function waitingSports(db: D1Database, now: number, reachMs: number): Promise<WaitingSport[]> {
  const horizon = now - reachMs;
  const { results } = await db
    .prepare(
      `SELECT l.sport AS sport,
              MIN(CASE WHEN l.commence_time >= ? THEN l.commence_time END) AS oldest,
              COUNT(DISTINCT CASE WHEN l.commence_time < ? THEN l.event_id END) AS stale
         FROM bet_legs l LEFT JOIN events e ON e.event_id = l.event_id
        WHERE l.sport IN (${SPORT_PLACEHOLDERS}) AND l.result IS NULL AND l.commence_time <= ?
          AND (e.status IS NULL OR e.status NOT IN ('final', 'void'))
        GROUP BY l.sport`,
    )
    .bind(horizon, horizon, ...SPORT_KEYS, now)
    .all<{ sport: SportKey; oldest: number | null; stale: number }>();
  return results.map((r) => ({ sport: r.sport, oldestOpenStart: r.oldest, staleEvents: r.stale }));
}

export async function lastScoreChecks(db: D1Database): Promise<Map<string, number>> {
  const { results } = await db
    .prepare("SELECT sport, checked_at FROM settlement_score_checks")
    .all<{ sport: string; checked_at: number }>();
  return new Map(results.map((r) => [r.sport, r.checked_at]));
}

export function scoreCheckStatement(db: D1Database, sport: SportKey, now: number, ok: boolean, message: string | null) {
  return db
    .prepare(
      `INSERT INTO settlement_score_checks (sport, checked_at, ok, message) VALUES (?, ?, ?, ?)
       ON CONFLICT (sport) DO UPDATE SET checked_at = excluded.checked_at, ok = excluded.ok, message = excluded.message`,
    )
    .bind(sport, now, ok ? 1 : 0, message);
}

export type EventStatus = "scheduled" | "live" | "final" | "void";

/** A feed score as an `events` status: final only when completed with both scores. */
export function statusFromScore(score: EventScore): EventStatus {
  const scored = score.homeScore !== null && score.awayScore !== null;
  if (score.completed && scored) return "final";
  return scored ? "live" : "scheduled";
}

const EVENT_COLUMNS = 9;

/**
 * Upserts feed scores into `events`, many rows per statement. A final or voided event
 * is never changed by the feed again (its legs may already be graded from it).
 */
export function eventUpsertStatements(db: D1Database, scores: readonly EventScore[], now: number): D1PreparedStatement[] {
  return chunk(scores, Math.floor(MAX_PARAMS / EVENT_COLUMNS)).map((rows) =>
    db
      .prepare(
        `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
         VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)").join(", ")}
         ON CONFLICT (event_id) DO UPDATE SET
           home = excluded.home, away = excluded.away, start_time = excluded.start_time,
           status = excluded.status, home_score = excluded.home_score, away_score = excluded.away_score,
           updated_at = excluded.updated_at
         WHERE events.status NOT IN ('final', 'void')`,
      )
      .bind(
        ...rows.flatMap((s) => [
          s.eventId,
          s.sport,
          s.home,
          s.away,
          Date.parse(s.startTime),
          statusFromScore(s),
          s.homeScore,
          s.awayScore,
          now,
        ]),
      ),
  );
}

export type ReadyWork = { userId: string; outcomes: EventOutcome[] };

type ReadyRow = { user_id: string; event_id: string; status: "final" | "void"; home_score: number | null; away_score: number | null };

function outcomeFromRow(row: Pick<ReadyRow, "event_id" | "status" | "home_score" | "away_score">): EventOutcome {
  return row.status === "void"
    ? { eventId: row.event_id, void: true }
    : { eventId: row.event_id, homeScore: row.home_score!, awayScore: row.away_score! };
}

function groupByUser(rows: readonly ReadyRow[]): ReadyWork[] {
  const byUser = new Map<string, EventOutcome[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(outcomeFromRow(row));
    byUser.set(row.user_id, list);
  }
  return [...byUser].map(([userId, outcomes]) => ({ userId, outcomes }));
}

/** Open legs on final or voided events, grouped per player (oldest games first). */
export async function readyWork(db: D1Database, maxRows: number): Promise<{ work: ReadyWork[]; truncated: boolean }> {
  const { results } = await db
    .prepare(
      `SELECT l.user_id AS user_id, l.event_id AS event_id, e.status AS status,
              e.home_score AS home_score, e.away_score AS away_score, MIN(l.commence_time) AS start
         FROM bet_legs l JOIN events e ON e.event_id = l.event_id
        WHERE l.sport IN (${SPORT_PLACEHOLDERS}) AND l.result IS NULL
          AND (e.status = 'void' OR (e.status = 'final' AND e.home_score IS NOT NULL AND e.away_score IS NOT NULL))
        GROUP BY l.user_id, l.event_id
        ORDER BY start, l.user_id
        LIMIT ?`,
    )
    .bind(...SPORT_KEYS, maxRows + 1)
    .all<ReadyRow>();
  const truncated = results.length > maxRows;
  return { work: groupByUser(results.slice(0, maxRows)), truncated };
}

/** Players with open legs on one event (the operator's settle-this-game path). */
export async function openUsersForEvent(db: D1Database, eventId: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT DISTINCT user_id FROM bet_legs WHERE event_id = ? AND result IS NULL LIMIT ?")
    .bind(eventId, limit)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/** Marks events whose open legs have all been graded (informational; never gates work). */
export function markGradedStatements(db: D1Database, eventIds: readonly string[], now: number): D1PreparedStatement[] {
  return chunk(eventIds, MAX_PARAMS - 1).map((ids) =>
    db
      .prepare(
        `UPDATE events SET graded_at = ?
          WHERE event_id IN (${ids.map(() => "?").join(", ")}) AND status IN ('final', 'void')
            AND NOT EXISTS (SELECT 1 FROM bet_legs b WHERE b.event_id = events.event_id AND b.result IS NULL)`,
      )
      .bind(now, ...ids),
  );
}
