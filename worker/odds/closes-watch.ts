// Closes of games nobody watches. A bet's closing-line value needs the price desk's last
// board before its game's start, and a prop bet the desk's last props answer, each taken
// within CLOSE_MAX_AGE_MS of the start; the desk records them on its first board after the
// start (src/shared/clv.ts, price-desk/desk-closes.ts). But a desk asks the feed only when
// someone reads the sport's board or opens the game. So each scheduled run, for every game
// with an open bet that starts within CLOSES_WATCH_BEFORE_MS or started within
// CLOSES_WATCH_AFTER_MS on the feed's clock:
//   - before the start, with a prop bet on it, asks the desk for the game's props: the desk
//     answers from its copy when that copy can already be the close, and asks the feed once
//     when it cannot (props-desk.ts `servesUntil`);
//   - asks the sport's desk for its board once: the desk refreshes only a stale board (10
//     minutes before the start, 30 seconds once a game is under way), so it holds a board
//     from the last minutes before the start, and its first board after it records the closes.
// Where readers keep the board fresh this costs no call; where nobody does, a few per start.
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";

/**
 * How far ahead of a start a scheduled run looks: inside the close window (15 minutes),
 * with room for a few runs (every two minutes) to try again after a failed call.
 */
export const CLOSES_WATCH_BEFORE_MS = 10 * 60 * 1000;
/**
 * How long after a start: one or two runs, whose board records the closes. A board that
 * failed then still records them at its next refresh, whoever asks for it.
 */
export const CLOSES_WATCH_AFTER_MS = 3 * 60 * 1000;

const SPORT_PLACEHOLDERS = SPORT_KEYS.map(() => "?").join(", ");

export type WatchedGame = { sport: SportKey; eventId: string; startAt: number; props: boolean };

/** Games with an open leg starting within the watch of `feedNow` (the feed's clock); `props` when one is a prop. */
export async function gamesAwaitingCloses(db: D1Database, feedNow: number): Promise<WatchedGame[]> {
  const { results } = await db
    .prepare(
      `SELECT sport, event_id, MAX(commence_time) AS start_at, MAX(market = 'Prop') AS props FROM bet_legs
        WHERE sport IN (${SPORT_PLACEHOLDERS}) AND result IS NULL AND commence_time > ? AND commence_time <= ?
        GROUP BY sport, event_id ORDER BY sport, event_id`,
    )
    .bind(...SPORT_KEYS, feedNow - CLOSES_WATCH_AFTER_MS, feedNow + CLOSES_WATCH_BEFORE_MS)
    .all<{ sport: SportKey; event_id: string; start_at: number; props: number }>();
  return results.map((r) => ({ sport: r.sport, eventId: r.event_id, startAt: r.start_at, props: r.props === 1 }));
}

/** What the watch asks of a sport's price desk. */
export type WatchedDesk = {
  board(sport: SportKey, now: number): Promise<unknown>;
  props(sport: SportKey, eventId: string, now: number): Promise<unknown>;
};

export type ClosesWatch = { games: number; sports: number; failed: number };

/**
 * Asks the desks at `now` (the Worker's clock; `feedNow` is the feed's) for what the closes
 * of the watched games need. Sports are asked side by side, each its props first and then its
 * board; a call that fails is counted and left to the next run.
 */
export async function watchCloses(db: D1Database, now: number, feedNow: number, desk: WatchedDesk): Promise<ClosesWatch> {
  const games = await gamesAwaitingCloses(db, feedNow);
  const sports = [...new Set(games.map((g) => g.sport))];
  let failed = 0;
  const attempt = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      () => {
        failed += 1;
      },
    );
  await Promise.all(
    sports.map(async (sport) => {
      const propsDue = games.filter((g) => g.sport === sport && g.props && g.startAt > feedNow);
      await Promise.all(propsDue.map((g) => attempt(desk.props(sport, g.eventId, now))));
      await attempt(desk.board(sport, now));
    }),
  );
  return { games: games.length, sports: sports.length, failed };
}
