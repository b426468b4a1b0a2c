// "Correct result": an operator changes the final score of a game that is
// already settled (feeds do correct scores). The new score is recorded in D1 `events`
// with a numbered row in `result_corrections` (migration 0015), then every player with a
// bet on the game has it re-graded in their wallet (worker/settlement/in-wallet/corrections.ts)
// under the reference `correction:<event id>:<seq>`, a page of wallets per call. Sending the
// same correction again records nothing new and re-drives the wallets, which find nothing
// left to move — so a double click moves money once. The operator's audit row, and the
// correction's progress row (correct-wallets.ts, not started yet), are committed in the same
// batch as the new score. So what one call leaves pending (more holders than a page, a
// wallet that failed, or a call that failed after that batch) the scheduled run goes on with
// by itself (continueResultCorrections), through the same page of wallets: only the game's
// latest correction, since an earlier one's score was replaced and its wallets get the latest instead.
import type { RefusalOf } from "../../src/shared/refusals";
import type { RecordedResult } from "../../src/shared/schemas/operator-actions";
import type { Logger } from "../logging/logger";
import {
  type CorrectionTally,
  continuePendingCorrections,
  correctionRecordedStatement,
  correctWallets,
  emptyTally,
} from "./correct-wallets";
import { resultOfRow, sameRecordedResult } from "./operator-result";
import { settlementWallet } from "./wallet";

/** `pending`: some wallets were not re-graded yet (an error, or more players than one call takes): the scheduled run goes on with them. */
export type CorrectionAnswer = CorrectionTally & {
  eventId: string;
  status: "final";
  homeScore: number;
  awayScore: number;
  correction: number;
  /** False when this exact correction had already been recorded (a re-send). */
  recorded: boolean;
};

type Refusal = RefusalOf<
  "event-not-found" | "not-settled" | "not-started" | "result-changed" | "result-changed-since-asked" | "same-result" | "void-holds-props"
>;

type EventRow = { event_id: string; status: string; home_score: number | null; away_score: number | null; start_time: number };
type CorrectionRow = { seq: number; home_score: number; away_score: number };

/**
 * Whether the game is void and a bet holds a player-prop leg on it. Voiding the game
 * settled every such leg void, and a corrected score grades no player's statistics: a
 * final after the void would pay the rest of those bets (a same-game block re-priced
 * without its scorer) while their props stayed void, so the void stands.
 */
export async function voidHoldsProps(db: D1Database, eventId: string): Promise<boolean> {
  const held = await db
    .prepare(
      `SELECT 1 FROM events WHERE event_id = ? AND status = 'void'
         AND EXISTS (SELECT 1 FROM bet_legs WHERE bet_legs.event_id = events.event_id AND market = 'Prop')`,
    )
    .bind(eventId)
    .first();
  return held !== null;
}

/**
 * `audit(seq, from)`: the operator's audit row for correction number `seq` (from the
 * result it replaces), committed in the batch that records it, only when it does (build
 * it with `afterChange`). A game whose start time (the feed's clock, `feedNow`) has not
 * passed has no final to correct to: voided before its start, it stays void. `replaces`
 * (a correction a second operator approved): the result it was asked against; any other is
 * refused (`result-changed-since-asked`), in the same conditional write, so a leftover
 * request cannot take a score others corrected since back to its own. The score it asks for
 * already standing is no change: it is answered again, like every re-send.
 */
