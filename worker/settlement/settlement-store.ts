// Settlement's D1 queries, in one place so their cost is visible. Every query that
// looks for work starts from open legs (`bet_legs.result IS NULL`, through the
// (sport, result, commence_time) index), never from a "graded" flag on events: a leg
// that reaches D1 late, after its game was graded, is still found by the next run.
// D1 binds at most 100 parameters per statement, so lists are chunked.
import type { EventScore } from "../../src/shared/schemas/events";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import type { BoxScore } from "../../src/shared/schemas/props";
import { chunk } from "./chunk";
import type { QueuedOutcome } from "./settlement-message";

const MAX_PARAMS = 100;
const SPORT_PLACEHOLDERS = SPORT_KEYS.map(() => "?").join(", ");

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

export type ReadyWork = { userId: string; outcomes: QueuedOutcome[] };

type ReadyRow = {
  user_id: string;
  event_id: string;
  status: "final" | "void";
  home_score: number | null;
  away_score: number | null;
  /** 1 when the game's players' statistics are recorded, 1 in `props_overdue` when they never came in time. */
  props_ready: number;
  props_overdue: number;
};

function outcomeFromRow(row: ReadyRow): QueuedOutcome {
  if (row.status === "void") return { eventId: row.event_id, void: true };
  const props = row.props_ready === 1 ? "ready" : row.props_overdue === 1 ? "overdue" : undefined;
  return { eventId: row.event_id, homeScore: row.home_score!, awayScore: row.away_score!, ...(props && { props }) };
}

/** Where the next page of ready work starts (exclusive), in (player, game) order. */
export type ReadyCursor = { userId: string; eventId: string };

export type ReadyPage = { rows: { userId: string; outcome: QueuedOutcome }[]; next: ReadyCursor | null };

/**
 * One page of open legs on final or voided games, one row per (player, game), ordered by
 * player then game so a run can page through any number with bounded reads. `eventId`
 * narrows it to one game (the operator's path). `next` is null on the last page. A
 * player's market (a Prop leg) is ready only once its game's statistics are recorded
 * (box_scores) or `propsDeadline` (the final's time PROP_GRADE_HOURS ago) has passed: until
 * then it waits, and sends nothing.
 */
export async function readyWorkPage(
  db: D1Database,
  after: ReadyCursor | null,
  limit: number,
  eventId: string | null = null,
  propsDeadline = 0,
): Promise<ReadyPage> {
  const { results } = await db
    .prepare(
      `SELECT l.user_id AS user_id, l.event_id AS event_id, e.status AS status,
              e.home_score AS home_score, e.away_score AS away_score,
              MAX(b.event_id IS NOT NULL) AS props_ready, MAX(e.updated_at <= ?5) AS props_overdue
         FROM bet_legs l JOIN events e ON e.event_id = l.event_id LEFT JOIN box_scores b ON b.event_id = l.event_id
        WHERE l.sport IN (${SPORT_KEYS.map((_, i) => `?${i + 6}`).join(", ")}) AND l.result IS NULL
          AND (e.status = 'void' OR (e.status = 'final' AND e.home_score IS NOT NULL AND e.away_score IS NOT NULL))
          AND (l.market <> 'Prop' OR e.status = 'void' OR b.event_id IS NOT NULL OR e.updated_at <= ?5)
          AND (?1 IS NULL OR l.event_id = ?1)
          AND (?2 IS NULL OR l.user_id > ?2 OR (l.user_id = ?2 AND l.event_id > ?3))
        GROUP BY l.user_id, l.event_id
        ORDER BY l.user_id, l.event_id
        LIMIT ?4`,
    )
    .bind(eventId, after?.userId ?? null, after?.eventId ?? "", limit, propsDeadline, ...SPORT_KEYS)
    .all<ReadyRow>();
  const last = results.at(-1);
  return {
    rows: results.map((r) => ({ userId: r.user_id, outcome: outcomeFromRow(r) })),
    next: results.length === limit && last ? { userId: last.user_id, eventId: last.event_id } : null,
  };
}

/**
 * Final games with open players' markets whose statistics are not recorded yet and are
 * still awaited (final after `propsDeadline`), at most `limit`: what a run asks the stats
 * port for.
 */
