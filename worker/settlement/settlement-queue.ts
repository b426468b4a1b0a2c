// Settlement fans out on Cloudflare Queues. A run (cron or operator) only decides what is
// ready and sends one message per (player, ready games) with sendBatch; the `queue()`
// handler settles each message's wallet, many at once, acking each message that settled
// and retrying a failed one with exponential back-off. Wallet calls are idempotent per
// bet, so a redelivered or replayed message pays nothing twice. A message that exhausts
// its retries goes to the dead-letter queue, whose consumer records it in D1
// (dead-letters.ts) for an operator to replay; a body that cannot be read is recorded
// there at once, since no retry can fix it. Nothing is acked before it is recorded: a
// dead letter that D1 cannot take stays on its queue and raises an alert.
//
// The message body is described in settlement-message.ts.
import { purgePublicReads } from "../http/cache-control";
import type { Logger } from "../logging/logger";
import { noMetrics, type Metrics } from "../metrics/metrics-port";
import type { Tunables } from "../tunables";
import { recordDeadLetters, type DeadLetterInput } from "./dead-letters";
import { SettlementMessageSchema, settlementQueueNames, type SettlementMessage } from "./settlement-message";
import { settleWallets } from "./settle-wallets";
import { chunk } from "./chunk";
import { markGradedStatements, runProgressStatement, type RunProgress } from "./settlement-store";

export type SendResult = { sent: number; failed: number };

/**
 * Sends `messages` in sendBatch calls of at most `batchSize`, those calls at once (a page
 * of work is at most a few dozen); a failed call is counted and logged, not thrown.
 */
export async function sendSettlementMessages(
  queue: Queue<SettlementMessage>,
  messages: readonly SettlementMessage[],
  batchSize: number,
  log: Logger,
): Promise<SendResult> {
  const parts = chunk(messages, Math.min(100, batchSize));
  const outcomes = await Promise.all(
    parts.map((part) =>
      queue.sendBatch(part.map((body) => ({ body, contentType: "json" as const }))).then(
        () => true,
        (err: unknown) => {
          log.error(`settlement: sending ${part.length} messages failed; the next run sends them again`, err);
          return false;
        },
      ),
    ),
  );
  const result: SendResult = { sent: 0, failed: 0 };
  parts.forEach((part, i) => {
    if (outcomes[i]) result.sent += part.length;
    else result.failed += part.length;
  });
  return result;
}

/** Seconds before retry number `attempts` (1 = the first delivery failed). */
export function retryDelaySeconds(
  attempts: number,
  t: Pick<Tunables, "SETTLEMENT_RETRY_BASE_SECONDS" | "SETTLEMENT_RETRY_MAX_SECONDS">,
): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 20);
  return Math.min(t.SETTLEMENT_RETRY_MAX_SECONDS, t.SETTLEMENT_RETRY_BASE_SECONDS * 2 ** exponent);
}

export type ConsumeTotals = RunProgress & { messages: number; deadLettered: number; paid: { coins: number; cash: number } };

/**
 * `ctx`: the queue invocation's context (its Workers Cache is purged after a settlement);
 * absent in some tests. `metrics`: where messages, lag and wallet failures are counted.
 */
type Deps = {
  env: Env;
  tunables: Tunables;
  log: Logger;
  now: number;
  ctx?: Pick<ExecutionContext, "cache" | "waitUntil">;
  metrics?: Metrics;
};

/** The settlement queue's consumer: one wallet call per message, acked or retried one by one. */
export async function consumeSettlementBatch(batch: MessageBatch<unknown>, deps: Deps): Promise<ConsumeTotals> {
  const { env, tunables: t, log, now } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const totals: ConsumeTotals = {
    messages: batch.messages.length,
    walletsSettled: 0,
    walletErrors: 0,
    legsGraded: 0,
    betsSettled: 0,
    deadLettered: 0,
    paid: { coins: 0, cash: 0 },
  };
  const valid: { message: Message<unknown>; body: SettlementMessage }[] = [];
  const unreadable: { message: Message<unknown>; letter: DeadLetterInput }[] = [];
  for (const message of batch.messages) {
    const parsed = SettlementMessageSchema.safeParse(message.body);
    if (parsed.success) valid.push({ message, body: parsed.data });
    else unreadable.push({ message, letter: deadLetterOf(message, `unreadable message: ${parsed.error.issues[0]?.message ?? "invalid"}`) });
  }
  if (unreadable.length > 0) {
    const recorded = await recordDeadLetters(
      env.DB,
      unreadable.map((u) => u.letter),
      now,
    ).then(
      () => true,
      (err: unknown) => {
        deadLettersUnrecorded(log, metrics, unreadable.length, err);
        return false;
      },
    );
    // Acked only once recorded: otherwise they stay on the queue (and reach the dead-letter queue in the end).
    for (const u of unreadable) {
      if (recorded) u.message.ack();
      else u.message.retry({ delaySeconds: retryDelaySeconds(u.message.attempts, t) });
    }
    if (recorded) {
      metrics.record({ metric: "settlement", outcome: "dead-lettered", count: unreadable.length });
      totals.deadLettered += unreadable.length;
      log.error(`settlement: ${unreadable.length} unreadable messages recorded as dead letters`);
    }
  }

  const results = await settleWallets(
    env,
    valid.map((v) => v.body),
    now,
    t.SETTLEMENT_CONSUMER_CONCURRENCY,
  );
  const byRun = new Map<number, RunProgress>();
  const settledEvents = new Set<string>();
  results.forEach((result, i) => {
    const { message, body } = valid[i]!;
    const progress =
      body.runId === null ? null : (byRun.get(body.runId) ?? { walletsSettled: 0, walletErrors: 0, legsGraded: 0, betsSettled: 0 });
    if (progress && body.runId !== null) byRun.set(body.runId, progress);
    if (result.ok) {
      message.ack();
      metrics.record({ metric: "settlement", outcome: "settled" });
      metrics.record({ metric: "settlement-lag", outcome: "settled", value: Math.max(0, now - message.timestamp.getTime()) });
      totals.walletsSettled += 1;
      totals.legsGraded += result.summary.gradedLegs;
      totals.betsSettled += result.summary.settledBets;
      totals.paid.coins += result.summary.paid.coins;
      totals.paid.cash += result.summary.paid.cash;
      for (const o of body.outcomes) settledEvents.add(o.eventId);
      if (progress) {
        progress.walletsSettled += 1;
        progress.legsGraded += result.summary.gradedLegs;
        progress.betsSettled += result.summary.settledBets;
      }
    } else {
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, t) });
      metrics.record({ metric: "settlement", outcome: "retried" });
      metrics.record({ metric: "wallet-failure", outcome: "settlement" });
      totals.walletErrors += 1;
      if (progress) progress.walletErrors += 1;
      log.error(`settlement: wallet ${body.userId} failed (message ${message.id}, attempt ${message.attempts}); retrying`, result.error);
    }
  });

  // Bookkeeping only (the wallets are the truth): a failure here is logged, not retried.
  const statements = [
    ...[...byRun].map(([runId, progress]) => runProgressStatement(env.DB, runId, progress, now)),
    ...markGradedStatements(env.DB, [...settledEvents], now),
  ];
  if (statements.length > 0) {
    await env.DB.batch(statements).catch((err: unknown) => log.warn("settlement: run progress not recorded", err));
  }
  return totals;
}

