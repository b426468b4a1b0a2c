// Players' statistics recorded other than by the stats port's first answer: an operator's
// entry (a `stats` request a second operator approved, worker/admin/prop-stats-admin.ts) or a
// corrected box score. A game without a box score gets this one (version 1) and its open
// props go to the settlement queue at once, as one run of trigger 'admin', like an operator's
// result (operator-result.ts). A game with a different box score has it corrected: the
// version goes up, the new players are stored, and every player with a prop on the game has
// it re-graded in their wallet (in-wallet/box-score-corrections.ts, ledger reference
// `stats:<event id>:v<version>`) once for that version, moving only payout differences, as a
// corrected score does (result-correction.ts). The operator's audit row, and the correction's
// progress row (correct-wallets.ts, not started yet), are committed in the same batch as the
// new version, so what a call leaves pending (more holders than a page, a wallet that failed,
// or a call that failed after that batch) the scheduled run goes on with by itself
// (continueStatsCorrections), however long after the final. The same statistics again record
// nothing and drive the wallets again too, which find nothing left to move.
import type { RefusalOf } from "../../src/shared/refusals";
import type { BoxScore, PlayerStatLine } from "../../src/shared/schemas/props";
import { type Logger, loggerFor } from "../logging/logger";
import { enqueueReadyWork } from "./settlement-job";
import { finishRunStatement, startRun } from "./settlement-store";
import {
  type CorrectionTally,
  continuePendingCorrections,
  correctionRecordedStatement,
  correctWallets,
  emptyTally,
} from "./correct-wallets";
import { settlementWallet } from "./wallet";

/**
 * `pending`: some work is left: wallets not reached yet (an error, too many players), which the
 * scheduled run goes on with, or settlement messages whose send failed, which the next
 * settlement run sends.
 */
export type BoxScoreAnswer = CorrectionTally & {
  eventId: string;
  version: number;
  /** False when these very statistics were already recorded (a re-send). */
  recorded: boolean;
  runId: number | null;
  messagesEnqueued: number;
};

type Refusal = RefusalOf<"event-not-found" | "stats-need-final" | "stats-changed">;

/** What the statistics replace: nothing (a first box score), or the recorded version and where it came from. */
export type ReplacedBoxScore = { version: number; source: string } | null;

type BoxRow = { version: number; source: string; players: string };

/** Two stat lists say the same when each player's line does, in any order of players or stats. */
export function samePlayers(a: readonly PlayerStatLine[], b: readonly PlayerStatLine[]): boolean {
  const canonical = (players: readonly PlayerStatLine[]) =>
    JSON.stringify(
      [...players]
        .sort((x, y) => x.playerId.localeCompare(y.playerId))
        .map((p) => [p.playerId, p.name, p.team, p.played, Object.entries(p.stats).sort(([x], [y]) => x.localeCompare(y))]),
    );
  return canonical(a) === canonical(b);
}

/** How a box score may be written. */
export type BoxScoreWrite =
  /**
   * Record or correct it. `expectedVersion`: the version the statistics were entered against
   * (null: none yet; absent: whatever is recorded); when the recorded statistics moved on since,
   * and are not these, it is refused (`stats-changed`). `audit(version, replaced)`: the audit row
   * of writing version `version`, committed with it and only when it is written (build it with `afterChange`).
   */
  | { expectedVersion?: number | null; audit(version: number, replaced: ReplacedBoxScore): D1PreparedStatement }
  /** Only drive again the statistics already recorded, which must be these (else `stats-changed`). */
  | { resend: true };

