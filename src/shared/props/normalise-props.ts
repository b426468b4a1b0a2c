// The props Vantage offers on one game, from The Odds API's per-event odds answer: which
// (player, market, line) to offer, at which book's prices, with the glass-box fair figures
// the board carries (src/shared/fair-odds.ts). Pure: the Worker passes in the payload, the
// sport, the operator's name map and the board's bookmaker preference.
//
// Rules (docs/rules.md "Player props"):
// - Only the sport's catalogue markets (catalogue.ts) are read; every other market is ignored.
//   An over/under outcome names the player in `description` and the line in `point`; a yes
//   market has "Yes" (and maybe "No") outcomes naming the player in `description`, or in
//   some books' answers one outcome per player with the name in `name` and no description.
//   Names are resolved by player-names.ts, and a player is shown by the spelling (after the
//   name map) most of the event's quotes use. A book listed twice counts once (its first entry).
// - Books sharing one odds feed (SHARED_FEEDS in src/shared/bookmakers.ts: Unibet and
//   BetRivers, both Kambi's prices) count as one book wherever books are counted or a median
//   is taken below: the first of them the answer lists that quotes the line (or the Yes).
// - Over/under: one prop per (player, market, line) when at least `minBooks` books quote both
//   sides at exactly that line. Each such book is de-vigged multiplicatively and the median is
//   taken per side (fairProbabilities, as the board does).
// - Yes: one prop per (player, market) when at least `minBooks` books quote the player's Yes.
//   A book quoting Yes and No de-vigs the pair. A book quoting only Yes (usual for anytime
//   scorer) has its implied probability divided by its own overround: the median, over that
//   book's two-sided players' markets in this event (over/under pairs and Yes/No pairs), of
//   the sum of the two implied probabilities — what multiplicative de-vigging would divide
//   by had the book quoted No at its usual margin. A book with no two-sided players' market
//   in the event uses YES_ONLY_DEFAULT_OVERROUND, the standard -110/-110 pair's (≈ 4.76%). An
//   overround below 1 counts as 1. The fair Yes is the median over the books.
// - Offered prices come from one book per prop, picked like the board: first in the board's
//   bookmaker preference, then (for books outside it) the book quoting the most props in the
//   event, then by key. It must quote the prop's line (both sides for an over/under, Yes for a
//   yes market). Prices pass validPrice (src/shared/odds.ts): a locked price is null and its
//   margin null, while its fair figures stand.
// - No side better than fair, and no sure profit across one player's market's lines
//   (prop-lock.ts): a side whose price implies less than its fair chance is locked, and so is
//   a side that with another line's side of the same player's market would win on every
//   outcome, the main line's sides kept first.
// - A market's line that is the same event as another market's (catalogue `sameEventAs`:
//   total bases 0.5 is hits 0.5) is left out where that market is offered for the player.
// - A prop's id is `${eventId}:${playerId}:${marketKey}:${line ?? "yes"}`. Props sort by player
//   name, then catalogue order, then line. mainLineProps keeps one line per (player, market).
import { feedOf } from "../bookmakers";
import { devigMultiplicative, fairProbabilities, legMargin, median } from "../fair-odds";
import { impliedProbability, validPrice } from "../odds";
import type { EventOdds, EventOddsOutcome } from "../schemas/event-odds";
import type { FairSide } from "../schemas/events";
import type { Prop } from "../schemas/props";
import type { SportKey } from "../sports";
import { PROP_MARKETS, type PropMarketInfo, propMarket } from "./catalogue";
import { type PlayerNameMap, type ResolvedPlayer, resolvePlayer } from "./player-names";
import { lockProps } from "./prop-lock";

export type { PlayerNameMap } from "./player-names";

export type NormalisePropsOptions = {
  sport: SportKey;
  eventId: string;
  /** The fewest books that must quote a line (or a player's Yes) for it to be offered. */
  minBooks: number;
  nameMap: PlayerNameMap;
  /** The bookmaker preference, best first (src/shared/bookmakers.ts, as the board uses it). */
  bookPreference: readonly string[];
  /** Which side a player plays for, when the caller knows. */
  teamOf?: (playerId: string) => "home" | "away" | null;
};

