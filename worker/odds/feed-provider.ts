// One interface for every odds-and-scores feed: The Odds API v4 when ODDS_API_KEY is
// set, the embedded simulator otherwise (development only). Failures are values, so a
// feed outage never becomes a 5xx of ours.
import type { MarketKey } from "../../src/shared/live-rules";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import type { Event, EventScore } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";

export type FeedQuota = { remaining: number | null; used: number | null; last: number | null };

export type FeedFailure = {
  ok: false;
  kind: "unauthorized" | "out-of-credits" | "rate-limited" | "unavailable" | "bad-response" | "not-mapped";
  status: number | null;
  message: string;
};

export type FeedResult<T> = { ok: true; value: T; quota: FeedQuota | null } | FeedFailure;

/**
 * The bookmaker whose prices an event shows and when it last confirmed them (The Odds
 * API's per-bookmaker and per-market `last_update`, epoch ms on the Worker's clock): the
 * book's clock that a live price's age is measured on. A market without its own time
 * takes the bookmaker's.
 */
export type BookClock = { key: string; updatedAt: number | null; markets: Partial<Record<MarketKey, number>> };

/** A board event as a feed answers it: the board's Event plus its book's clock. */
export type FeedEvent = Event & { book?: BookClock };

/** The board of one sport: its events, and the scores read with them when the feed read any. */
export type OddsResult =
  | { ok: true; value: FeedEvent[]; quota: FeedQuota | null; scores?: { value: EventScore[]; fetchedAt: number } }
  | FeedFailure;

export interface OddsFeedProvider {
  readonly name: "the-odds-api" | "simulator";
  /** Whether this feed carries the sport at all (unmapped sports show 'Coming soon'). */
  isMapped(sport: SportKey): boolean;
  fetchOdds(sport: SportKey, now: number): Promise<OddsResult>;
  /** Live and recently finished games; `daysFrom` (1–3) asks for finals of past days. */
  fetchScores(sport: SportKey, options: { daysFrom?: number }, now: number): Promise<FeedResult<EventScore[]>>;
  /**
   * One game's players' markets as The Odds API's per-event odds endpoint answers them
   * (`markets`: the catalogue's keys of the sport, src/shared/props/catalogue.ts). Costs
   * markets returned × regions credits on the real feed; pre-match only. A feed without
   * players' markets (a test's scripted feed) leaves it out, and no props are offered.
   */
  /**
   * Which team each of a game's players is on (player id → home or away), where the feed
   * knows it: the simulator's rosters. The real feed names players only; their team is then
   * unknown, and an anytime goalscorer cannot join a same-game parlay.
   */
  playerTeams?(sport: SportKey, eventId: string): Readonly<Record<string, "home" | "away">>;
  fetchEventOdds?(sport: SportKey, eventId: string, markets: readonly string[], now: number): Promise<FeedResult<EventOdds>>;
}

/** When the book last confirmed one market of an event (its own time, else its bookmaker's); undefined when the feed does not say. */
export function bookUpdatedAt(event: FeedEvent, market: MarketKey): number | undefined {
  const book = event.book;
  if (!book) return undefined;
  return book.markets[market] ?? book.updatedAt ?? undefined;
}

/** What routes that read the feed take from outside: the feed to use (tests pass a scripted one); the configured one (getFeedProvider) when absent. */
export type FeedDeps = { feed?: (env: Env) => OddsFeedProvider | null };
