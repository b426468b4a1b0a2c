// An operator's final score or void for one game: recorded in D1 `events` (where the
// cron will also find it) in one batch with the operator's audit row, then every player
// with an open leg on it is sent to the settlement queue at once, through the same path
// as the cron (settlement-job.ts), as one run of trigger 'admin'. A game that already has
// a different result is refused: graded legs are final. Who may record what is decided in
// worker/admin; whether a final (or a correction) needs a second operator is decided here
// (finalNeedsSecondOperator), from the price desk's current state rather than D1's copy.
import type { RefusalOf } from "../../src/shared/refusals";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { RecordedResult } from "../../src/shared/schemas/operator-actions";
import { loggerFor } from "../logging/logger";
import { enqueueReadyWork } from "./settlement-job";
import { finishRunStatement, markGradedStatements, startRun } from "./settlement-store";

export type OperatorResult = { homeScore: number; awayScore: number } | { void: true };

export type OperatorResultAnswer = {
  eventId: string;
  status: "final" | "void";
  homeScore: number | null;
  awayScore: number | null;
  /** The settlement_runs row of this request (GET /api/admin/settlement/runs shows its progress). */
  runId: number | null;
  /** Players sent to the settlement queue (each settles within seconds). */
  messagesEnqueued: number;
  /** Some could not be sent; the next cron run sends them. */
  pending: boolean;
};

type Refusal = RefusalOf<"event-not-found" | "already-settled" | "not-started">;

type EventRow = {
  event_id: string;
  sport: string;
  home: string;
  away: string;
  start_time: number;
  status: string;
  home_score: number | null;
  away_score: number | null;
};

/** Finds the game in `events`, or failing that in a bet placed on it. */
async function findEvent(db: D1Database, eventId: string): Promise<EventRow | null> {
  const known = await db.prepare("SELECT * FROM events WHERE event_id = ?").bind(eventId).first<EventRow>();
  if (known) return known;
  const leg = await db
    .prepare(
      `SELECT l.sport AS sport, l.commence_time AS start_time, l.leg_index AS leg_index, b.legs_json AS legs_json
         FROM bet_legs l JOIN bets b ON b.id = l.bet_id WHERE l.event_id = ? LIMIT 1`,
    )
    .bind(eventId)
    .first<{ sport: string; start_time: number; leg_index: number; legs_json: string }>();
  if (!leg) return null;
  const detail = (JSON.parse(leg.legs_json) as BetLeg[])[leg.leg_index];
  return {
    event_id: eventId,
    sport: leg.sport,
    home: detail?.home ?? "",
    away: detail?.away ?? "",
    start_time: leg.start_time,
    status: "scheduled",
    home_score: null,
    away_score: null,
  };
}

/** A game's result as an `events` row holds it: final with its score, void, or none yet (no row, or not finished). */
export function resultOfRow(row: { status: string; home_score: number | null; away_score: number | null } | null): RecordedResult {
  if (row?.status === "void") return { status: "void" };
  if (row?.status === "final" && row.home_score !== null && row.away_score !== null) {
    return { status: "final", homeScore: row.home_score, awayScore: row.away_score };
  }
  return "none";
}

/** The game's result as D1 `events` holds it now: what a result asked of a second operator replaces. */
export async function recordedResult(db: D1Database, eventId: string): Promise<RecordedResult> {
  const row = await db
    .prepare("SELECT status, home_score, away_score FROM events WHERE event_id = ?")
    .bind(eventId)
    .first<{ status: string; home_score: number | null; away_score: number | null }>();
  return resultOfRow(row);
}

export function sameRecordedResult(a: RecordedResult, b: RecordedResult): boolean {
  if (a === "none" || b === "none") return a === b;
  if (a.status === "void" || b.status === "void") return a.status === b.status;
  return a.homeScore === b.homeScore && a.awayScore === b.awayScore;
}

/** The final the sport's price desk holds for a game right now, or null (see OddsReader.reportedFinal). */
export type ReportedFinal = (sport: string, eventId: string) => Promise<{ homeScore: number; awayScore: number } | null>;

/**
 * Whether one operator's final (or correction) for a game must wait for a second operator:
 * yes once the game's start time has passed, unless the price desk already reports this
 * very final. D1's `events` status is settlement's lagging copy of the feed, so "not yet
 * live there" proves nothing; the desk's own state is asked, and a desk that cannot
 * answer counts as not confirming (fail closed). Nothing waits that would not apply
 * anyway: an unknown game (404), a game not started (only a void applies), a final equal
 * to the one recorded (answered again), a different final (refused), a correction to the
 * score already recorded. A game whose result operators decided (a final entered by hand, a
 * correction, a void) always waits: the desk still reports the feed's final, which may be
 * the very score they replaced, so its word would let one operator undo what two decided.
 */
