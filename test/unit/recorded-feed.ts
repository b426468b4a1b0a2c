// The real recorded The Odds API events of test/fixtures/odds-api (see its README for where
// each came from) as the board shows them an hour before each start: the offered book's
// prices at its lines, and the fair figures from every book (recorded-boards.json, which
// test/worker/recorded-feed-boards.test.ts keeps equal to what the Worker's normaliser makes).
import boards from "../fixtures/odds-api/recorded-boards.json";
import type { Event } from "../../src/shared/schemas/events";

export type RecordedEvent = { name: string; event: Event };

/** Each recorded game, its fair figures counted over at least `minBooks` books (the board's 5, or 3). */
export function recordedEvents(minBooks: 5 | 3 = 5): RecordedEvent[] {
  const board = boards.boards.find((b) => b.minBooks === minBooks);
  if (!board) throw new Error(`no recorded board at ${minBooks} books`);
  return (board.events as Event[]).map((event) => ({ name: `${event.away} @ ${event.home}`, event }));
}
