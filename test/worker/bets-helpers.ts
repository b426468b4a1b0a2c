// Helpers for the bets tests: real events from the odds simulator (through the same
// board reader the Worker prices bets with), picks built from them, and placing a slip.
import { env } from "cloudflare:workers";
import type { Market, PlaceBetPick, PlaceBetRequest, Side } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { isUnderway } from "../../src/shared/live-rules";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import { currentPrice } from "../../worker/bets/price-slip";
import { loadEvents } from "../../worker/odds/odds-service";
import { postJson } from "./helpers";

/** Every market and side a board card offers. */
export const PICK_SIDES: readonly [Market, Side][] = [
  ["Moneyline", "Home"],
  ["Moneyline", "Away"],
  ["Spread", "Home"],
  ["Spread", "Away"],
  ["Total", "Over"],
  ["Total", "Under"],
];

/**
 * Events whose every market and side is open right now, across the simulator's sports:
 * games that have not started first (a live leg may be suspended by a score change while
 * a test places it), games under way only when there are not enough of those.
 */
export async function openEvents(min = 3): Promise<Event[]> {
  const upcoming: Event[] = [];
  const underway: Event[] = [];
  for (const sport of SPORT_KEYS) {
    let board: { events: Event[]; feedNow: number };
    try {
      board = await loadEvents(env, sport as SportKey, Date.now());
    } catch {
      continue;
    }
    for (const event of board.events) {
      if (!PICK_SIDES.every(([market, side]) => !currentPrice(event, { eventId: event.eventId, market, side }).locked)) continue;
      (isUnderway(event, board.feedNow) ? underway : upcoming).push(event);
    }
    if (upcoming.length >= min) return upcoming;
  }
  const found = [...upcoming, ...underway];
  if (found.length >= min) return found;
  throw new Error(`the simulator offered only ${found.length} fully open events`);
}

export function pickOf(event: Event, market: Market, side: Side): PlaceBetPick {
  const price = currentPrice(event, { eventId: event.eventId, market, side });
  if (price.locked || price.priceAm === null) throw new Error("locked pick");
  return { eventId: event.eventId, league: event.sport, market, side, line: price.line, priceAm: price.priceAm };
}

export function placeBet(token: string, body: PlaceBetRequest | Record<string, unknown>, key: string | null = crypto.randomUUID()) {
  return postJson("/api/placeBet", body, token, key === null ? {} : { "Idempotency-Key": key });
}
