// The settlement run (cron, every two minutes): asks the feed for the scores of sports
// whose open games are due to be over (one call per sport), records each game's status
// and score in D1 `events`, then hands every open leg on a final or voided game to its
// player's wallet, which grades and pays it exactly once.
//
// Bounded: a handful of D1 statements, at most one feed call per sport and
// `maxWalletCalls` wallet calls per run. Resumable: all work is found again from D1's
// open legs, and every wallet call is idempotent, so a run that dies half-way is
// finished by the next one and nothing pays twice.
import type { EventScore } from "../../src/shared/schemas/events";
import type { OddsFeedProvider } from "../odds/feed-provider";
import {
  DAY_MS,
  DEFAULT_LIMITS,
  MAX_DAYS_FROM,
  scoresRequest,
  type SettlementLimits,
} from "./settlement-policy";
import { settleWallets, type WalletTotals } from "./settle-wallets";
import {
  eventUpsertStatements,
  lastScoreChecks,
  markGradedStatements,
  readyWork,
  scoreCheckStatement,
  waitingSports,
} from "./settlement-store";

export type SettlementRunSummary = WalletTotals & {
  trigger: string;
  sportsFetched: string[];
  feedErrors: string[];
  eventsRecorded: number;
  /** More ready work than this run's bound; the next run continues. */
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
  limits?: Partial<SettlementLimits>;
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

/** One settlement run. Never throws for a feed or wallet failure; those wait for the next run. */
export async function runSettlement(env: Env, now: number, options: SettlementOptions): Promise<SettlementRunSummary> {
  const started = Date.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const db = env.DB;
  const run = await db
    .prepare("INSERT INTO settlement_runs (trigger, started_at) VALUES (?, ?) RETURNING id")
    .bind(options.trigger, now)
    .first<{ id: number }>();

  const feed = await fetchDueScores(db, options.provider, { now, feedNow: options.feedNow ?? now });
  const writes = [...eventUpsertStatements(db, feed.scores, now), ...feed.checks];
  if (writes.length > 0) await db.batch(writes);

  const ready = await readyWork(db, limits.maxReadyRows);
  const work = ready.work.slice(0, limits.maxWalletCalls);
  const totals = await settleWallets(env, work, now, limits.walletConcurrency);
  const pending = ready.truncated || ready.work.length > work.length || totals.walletErrors > 0;

  const summary: SettlementRunSummary = {
    trigger: options.trigger,
    sportsFetched: feed.fetched,
    feedErrors: feed.errors,
    eventsRecorded: feed.scores.length,
    ...totals,
    pending,
    staleEvents: feed.stale,
    ms: Date.now() - started,
  };
  const eventIds = [...new Set(work.flatMap((w) => w.outcomes.map((o) => o.eventId)))];
  await db.batch([
    ...markGradedStatements(db, eventIds, now),
    db
      .prepare(
        `UPDATE settlement_runs SET finished_at = ?, sports_fetched = ?, events_recorded = ?, wallets_called = ?,
           wallet_errors = ?, legs_graded = ?, bets_settled = ?, pending = ?, summary = ? WHERE id = ?`,
      )
      .bind(
        now + summary.ms,
        summary.sportsFetched.length,
        summary.eventsRecorded,
        summary.walletsCalled,
        summary.walletErrors,
        summary.legsGraded,
        summary.betsSettled,
        pending ? 1 : 0,
        describeRun(summary),
        run?.id ?? null,
      ),
  ]);
  console.log(describeRun(summary));
  return summary;
}

/** The one-line log of a run. */
export function describeRun(s: SettlementRunSummary): string {
  const sports = s.sportsFetched.length > 0 ? s.sportsFetched.join(",") : "none";
  const errors = s.feedErrors.length > 0 ? ` feedErrors=[${s.feedErrors.join("; ")}]` : "";
  return (
    `settlement ${s.trigger}: scores=${sports} events=${s.eventsRecorded} wallets=${s.walletsCalled}` +
    ` walletErrors=${s.walletErrors} legs=${s.legsGraded} bets=${s.betsSettled}` +
    ` paidCoins=${s.paid.coins} paidCashCents=${s.paid.cash} pending=${s.pending} stale=${s.staleEvents} ${s.ms}ms${errors}`
  );
}
