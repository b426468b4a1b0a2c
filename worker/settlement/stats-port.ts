// Where players' final statistics come from, for grading props: one interface (StatsPort,
// stats-source.ts), with the embedded simulator's box scores on the same path in development
// (the simulator plays its players, so props settle offline). Beside The Odds API, MLB's games
// are read from MLB's Stats API (stats-mlb.ts) where MLB_STATS_API_BASE_URL is set; every
// other sport has no source, and its props wait for an operator's entry or void
// PROP_GRADE_HOURS after the final (house rules). The simulator's statistics are offered only
// beside the simulator's odds, which production refuses (worker/config.ts).
import type { OddsFeedProvider } from "../odds/feed-provider";
import { simOffsetMs } from "../odds/simulator/sim-clock";
import { gameById } from "../odds/simulator/sim-games";
import { simBoxScore } from "../odds/simulator/sim-props";
import { createMlbStatsProvider, type FeedGame } from "./stats-mlb";
import type { StatsPort } from "./stats-source";

export type { StatsPort } from "./stats-source";

/** The simulator's box scores, read at the simulator's clock. */
export function simulatorStats(env: Env): StatsPort {
  return {
    name: "simulator",
    async boxScore(sport, eventId, now) {
      const game = gameById(eventId);
      if (!game || game.sport !== sport) return null;
      return simBoxScore(game, now + (await simOffsetMs(env)));
    },
  };
}

/** The feed's game of an event as D1 `events` recorded it. */
async function feedGameOf(db: D1Database, eventId: string): Promise<FeedGame | null> {
  const row = await db
    .prepare("SELECT home, away, start_time FROM events WHERE event_id = ?")
    .bind(eventId)
    .first<{ home: string; away: string; start_time: number }>();
  return row ? { home: row.home, away: row.away, startTime: row.start_time } : null;
}

/**
 * The stats source beside this odds feed: the simulator's with the simulator; with The Odds
 * API, MLB's Stats API for MLB (it answers null for every other sport) unless
 * MLB_STATS_API_BASE_URL is empty; none without a feed.
 */
export function statsPortFor(env: Env, provider: OddsFeedProvider | null): StatsPort | null {
  if (provider?.name === "simulator") return simulatorStats(env);
  const baseUrl = env.MLB_STATS_API_BASE_URL.trim();
  if (provider?.name !== "the-odds-api" || baseUrl === "") return null;
  return createMlbStatsProvider({ baseUrl, gameOf: (eventId) => feedGameOf(env.DB, eventId) });
}
