// Turns The Odds API v4 payloads into the board's Event and the settlement's EventScore.
//
// Bookmaker rule (one per event, all three markets from it, so a spread and a total are
// never stitched from different books): the bookmaker offering the most of h2h /
// spreads / totals wins; ties go to the first in BOOKMAKER_PREFERENCE, then to the
// alphabetically first key. Prices then pass spec §5 validity (locked → null, else
// rounded); the spread's sign follows the moneyline favourite (spec §5); where a draw is
// possible (soccer) the moneyline keeps home/away and adds the Draw outcome as `draw`.
// Every other book's prices are read too, only to compute the fair figures of each
// offered market (src/shared/fair-odds.ts): the board keeps those figures, never the
// books themselves. A market the book does not offer is
// absent, never invented. The chosen book's `last_update` (per bookmaker and per market)
// comes along as the event's book clock, and a scores entry's `last_update` as its
// `updatedAt`: the live rules measure a price's age and time a score change by them.
import { z } from "zod";
import type { MarketKey } from "../../src/shared/live-rules";
import { eventFairFigures, FAIR_MIN_BOOKS_DEFAULT, type BookQuote, type EventQuotes } from "../../src/shared/fair-odds";
import { hasBegun, homeSpreadLine, validPrice } from "../../src/shared/odds";
import type { Event, EventScore } from "../../src/shared/schemas/events";
import { sportByKey, type SportKey } from "../../src/shared/sports";
import { BOOKMAKER_PREFERENCE } from "../../src/shared/bookmakers";
import type { BookClock, FeedEvent } from "./feed-provider";

/** The board's book order (src/shared/bookmakers.ts), kept here for the board's own readers. */
export { BOOKMAKER_PREFERENCE };

const OutcomeSchema = z.object({ name: z.string(), price: z.unknown().optional(), point: z.unknown().optional() });
/** An ISO time the feed may omit or garble: never a reason to refuse the whole payload. */
const FeedTimeSchema = z.unknown().optional();
const MarketSchema = z.object({ key: z.string(), last_update: FeedTimeSchema, outcomes: z.array(OutcomeSchema) });
const BookmakerSchema = z.object({ key: z.string(), last_update: FeedTimeSchema, markets: z.array(MarketSchema) });
export const OddsApiEventSchema = z.object({
  id: z.string(),
  commence_time: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  bookmakers: z.array(BookmakerSchema).default([]),
});
export const OddsApiScoreSchema = z.object({
  id: z.string(),
  commence_time: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  completed: z.boolean(),
  scores: z
    .array(z.object({ name: z.string(), score: z.union([z.string(), z.number()]).nullable() }))
    .nullable()
    .optional(),
  last_update: FeedTimeSchema,
});
export type OddsApiEvent = z.infer<typeof OddsApiEventSchema>;
export type OddsApiScore = z.infer<typeof OddsApiScoreSchema>;
type Bookmaker = z.infer<typeof BookmakerSchema>;
type Outcome = z.infer<typeof OutcomeSchema>;

const MARKET_KEYS = ["h2h", "spreads", "totals"] as const;

function offers(book: Bookmaker, key: string): boolean {
  return book.markets.some((m) => m.key === key && m.outcomes.length > 0);
}

export function chooseBookmaker(books: readonly Bookmaker[]): Bookmaker | null {
  const rank = (key: string) => {
    const i = (BOOKMAKER_PREFERENCE as readonly string[]).indexOf(key);
    return i === -1 ? BOOKMAKER_PREFERENCE.length : i;
  };
  const sorted = [...books].sort((a, b) => {
    const count = (bk: Bookmaker) => MARKET_KEYS.filter((k) => offers(bk, k)).length;
    return count(b) - count(a) || rank(a.key) - rank(b.key) || a.key.localeCompare(b.key);
  });
  const best = sorted[0];
  return best && MARKET_KEYS.some((k) => offers(best, k)) ? best : null;
}

/** A raw price usable to compare implied probabilities (even if locked for betting). */
function comparable(raw: unknown): number | null {
  return typeof raw === "number" && Number.isFinite(raw) && Math.abs(raw) >= 100 ? raw : null;
}

