// A settlement queue message: one player and the finished games to settle in that
// player's wallet. Body (JSON, version 1): { v: 1, userId, outcomes: QueuedOutcome[],
// runId } — `runId` is the settlement_runs row whose progress the consumer adds to
// (null for a replayed dead letter). A final with players' markets says whether their
// statistics are recorded (`props: "ready"`, the consumer reads them from D1 box_scores, so
// a message stays small) or will never come (`"overdue"`). Validated on receipt: a queue is
// an input too.
import { z } from "zod";
import { chunk } from "./chunk";

/** The development queue names (wrangler.toml's top level); each environment names its own in its vars. */
export const SETTLEMENT_QUEUE_NAME = "vantage-settlement";
export const SETTLEMENT_DLQ_NAME = "vantage-settlement-dlq";

/** This deployment's settlement queue and dead-letter queue (vars SETTLEMENT_QUEUE_NAME / SETTLEMENT_DLQ_NAME). */
export function settlementQueueNames(env: Pick<Env, "SETTLEMENT_QUEUE_NAME" | "SETTLEMENT_DLQ_NAME">): {
  queue: string;
  deadLetters: string;
} {
  return { queue: env.SETTLEMENT_QUEUE_NAME || SETTLEMENT_QUEUE_NAME, deadLetters: env.SETTLEMENT_DLQ_NAME || SETTLEMENT_DLQ_NAME };
}

const EventId = z.string().min(1).max(128);
const Score = z.number().int().min(0).max(100_000);
const OutcomeSchema = z.union([
  z.strictObject({ eventId: EventId, homeScore: Score, awayScore: Score, props: z.enum(["ready", "overdue"]).optional() }),
  z.strictObject({ eventId: EventId, void: z.literal(true) }),
]);

/** A ready game as a message carries it. */
export type QueuedOutcome = z.infer<typeof OutcomeSchema>;

export const SettlementMessageSchema = z.strictObject({
  v: z.literal(1),
  userId: z.string().min(1).max(256),
  outcomes: z.array(OutcomeSchema).min(1).max(500),
  runId: z.number().int().positive().nullable(),
});

export type SettlementMessage = z.infer<typeof SettlementMessageSchema>;

/** One player's ready games as messages of at most `maxEvents` games each. */
export function messagesFor(
  userId: string,
  outcomes: readonly QueuedOutcome[],
  runId: number | null,
  maxEvents: number,
): SettlementMessage[] {
  return chunk(outcomes, maxEvents).map((part) => ({ v: 1, userId, outcomes: part, runId }));
}
