// The console's read-only views: the odds feed (provider, last call and quota
// per sport, spend per hour, live refresh state and credit guard, errors), settlement
// (recent runs, the backlog, and games past their due time with no result) and the
// audit log. Figures come from D1 tables the feed, settlement and operators write; the
// answers' shapes are the console's contract (src/shared/schemas/operator-views.ts).
import type { SportKey } from "../../src/shared/sports";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { readCreditGuard, readPropsGuard, usageMonth } from "../odds/credit-guard";
import { feedUsageByHour, listFeedStatus } from "../odds/feed-status";
import { feedNow, getFeedProvider } from "../odds/odds-service";
import { listDeadLetters } from "../settlement/dead-letters";
import { dueAfterMs, type FeedName } from "../settlement/settlement-policy";
import { recentRuns } from "../settlement/settlement-store";
import { tunables } from "../tunables";
import type { FeedView, PastDueGame, RecentResult, SettlementView } from "../../src/shared/schemas/operator-views";

const FEED_HOURS = 24;

export async function feedView(env: Env, now: number): Promise<FeedView> {
  const provider = getFeedProvider(env);
  const rules = tunables(env);
  const guard = provider?.name === "the-odds-api" ? await readCreditGuard(env, now) : { locked: false as const };
  const [sports, hours] = await Promise.all([listFeedStatus(env), feedUsageByHour(env, now, FEED_HOURS)]);
  const paid = sports.filter((s) => s.provider === "the-odds-api");
  const newestPaid = paid.reduce<(typeof paid)[number] | null>((a, b) => (a && a.updatedAt >= b.updatedAt ? a : b), null);
  const lastHour = hours[0]?.hour === Math.floor(now / 3_600_000) * 3_600_000 ? hours[0] : undefined;
  const finished = hours.filter((h) => h !== lastHour);
  return {
    provider: provider?.name ?? null,
    /** The quota is account-wide: the newest call's headers speak for it. */
    credits: newestPaid ? { remaining: newestPaid.requestsRemaining, used: newestPaid.requestsUsed, at: newestPaid.updatedAt } : null,
    creditGuard: guard,
    reserve: rules.FEED_CREDIT_RESERVE,
    live: {
      refreshSeconds: rules.LIVE_REFRESH_SECONDS,
      priceMaxAgeSeconds: rules.LIVE_PRICE_MAX_AGE_SECONDS,
      /** Live refreshes run unless the credit guard is up. */
      state: guard.locked ? "stopped" : "running",
    },
    spend: {
      thisHour: lastHour ?? null,
      averagePerHour: finished.length ? Math.round(finished.reduce((sum, h) => sum + h.credits, 0) / finished.length) : null,
      hours,
    },
    sports: sports.map((s) => ({
      sport: s.sport,
      provider: s.provider,
      lastCallAt: s.updatedAt,
      lastStatus: s.lastStatus,
      lastError: s.lastError,
      requestsRemaining: s.requestsRemaining,
      requestsUsed: s.requestsUsed,
      requestsLast: s.requestsLast,
    })),
    errors: sports.filter((s) => s.lastError).map((s) => ({ sport: s.sport, at: s.updatedAt, status: s.lastStatus, error: s.lastError })),
    props: await propsSpend(env, now, provider?.name === "the-odds-api", newestPaid),
  };
}

/** Props' part of the month's credits, as the props guard counts it (worker/odds/credit-guard.ts). */
async function propsSpend(
  env: Env,
  now: number,
  paidFeed: boolean,
  quota: { requestsRemaining: number | null; requestsUsed: number | null } | null,
): Promise<FeedView["props"]> {
  const month = usageMonth(now);
  const { results } = await env.DB.prepare("SELECT sport, calls, credits FROM feed_props_usage_monthly WHERE month = ? ORDER BY sport")
    .bind(month)
    .all<{ sport: string; calls: number; credits: number }>();
  const sharePercent = tunables(env).PROP_CREDIT_SHARE_PERCENT;
  const monthCredits = quota?.requestsRemaining != null && quota.requestsUsed != null ? quota.requestsRemaining + quota.requestsUsed : null;
  const guard = paidFeed ? await readPropsGuard(env, now) : ({ locked: false } as const);
  return {
    month,
    sharePercent,
    credits: results.reduce((sum, r) => sum + r.credits, 0),
    calls: results.reduce((sum, r) => sum + r.calls, 0),
    allowance: monthCredits === null ? null : Math.floor((monthCredits * sharePercent) / 100),
    guard: { locked: guard.locked, reason: guard.locked ? guard.reason : null },
    sports: results,
  };
}

