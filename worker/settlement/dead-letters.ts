// Settlement messages that could not be settled: recorded in D1 `settlement_dead_letters`
// (migration 0009) by the dead-letter queue's consumer, listed for operators, and
// replayed by sending the same body to the settlement queue again. Replaying is safe at
// any time and any number of times: the wallet pays each bet once, so a replay only
// finishes what the failed deliveries did not.
import type { RefusalOf } from "../../src/shared/refusals";
import { SettlementMessageSchema, type SettlementMessage } from "./settlement-message";
import { chunk } from "./chunk";
import { currentOutcomes } from "./current-outcomes";

export type DeadLetterInput = {
  id: string;
  userId: string | null;
  body: string;
  reason: string;
  attempts: number;
  runId: number | null;
};

export type DeadLetter = DeadLetterInput & {
  receivedAt: number;
  replayedAt: number | null;
  replayedBy: string | null;
  replayCount: number;
};

const COLUMNS = 7;

/** Records letters; one already recorded (a redelivered dead letter) is left as it is. */
export async function recordDeadLetters(db: D1Database, letters: readonly DeadLetterInput[], now: number): Promise<void> {
  if (letters.length === 0) return;
  await db.batch(
    chunk(letters, Math.floor(100 / COLUMNS)).map((rows) =>
      db
        .prepare(
          `INSERT INTO settlement_dead_letters (id, user_id, body, reason, attempts, run_id, received_at)
           VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}
           ON CONFLICT (id) DO NOTHING`,
        )
        .bind(...rows.flatMap((l) => [l.id, l.userId, l.body, l.reason, l.attempts, l.runId, now])),
    ),
  );
}

type DeadLetterRow = {
  id: string;
  user_id: string | null;
  body: string;
  reason: string;
  attempts: number;
  run_id: number | null;
  received_at: number;
  replayed_at: number | null;
  replayed_by: string | null;
  replay_count: number;
};

function fromRow(r: DeadLetterRow): DeadLetter {
  return {
    id: r.id,
    userId: r.user_id,
    body: r.body,
    reason: r.reason,
    attempts: r.attempts,
    runId: r.run_id,
    receivedAt: r.received_at,
    replayedAt: r.replayed_at,
    replayedBy: r.replayed_by,
    replayCount: r.replay_count,
  };
}

/** Newest first; `open` keeps only letters never replayed. */
export async function listDeadLetters(db: D1Database, opts: { open: boolean; limit: number }): Promise<DeadLetter[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM settlement_dead_letters ${opts.open ? "WHERE replayed_at IS NULL" : ""}
        ORDER BY received_at DESC, id LIMIT ?`,
    )
    .bind(opts.limit)
    .all<DeadLetterRow>();
  return results.map(fromRow);
}

/** `audit(letter)`: the operator's audit row for this letter, committed in the batch that records the replay. */
export type ReplayDeps = {
  db: D1Database;
  queue: Queue<SettlementMessage>;
  operator: string;
  now: number;
  audit: (letter: { userId: string | null; replayCount: number }) => D1PreparedStatement;
};

/** Sends a dead letter's message, with its games' results as they stand now, to the settlement queue again and records who did it. */
export async function replayDeadLetter(
  id: string,
  deps: ReplayDeps,
): Promise<{ ok: true; letter: DeadLetter } | RefusalOf<"dead-letter-not-found" | "not-replayable">> {
  const { db, queue, operator, now, audit } = deps;
  const row = await db.prepare("SELECT * FROM settlement_dead_letters WHERE id = ?").bind(id).first<DeadLetterRow>();
  if (!row) return { ok: false, code: "dead-letter-not-found" };
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    body = undefined;
  }
  const parsed = SettlementMessageSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, code: "not-replayable" };
  }
  const outcomes = await currentOutcomes(db, parsed.data.outcomes);
  // The audit row is written before the message goes: a replay whose row cannot be written
  // does not happen. Should the send then fail, the row records a replay tried and the
  // operator's call fails, to be tried again (settling twice pays nothing twice).
  const [result] = await db.batch<DeadLetterRow>([
    db
      .prepare(
        `UPDATE settlement_dead_letters SET replayed_at = ?, replayed_by = ?, replay_count = replay_count + 1
          WHERE id = ? RETURNING *`,
      )
      .bind(now, operator, id),
    audit({ userId: row.user_id, replayCount: row.replay_count + 1 }),
  ]);
  await queue.send({ ...parsed.data, outcomes, runId: null }, { contentType: "json" });
  return { ok: true, letter: fromRow(result?.results[0] ?? row) };
}
