// Glass-box pricing: the fair price of a market (what it would cost with no house margin)
// from many bookmakers' prices, and how much margin an offered price carries against it.
// Pure, so the feed normalisation and the simulator (Worker) compute the figures the board
// carries, and the betslip and the cash-out quote (SPA and Worker) read them the same way.
//
// Method (docs/rules.md "Fair odds"):
// 1. Each book's market is de-vigged multiplicatively: every side's implied probability
//    1/d is divided by the book's sum over all sides (its overround), so its sides sum to 1.
// 2. Per side, the median of those probabilities over every book quoting the same line
//    (the offered line for spreads and totals), and only when at least `minBooks` books
//    do; fewer gives no fair price at all. Books sharing one odds feed (SHARED_FEEDS in
//    src/shared/bookmakers.ts) count as one book, their first quote of the line. The medians of the sides need not sum to
//    exactly 1; each is the middle opinion of the market on that side.
// 3. A leg's margin = 1 − p_fair × d_offered (the share of the stake the house expects to
//    keep); a parlay's = 1 − Π p_fair,i × d_i.
import { feedOf } from "./bookmakers";
import { americanToDecimal, decimalOdds, decimalToAmerican } from "./odds";
import type { Event, FairFigures, FairSide } from "./schemas/events";

/** One bookmaker's prices for one market: its line (null for the moneyline) and an American price per side, in a fixed side order. */
export type BookQuote = { book: string; line: number | null; pricesAm: readonly (number | null)[] };

/** Probabilities are kept to this many decimals (a millionth), margins to four: enough to price cents. */
const PROBABILITY_DECIMALS = 6;
const MARGIN_DECIMALS = 4;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A usable American price to read a probability from (any real price, even one the board would lock). */
function usable(priceAm: number | null): priceAm is number {
  return typeof priceAm === "number" && Number.isFinite(priceAm) && Math.abs(priceAm) >= 100;
}

/** One book's prices de-vigged multiplicatively (each 1/d over their sum); null when a side has no usable price. */
export function devigMultiplicative(pricesAm: readonly (number | null)[]): number[] | null {
  if (pricesAm.length < 2 || !pricesAm.every(usable)) return null;
  const implied = (pricesAm as number[]).map((p) => 1 / americanToDecimal(p));
  const overround = implied.reduce((sum, q) => sum + q, 0);
  return implied.map((q) => q / overround);
}

/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The fair probability of each side of a market: each book quoting `line` de-vigged, then
 * the median per side. Null when fewer than `minBooks` books quote that line with every
 * side priced. A book listed twice counts once (its first quote), and so do the books of
 * one shared feed (feedOf: the first of them quoting the line); `books` counts them so.
 */
export function fairProbabilities(
  quotes: readonly BookQuote[],
  line: number | null,
  sides: number,
  minBooks: number,
): { probabilities: number[]; books: number } | null {
  const seen = new Set<string>();
  const devigged: number[][] = [];
  for (const quote of quotes) {
    const source = feedOf(quote.book);
    if (seen.has(source) || quote.line !== line || quote.pricesAm.length !== sides) continue;
    const fair = devigMultiplicative(quote.pricesAm);
    if (!fair) continue;
    seen.add(source);
    devigged.push(fair);
  }
  if (devigged.length < Math.max(1, minBooks)) return null;
  const probabilities = Array.from({ length: sides }, (_, i) => round(median(devigged.map((d) => d[i]!)), PROBABILITY_DECIMALS));
  return { probabilities, books: devigged.length };
}

/** The margin an offered price carries against a fair probability: 1 − p × d (positive = the house's edge). */
export function legMargin(pFair: number, priceAm: number): number {
  return round(1 - pFair * decimalOdds(priceAm), MARGIN_DECIMALS);
}

/** A parlay's margin: 1 − Π p_fair,i × d_i over its legs; null when any leg has no fair price. */
export function parlayMargin(legs: readonly { pFair: number | null; priceAm: number }[]): number | null {
  if (legs.length === 0 || legs.some((l) => l.pFair === null)) return null;
  const expected = legs.reduce((product, leg) => product * leg.pFair! * decimalOdds(leg.priceAm), 1);
  return round(1 - expected, MARGIN_DECIMALS);
}