/** Records `box` for its game as `write` allows (see the header). */
export async function recordBoxScore(
  env: Env,
  box: BoxScore,
  write: BoxScoreWrite,
  now: number,
): Promise<({ ok: true } & BoxScoreAnswer) | Refusal> {
  const db = env.DB;
  const event = await db
    .prepare("SELECT sport, status FROM events WHERE event_id = ?")
    .bind(box.eventId)
    .first<{ sport: string; status: string }>();
  if (!event) return { ok: false, code: "event-not-found" };
  if (event.status !== "final") return { ok: false, code: "stats-need-final" };
  const current = await db.prepare("SELECT version, source, players FROM box_scores WHERE event_id = ?").bind(box.eventId).first<BoxRow>();
  const players = JSON.stringify(box.players);

  let version: number;
  let recorded = true;
  if (current && samePlayers(JSON.parse(current.players) as PlayerStatLine[], box.players)) {
    version = current.version;
    recorded = false;
  } else if ("resend" in write) {
    return { ok: false, code: "stats-changed" };
  } else if (current) {
    if (write.expectedVersion !== undefined && write.expectedVersion !== current.version) return { ok: false, code: "stats-changed" };
    version = current.version + 1;
    // The progress row only if the version went up, the audit row only if the progress row was written: all three, or none.
    const [updated] = await db.batch([
      db
        .prepare("UPDATE box_scores SET source = ?, players = ?, recorded_at = ?, version = ? WHERE event_id = ? AND version = ?")
        .bind(box.source, players, now, version, box.eventId, current.version),
      correctionRecordedStatement(db, statsReference(box.eventId, version), now),
      write.audit(version, { version: current.version, source: current.source }),
    ]);
    if (!updated?.meta.changes) return { ok: false, code: "stats-changed" };
  } else {
    if (write.expectedVersion !== undefined && write.expectedVersion !== null) return { ok: false, code: "stats-changed" };
    version = 1;
    const [inserted] = await db.batch([
      db
        .prepare(
          "INSERT INTO box_scores (event_id, sport, source, players, recorded_at, version) VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (event_id) DO NOTHING",
        )
        .bind(box.eventId, event.sport, box.source, players, now),
      write.audit(version, null),
    ]);
    if (!inserted?.meta.changes) return { ok: false, code: "stats-changed" };
  }

  const log = loggerFor(env);
  const runId = await startRun(db, "admin", now);
  const sent = await enqueueReadyWork(env, runId, box.eventId, log, now);
  const summary = `settlement admin: statistics of ${box.eventId} v${version} (${box.source}) run=${runId ?? "?"} ready=${sent.readyLegs} enqueued=${sent.messagesEnqueued} sendFailures=${sent.sendFailures}`;
  await finishRunStatement(db, runId, {
    finishedAt: now,
    sportsFetched: 0,
    eventsRecorded: 0,
    messagesEnqueued: sent.messagesEnqueued,
    pending: sent.sendFailures > 0,
    summary,
  }).run();
  log.info(summary);

  const answer: BoxScoreAnswer = {
    eventId: box.eventId,
    version,
    recorded,
    runId,
    messagesEnqueued: sent.messagesEnqueued,
    ...emptyTally(),
    pending: sent.sendFailures > 0,
  };
  // Version 1 graded nothing before it: its props settle through the queue, above.
  if (version > 1) await regradeWallets(env, { eventId: box.eventId, version, players: box.players }, answer, now);
  return { ok: true, ...answer };
}

const REFERENCE_PREFIX = "stats:";

/** The ledger and progress reference of the game's box score version `version`. */
function statsReference(eventId: string, version: number): string {
  return `${REFERENCE_PREFIX}${eventId}:v${version}`;
}

/** Re-grades the game's props in the next page of wallets holding one, adding what moved to `tally`. */
async function regradeWallets(
  env: Env,
  input: { eventId: string; version: number; players: PlayerStatLine[] },
  tally: CorrectionTally,
  now: number,
): Promise<void> {
  const reference = statsReference(input.eventId, input.version);
  await correctWallets(
    env,
    reference,
    async (after, limit) =>
      (
        await env.DB.prepare(
          "SELECT DISTINCT user_id FROM bet_legs WHERE event_id = ? AND market = 'Prop' AND user_id > ? ORDER BY user_id LIMIT ?",
        )
          .bind(input.eventId, after, limit)
          .all<{ user_id: string }>()
      ).results.map((r) => r.user_id),
    tally,
    (userId) => settlementWallet(env, userId).applyStatsCorrection(userId, { ...input, reference }, now),
    now,
  );
}

/**
 * The scheduled run's part for statistics corrections (continuePendingCorrections), with no
 * PROP_GRADE_HOURS window: each `stats:` row goes on by one page of wallets from the players
 * stored for its version, unless the box score has moved on to a newer version since (that
 * version's own pass re-grades every holder).
 */
export function continueStatsCorrections(env: Env, now: number, log: Logger): Promise<void> {
  return continuePendingCorrections(
    env,
    REFERENCE_PREFIX,
    async (eventId, number, tally) => {
      const box = await env.DB.prepare("SELECT version, players FROM box_scores WHERE event_id = ?")
        .bind(eventId)
        .first<{ version: number; players: string }>();
      // `v<version>`: the version the row was written for.
      if (!box || `v${box.version}` !== number) return { replacedBy: box ? `version ${box.version}` : "nothing" };
      const players = JSON.parse(box.players) as PlayerStatLine[];
      await regradeWallets(env, { eventId, version: box.version, players }, tally, now);
      return { continued: true };
    },
    log,
  );
}