/** The overround assumed for a book quoting only Yes with no two-sided players' market in the event: a -110/-110 pair's. */
export const YES_ONLY_DEFAULT_OVERROUND = 2 * impliedProbability(-110);

/** Fair probabilities are kept to a millionth, as src/shared/fair-odds.ts keeps them. */
const PROBABILITY_DECIMALS = 6;

/**
 * One book's quote of one player's market at one line (null for a yes market): its raw
 * American prices of Over (or Yes) and Under (or No), null where it quotes no such side.
 */
type BookPropQuote = {
  book: string;
  player: ResolvedPlayer;
  market: PropMarketInfo;
  line: number | null;
  over: number | null;
  under: number | null;
};

/** One outcome read as a side of a player's market, or null when it is not one. */
type OutcomeSide = { playerName: string; side: "over" | "under"; line: number | null };

function outcomeSide(outcome: EventOddsOutcome, market: PropMarketInfo): OutcomeSide | null {
  const name = outcome.name.trim().toLowerCase();
  const description = outcome.description?.trim();
  if (market.kind === "over-under") {
    const line = outcome.point;
    if (!description || line === undefined || !Number.isFinite(line)) return null;
    if (name === "over") return { playerName: description, side: "over", line };
    if (name === "under") return { playerName: description, side: "under", line };
    return null;
  }
  if (description) {
    if (name === "yes") return { playerName: description, side: "over", line: null };
    if (name === "no") return { playerName: description, side: "under", line: null };
    return null;
  }
  // The variant without a description: the outcome's name is the player, and it is a Yes.
  if (name === "" || name === "yes" || name === "no" || name === "over" || name === "under") return null;
  return { playerName: outcome.name, side: "over", line: null };
}

/** Every book's quotes of the sport's catalogue markets, one per (book, player, market, line). */
function bookPropQuotes(odds: EventOdds, sport: SportKey, nameMap: PlayerNameMap): BookPropQuote[] {
  const quotes = new Map<string, BookPropQuote>();
  const players = new Map<string, ResolvedPlayer>();
  const seenBooks = new Set<string>();
  for (const bookmaker of odds.bookmakers) {
    if (seenBooks.has(bookmaker.key)) continue;
    seenBooks.add(bookmaker.key);
    for (const feedMarket of bookmaker.markets) {
      const market = propMarket(sport, feedMarket.key);
      if (!market) continue;
      for (const outcome of feedMarket.outcomes) {
        const read = outcomeSide(outcome, market);
        if (!read) continue;
        let player = players.get(read.playerName);
        if (!player) {
          player = resolvePlayer(read.playerName, nameMap);
          players.set(read.playerName, player);
        }
        if (player.id === "") continue;
        const key = [bookmaker.key, player.id, market.key, read.line].join("\u0000");
        const quote = quotes.get(key) ?? { book: bookmaker.key, player, market, line: read.line, over: null, under: null };
        // A side quoted twice keeps its first price.
        if (quote[read.side] === null) quote[read.side] = outcome.price;
        quotes.set(key, quote);
      }
    }
  }
  return [...quotes.values()];
}

/** A price fair-odds.ts would read a probability from: every real American price, even one the board would lock. */
function readable(priceAm: number | null): priceAm is number {
  return priceAm !== null && Number.isFinite(priceAm) && Math.abs(priceAm) >= 100;
}

/** Each book's overround on its two-sided players' markets in the event (the median over them), where it has such markets. */
function bookOverrounds(quotes: readonly BookPropQuote[]): Map<string, number> {
  const sums = new Map<string, number[]>();
  for (const quote of quotes) {
    if (!readable(quote.over) || !readable(quote.under)) continue;
    const list = sums.get(quote.book) ?? [];
    list.push(impliedProbability(quote.over) + impliedProbability(quote.under));
    sums.set(quote.book, list);
  }
  return new Map([...sums].map(([book, list]) => [book, median(list)]));
}

