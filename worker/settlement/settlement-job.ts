// The settlement run (cron, every two minutes): asks the feed for the scores of sports
// whose open games are due to be over (one call per sport), records each game's status
// and score in D1 `events`, then sends every open leg on a final or voided game to the
// settlement queue, one message per (player, ready games); the queue's consumer
// (settlement-queue.ts) has each wallet grade and pay it exactly once.
//
// One run starts everything that is ready: it pages through D1's ready work
// (SETTLEMENT_PAGE_ROWS rows per read) and sends it all, so no ready work waits for the
// next tick. Resumable: all work is found again from D1's open legs and every wallet call
// is idempotent, so a run that dies half-way (or a message sent twice) pays nothing twice.
import type { EventScore } from "../../src/shared/schemas/events";
import { isSportKey } from "../../src/shared/sports";
import type { OddsFeedProvider } from "../odds/feed-provider";
import { loggerFor, type Logger } from "../logging/logger";
import { tunables } from "../tunables";
import { messagesFor, type QueuedOutcome, type SettlementMessage } from "./settlement-message";
import { statsPortFor, type StatsPort } from "./stats-port";
import { DAY_MS, MAX_DAYS_FROM, scoresRequest } from "./settlement-policy";
import { sendSettlementMessages } from "./settlement-queue";
import {
  eventUpsertStatements,
  finishRunStatement,
  boxScoreStatement,
  gamesAwaitingStats,
  lastScoreChecks,
  readyWorkPage,
  scoreCheckStatement,
  startRun,
  waitingSports,
  type ReadyCursor,
} from "./settlement-store";

/** What a run found ready and sent to the settlement queue. */
export type EnqueueTotals = {
  /** (player, game) pairs with open legs on a final or voided game. */
  readyLegs: number;
  players: number;
  messagesEnqueued: number;
  /** Messages whose sendBatch failed; the next run finds their work again. */
  sendFailures: number;
};

export type SettlementRunSummary = EnqueueTotals & {
  runId: number | null;
  trigger: string;
  sportsFetched: string[];
  feedErrors: string[];
  eventsRecorded: number;
  /** Ready work this run could not send (the next run sends it). */
  pending: boolean;
  /** Open games beyond the feed's reach: an operator must settle or void them. */
  staleEvents: number;
  ms: number;
};

export type SettlementOptions = {
  /** The active feed, or null when none is configured (operator results still settle). */
  provider: OddsFeedProvider | null;
  trigger: string;
  /** The feed's clock, which game start times are on (defaults to `now`; see feedNow in odds-service). */
  feedNow?: number;
};

async function fetchDueScores(
  db: D1Database,
  provider: OddsFeedProvider | null,
  clock: { now: number; feedNow: number },
): Promise<{ scores: EventScore[]; fetched: string[]; errors: string[]; stale: number; checks: D1PreparedStatement[] }> {
  const { now, feedNow } = clock;
  const waiting = await waitingSports(db, feedNow, MAX_DAYS_FROM * DAY_MS);
  const stale = waiting.reduce((n, w) => n + w.staleEvents, 0);
  const out = { scores: [] as EventScore[], fetched: [] as string[], errors: [] as string[], stale, checks: [] as D1PreparedStatement[] };
  if (!provider || waiting.length === 0) return out;

  const checkedAt = await lastScoreChecks(db);
  const calls = waiting.flatMap((w) => {
    if (!provider.isMapped(w.sport)) return [];
    const request = scoresRequest(
      { sport: w.sport, feed: provider.name, oldestOpenStart: w.oldestOpenStart, lastCheckedAt: checkedAt.get(w.sport) ?? null },
      clock,
    );
    return request ? [{ sport: w.sport, request }] : [];
  });
  const answers = await Promise.all(
    calls.map(async ({ sport, request }) => {
      try {
        return { sport, result: await provider.fetchScores(sport, request, now) };
      } catch (err) {
        return { sport, result: { ok: false as const, message: err instanceof Error ? err.message : String(err) } };
      }
    }),
  );
  for (const { sport, result } of answers) {
    out.fetched.push(sport);
    if (result.ok) {
      out.scores.push(...result.value.filter((s) => s.sport === sport && Date.parse(s.startTime) <= feedNow));
      out.checks.push(scoreCheckStatement(db, sport, now, true, null));
    } else {
      out.errors.push(`${sport}: ${result.message}`);
      out.checks.push(scoreCheckStatement(db, sport, now, false, result.message.slice(0, 500)));
    }
  }
  return out;
}

/**
 * Pages through every open leg on a final or voided game (or on `eventId` only) and sends
 * one message per (player, ready games) to the settlement queue. A player whose rows
 * straddle two pages is held back until the next page, so each player gets one message.
 */
