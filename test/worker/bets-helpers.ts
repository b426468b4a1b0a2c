// Helpers for the bets tests: real events from the odds simulator (through the same
// board reader the Worker prices bets with), picks built from them, and placing a slip.
import { env } from "cloudflare:workers";
import type { Market, PlaceBetPick, PlaceBetRequest, PriceChangedDetails, Side } from "../../src/shared/schemas/bets";
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

/**
 * Places a slip as the app does. A Vantage Cash slip is priced on a board fetched within
 * PREMATCH_CASH_PRICE_MAX_AGE_SECONDS, so on a busy machine the board the test read its picks
 * from may be refetched first, and the simulator's prices may have moved meanwhile: like the
 * betslip, the player then accepts the server's new prices once (the same lines, nothing
 * locked). Coins slips, and anything else the server answers, come back as they are.
 */
export async function placeBet(token: string, body: PlaceBetRequest | Record<string, unknown>, key: string | null = crypto.randomUUID()) {
  const post = (slip: unknown) => postJson("/api/placeBet", slip, token, key === null ? {} : { "Idempotency-Key": key });
  const res = await post(body);
  if (res.status !== 409 || (body as { wallet?: unknown }).wallet !== "cash") return res;
  const moved = (await res.clone().json()) as { error: { code: string; details?: PriceChangedDetails } };
  const picks = (body as { picks?: PlaceBetPick[] }).picks;
  const current = moved.error.details?.picks;
  if (moved.error.code !== "price-changed" || !picks || !current || current.length !== picks.length) return res;
  const again = picks.map((pick, i) => ({ pick, now: current[i]! }));
  if (again.some(({ pick, now }) => now.locked || now.priceAm === null || now.line !== pick.line)) return res;
  const sameGame = moved.error.details?.sameGame;
  if (sameGame?.some((block) => block.priceAm === null)) return res;
  return post({
    ...body,
    picks: again.map(({ pick, now }) => ({ ...pick, priceAm: now.priceAm })),
    ...(sameGame && { sameGame: sameGame.map(({ eventId, priceAm }) => ({ eventId, priceAm })) }),
  });
}