/** One book's fair probability of a player's Yes, by the two-sided or the one-sided rule; null when its Yes is unreadable. */
function fairYesOfBook(quote: BookPropQuote, overrounds: ReadonlyMap<string, number>): number | null {
  const pair = devigMultiplicative([quote.over, quote.under]);
  if (pair) return pair[0]!;
  if (!readable(quote.over)) return null;
  const overround = Math.max(1, overrounds.get(quote.book) ?? YES_ONLY_DEFAULT_OVERROUND);
  return impliedProbability(quote.over) / overround;
}

const roundProbability = (p: number) => Math.round(p * 10 ** PROBABILITY_DECIMALS) / 10 ** PROBABILITY_DECIMALS;

/** A side's fair figures against the offered price, or null when `p` is not a probability the wire can carry. */
function fairSide(p: number, offeredAm: number | null): FairSide | null {
  if (!(p > 0 && p < 1)) return null;
  return { p, margin: offeredAm === null ? null : legMargin(p, offeredAm) };
}

/** Puts the board's way of choosing a book in order: preference, then most props quoted in the event, then key. */
function byOfferOrder(bookPreference: readonly string[], propsQuoted: ReadonlyMap<string, number>) {
  const rank = (book: string) => {
    const i = bookPreference.indexOf(book);
    return i === -1 ? bookPreference.length : i;
  };
  return (a: BookPropQuote, b: BookPropQuote) =>
    rank(a.book) - rank(b.book) || (propsQuoted.get(b.book) ?? 0) - (propsQuoted.get(a.book) ?? 0) || a.book.localeCompare(b.book);
}

/** One player's market at one line with every book quoting it. */
type PropQuotes = { player: ResolvedPlayer; market: PropMarketInfo; line: number | null; quotes: BookPropQuote[] };