const PAST_DUE_LIMIT = 100;

/** Started games with open legs and no result whose due time (plus ADMIN_PAST_DUE_MINUTES) has passed on the feed's clock. */
export async function pastDueGames(env: Env, now: number): Promise<PastDueGame[]> {
  const provider = getFeedProvider(env);
  const feed: FeedName = provider?.name === "the-odds-api" ? "the-odds-api" : "simulator";
  const clock = await feedNow(env, now);
  const graceMs = tunables(env).ADMIN_PAST_DUE_MINUTES * 60_000;
  const { results } = await env.DB.prepare(
    `SELECT l.event_id AS eventId, l.sport AS sport, MIN(l.commence_time) AS startTime,
            COUNT(*) AS openLegs, COUNT(DISTINCT l.user_id) AS players, MIN(b.legs_json) AS legsJson, MIN(l.leg_index) AS legIndex,
            e.home AS home, e.away AS away
       FROM bet_legs l JOIN bets b ON b.id = l.bet_id LEFT JOIN events e ON e.event_id = l.event_id
      WHERE l.result IS NULL AND l.commence_time <= ? AND (e.status IS NULL OR e.status NOT IN ('final', 'void'))
      GROUP BY l.event_id ORDER BY startTime LIMIT ?`,
  )
    .bind(clock, PAST_DUE_LIMIT * 4)
    .all<{
      eventId: string;
      sport: SportKey;
      startTime: number;
      openLegs: number;
      players: number;
      legsJson: string;
      legIndex: number;
      home: string | null;
      away: string | null;
    }>();
  const games: PastDueGame[] = [];
  for (const r of results) {
    const dueAt = r.startTime + dueAfterMs(r.sport, feed) + graceMs;
    if (dueAt > clock) continue;
    let home = r.home ?? "";
    let away = r.away ?? "";
    if (!home || !away) {
      const leg = (JSON.parse(r.legsJson) as BetLeg[]).find((l) => l.eventId === r.eventId);
      home = leg?.home ?? home;
      away = leg?.away ?? away;
    }
    games.push({ eventId: r.eventId, sport: r.sport, home, away, startTime: r.startTime, dueAt, openLegs: r.openLegs, players: r.players });
    if (games.length >= PAST_DUE_LIMIT) break;
  }
  return games;
}

const RUNS = 20;
const DEAD_LETTERS = 50;
const RECENT_RESULTS = 30;

/**
 * Settlement at a glance: recent runs (settlement_runs with the queue's
 * progress), messages still waiting (sent by runs not yet drained, less those settled or
 * failed), dead letters with their replays, and the past-due games.
 */
export async function settlementView(env: Env, now: number): Promise<SettlementView> {
  const [runs, deadLetters, waiting, pastDue, clock, results] = await Promise.all([
    recentRuns(env.DB, RUNS),
    listDeadLetters(env.DB, { open: false, limit: DEAD_LETTERS }),
    env.DB.prepare(
      `SELECT COALESCE(SUM(MAX(messages_enqueued - wallets_called, 0)), 0) AS n
         FROM settlement_runs WHERE drained_at IS NULL AND messages_enqueued > 0`,
    ).first<{ n: number }>(),
    pastDueGames(env, now),
    feedNow(env, now),
    env.DB.prepare(
      `SELECT e.event_id AS eventId, e.sport AS sport, e.home AS home, e.away AS away, e.start_time AS startTime, e.status AS status,
              e.home_score AS homeScore, e.away_score AS awayScore, e.updated_at AS updatedAt,
              (SELECT COUNT(*) FROM result_corrections c WHERE c.event_id = e.event_id) AS corrections
         FROM events e WHERE e.status IN ('final', 'void') AND EXISTS (SELECT 1 FROM bet_legs l WHERE l.event_id = e.event_id)
        ORDER BY e.updated_at DESC LIMIT ?`,
    )
      .bind(RECENT_RESULTS)
      .all<RecentResult>(),
  ]);
  return {
    feedNow: clock,
    runs,
    waiting: waiting?.n ?? 0,
    deadLetters: deadLetters.map(({ body: _body, ...letter }) => letter),
    pastDue,
    /** Settled games with bets, newest first: where "Correct result" starts. */
    recentResults: results.results,
  };
}
