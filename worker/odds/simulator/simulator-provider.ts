// The embedded odds feed (development, no ODDS_API_KEY): the same OddsFeedProvider
// contract as The Odds API, answered from the seeded simulator at simulated time. Each
// board call is counted in D1 `feed_status` like a paid call would be. Like the real
// feed it says when its book last confirmed each market and when each score last
// changed, on the Worker's clock (the simulated times less the simulator's offset), and
// its board call carries the scores of the games under way. A game's players' markets come
// as the per-event odds endpoint answers them (sim-props.ts).
import type { SportKey } from "../../../src/shared/sports";
import type { FeedEvent, FeedResult, OddsFeedProvider, OddsResult } from "../feed-provider";
import type { Event, EventScore } from "../../../src/shared/schemas/events";
import type { MarketKey } from "../../../src/shared/live-rules";
import type { EventOdds } from "../../../src/shared/schemas/event-odds";
import { gameById, gamesBetween, gameToBookEvent, gameToEvent, gameToScore } from "./sim-games";
import { simEventOdds } from "./sim-props";
import { rosterOf } from "./sim-rosters";
import { SIM_SPORTS } from "./sim-sports";
import { simOffsetMs } from "./sim-clock";
import { countSimulatorCall } from "../feed-status";
import { loggerFor } from "../../logging/logger";
import { tunables } from "../../tunables";

const HOUR_MS = 60 * 60 * 1000;
/**
 * How far ahead a sport's board lists games: 48 hours of a sport that starts one an hour
 * (or fewer), 24 of one that starts one every half hour, so a board lists about 50 games
 * (MMA 72) whatever its slate.
 */
const boardAheadMs = (sport: SportKey) => 48 * HOUR_MS * Math.min(1, SIM_SPORTS[sport].spacingMin / 60);
/** How long a game of the sport lasts; older starts are over. */
const gameMs = (sport: SportKey) => SIM_SPORTS[sport].durationMin * 60_000;

/** Board events (scheduled and live; finished games have left) at simulated time. */
export function simulatedBoard(sport: SportKey, simNow: number): Event[] {
  return gamesBetween(sport, simNow - gameMs(sport), simNow + boardAheadMs(sport))
    .map((g) => gameToEvent(g, simNow))
    .filter((e) => e.status !== "final");
}

/**
 * The board as the feed answers it at simulated time `simNow`: each market as its book
 * last confirmed it, with the book's clock moved to the Worker's clock (less `offsetMs`).
 * It lists games starting up to `aheadMs` later (the board's hours ahead unless told).
 */
export function simulatedFeedBoard(
  sport: SportKey,
  simNow: number,
  offsetMs: number,
  fairMinBooks?: number,
  aheadMs: number = boardAheadMs(sport),
): FeedEvent[] {
  return gamesBetween(sport, simNow - gameMs(sport), simNow + aheadMs)
    .map((g) => gameToBookEvent(g, simNow, fairMinBooks))
    .filter(({ event }) => event.status !== "final")
    .map(({ event, book, confirmed }) => {
      const markets: Partial<Record<MarketKey, number>> = {};
      for (const [key, at] of Object.entries(confirmed) as [MarketKey, number][]) markets[key] = at - offsetMs;
      const times = Object.values(markets);
      return { ...event, book: { key: book.key, updatedAt: times.length > 0 ? Math.max(...times) : null, markets } };
    });
}

/**
 * Scores of games that have started: live ones and finals from the last `daysFrom`
 * days (default 1, at most 3), like The Odds API's scores endpoint with daysFrom.
 * `updatedAt` is on the simulated clock.
 */
export function simulatedScores(sport: SportKey, daysFrom: number | undefined, simNow: number): EventScore[] {
  const days = Math.min(3, Math.max(1, Math.floor(daysFrom ?? 1)));
  return gamesBetween(sport, simNow - days * 24 * HOUR_MS, simNow + 1).map((g) => gameToScore(g, simNow));
}

/** Scores as the feed answers them: `updatedAt` on the Worker's clock. */
function feedScores(sport: SportKey, daysFrom: number | undefined, simNow: number, offsetMs: number): EventScore[] {
  return simulatedScores(sport, daysFrom, simNow).map((s) =>
    s.updatedAt === null || s.updatedAt === undefined ? s : { ...s, updatedAt: s.updatedAt - offsetMs },
  );
}

export function createSimulatorProvider(env: Env): OddsFeedProvider {
  return {
    name: "simulator",
    isMapped: () => true,
    async fetchOdds(sport, now): Promise<OddsResult> {
      const offset = await simOffsetMs(env);
      const simNow = now + offset;
      await countSimulatorCall(env, sport, now).catch((err: unknown) => loggerFor(env).warn("simulator call not counted", err));
      return {
        ok: true,
        value: simulatedFeedBoard(sport, simNow, offset, tunables(env).FAIR_MIN_BOOKS),
        quota: null,
        scores: { value: feedScores(sport, undefined, simNow, offset), fetchedAt: now },
      };
    },
    async fetchEventOdds(sport, eventId, _markets, now): Promise<FeedResult<EventOdds>> {
      const game = gameById(eventId);
      if (!game || game.sport !== sport) return { ok: false, kind: "bad-response", status: 404, message: `no game ${eventId} in ${sport}` };
      const offset = await simOffsetMs(env);
      await countSimulatorCall(env, sport, now).catch((err: unknown) => loggerFor(env).warn("simulator call not counted", err));
      // The simulator quotes every catalogue market of the sport; its books' times are on the simulated clock.
      return { ok: true, value: simEventOdds(game, now + offset), quota: null };
    },
    playerTeams(sport, eventId) {
      const game = gameById(eventId);
      if (!game || game.sport !== sport) return {};
      const teams: Record<string, "home" | "away"> = {};
      for (const player of rosterOf(sport, game.home)) teams[player.id] = "home";
      for (const player of rosterOf(sport, game.away)) teams[player.id] = "away";
      return teams;
    },
    async fetchScores(sport, options, now): Promise<FeedResult<EventScore[]>> {
      const offset = await simOffsetMs(env);
      return { ok: true, value: feedScores(sport, options.daysFrom, now + offset, offset), quota: null };
    },
  };
}
