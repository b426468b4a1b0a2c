// Players' markets ("props") of a simulated game as The Odds API's per-event odds endpoint
// answers them, and the game's box score once it is final: both ends of a props bet with no
// real feed. Every price is read off the players' stat laws in the game (sim-player-model.ts,
// tied to the game's one score model), and every box score is drawn from the same laws given
// the game's final, so props settle as their prices say they will.
// - The market's opinion of each (player, market) drifts a little every 20 simulated minutes,
//   as the board's does (PRICE_BUCKET_MS); within one bucket the answer never changes.
// - `sim-book` prices the opinion with the house margin; the board's other books
//   (SIM_OTHER_BOOKS) each read it a little differently and add their own margins, so fair
//   prices compute offline as from the real feed.
// - Over/under: the main line is the half-point line whose over chance is nearest even (the
//   player's median); two books also quote the lines one either side, as real books' answers
//   carry alternative lines, so matching books by line has something to do.
// - Yes markets (anytime scorer/touchdown): every book quotes "Yes", three also "No", and one
//   names the player in the outcome's name with no description, as some real books answer.
//   A player whose chance is below MIN_YES_CHANCE is not listed.
// - Pre-match only: once the game starts, the event comes with no bookmakers. MMA has none.
// Times (`last_update`) are on the simulated clock, like the board's confirmations.
import { validPrice } from "../../../src/shared/odds";
import { PROP_MARKETS } from "../../../src/shared/props/catalogue";
import type { EventOdds, EventOddsBookmaker, EventOddsOutcome } from "../../../src/shared/schemas/event-odds";
import type { BoxScore } from "../../../src/shared/schemas/props";
import { seededRng } from "./random";
import {
  BOOK_DISAGREEMENT,
  gameState,
  HOUSE_MARGIN,
  PRICE_BUCKET_MS,
  priceFor,
  SEED,
  SIM_BOOK,
  SIM_OTHER_BOOKS,
  type SimGame,
} from "./sim-games";
import { gamePlayerLaws, gamePlayerStats } from "./sim-player-model";
import type { StatLaw } from "./sim-stat-laws";

/** How far the market's opinion of a player's market moves each bucket: up to ±half this in log-odds (the board's moneyline drift). */
const OPINION_DRIFT = 0.16;
/** How far apart the books read one chance, in log-odds: the board's BOOK_DISAGREEMENT at even money (±1.5%), less on long shots. */
const BOOK_READING_SPREAD = 4 * BOOK_DISAGREEMENT;
/** Players less likely than this to score are not listed in yes markets (books do not post such long shots). */
const MIN_YES_CHANCE = 0.03;

/** How a book answers yes markets: "Yes" alone, "Yes" and "No", or the player's name as the outcome. */
type YesStyle = "yes" | "yes-no" | "name";
type PropBook = { key: string; margin: number; yesStyle: YesStyle; alternativeLines: boolean };

const OTHER_BOOK_HABITS: Record<(typeof SIM_OTHER_BOOKS)[number]["key"], Pick<PropBook, "yesStyle" | "alternativeLines">> = {
  "sim-sharp": { yesStyle: "yes-no", alternativeLines: false },
  "sim-lowvig": { yesStyle: "yes-no", alternativeLines: false },
  "sim-north": { yesStyle: "name", alternativeLines: true },
  "sim-coast": { yesStyle: "yes-no", alternativeLines: true },
  "sim-square": { yesStyle: "yes", alternativeLines: false },
};

const PROP_BOOKS: readonly PropBook[] = [
  { key: SIM_BOOK.key, margin: HOUSE_MARGIN, yesStyle: "yes", alternativeLines: false },
  ...SIM_OTHER_BOOKS.map((book) => ({ key: book.key, margin: book.margin, ...OTHER_BOOK_HABITS[book.key] })),
];

const logistic = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
};
const shifted = (p: number, by: number) => logistic(logit(p) + by);