/** The fair price of a probability as an American price (what a no-margin book would offer), or null when it is not a price. */
export function fairAmerican(pFair: number): number | null {
  return pFair > 0 && pFair < 1 ? decimalToAmerican(1 / pFair) : null;
}

/** A margin as players read it: "4.5%", "−1.2%" (a price better than fair). */
export function formatMargin(margin: number): string {
  const percent = (margin * 100).toFixed(1);
  return margin < 0 ? `−${percent.slice(1)}%` : `${percent}%`;
}

/** The fewest books that must quote a line before its fair price is shown (the FAIR_MIN_BOOKS tunable's default). */
export const FAIR_MIN_BOOKS_DEFAULT = 5;

/**
 * Every book's quotes of one event, per market: the moneyline's sides are home, away (and
 * draw where a draw is possible), the spread's home, away at the home team's point, the
 * total's over, under at its line.
 */
export type EventQuotes = { moneyline: BookQuote[]; spread: BookQuote[]; total: BookQuote[] };

function side(p: number, offeredAm: number | null | undefined): FairSide {
  return { p, margin: typeof offeredAm === "number" ? legMargin(p, offeredAm) : null };
}

/**
 * The fair figures of an event's offered markets from every book's quotes. `spreadQuoteLine`
 * is the home point the offered spread was quoted at (the board may show the line the
 * other way round when the moneyline favourite disagrees; then the books' prices are of
 * another bet, and the spread gets no fair price). Absent markets and lines quoted by
 * fewer than `minBooks` books get none. Undefined when no market has one.
 */
export function eventFairFigures(
  markets: Event["markets"],
  quotes: EventQuotes,
  minBooks: number,
  spreadQuoteLine: number | null = markets.spread?.line ?? null,
): FairFigures | undefined {
  const fair: FairFigures = {};
  const { moneyline, spread, total } = markets;
  if (moneyline) {
    const threeWay = moneyline.draw !== undefined;
    const found = fairProbabilities(quotes.moneyline, null, threeWay ? 3 : 2, minBooks);
    if (found) {
      const [home, away, draw] = found.probabilities as [number, number, number?];
      fair.moneyline = {
        books: found.books,
        home: side(home, moneyline.home),
        away: side(away, moneyline.away),
        ...(threeWay && draw !== undefined && { draw: side(draw, moneyline.draw) }),
      };
    }
  }
  if (spread && spread.line !== null && spreadQuoteLine === spread.line) {
    const found = fairProbabilities(quotes.spread, spread.line, 2, minBooks);
    if (found) {
      const [home, away] = found.probabilities as [number, number];
      fair.spread = { books: found.books, line: spread.line, home: side(home, spread.home), away: side(away, spread.away) };
    }
  }
  if (total && total.line !== null) {
    const found = fairProbabilities(quotes.total, total.line, 2, minBooks);
    if (found) {
      const [over, under] = found.probabilities as [number, number];
      fair.total = { books: found.books, line: total.line, over: side(over, total.over), under: side(under, total.under) };
    }
  }
  return Object.keys(fair).length > 0 ? fair : undefined;
}

/**
 * The fair figures of one pick's side on an event, at the line it is offered at now, or
 * null when the market has none (too few books, another line, or no such side).
 */
export function fairSideOf(
  event: Pick<Event, "fair" | "markets">,
  pick: {
    market: "Moneyline" | "Spread" | "Total" | "Prop";
    side: "Home" | "Away" | "Over" | "Under" | "Draw" | "Yes";
    line: number | null;
  },
): FairSide | null {
  const fair = event.fair;
  // A player's market has its fair figures on the game's props, not the board.
  if (!fair || pick.market === "Prop") return null;
  if (pick.market === "Moneyline") {
    const sides = fair.moneyline;
    if (!sides) return null;
    return pick.side === "Home" ? sides.home : pick.side === "Away" ? sides.away : pick.side === "Draw" ? (sides.draw ?? null) : null;
  }
  if (pick.market === "Spread") {
    const spread = fair.spread;
    if (!spread || pick.line === null) return null;
    if (pick.side === "Home" && pick.line === spread.line) return spread.home;
    if (pick.side === "Away" && pick.line === (spread.line === 0 ? 0 : -spread.line)) return spread.away;
    return null;
  }
  const total = fair.total;
  if (!total || pick.line !== total.line) return null;
  return pick.side === "Over" ? total.over : pick.side === "Under" ? total.under : null;
}
