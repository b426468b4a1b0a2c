// The players' markets' close of games nobody opens. A prop bet's closing-line value needs
// the price desk's last props answer from the CLOSE_MAX_AGE_MS before its game's start
// (src/shared/clv.ts), but the desk asks the feed for a game's props only when someone
// opens the game. So each scheduled run asks the sport's desk for the props of every game
// with an open prop bet that starts within PROPS_CLOSE_WATCH_MS on the feed's clock. The
// desk keeps answering from its copy when that copy can already be the close, and asks the
// feed once when it cannot (props-desk.ts `servesUntil`): a game with prop bets costs at
// most one call more, under the props guard like every other.
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import type { PropsAnswer } from "./price-desk/props-desk";

/**
 * How far ahead of a start a scheduled run looks: inside the close window (15 minutes),
 * with room for a few runs (every two minutes) to try again after a failed call.
 */
export const PROPS_CLOSE_WATCH_MS = 10 * 60 * 1000;

const SPORT_PLACEHOLDERS = SPORT_KEYS.map(() => "?").join(", ");

export type WatchedGame = { sport: SportKey; eventId: string };

/** Games with an open prop leg that start after `feedNow` and within PROPS_CLOSE_WATCH_MS of it (the feed's clock). */
export async function gamesAwaitingPropsClose(db: D1Database, feedNow: number): Promise<WatchedGame[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT sport, event_id FROM bet_legs
        WHERE sport IN (${SPORT_PLACEHOLDERS}) AND result IS NULL AND commence_time > ? AND commence_time <= ? AND market = 'Prop'
        ORDER BY sport, event_id`,
    )
    .bind(...SPORT_KEYS, feedNow, feedNow + PROPS_CLOSE_WATCH_MS)
    .all<{ sport: SportKey; event_id: string }>();
  return results.map((r) => ({ sport: r.sport, eventId: r.event_id }));
}

export type PropsCloseWatch = { games: number; failed: number };

/**
 * Asks each watched game's desk for its props at `now` (the Worker's clock), so the desk
 * holds an answer its close can be read from when the game starts. A desk that fails is
 * counted and left to the next run.
 */
export async function watchPropsCloses(
  db: D1Database,
  now: number,
  feedNow: number,
  propsOf: (sport: SportKey, eventId: string, now: number) => Promise<PropsAnswer>,
): Promise<PropsCloseWatch> {
  const games = await gamesAwaitingPropsClose(db, feedNow);
  const asked = await Promise.allSettled(games.map((g) => propsOf(g.sport, g.eventId, now)));
  return { games: games.length, failed: asked.filter((a) => a.status === "rejected").length };
}