export async function finalNeedsSecondOperator(
  db: D1Database,
  eventId: string,
  score: { homeScore: number; awayScore: number; correction: boolean },
  reportedFinal: ReportedFinal,
  feedNow: number,
): Promise<boolean> {
  const event = await findEvent(db, eventId);
  if (!event) return false;
  const finished = event.status === "final" || event.status === "void";
  const recorded = event.status === "final" && event.home_score === score.homeScore && event.away_score === score.awayScore;
  if (score.correction ? !finished || recorded : finished) return false;
  if (event.start_time > feedNow) return false;
  if (score.correction && (event.status === "void" || (await operatorsDecided(db, eventId)))) return true;
  const desk = await reportedFinal(event.sport, eventId);
  return !(desk && desk.homeScore === score.homeScore && desk.awayScore === score.awayScore);
}

/** Whether operators recorded the game's result (a final, a void) or corrected it. */
async function operatorsDecided(db: D1Database, eventId: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 WHERE EXISTS (SELECT 1 FROM result_corrections WHERE event_id = ?1)
          OR EXISTS (SELECT 1 FROM admin_audit WHERE target = ?1 AND action IN ('result', 'void', 'correction'))`,
    )
    .bind(eventId)
    .first();
  return row !== null;
}

/**
 * A void waits for a second operator once the game has started (the feed's clock): a voided
 * leg leaves its parlays, so on a game under way a void can turn a losing parlay into a
 * winning one, and a losing single into a refund. Before the start it only returns the
 * stakes of singles; a parlay holding the game would be paid on its other legs at once,
 * without this game's risk, so while one is open the void waits too.
 */
export async function voidNeedsSecondOperator(db: D1Database, eventId: string, feedNow: number): Promise<boolean> {
  const event = await findEvent(db, eventId);
  if (!event || event.status === "final" || event.status === "void") return false;
  if (event.start_time <= feedNow) return true;
  const parlay = await db
    .prepare(
      "SELECT 1 FROM bet_legs l JOIN bets b ON b.id = l.bet_id WHERE l.event_id = ? AND b.kind = 'Parlay' AND b.status = 'open' LIMIT 1",
    )
    .bind(eventId)
    .first();
  return parlay !== null;
}

function sameResult(row: EventRow, result: OperatorResult): boolean {
  if ("void" in result) return row.status === "void";
  return row.status === "final" && row.home_score === result.homeScore && row.away_score === result.awayScore;
}

/**
 * `audit`: the operator's audit row, committed in the same batch as the result and only
 * when the result was written (build it with `afterChange`); a result already recorded
 * is answered again (its players re-sent to settle) without a second row.
 */
export async function applyOperatorResult(
  env: Env,
  eventId: string,
  result: OperatorResult,
  operator: string,
  clock: { now: number; feedNow: number },
  audit: D1PreparedStatement,
): Promise<({ ok: true } & OperatorResultAnswer) | Refusal> {
  const { now, feedNow } = clock;
  const db = env.DB;
  const event = await findEvent(db, eventId);
  if (!event) return { ok: false, code: "event-not-found" };
  const finished = event.status === "final" || event.status === "void";
  if (finished && !sameResult(event, result)) {
    return { ok: false, code: "already-settled" };
  }
  if (!("void" in result) && event.start_time > feedNow) {
    return { ok: false, code: "not-started" };
  }

  const status = "void" in result ? "void" : "final";
  const homeScore = "void" in result ? null : result.homeScore;
  const awayScore = "void" in result ? null : result.awayScore;
  await db.batch([
    db
      .prepare(
        `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
         ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, home_score = excluded.home_score,
           away_score = excluded.away_score, updated_at = excluded.updated_at
         WHERE events.status NOT IN ('final', 'void')`,
      )
      .bind(eventId, event.sport, event.home, event.away, event.start_time, status, homeScore, awayScore, now),
    audit,
  ]);
  const stored = await db.prepare("SELECT * FROM events WHERE event_id = ?").bind(eventId).first<EventRow>();
  if (!stored || !sameResult(stored, result)) {
    return { ok: false, code: "already-settled" };
  }

  const log = loggerFor(env);
  const runId = await startRun(db, "admin", now);
  const sent = await enqueueReadyWork(env, runId, eventId, log, now);
  const pending = sent.sendFailures > 0;
  const summary =
    `settlement admin: ${operator} ${status} ${eventId} ${homeScore ?? ""}-${awayScore ?? ""} run=${runId ?? "?"}` +
    ` ready=${sent.readyLegs} players=${sent.players} enqueued=${sent.messagesEnqueued} sendFailures=${sent.sendFailures} pending=${pending}`;
  await db.batch([
    finishRunStatement(db, runId, {
      finishedAt: now,
      sportsFetched: 0,
      eventsRecorded: 1,
      messagesEnqueued: sent.messagesEnqueued,
      pending,
      summary,
    }),
    // A game nobody had an open leg on is graded now; otherwise the consumer marks it.
    ...markGradedStatements(db, [eventId], now),
  ]);
  log.info(summary);
  return { ok: true, eventId, status, homeScore, awayScore, runId, messagesEnqueued: sent.messagesEnqueued, pending };
}