function groupedByProp(quotes: readonly BookPropQuote[]): PropQuotes[] {
  const groups = new Map<string, PropQuotes>();
  for (const quote of quotes) {
    const key = [quote.player.id, quote.market.key, quote.line].join("\u0000");
    const group = groups.get(key) ?? { player: quote.player, market: quote.market, line: quote.line, quotes: [] };
    group.quotes.push(quote);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The name shown for each player id: the spelling (after the name map) most of the event's
 * quotes use, ties to the alphabetically first, so one player reads the same on every prop.
 */
function shownNames(quotes: readonly BookPropQuote[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const { player } of quotes) {
    const spellings = counts.get(player.id) ?? new Map<string, number>();
    spellings.set(player.name, (spellings.get(player.name) ?? 0) + 1);
    counts.set(player.id, spellings);
  }
  const names = new Map<string, string>();
  for (const [id, spellings] of counts) {
    const [best] = [...spellings].sort(([a, na], [b, nb]) => nb - na || a.localeCompare(b));
    names.set(id, best![0]);
  }
  return names;
}

/**
 * Drops a prop that is the same event as another market's prop of the same player at the
 * same line (catalogue `sameEventAs`: a total-bases 0.5 beside a hits 0.5). Priced from
 * different books, Under one and Over the other could cover every outcome for less than
 * they pay: the player keeps the other market's prop.
 */
function withoutSameEvents(props: Prop[], sport: SportKey): Prop[] {
  const offered = new Set(props.map((p) => `${p.player.id}\u0000${p.marketKey}\u0000${p.line}`));
  return props.filter((p) => {
    const same = propMarket(sport, p.marketKey)?.sameEventAs ?? [];
    return !same.some((s) => s.line === p.line && offered.has(`${p.player.id}\u0000${s.marketKey}\u0000${p.line}`));
  });
}

/** The props of one game (see this file's header for every rule). */
export function normaliseProps(odds: EventOdds, opts: NormalisePropsOptions): Prop[] {
  const quotes = bookPropQuotes(odds, opts.sport, opts.nameMap);
  const propsQuoted = new Map<string, number>();
  for (const quote of quotes) propsQuoted.set(quote.book, (propsQuoted.get(quote.book) ?? 0) + 1);
  const offerOrder = byOfferOrder(opts.bookPreference, propsQuoted);
  const overrounds = bookOverrounds(quotes);
  const names = shownNames(quotes);
  const minBooks = Math.max(1, opts.minBooks);

  const props: Prop[] = [];
  for (const { player, market, line, quotes: lineQuotes } of groupedByProp(quotes)) {
    const base = {
      propId: `${opts.eventId}:${player.id}:${market.key}:${line ?? "yes"}`,
      eventId: opts.eventId,
      sport: opts.sport,
      marketKey: market.key,
      kind: market.kind,
      player: { id: player.id, name: names.get(player.id) ?? player.name, team: opts.teamOf?.(player.id) ?? null },
      line,
    };
    if (market.kind === "over-under") {
      const found = fairProbabilities(
        lineQuotes.map((q) => ({ book: q.book, line: q.line, pricesAm: [q.over, q.under] })),
        line,
        2,
        minBooks,
      );
      if (!found) continue;
      // fairProbabilities found at least one book quoting both sides, so there is a book to offer.
      const offered = lineQuotes.filter((q) => q.over !== null && q.under !== null).sort(offerOrder)[0]!;
      const prices = { over: validPrice(offered.over), under: validPrice(offered.under) };
      const over = fairSide(found.probabilities[0]!, prices.over);
      const under = fairSide(found.probabilities[1]!, prices.under);
      if (!over || !under) continue;
      props.push({ ...base, prices, fair: { books: found.books, over, under } });
    } else {
      // One Yes per feed: the books of one shared feed count once (their first readable Yes).
      const feeds = new Set<string>();
      const fairYes: number[] = [];
      for (const quote of lineQuotes) {
        const p = fairYesOfBook(quote, overrounds);
        if (p === null || feeds.has(feedOf(quote.book))) continue;
        feeds.add(feedOf(quote.book));
        fairYes.push(p);
      }
      if (fairYes.length < minBooks) continue;
      // At least one book quotes a readable Yes, so there is a book to offer.
      const offered = lineQuotes.filter((q) => q.over !== null).sort(offerOrder)[0]!;
      const prices = { over: validPrice(offered.over), under: null };
      const yes = fairSide(roundProbability(median(fairYes)), prices.over);
      if (!yes) continue;
      props.push({ ...base, prices, fair: { books: fairYes.length, over: yes, under: null } });
    }
  }

  const catalogueOrder = (key: string) => PROP_MARKETS[opts.sport].findIndex((m) => m.key === key);
  const offered = withoutSameEvents(props, opts.sport).sort(
    (a, b) =>
      a.player.name.localeCompare(b.player.name) ||
      a.player.id.localeCompare(b.player.id) ||
      catalogueOrder(a.marketKey) - catalogueOrder(b.marketKey) ||
      (a.line ?? 0) - (b.line ?? 0),
  );
  return lockProps(offered, mainLineProps(offered));
}

/**
 * The one line a game page shows per (player, market): the line the most books quote, ties
 * to the one whose fair Over is closest to even, then to the lower line. A yes market has one
 * prop per player already. Keeps the order it is given.
 */
export function mainLineProps(props: readonly Prop[]): Prop[] {
  const evenness = (prop: Prop) => Math.abs(prop.fair.over.p - 0.5);
  /** Positive when `a` is the better main line than `b`. */
  const preference = (a: Prop, b: Prop) => a.fair.books - b.fair.books || evenness(b) - evenness(a) || (b.line ?? 0) - (a.line ?? 0);
  const best = new Map<string, Prop>();
  for (const prop of props) {
    const key = `${prop.player.id}\u0000${prop.marketKey}`;
    const held = best.get(key);
    if (!held || preference(prop, held) > 0) best.set(key, prop);
  }
  const chosen = new Set(best.values());
  return props.filter((prop) => chosen.has(prop));
}
