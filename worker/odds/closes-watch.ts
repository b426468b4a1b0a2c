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
// Finding them costs one index probe per sport and a read of the open prop legs about to
// start (their own partial index), never a scan of every open leg: at a Sunday kickoff those
// are most of a day's bets.
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

/** Sports with an open bet on a game in the watch of `feedNow` (the feed's clock): one index probe per sport. */
export async function sportsAwaitingCloses(db: D1Database, feedNow: number): Promise<SportKey[]> {
  const { results } = await db
    .prepare(
      `SELECT s.value AS sport FROM json_each(?1) s
        WHERE EXISTS (SELECT 1 FROM bet_legs l WHERE l.sport = s.value AND l.result IS NULL AND l.commence_time > ?2 AND l.commence_time <= ?3)`,
    )
    .bind(JSON.stringify(SPORT_KEYS), feedNow - CLOSES_WATCH_AFTER_MS, feedNow + CLOSES_WATCH_BEFORE_MS)
    .all<{ sport: SportKey }>();
  return results.map((r) => r.sport);
}

/** Games with an open prop bet starting after `feedNow` and within CLOSES_WATCH_BEFORE_MS of it (the open-props index, migration 0046). */
export async function gamesAwaitingPropsClose(db: D1Database, feedNow: number): Promise<{ sport: SportKey; eventId: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT sport, event_id FROM bet_legs
        WHERE market = 'Prop' AND result IS NULL AND commence_time > ? AND commence_time <= ?
        ORDER BY sport, event_id`,
    )
    .bind(feedNow, feedNow + CLOSES_WATCH_BEFORE_MS)
    .all<{ sport: SportKey; event_id: string }>();
  return results.map((r) => ({ sport: r.sport, eventId: r.event_id }));
}

/** What the watch asks of a sport's price desk. */
export type WatchedDesk = {
  board(sport: SportKey, now: number): Promise<unknown>;
  props(sport: SportKey, eventId: string, now: number): Promise<unknown>;
};

export type ClosesWatch = { sports: number; propGames: number; failed: number };

/**
 * Asks the desks at `now` (the Worker's clock; `feedNow` is the feed's) for what the closes
 * of the watched games need. Sports are asked side by side, each its props first and then its
 * board; a call that fails is counted and left to the next run.
 */
export async function watchCloses(db: D1Database, now: number, feedNow: number, desk: WatchedDesk): Promise<ClosesWatch> {
  const [sports, propGames] = await Promise.all([sportsAwaitingCloses(db, feedNow), gamesAwaitingPropsClose(db, feedNow)]);
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
      const due = propGames.filter((g) => g.sport === sport);
      await Promise.all(due.map((g) => attempt(desk.props(sport, g.eventId, now))));
      await attempt(desk.board(sport, now));
    }),
  );
  return { sports: sports.length, propGames: propGames.length, failed };
}