function num(raw: unknown): number | null {
  return typeof raw === "number" && Number.isFinite(raw) ? raw : null;
}

/** A feed time as epoch ms, or null when absent or not a time. */
function feedTime(raw: unknown): number | null {
  if (typeof raw !== "string") return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

const BOOK_MARKETS: Record<string, MarketKey> = { h2h: "moneyline", spreads: "spread", totals: "total" };

/** When the chosen book confirmed itself and each of its markets. */
function bookClockOf(book: Bookmaker): BookClock {
  const markets: Partial<Record<MarketKey, number>> = {};
  for (const market of book.markets) {
    const key = BOOK_MARKETS[market.key];
    const at = feedTime(market.last_update);
    if (key && at !== null) markets[key] = at;
  }
  return { key: book.key, updatedAt: feedTime(book.last_update), markets };
}

function marketOf(book: Bookmaker | null, key: string): Outcome[] | null {
  const market = book?.markets.find((m) => m.key === key);
  return market && market.outcomes.length > 0 ? market.outcomes : null;
}

/** The book clock of the bookmaker normaliseEvent takes an event's prices from, or undefined when it has none. */
export function eventBookClock(raw: OddsApiEvent): BookClock | undefined {
  const book = chooseBookmaker(raw.bookmakers);
  return book ? bookClockOf(book) : undefined;
}

/** The board's Event of one odds payload, with its book's clock (FeedEvent). */
export function normaliseFeedEvent(
  raw: OddsApiEvent,
  sport: SportKey,
  now: number,
  score?: OddsApiScore,
  minBooks: number = FAIR_MIN_BOOKS_DEFAULT,
): FeedEvent {
  const book = eventBookClock(raw);
  return { ...normaliseEvent(raw, sport, now, score, minBooks), ...(book && { book }) };
}

/**
 * Lines the board settles as a win, a loss or a push: whole and half points. A quarter
 * line (a split stake between two lines at some books) is not one of them.
 */
function onHalfPoint(line: number): boolean {
  return Number.isInteger(line * 2);
}

/** A spread's home point as a book quotes it (its home outcome's point, else minus its away one's). */
function homePointOf(outcomes: readonly Outcome[], raw: OddsApiEvent): number | null {
  const home = outcomes.find((o) => o.name === raw.home_team);
  const away = outcomes.find((o) => o.name === raw.away_team);
  return num(home?.point) ?? (num(away?.point) === null ? null : -num(away?.point)!);
}

/** Every book's quotes of the event's three markets, sides in the fair-odds order. */
export function eventQuotes(raw: OddsApiEvent, threeWay: boolean): EventQuotes {
  const quotes: EventQuotes = { moneyline: [], spread: [], total: [] };
  const price = (outcomes: readonly Outcome[], name: string) => num(outcomes.find((o) => o.name === name)?.price);
  for (const book of raw.bookmakers) {
    const h2h = marketOf(book, "h2h");
    if (h2h) {
      const prices = [price(h2h, raw.home_team), price(h2h, raw.away_team), ...(threeWay ? [price(h2h, "Draw")] : [])];
      quotes.moneyline.push({ book: book.key, line: null, pricesAm: prices });
    }
    const spreads = marketOf(book, "spreads");
    if (spreads) {
      const quote: BookQuote = {
        book: book.key,
        line: homePointOf(spreads, raw),
        pricesAm: [price(spreads, raw.home_team), price(spreads, raw.away_team)],
      };
      quotes.spread.push(quote);
    }
    const totals = marketOf(book, "totals");
    if (totals) {
      const over = totals.find((o) => o.name === "Over");
      const under = totals.find((o) => o.name === "Under");
      // Both sides must be quoted at one line to be one market.
      const line = num(over?.point);
      if (line !== null && num(under?.point) === line)
        quotes.total.push({ book: book.key, line, pricesAm: [num(over?.price), num(under?.price)] });
    }
  }
  return quotes;
}

export function normaliseEvent(
  raw: OddsApiEvent,
  sport: SportKey,
  now: number,
  score?: OddsApiScore,
  minBooks: number = FAIR_MIN_BOOKS_DEFAULT,
): Event {
  const book = chooseBookmaker(raw.bookmakers);
  const threeWay = sportByKey(sport).drawPossible;
  const markets: Event["markets"] = {};
  const h2h = marketOf(book, "h2h");
  const mlHomeRaw = h2h?.find((o) => o.name === raw.home_team)?.price;
  const mlAwayRaw = h2h?.find((o) => o.name === raw.away_team)?.price;
  if (h2h) {
    markets.moneyline = { home: validPrice(mlHomeRaw), away: validPrice(mlAwayRaw) };
    if (threeWay) markets.moneyline.draw = validPrice(h2h.find((o) => o.name === "Draw")?.price);
  }

  let spreadQuoteLine: number | null = null;
  const spreads = marketOf(book, "spreads");
  if (spreads) {
    const home = spreads.find((o) => o.name === raw.home_team);
    const away = spreads.find((o) => o.name === raw.away_team);
    const homePoint = homePointOf(spreads, raw);
    spreadQuoteLine = homePoint;
    if (homePoint !== null) {
      const mlHome = comparable(mlHomeRaw);
      const mlAway = comparable(mlAwayRaw);
      const line = mlHome !== null && mlAway !== null ? homeSpreadLine(homePoint, mlHome, mlAway) : homePoint;
      // The favourite rule may show the line the other way round from the book's quote;
      // the book's prices are then of another bet, and one side at the other's price
      // would hand out a sure profit beside the moneyline. Both sides lock instead.
      const awayPoint = num(away?.point);
      const mirrored = awayPoint === null || num(home?.point) === null || num(home?.point) === -awayPoint;
      const priced = line === homePoint && mirrored && onHalfPoint(line);
      markets.spread = { line, home: priced ? validPrice(home?.price) : null, away: priced ? validPrice(away?.price) : null };
    }
  }

  const totals = marketOf(book, "totals");
  if (totals) {
    const over = totals.find((o) => o.name === "Over");
    const under = totals.find((o) => o.name === "Under");
    const overPoint = num(over?.point);
    const underPoint = num(under?.point);
    const line = overPoint ?? underPoint;
    // Over and Under are one market only at one line; a side quoted at another line (or a
    // quarter line, which pays half a win) locks both.
    const oneLine = overPoint === null || underPoint === null || overPoint === underPoint;
    const priced = line !== null && oneLine && onHalfPoint(line);
    if (line !== null)
      markets.total = { line, over: priced ? validPrice(over?.price) : null, under: priced ? validPrice(under?.price) : null };
  }

  const fair = eventFairFigures(markets, eventQuotes(raw, threeWay), minBooks, spreadQuoteLine);
  const startMs = Date.parse(raw.commence_time);
  const live = score ? scoresOf(score) : null;
  // A score means the game has begun, even before its listed start (a kick-off moved earlier).
  const scored = live !== null && live.home !== null && live.away !== null;
  const begun = hasBegun(startMs, now, scored);
  const status: Event["status"] = score?.completed ? "final" : begun ? "live" : "scheduled";
  return {
    eventId: raw.id,
    sport,
    startTime: new Date(startMs).toISOString(),
    home: raw.home_team,
    away: raw.away_team,
    status,
    live:
      status === "scheduled"
        ? null
        : { homeScore: live?.home ?? null, awayScore: live?.away ?? null, periodLabel: status === "final" ? "Final" : null, clock: null },
    markets,
    ...(fair && { fair }),
  };
}

function parseScore(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number.parseInt(value, 10);
  return Number.isInteger(n) ? n : null;
}

function scoresOf(score: OddsApiScore): { home: number | null; away: number | null } {
  const find = (name: string) => parseScore(score.scores?.find((s) => s.name === name)?.score);
  return { home: find(score.home_team), away: find(score.away_team) };
}

export function normaliseScore(raw: OddsApiScore, sport: SportKey): EventScore {
  const s = scoresOf(raw);
  const updatedAt = feedTime(raw.last_update);
  return {
    ...(updatedAt !== null && { updatedAt }),
    eventId: raw.id,
    sport,
    startTime: new Date(Date.parse(raw.commence_time)).toISOString(),
    home: raw.home_team,
    away: raw.away_team,
    completed: raw.completed,
    homeScore: s.home,
    awayScore: s.away,
  };
}
