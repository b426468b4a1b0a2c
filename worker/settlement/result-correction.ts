// "Correct result": an operator changes the final score of a game that is
// already settled (feeds do correct scores). The new score is recorded in D1 `events`
// with a numbered row in `result_corrections` (migration 0015), then every player with a
// bet on the game has it re-graded in their wallet (worker/settlement/in-wallet/corrections.ts)
// under the reference `correction:<event id>:<seq>`. Sending the same correction again
// records nothing new and re-drives the wallets, which find nothing left to move — so a
// retry after a wallet failed finishes the job and a double click moves money once. The
// operator's audit row is committed in the same batch as the new score.
import type { RefusalOf } from "../../src/shared/refusals";
import { type CorrectionTally, correctWallets, emptyTally } from "./correct-wallets";
import { settlementWallet } from "./wallet";

/** Wallets one correction request re-grades; a game with more players needs a re-send. */

/** `pending`: some wallets were not re-graded (an error, or too many players): send the same correction again. */
export type CorrectionAnswer = CorrectionTally & {
  eventId: string;
  status: "final";
  homeScore: number;
  awayScore: number;
  correction: number;
  /** False when this exact correction had already been recorded (a re-send). */
  recorded: boolean;
};

type Refusal = RefusalOf<"event-not-found" | "not-settled" | "not-started" | "result-changed" | "same-result" | "void-holds-props">;

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
 * passed has no final to correct to: voided before its start, it stays void.
 */
export async function applyResultCorrection(
  env: Env,
  eventId: string,
  score: { homeScore: number; awayScore: number },
  who: { operator: string; reason: string },
  clock: { now: number; feedNow: number },
  audit: (seq: number, from: { status: string; homeScore: number | null; awayScore: number | null }) => D1PreparedStatement,
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
  const latest = () =>
    db
      .prepare("SELECT seq, home_score, away_score FROM result_corrections WHERE event_id = ? ORDER BY seq DESC LIMIT 1")
      .bind(eventId)
      .first<CorrectionRow>();
  const sameScore = event.status === "final" && event.home_score === score.homeScore && event.away_score === score.awayScore;
  let recorded = false;
  if (!sameScore) {
    const seq = ((await latest())?.seq ?? 0) + 1;
    // The update only applies to the result read above; the correction row only if it did.
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
      audit(seq, { status: event.status, homeScore: event.home_score, awayScore: event.away_score }),
    ]);
    if (!updated?.meta.changes) {
      return { ok: false, code: "result-changed" };
    }
    recorded = true;
  }
  const correction = await latest();
  if (!correction || correction.home_score !== score.homeScore || correction.away_score !== score.awayScore) {
    return { ok: false, code: "same-result" };
  }

  const reference = `correction:${eventId}:${correction.seq}`;
  const answer: CorrectionAnswer = { eventId, status: "final", ...score, correction: correction.seq, recorded, ...emptyTally() };
  await correctWallets(
    env,
    reference,
    async (after, limit) =>
      (
        await db
          .prepare("SELECT DISTINCT user_id FROM bet_legs WHERE event_id = ? AND user_id > ? ORDER BY user_id LIMIT ?")
          .bind(eventId, after, limit)
          .all<{ user_id: string }>()
      ).results.map((r) => r.user_id),
    answer,
    (userId) => settlementWallet(env, userId).applyResultCorrection(userId, { eventId, ...score, reference }, now),
    now,
  );
  return { ok: true, ...answer };
}
