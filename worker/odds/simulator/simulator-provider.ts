// The embedded odds feed (development, no ODDS_API_KEY): the same OddsFeedProvider
// contract as The Odds API, answered from the seeded simulator at simulated time. Each
// board call is counted in D1 `feed_status` like a paid call would be.
import type { SportKey } from "../../../src/shared/sports";
import type { FeedResult, OddsFeedProvider } from "../feed-provider";
import type { Event, EventScore } from "../../../src/shared/schemas/events";
import { gamesBetween, gameToEvent, gameToScore } from "./sim-games";
import { SIM_SPORTS } from "./sim-sports";
import { simOffsetMs } from "./sim-clock";
import { countSimulatorCall } from "../feed-status";
import { loggerFor } from "../../logging/logger";

const HOUR_MS = 60 * 60 * 1000;
/** How far ahead the board lists games. */
const BOARD_AHEAD_MS = 48 * HOUR_MS;
/** The longest game of any sport; older starts are certainly over. */
const LONGEST_GAME_MS = Math.max(...Object.values(SIM_SPORTS).map((s) => s.durationMin)) * 60_000;

/** Board events (scheduled and live; finished games have left) at simulated time. */
export function simulatedBoard(sport: SportKey, simNow: number): Event[] {
  return gamesBetween(sport, simNow - LONGEST_GAME_MS, simNow + BOARD_AHEAD_MS)
    .map((g) => gameToEvent(g, simNow))
    .filter((e) => e.status !== "final");
}

/**
 * Scores of games that have started: live ones and finals from the last `daysFrom`
 * days (default 1, at most 3), like The Odds API's scores endpoint with daysFrom.
 */
export function simulatedScores(sport: SportKey, daysFrom: number | undefined, simNow: number): EventScore[] {
  const days = Math.min(3, Math.max(1, Math.floor(daysFrom ?? 1)));
  return gamesBetween(sport, simNow - days * 24 * HOUR_MS, simNow + 1).map((g) => gameToScore(g, simNow));
}

export function createSimulatorProvider(env: Env): OddsFeedProvider {
  return {
    name: "simulator",
    isMapped: () => true,
    async fetchOdds(sport, now): Promise<FeedResult<Event[]>> {
      const simNow = now + (await simOffsetMs(env));
      await countSimulatorCall(env, sport, now).catch((err: unknown) => loggerFor(env).warn("simulator call not counted", err));
      return { ok: true, value: simulatedBoard(sport, simNow), quota: null };
    },
    async fetchScores(sport, options, now): Promise<FeedResult<EventScore[]>> {
      const simNow = now + (await simOffsetMs(env));
      return { ok: true, value: simulatedScores(sport, options.daysFrom, simNow), quota: null };
    },
  };
}