/** "sim-lowvig" → "Sim Lowvig". */
function bookTitle(key: string): string {
  return key
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The half-point line (0.5 or more) whose over chance is nearest even: the market's median. */
function mainLine(law: StatLaw, over: (line: number) => number): number {
  let line = Math.max(0.5, Math.floor(law.mean) + 0.5);
  while (line > 0.5 && over(line - 1) <= 0.5) line -= 1;
  while (over(line) > 0.5) line += 1;
  return line > 0.5 && over(line - 1) - 0.5 < 0.5 - over(line) ? line - 1 : line;
}

/** The market's opinion of one player's market in one bucket: its over (or yes) chance at any line, and its main line (null: a yes market). */
type Opinion = { marketKey: string; player: string; over: (line: number) => number; line: number | null };

function opinions(game: SimGame, bucket: number): Opinion[] {
  const drift = seededRng(`${SEED}:${game.eventId}:props:${bucket}`);
  const players = gamePlayerLaws(game);
  const out: Opinion[] = [];
  for (const market of PROP_MARKETS[game.sport]) {
    for (const { player, laws } of players) {
      const law = laws[market.stat];
      if (!law || (market.kind === "yes" && law.over(0.5) < MIN_YES_CHANCE)) continue;
      const by = (drift() - 0.5) * OPINION_DRIFT;
      const over = (line: number) => shifted(law.over(line), by);
      out.push({ marketKey: market.key, player: player.name, over, line: market.kind === "yes" ? null : mainLine(law, over) });
    }
  }
  return out;
}

/** One book's outcomes for one opinion: its reading of the chance at each line it quotes, priced with its margin. */
function bookOutcomes(book: PropBook, opinion: Opinion, read: (p: number) => number): EventOddsOutcome[] {
  const sides = (p: number) => [validPrice(priceFor(p, book.margin)), validPrice(priceFor(1 - p, book.margin))] as const;
  if (opinion.line === null) {
    const [yes, no] = sides(read(opinion.over(0.5)));
    if (yes === null) return [];
    if (book.yesStyle === "name") return [{ name: opinion.player, price: yes }];
    const outcomes: EventOddsOutcome[] = [{ name: "Yes", description: opinion.player, price: yes }];
    if (book.yesStyle === "yes-no" && no !== null) outcomes.push({ name: "No", description: opinion.player, price: no });
    return outcomes;
  }
  const main = opinion.line;
  const lines = book.alternativeLines ? [main - 1, main, main + 1].filter((line) => line >= 0.5) : [main];
  return lines.flatMap((line) => {
    const [over, under] = sides(read(opinion.over(line)));
    return over === null || under === null
      ? []
      : [
          { name: "Over", description: opinion.player, price: over, point: line },
          { name: "Under", description: opinion.player, price: under, point: line },
        ];
  });
}

/**
 * The game's props as The Odds API's per-event odds answer (American odds) at simulated
 * time `now`: every catalogue market of the sport for the players quoted on it, by sim-book
 * and the other books; no bookmakers once the game has started, or for a sport without props.
 */
export function simEventOdds(game: SimGame, now: number): EventOdds {
  const event = {
    id: game.eventId,
    sport_key: game.sport,
    commence_time: new Date(game.startMs).toISOString(),
    home_team: game.home,
    away_team: game.away,
  };
  if (gameState(game, now).status !== "scheduled") return { ...event, bookmakers: [] };
  const bucket = Math.floor(now / PRICE_BUCKET_MS);
  const lastUpdate = new Date(bucket * PRICE_BUCKET_MS).toISOString();
  const opinionsNow = opinions(game, bucket);
  const bookmakers = PROP_BOOKS.map((book): EventOddsBookmaker => {
    const reading = seededRng(`${SEED}:${game.eventId}:props:${book.key}:${bucket}`);
    // sim-book prices the market's opinion itself; every other book reads each chance a little differently.
    const read = (p: number) => (book.key === SIM_BOOK.key ? p : shifted(p, (reading() - 0.5) * BOOK_READING_SPREAD));
    const markets = PROP_MARKETS[game.sport]
      .map((market) => ({
        key: market.key,
        last_update: lastUpdate,
        outcomes: opinionsNow.filter((o) => o.marketKey === market.key).flatMap((o) => bookOutcomes(book, o, read)),
      }))
      .filter((market) => market.outcomes.length > 0);
    return { key: book.key, title: bookTitle(book.key), last_update: lastUpdate, markets };
  });
  return { ...event, bookmakers: bookmakers.filter((book) => book.markets.length > 0) };
}

/**
 * The game's box score at simulated time `now`: null until the game is final (and for a
 * sport without players, MMA); then every rostered player's stat line, drawn from the
 * players' laws given the final, so the team's points or goals add up to its score.
 */
export function simBoxScore(game: SimGame, now: number): BoxScore | null {
  const state = gameState(game, now);
  if (!game.model || state.status !== "final") return null;
  return {
    eventId: game.eventId,
    source: "simulator",
    players: gamePlayerStats(game, { home: state.homeScore, away: state.awayScore }),
  };
}