export async function gamesAwaitingStats(
  db: D1Database,
  propsDeadline: number,
  limit: number,
): Promise<{ eventId: string; sport: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT e.event_id AS event_id, e.sport AS sport
         FROM events e JOIN bet_legs l ON l.event_id = e.event_id
        WHERE e.status = 'final' AND e.updated_at > ?1 AND l.market = 'Prop' AND l.result IS NULL
          AND NOT EXISTS (SELECT 1 FROM box_scores b WHERE b.event_id = e.event_id)
        LIMIT ?2`,
    )
    .bind(propsDeadline, limit)
    .all<{ event_id: string; sport: string }>();
  return results.map((r) => ({ eventId: r.event_id, sport: r.sport }));
}

/** Records a game's box score once (a later answer for the same game changes nothing; corrections are their own path). */
export function boxScoreStatement(db: D1Database, sport: string, box: BoxScore, now: number): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO box_scores (event_id, sport, source, players, recorded_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(box.eventId, sport, box.source, JSON.stringify(box.players), now);
}

/** The recorded statistics of `eventIds`, by game. */
export async function recordedStats(db: D1Database, eventIds: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const ids of chunk(eventIds, MAX_PARAMS)) {
    const { results } = await db
      .prepare(`SELECT event_id, players FROM box_scores WHERE event_id IN (${ids.map(() => "?").join(", ")})`)
      .bind(...ids)
      .all<{ event_id: string; players: string }>();
    for (const row of results) found.set(row.event_id, row.players);
  }
  return found;
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

/** Opens a `settlement_runs` row; its id travels in every message the run sends. */
export async function startRun(db: D1Database, trigger: string, now: number): Promise<number | null> {
  const row = await db
    .prepare("INSERT INTO settlement_runs (trigger, started_at) VALUES (?, ?) RETURNING id")
    .bind(trigger, now)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export type RunRecord = {
  finishedAt: number;
  sportsFetched: number;
  eventsRecorded: number;
  messagesEnqueued: number;
  pending: boolean;
  summary: string;
};

/**
 * Closes a run's row once all its messages are sent. The consumer may have settled every
 * one of them already, so the drain time is set here too when the counts meet.
 */
export function finishRunStatement(db: D1Database, runId: number | null, r: RunRecord): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE settlement_runs SET finished_at = ?1, sports_fetched = ?2, events_recorded = ?3, messages_enqueued = ?4,
         pending = ?5, summary = ?6,
         drained_at = CASE WHEN drained_at IS NULL AND wallets_called >= ?4 THEN ?1 ELSE drained_at END
       WHERE id = ?7`,
    )
    .bind(r.finishedAt, r.sportsFetched, r.eventsRecorded, r.messagesEnqueued, r.pending ? 1 : 0, r.summary, runId);
}

export type RunProgress = { walletsSettled: number; walletErrors: number; legsGraded: number; betsSettled: number };

/**
 * Adds one consumed batch's work to its run's row; the run is drained when every message
 * it sent has settled its wallet (a redelivered message may count twice, which only
 * makes the drain show a little early; the wallets pay once regardless).
 */
export function runProgressStatement(db: D1Database, runId: number, p: RunProgress, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE settlement_runs SET wallets_called = wallets_called + ?1, wallet_errors = wallet_errors + ?2,
         legs_graded = legs_graded + ?3, bets_settled = bets_settled + ?4,
         drained_at = CASE WHEN drained_at IS NULL AND finished_at IS NOT NULL AND wallets_called + ?1 >= messages_enqueued
                           THEN ?5 ELSE drained_at END
       WHERE id = ?6`,
    )
    .bind(p.walletsSettled, p.walletErrors, p.legsGraded, p.betsSettled, now, runId);
}

export type SettlementRunRow = {
  id: number;
  trigger: string;
  startedAt: number;
  finishedAt: number | null;
  drainedAt: number | null;
  eventsRecorded: number;
  messagesEnqueued: number;
  walletsSettled: number;
  walletErrors: number;
  legsGraded: number;
  betsSettled: number;
  pending: boolean;
  summary: string | null;
};

/** The newest runs, for operators (and the bench, which times a run's drain). */
export async function recentRuns(db: D1Database, limit: number): Promise<SettlementRunRow[]> {
  const { results } = await db.prepare("SELECT * FROM settlement_runs ORDER BY id DESC LIMIT ?").bind(limit).all<{
    id: number;
    trigger: string;
    started_at: number;
    finished_at: number | null;
    drained_at: number | null;
    events_recorded: number;
    messages_enqueued: number;
    wallets_called: number;
    wallet_errors: number;
    legs_graded: number;
    bets_settled: number;
    pending: number;
    summary: string | null;
  }>();
  return results.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    drainedAt: r.drained_at,
    eventsRecorded: r.events_recorded,
    messagesEnqueued: r.messages_enqueued,
    walletsSettled: r.wallets_called,
    walletErrors: r.wallet_errors,
    legsGraded: r.legs_graded,
    betsSettled: r.bets_settled,
    pending: r.pending === 1,
    summary: r.summary,
  }));
}