export async function applyResultCorrection(
  env: Env,
  eventId: string,
  score: { homeScore: number; awayScore: number },
  who: { operator: string; reason: string },
  clock: { now: number; feedNow: number },
  audit: (seq: number, from: { status: string; homeScore: number | null; awayScore: number | null }) => D1PreparedStatement,
  replaces?: RecordedResult,
): Promise<({ ok: true } & CorrectionAnswer) | Refusal> {
  const db = env.DB;
  const event = await db
    .prepare("SELECT event_id, status, home_score, away_score, start_time FROM events WHERE event_id = ?")
    .bind(eventId)
    .first<EventRow>();
  if (!event || (event.status !== "final" && event.status !== "void")) {
    const known = event ?? (await db.prepare("SELECT 1 FROM bet_legs WHERE event_id = ? LIMIT 1").bind(eventId).first());
    if (!known) return { ok: false, code: "event-not-found" };
    return { ok: false, code: "not-settled" };
  }
  if (event.start_time > clock.feedNow) return { ok: false, code: "not-started" };
  if (event.status === "void" && (await voidHoldsProps(db, eventId))) return { ok: false, code: "void-holds-props" };
  const { now } = clock;
  const sameScore = event.status === "final" && event.home_score === score.homeScore && event.away_score === score.awayScore;
  // The update below applies only to the result read here: checked against `replaces`, the two are one step.
  if (replaces !== undefined && !sameScore && !sameRecordedResult(resultOfRow(event), replaces)) {
    return { ok: false, code: "result-changed-since-asked" };
  }
  let recorded = false;
  if (!sameScore) {
    const seq = ((await latestCorrection(db, eventId))?.seq ?? 0) + 1;
    // The update only applies to the result read above; the correction row, its progress row
    // and the audit row each only if the one before it was written: all four, or none.
    const [updated] = await db.batch([
      db
        .prepare(
          `UPDATE events SET status = 'final', home_score = ?, away_score = ?, graded_at = ?, updated_at = ?
            WHERE event_id = ? AND status = ? AND home_score IS ? AND away_score IS ?`,
        )
        .bind(score.homeScore, score.awayScore, now, now, eventId, event.status, event.home_score, event.away_score),
      db
        .prepare(
          `INSERT INTO result_corrections (event_id, seq, from_status, from_home, from_away, home_score, away_score, actor, reason, created_at)
           SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
        )
        .bind(
          eventId,
          seq,
          event.status,
          event.home_score,
          event.away_score,
          score.homeScore,
          score.awayScore,
          who.operator,
          who.reason,
          now,
        ),
      correctionRecordedStatement(db, correctionReference(eventId, seq), now),
      audit(seq, { status: event.status, homeScore: event.home_score, awayScore: event.away_score }),
    ]);
    if (!updated?.meta.changes) {
      return { ok: false, code: "result-changed" };
    }
    recorded = true;
  }
  const correction = await latestCorrection(db, eventId);
  if (!correction || correction.home_score !== score.homeScore || correction.away_score !== score.awayScore) {
    return { ok: false, code: "same-result" };
  }

  const answer: CorrectionAnswer = { eventId, status: "final", ...score, correction: correction.seq, recorded, ...emptyTally() };
  await correctNextWallets(env, eventId, correction, answer, now);
  return { ok: true, ...answer };
}

/** The game's latest correction: the score its wallets are re-graded to (an earlier one's was replaced). */
function latestCorrection(db: D1Database, eventId: string): Promise<CorrectionRow | null> {
  return db
    .prepare("SELECT seq, home_score, away_score FROM result_corrections WHERE event_id = ? ORDER BY seq DESC LIMIT 1")
    .bind(eventId)
    .first<CorrectionRow>();
}

const REFERENCE_PREFIX = "correction:";

/** The ledger and progress reference of the game's correction number `seq`. */
function correctionReference(eventId: string, seq: number): string {
  return `${REFERENCE_PREFIX}${eventId}:${seq}`;
}

/** Re-grades the next page of the game's holders on `correction` (correctWallets), adding what moved to `tally`. */
async function correctNextWallets(
  env: Env,
  eventId: string,
  correction: CorrectionRow,
  tally: CorrectionTally,
  now: number,
): Promise<void> {
  const reference = correctionReference(eventId, correction.seq);
  const score = { homeScore: correction.home_score, awayScore: correction.away_score };
  await correctWallets(
    env,
    reference,
    async (after, limit) =>
      (
        await env.DB.prepare("SELECT DISTINCT user_id FROM bet_legs WHERE event_id = ? AND user_id > ? ORDER BY user_id LIMIT ?")
          .bind(eventId, after, limit)
          .all<{ user_id: string }>()
      ).results.map((r) => r.user_id),
    tally,
    (userId) => settlementWallet(env, userId).applyResultCorrection(userId, { eventId, ...score, reference }, now),
    now,
  );
}

/**
 * The scheduled run's part for score corrections (continuePendingCorrections): each
 * `correction:` row goes on by one page of wallets, unless the game has had a newer correction
 * since (its old score must reach no wallet the newer one's pass has not).
 */
export function continueResultCorrections(env: Env, now: number, log: Logger): Promise<void> {
  return continuePendingCorrections(
    env,
    REFERENCE_PREFIX,
    async (eventId, number, tally) => {
      const latest = await latestCorrection(env.DB, eventId);
      if (!latest || latest.seq !== Number(number)) return { replacedBy: latest ? `correction ${latest.seq}` : "nothing" };
      await correctNextWallets(env, eventId, latest, tally, now);
      return { continued: true };
    },
    log,
  );
}