export async function enqueueReadyWork(
  env: Env,
  runId: number | null,
  eventId: string | null,
  log: Logger,
  now: number,
): Promise<EnqueueTotals> {
  const t = tunables(env);
  const totals: EnqueueTotals = { readyLegs: 0, players: 0, messagesEnqueued: 0, sendFailures: 0 };
  let cursor: ReadyCursor | null = null;
  let carry: { userId: string; outcomes: QueuedOutcome[] } | null = null;
  const deadline = propsDeadline(now, t.PROP_GRADE_HOURS);
  do {
    const page = await readyWorkPage(env.DB, cursor, t.SETTLEMENT_PAGE_ROWS, eventId, deadline);
    totals.readyLegs += page.rows.length;
    const players: { userId: string; outcomes: QueuedOutcome[] }[] = carry ? [carry] : [];
    for (const row of page.rows) {
      const last = players.at(-1);
      if (last?.userId === row.userId) last.outcomes.push(row.outcome);
      else players.push({ userId: row.userId, outcomes: [row.outcome] });
    }
    carry = page.next ? (players.pop() ?? null) : null;
    const messages: SettlementMessage[] = players.flatMap((p) =>
      messagesFor(p.userId, p.outcomes, runId, t.SETTLEMENT_MAX_EVENTS_PER_MESSAGE),
    );
    if (messages.length > 0) {
      const sent = await sendSettlementMessages(env.SETTLEMENT_QUEUE, messages, t.SETTLEMENT_SEND_BATCH, log);
      totals.players += players.length;
      totals.messagesEnqueued += sent.sent;
      totals.sendFailures += sent.failed;
    }
    cursor = page.next;
  } while (cursor);
  return totals;
}

/** Finals before this time whose players' statistics never came have their props voided (PROP_GRADE_HOURS). */
export function propsDeadline(now: number, gradeHours: number): number {
  return now - gradeHours * 60 * 60 * 1000;
}

/** Games asked of the stats port per run, at most (the rest wait for the next run). */
const STATS_PER_RUN = 25;

/**
 * Asks the stats port for the box scores of final games with open players' markets (or
 * only `eventIds`), and records those it has. A source that fails or has none yet is asked
 * again by the next run; the props wait, and void once PROP_GRADE_HOURS have passed.
 */
export async function recordBoxScores(
  env: Env,
  stats: StatsPort | null,
  now: number,
  log: Logger,
  eventIds: readonly string[] | null = null,
): Promise<number> {
  if (!stats) return 0;
  const awaiting = (await gamesAwaitingStats(env.DB, propsDeadline(now, tunables(env).PROP_GRADE_HOURS), STATS_PER_RUN)).filter(
    (game) => eventIds === null || eventIds.includes(game.eventId),
  );
  const writes: D1PreparedStatement[] = [];
  for (const game of awaiting) {
    if (!isSportKey(game.sport)) continue;
    try {
      const box = await stats.boxScore(game.sport, game.eventId, now);
      if (box) writes.push(boxScoreStatement(env.DB, game.sport, box, now));
    } catch (err) {
      log.warn(`settlement: box score of ${game.eventId} not read; asked again next run`, err);
    }
  }
  if (writes.length > 0) await env.DB.batch(writes);
  return writes.length;
}

/** One settlement run. Never throws for a feed or queue failure; those wait for the next run. */
export async function runSettlement(env: Env, now: number, options: SettlementOptions): Promise<SettlementRunSummary> {
  const started = Date.now();
  const log = loggerFor(env);
  const db = env.DB;
  const runId = await startRun(db, options.trigger, now);

  const feed = await fetchDueScores(db, options.provider, { now, feedNow: options.feedNow ?? now });
  const writes = [...eventUpsertStatements(db, feed.scores, now), ...feed.checks];
  if (writes.length > 0) await db.batch(writes);

  await recordBoxScores(env, statsPortFor(env, options.provider), now, log);
  const sent = await enqueueReadyWork(env, runId, null, log, now);
  const summary: SettlementRunSummary = {
    runId,
    trigger: options.trigger,
    sportsFetched: feed.fetched,
    feedErrors: feed.errors,
    eventsRecorded: feed.scores.length,
    ...sent,
    pending: sent.sendFailures > 0,
    staleEvents: feed.stale,
    ms: Date.now() - started,
  };
  await finishRunStatement(db, runId, {
    finishedAt: now + summary.ms,
    sportsFetched: summary.sportsFetched.length,
    eventsRecorded: summary.eventsRecorded,
    messagesEnqueued: summary.messagesEnqueued,
    pending: summary.pending,
    summary: describeRun(summary),
  }).run();
  log.info(describeRun(summary));
  return summary;
}

/** The one-line log of a run. */
export function describeRun(s: SettlementRunSummary): string {
  const sports = s.sportsFetched.length > 0 ? s.sportsFetched.join(",") : "none";
  const errors = s.feedErrors.length > 0 ? ` feedErrors=[${s.feedErrors.join("; ")}]` : "";
  return (
    `settlement ${s.trigger}: run=${s.runId ?? "?"} scores=${sports} events=${s.eventsRecorded} ready=${s.readyLegs}` +
    ` players=${s.players} enqueued=${s.messagesEnqueued} sendFailures=${s.sendFailures} pending=${s.pending}` +
    ` stale=${s.staleEvents} ${s.ms}ms${errors}`
  );
}
