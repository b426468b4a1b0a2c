// The bookmakers whose prices Vantage offers, best first: the board takes one book per event
// and a player's market one book per prop, by this order (then the book quoting most). Shared
// so the Worker's board and props normalisation and their tests read one list.
export const BOOKMAKER_PREFERENCE = [
  "draftkings",
  "fanduel",
  "betmgm",
  "williamhill_us",
  "espnbet",
  "fanatics",
  "betrivers",
  "ballybet",
  "hardrockbet",
  "bovada",
  "betonlineag",
  "mybookieag",
  "lowvig",
  "betus",
] as const;

/**
 * Books that take their prices from one odds feed, by the feed's name. Their quotes are one
 * opinion, not several, so the fair consensus (src/shared/fair-odds.ts, and the props' Yes
 * rule in src/shared/props/normalise-props.ts) counts each group as one book: the first of
 * them the payload lists quoting the line. Listed only on evidence:
 * - kambi: Unibet (US) and BetRivers both run Kambi's sportsbook and its traders' prices. In
 *   the recorded payloads of test/fixtures/odds-api they quote the same prices: every one of
 *   the 132 player-points outcomes of event-odds-nba.json (the same alternate-line ladders),
 *   and the moneyline, spread and total of Pistons @ Nuggets in recorded-events.json.
 */
export const SHARED_FEEDS: Readonly<Record<string, readonly string[]>> = {
  kambi: ["unibet_us", "betrivers"],
};

const FEED_OF_BOOK = new Map(Object.entries(SHARED_FEEDS).flatMap(([feed, books]) => books.map((book) => [book, `feed:${feed}`] as const)));

/** The source of a book's prices, as the consensus counts books: its shared feed's name (`feed:kambi`), else the book's own key. */
export function feedOf(book: string): string {
  return FEED_OF_BOOK.get(book) ?? book;
}