function deadLetterOf(message: Message<unknown>, reason: string): DeadLetterInput {
  const parsed = SettlementMessageSchema.safeParse(message.body);
  return {
    id: message.id,
    userId: parsed.success ? parsed.data.userId : null,
    body: safeJson(message.body),
    reason,
    attempts: message.attempts,
    runId: parsed.success ? parsed.data.runId : null,
  };
}

function safeJson(body: unknown): string {
  try {
    return JSON.stringify(body) ?? "null";
  } catch {
    return JSON.stringify(String(body));
  }
}

/**
 * The alert for dead letters that could not be written to D1: always an error line
 * (event "alert", whatever else LOG_LEVEL keeps), so Workers Logs can page on it.
 */
function deadLettersUnrecorded(log: Logger, metrics: Metrics, count: number, err: unknown): void {
  metrics.record({ metric: "alert", outcome: "dead-letters-unrecorded", count });
  log.event({
    event: "alert",
    outcome: "dead-letters-unrecorded",
    level: "error",
    detail: `${count} dead letters could not be recorded in D1; they stay on their queue and are retried: ${String(err)}`,
  });
}

/**
 * The dead-letter queue's consumer: records every message for operators, then acks it.
 * A batch that cannot be recorded is never acked: it stays on the dead-letter queue and
 * comes back after the consumer's retry_delay, and the failure is raised as an alert.
 */
export async function consumeDeadLetters(
  batch: MessageBatch<unknown>,
  deps: Pick<Deps, "env" | "log" | "now" | "metrics">,
): Promise<number> {
  const metrics = deps.metrics ?? noMetrics;
  const letters = batch.messages.map((m) =>
    deadLetterOf(m, "retries exhausted: the wallet call kept failing (see the log for this message id)"),
  );
  try {
    await recordDeadLetters(deps.env.DB, letters, deps.now);
  } catch (err) {
    deadLettersUnrecorded(deps.log, metrics, letters.length, err);
    batch.retryAll();
    return 0;
  }
  batch.ackAll();
  metrics.record({ metric: "settlement", outcome: "dead-lettered", count: letters.length });
  deps.log.error(
    `settlement: ${letters.length} messages dead-lettered (${letters.map((l) => l.userId ?? "?").join(", ")}); replay them from the admin API`,
  );
  return letters.length;
}

/** The one-line log of a consumed batch. */
export function describeBatch(t: ConsumeTotals, ms: number): string {
  return (
    `settlement queue: messages=${t.messages} wallets=${t.walletsSettled} walletErrors=${t.walletErrors} legs=${t.legsGraded}` +
    ` bets=${t.betsSettled} paidCoins=${t.paid.coins} paidCashCents=${t.paid.cash} deadLettered=${t.deadLettered} ${ms}ms`
  );
}

/** The Worker's `queue()` entry: the settlement queue and its dead-letter queue. */
export async function handleSettlementQueue(batch: MessageBatch<unknown>, deps: Deps): Promise<void> {
  const started = Date.now();
  const names = settlementQueueNames(deps.env);
  if (batch.queue === names.deadLetters) {
    await consumeDeadLetters(batch, deps);
    return;
  }
  if (batch.queue !== names.queue) {
    deps.log.error(`queue: no consumer for queue ${batch.queue}; its messages are retried`);
    batch.retryAll();
    return;
  }
  const totals = await consumeSettlementBatch(batch, deps);
  // Settled bets change standings, public statistics and shared picks: the cached public reads go.
  // Handed to waitUntil: the purge never holds up the batch's acks.
  if (totals.betsSettled > 0 && deps.ctx) deps.ctx.waitUntil(purgePublicReads(deps.ctx, deps.log));
  deps.log.info(describeBatch(totals, Date.now() - started));
}
