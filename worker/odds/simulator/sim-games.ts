// The simulator's games as a pure function of (sport, simulated time): a seeded daily
// schedule of real teams, and for each game ONE model of its final score
// (src/shared/game-model/, built in sim-model.ts from the teams' strengths). Every market
// of the game is priced from that model with a house margin, and the final score is
// drawn from it when the game is created, with a scoring timeline that reaches exactly
// that final (so a game's final never changes, whoever asks and whenever). What the game
// looks like at any moment: scheduled, live (score, period, clock, prices read off the
// model's grid of the rest of the game added to the score) or final. Each game also has a
// bookmaker that re-confirms its prices every few seconds and within a second of each
// score, as a live book keeps up, so a board shows each market as the book last confirmed
// it; now and then the book stops on a game for a minute or so (an outage: one game of a
// sport at a time, never its newest), and its live prices age until the live rules
// suspend the game. Each score carries when it last changed, and the scores feed learns
// of it a moment after the book re-prices: the book's clock and the score times the live
// rules run on, like The Odds API's `last_update` fields.
// Besides the book whose prices the board offers, SIM_OTHER_BOOKS more books quote every
// market (each its own margin and a little disagreement on the probabilities), so the
// fair figures (src/shared/fair-odds.ts) are computed offline exactly as from the real feed.
// Soccer's moneyline is the 3-way price: home, away and the draw. MMA has no score model:
// a fight is priced from the fighters' strengths and decided at the end.
import { eventFairFigures, FAIR_MIN_BOOKS_DEFAULT, type EventQuotes } from "../../../src/shared/fair-odds";
import type { MarketKey } from "../../../src/shared/live-rules";
import type { Event, EventScore } from "../../../src/shared/schemas/events";
import { homeSpreadLine, validPrice } from "../../../src/shared/odds";
import { scoreGrid, sideChanceOn } from "../../../src/shared/game-model";
import type { GameModel } from "../../../src/shared/schemas/game-model";
import type { SportKey } from "../../../src/shared/sports";
import { type Team, TEAMS } from "../../../src/shared/teams";
import { seededRng, shuffled } from "./random";
import {
  drawFinal,
  driftedModel,
  gridAt,
  gridMeans,
  type MarketChances,
  marketChances,
  type ScoreEvent,
  simModel,
  timelineTo,
} from "./sim-model";
import { SIM_SPORTS } from "./sim-sports";

const DAY_MS = 24 * 60 * 60 * 1000;
const MIN_MS = 60 * 1000;
/** The house margin: each side's implied probability is its true one × (1 + this), so an even market is -110 / -110. */
export const HOUSE_MARGIN = 0.0476;
/** Lines and prices move at most this often. */
export const PRICE_BUCKET_MS = 20 * MIN_MS;
/** Changing this reseeds every schedule. */
export const SEED = "vantage-sim-v1";

export type SimGame = {
  eventId: string;
  sport: SportKey;
  home: string;
  away: string;
  startMs: number;
  endMs: number;
  /** Pre-game probability that home beats away, ignoring draws (the model's; for MMA the fighters' strengths'). */
  pHome: number;
  /** The game's score model: every market is priced from it and the final drawn from it. Null for MMA. */
  model: GameModel | null;
  timeline: ScoreEvent[];
  /**
   * The market the book holds back before the start (a total awaiting the weather or the
   * line-ups, a spread awaiting injury news), or null; once the game is under way the
   * book quotes every market.
   */
  suspended: "moneyline" | "spread" | "total" | null;
};

export type GameState = {
  status: Event["status"];
  progress: number;
  homeScore: number;
  awayScore: number;
  periodLabel: string | null;
  clock: string | null;
};

const logistic = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => Math.log(p / (1 - p));
const roundHalf = (x: number) => Math.round(x * 2) / 2;

/** The other books quoting every game: each adds its own margin to its own reading of the probabilities. */
export const SIM_OTHER_BOOKS = [
  { key: "sim-sharp", margin: 0.025 },
  { key: "sim-lowvig", margin: 0.03 },
  { key: "sim-north", margin: 0.045 },
  { key: "sim-coast", margin: 0.055 },
  { key: "sim-square", margin: 0.07 },
] as const;
/** How far apart the books' probabilities may be at even money (±half this, before their margins); they read in log-odds, so less on long shots. */
export const BOOK_DISAGREEMENT = 0.03;

/**
 * The longest price a simulated book quotes. Books stop a long shot at a top price rather
 * than quote it beyond (paying less than its chance deserves, which only adds to their
 * margin), so a soccer side two goals down early stays on the board at +4000 instead of
 * passing the spec's +5000 bound and locking its whole three-way market.
 */
export const LONGEST_PRICE = 4000;

/**
 * American price for a true probability with a margin added: at most LONGEST_PRICE, and
 * out of bounds only on the favourite's side. The margin scales the probability, but a
 * heavy favourite keeps at least half its chance of losing as its price's edge
 * (q ≤ p + (1 − p) / 2): scaled alone, any side above 95.5% would be priced at certainty
 * and locked, where books still quote −2000 or −5000.
 */
export function priceFor(probability: number, margin: number = HOUSE_MARGIN): number {
  const scaled = Math.min(probability * (1 + margin), probability + (1 - probability) / 2);
  const q = Math.min(0.9999, Math.max(0.0001, scaled));
  const raw = q >= 0.5 ? (-100 * q) / (1 - q) : (100 * (1 - q)) / q;
  return Math.min(LONGEST_PRICE, Math.round(raw / 5) * 5);
}

/** The games of recent days, kept because drawing a day's finals builds every game's grid (the same for everyone: seeded). */
const dayMemo = new Map<string, readonly SimGame[]>();
const DAY_MEMO_SIZE = 128;

/** The games of one UTC day (day index = floor(ms / 24h)) for a sport. */
export function gamesForDay(sport: SportKey, day: number): SimGame[] {
  const key = `${sport}:${day}`;
  const known = dayMemo.get(key);
  if (known) return [...known];
  const games = scheduleDay(sport, day);
  if (dayMemo.size >= DAY_MEMO_SIZE) dayMemo.delete(dayMemo.keys().next().value!);
  dayMemo.set(key, games);
  return [...games];
}

/** Minutes after the day's first start at which its `index`th game starts. */
function startOffsetMin(sport: SportKey, index: number): number {
  const sim = SIM_SPORTS[sport];
  return Math.floor(index / sim.together) * sim.spacingMin;
}

/** How many later games start while a game is still on: the most games that can overlap one game's end. */
function overlapping(sport: SportKey): number {
  let n = 0;
  while (startOffsetMin(sport, n + 1) < SIM_SPORTS[sport].durationMin) n++;
  return n;
}

/**
 * The sport's teams in two fixed halves (seeded per sport): a round opens with games of
 * the first half only and closes with games of the second half only, so the games that
 * overlap where two rounds meet never share a team.
 */
function halves(sport: SportKey): [Team[], Team[]] {
  const teams = shuffled(seededRng(`${SEED}:${sport}:halves`), TEAMS[sport]);
  const middle = Math.floor(teams.length / 2);
  return [teams.slice(0, middle), teams.slice(middle)];
}

/**
 * The matchups of one round: every team plays once in each round of floor(teams / 2)
 * games (numbered across days), in a seeded order. The first `overlap` games draw only on
 * the first half of the teams and the last `overlap` only on the second, so a team never
 * plays two games at once.
 */
function roundMatchups(sport: SportKey, round: number, overlap: number): [Team, Team][] {
  const rng = seededRng(`${SEED}:${sport}:round:${round}`);
  const [first, second] = halves(sport).map((half) => shuffled(rng, half)) as [Team[], Team[]];
  const edge = 2 * overlap;
  const order = [...first.slice(0, edge), ...shuffled(rng, [...first.slice(edge), ...second.slice(edge)]), ...second.slice(0, edge)];
  const matchups: [Team, Team][] = [];
  for (let i = 0; 2 * i + 1 < order.length; i++) matchups.push([order[2 * i]!, order[2 * i + 1]!]);
  return matchups;
}

function scheduleDay(sport: SportKey, day: number): SimGame[] {
  const sim = SIM_SPORTS[sport];
  const perRound = Math.floor(TEAMS[sport].length / 2);
  const overlap = overlapping(sport);
  const games: SimGame[] = [];
  for (let i = 0; i < sim.gamesPerDay; i++) {
    const number = day * sim.gamesPerDay + i;
    const [home, away] = roundMatchups(sport, Math.floor(number / perRound), overlap)[number % perRound]!;
    const eventId = `sim-${sim.code}-${day}-${i}`;
    const rng = seededRng(`${SEED}:${eventId}`);
    const startMs = day * DAY_MS + (sim.firstStartMin + startOffsetMin(sport, i)) * MIN_MS;
    const strengths = logistic((home[2] + sim.homeAdvantage - away[2]) / sim.ratingPerLogit);
    const expectedTotal = sim.baseTotal * (0.92 + rng() * 0.16);
    const model = simModel(sport, logit(strengths) * sim.marginPerLogit, expectedTotal);
    const roll = rng();
    const suspended = sim.scoring === "mma" ? (roll < 0.06 ? "moneyline" : null) : roll < 0.04 ? "spread" : roll < 0.07 ? "total" : null;
    let pHome = strengths;
    let timeline: ScoreEvent[];
    if (model) {
      const grid = scoreGrid(model);
      const home = sideChanceOn(grid, sport, { market: "Moneyline", side: "Home", line: null });
      const away = sideChanceOn(grid, sport, { market: "Moneyline", side: "Away", line: null });
      pHome = home / (home + away);
      timeline = timelineTo(rng, sim, model, drawFinal(grid, rng()));
    } else {
      // A fight: one fighter wins at the end.
      timeline = [{ at: 1, team: rng() < pHome ? "home" : "away", points: 1 }];
    }
    games.push(
      Object.freeze({
        eventId,
        sport,
        home: home[0],
        away: away[0],
        startMs,
        endMs: startMs + sim.durationMin * MIN_MS,
        pHome,
        model,
        timeline: Object.freeze(timeline) as ScoreEvent[],
        suspended,
      }),
    );
  }
  return games;
}

/** Every game of a sport starting in [fromMs, toMs), in start order. */
export function gamesBetween(sport: SportKey, fromMs: number, toMs: number): SimGame[] {
  const out: SimGame[] = [];
  // A day's last games may start after its midnight: the day before is looked at too.
  for (let day = Math.floor(fromMs / DAY_MS) - 1; day <= Math.floor(toMs / DAY_MS); day++) {
    for (const g of gamesForDay(sport, day)) if (g.startMs >= fromMs && g.startMs < toMs) out.push(g);
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

/** The game with this simulator event id, if it is one. */
export function gameById(eventId: string): SimGame | null {
  const match = /^sim-([a-z]+)-(\d+)-(\d+)$/.exec(eventId);
  if (!match) return null;
  const sport = (Object.keys(SIM_SPORTS) as SportKey[]).find((k) => SIM_SPORTS[k].code === match[1]);
  if (!sport) return null;
  return gamesForDay(sport, Number(match[2])).find((g) => g.eventId === eventId) ?? null;
}

function ordinal(n: number): string {
  return n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`;
}

function clockText(minutes: number): string {
  const total = Math.max(0, Math.round(minutes * 60));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function periodAndClock(game: SimGame, progress: number): { periodLabel: string; clock: string | null } {
  const sim = SIM_SPORTS[game.sport];
  if (sim.scoring === "baseball") {
    const half = Math.min(17, Math.floor(progress * 18));
    return { periodLabel: `${half % 2 === 0 ? "Top" : "Bot"} ${ordinal(Math.floor(half / 2) + 1)}`, clock: null };
  }
  if (sim.scoring === "soccer") {
    const minute = Math.min(90, Math.floor(progress * 90) + 1);
    return { periodLabel: minute <= 45 ? "1st Half" : "2nd Half", clock: `${minute}'` };
  }
  const index = Math.min(sim.periods - 1, Math.floor(progress * sim.periods));
  const within = progress * sim.periods - index;
  const clock = sim.periodClockMin === null ? null : clockText(sim.periodClockMin * (1 - within));
  const n = index + 1;
  const periodLabel =
    sim.scoring === "mma"
      ? `Round ${n}`
      : sim.scoring === "hockey"
        ? `${ordinal(n)} Period`
        : sim.periods === 2
          ? `${ordinal(n)} Half`
          : `Q${n}`;
  return { periodLabel, clock };
}

/** What the game looks like at simulated time `simNow`. */
export function gameState(game: SimGame, simNow: number): GameState {
  const progress = (simNow - game.startMs) / (game.endMs - game.startMs);
  if (progress < 0) return { status: "scheduled", progress: 0, homeScore: 0, awayScore: 0, periodLabel: null, clock: null };
  const done = progress >= 1;
  let homeScore = 0;
  let awayScore = 0;
  for (const e of game.timeline) {
    if (done || e.at < progress) {
      if (e.team === "home") homeScore += e.points;
      else awayScore += e.points;
    }
  }
  if (done) return { status: "final", progress: 1, homeScore, awayScore, periodLabel: "Final", clock: null };
  return { status: "live", progress, homeScore, awayScore, ...periodAndClock(game, progress) };
}

/** How finely a live game's prices follow the clock: a hundredth of the game (an NBA game's 80 s), so a price a bettor takes
 * usually holds through the live-bet delay. */
const LIVE_STEPS = 100;
/** The share of the game still to play as the prices read it: in LIVE_STEPS, all of it before the start. */
function leftOf(state: GameState): number {
  return state.status === "scheduled" ? 1 : Math.round((1 - state.progress) * LIVE_STEPS) / LIVE_STEPS;
}

/** The market probabilities of recent (game, price bucket, score, moment), since a board asks for each several times. */
const chancesMemo = new Map<string, MarketChances>();
const CHANCES_MEMO_SIZE = 4096;

/**
 * Every market's true probability at this moment, all from the game's one model: before
 * the start the model itself, once under way its grid of the rest of the game added to
 * the score. The market's opinion drifts a little every 20 simulated minutes (the margin
 * by up to ±0.08 in home's log-odds, the total by up to ±4%), the same model for every
 * market. The lines follow the grid: the spread from its mean margin, the total from its
 * mean total (a half-point line for goals and runs).
 */
function chancesOf(game: SimGame & { model: GameModel }, state: GameState, bucket: number): MarketChances {
  const sim = SIM_SPORTS[game.sport];
  const left = leftOf(state);
  const key = `${game.eventId}:${bucket}:${state.homeScore}:${state.awayScore}:${left}`;
  const known = chancesMemo.get(key);
  if (known) return known;
  const drift = seededRng(`${SEED}:${game.eventId}:${bucket}`);
  const model = driftedModel(game.model, (drift() - 0.5) * 0.16 * sim.marginPerLogit, 1 + (drift() - 0.5) * 0.08);
  const grid = gridAt(model, { homeScore: state.homeScore, awayScore: state.awayScore, left });
  const means = gridMeans(grid);
  const [pHome, pAway] = marketChances(grid, game.sport, null, null).moneyline as [number, number];
  let spreadLine: number | null = null;
  if (sim.hasSpread) {
    const size =
      sim.scoring === "baseball" || sim.scoring === "hockey"
        ? 1.5
        : sim.scoring === "soccer"
          ? Math.abs(means.margin) < 1
            ? 0.5
            : 1.5
          : Math.max(1, roundHalf(Math.abs(means.margin)));
    spreadLine = homeSpreadLine(size, priceFor(pHome), priceFor(pAway));
  }
  const totalLine = sim.hasTotal ? (sim.baseTotal < 20 ? Math.floor(means.total) + 0.5 : roundHalf(means.total)) : null;
  const chances = marketChances(grid, game.sport, spreadLine, totalLine);
  if (chancesMemo.size >= CHANCES_MEMO_SIZE) chancesMemo.delete(chancesMemo.keys().next().value!);
  chancesMemo.set(key, chances);
  return chances;
}

/** A fight's probability that the home fighter wins: the strengths', moved a little every 20 minutes; decided only at the end. */
function fightChance(game: SimGame, bucket: number): number {
  const drift = seededRng(`${SEED}:${game.eventId}:${bucket}`);
  return logistic(logit(game.pHome) + (drift() - 0.5) * 0.16);
}

/**
 * The board's view of a game at `simNow`: every market priced from the game's model (see
 * chancesOf), moved a little every 20 simulated minutes and, once live, by the score and
 * the time left. Raw prices pass through the same validity rule as the real feed's, so
 * extreme ones (a blow-out late in a game, a lopsided matchup, a market held back before the
 * start) show as Locked.
 */
export function gameToEvent(game: SimGame, simNow: number, minBooks: number = FAIR_MIN_BOOKS_DEFAULT): Event {
  const state = gameState(game, simNow);
  const { markets, fair } = pricesOf(game, state, Math.floor(simNow / PRICE_BUCKET_MS), minBooks);
  return { ...eventHeader(game, state), markets, ...(fair && { fair }) };
}

/** A game's event at a moment without its prices: who, when, and how it stands. */
function eventHeader(game: SimGame, state: GameState): Omit<Event, "markets" | "fair"> {
  return {
    eventId: game.eventId,
    sport: game.sport,
    startTime: new Date(game.startMs).toISOString(),
    home: game.home,
    away: game.away,
    status: state.status,
    live:
      state.status === "scheduled"
        ? null
        : { homeScore: state.homeScore, awayScore: state.awayScore, periodLabel: state.periodLabel, clock: state.clock },
  };
}

/** Every market of a game as it stands (`state`) in price bucket `bucket`, with their fair figures (see gameToEvent). */
function pricesOf(game: SimGame, state: GameState, bucket: number, minBooks: number): Pick<Event, "markets" | "fair"> {
  const chances: MarketChances = game.model
    ? chancesOf(game as SimGame & { model: GameModel }, state, bucket)
    : (() => {
        const pHome = fightChance(game, bucket);
        return { moneyline: [pHome, 1 - pHome], spread: null, total: null };
      })();

  // Every other book reads each probability a little differently (seeded per game and price bucket) and adds its own margin.
  const books = SIM_OTHER_BOOKS.map((book) => ({
    ...book,
    rng: seededRng(`${SEED}:${game.eventId}:${book.key}:${bucket}`),
  }));
  const quotes: EventQuotes = { moneyline: [], spread: [], total: [] };
  const quote = (market: keyof EventQuotes, line: number | null, probabilities: readonly number[], offered: readonly number[]) => {
    quotes[market].push({ book: "sim-book", line, pricesAm: offered });
    for (const book of books) {
      const read = probabilities.map((p) =>
        Math.min(0.98, Math.max(0.02, logistic(logit(p) + (book.rng() - 0.5) * 4 * BOOK_DISAGREEMENT))),
      );
      const sum = read.reduce((a, b) => a + b, 0);
      quotes[market].push({ book: book.key, line, pricesAm: read.map((p) => priceFor(p / sum, book.margin)) });
    }
  };

  const offeredMoneyline = chances.moneyline.map((p) => priceFor(p));
  quote("moneyline", null, chances.moneyline, offeredMoneyline);
  const [mlHome, mlAway, mlDraw] = offeredMoneyline as [number, number, number?];
  const withheld = state.status === "scheduled" ? game.suspended : null;
  const mlSuspended = withheld === "moneyline";
  const moneyline: NonNullable<Event["markets"]["moneyline"]> = {
    home: mlSuspended ? null : validPrice(mlHome),
    away: mlSuspended ? null : validPrice(mlAway),
    ...(mlDraw !== undefined && { draw: mlSuspended ? null : validPrice(mlDraw) }),
  };
  const markets: Event["markets"] = { moneyline };

  if (chances.spread) {
    const { line, home, away } = chances.spread;
    const suspended = withheld === "spread";
    const offered = [priceFor(home), priceFor(away)];
    quote("spread", line, [home, away], offered);
    markets.spread = {
      line,
      home: suspended ? null : validPrice(offered[0]),
      away: suspended ? null : validPrice(offered[1]),
    };
  }
  if (chances.total) {
    const { line, over, under } = chances.total;
    const suspended = withheld === "total";
    const offered = [priceFor(over), priceFor(under)];
    quote("total", line, [over, under], offered);
    markets.total = {
      line,
      over: suspended ? null : validPrice(offered[0]),
      under: suspended ? null : validPrice(offered[1]),
    };
  }
  const fair = eventFairFigures(markets, quotes, minBooks);
  return { markets, ...(fair && { fair }) };
}

/** A simulated bookmaker: its name and how often it re-confirms its prices. */
export type SimBook = { key: string; cadenceMs: number };

/** The book that prices every simulated game: it re-confirms every 5 s, as a book that keeps up does. */
export const SIM_BOOK: SimBook = { key: "sim-book", cadenceMs: 5_000 };
/** A live book re-prices this soon after a score (its prices then carry the new score). */
export const REPRICE_AFTER_SCORE_MS = 1_000;
/**
 * Now and then the book stops confirming a live game for a while (a trader's hold, a feed
 * hiccup), OUTAGE_MS long, during which its prices age and the live rules suspend the game.
 * Each sport has one trader, who holds one game at a time: each quarter-hour of the clock
 * has HOLD_CHANCE of one hold in it, on one of the sport's games under way for all of it
 * (seeded), never the sport's newest game, whose prices the trader keeps running (for MMA,
 * whose fights start in threes, the last listed of them). So a hold never meets another
 * hold of the sport, and never takes the game that just started off the live tab.
 */
const HOLD_CHANCE = 0.2;
export const OUTAGE_MS = 75_000;
const HOLD_BLOCK_MS = 15 * MIN_MS;
type Hold = { eventId: string; from: number; to: number };

/** The sport's holds of recent quarter-hours, since every board asks for each game's several times. */
const holdMemo = new Map<string, Hold | null>();
const HOLD_MEMO_SIZE = 1024;

/** The hold of the sport's book in quarter-hour `block` of the clock (floor(ms / 15 min)), or null. */
function sportHold(sport: SportKey, block: number): Hold | null {
  const key = `${sport}:${block}`;
  const known = holdMemo.get(key);
  if (known !== undefined) return known;
  const rng = seededRng(`${SEED}:${sport}:hold:${block}`);
  let hold: Hold | null = null;
  if (rng() < HOLD_CHANCE) {
    const from = block * HOLD_BLOCK_MS + Math.floor(rng() * (HOLD_BLOCK_MS - OUTAGE_MS));
    const to = from + OUTAGE_MS;
    const started = gamesBetween(sport, from - SIM_SPORTS[sport].durationMin * MIN_MS, from + 1);
    const held = started.slice(0, -1).filter((g) => to <= g.endMs);
    if (held.length > 0) hold = { eventId: held[Math.floor(rng() * held.length)]!.eventId, from, to };
  }
  if (holdMemo.size >= HOLD_MEMO_SIZE) holdMemo.delete(holdMemo.keys().next().value!);
  holdMemo.set(key, hold);
  return hold;
}

/** The book's outages on this game, in order (the same for everyone: seeded per quarter-hour of its sport). */
export function bookOutages(game: Pick<SimGame, "eventId" | "sport" | "startMs" | "endMs">): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let block = Math.floor(game.startMs / HOLD_BLOCK_MS); block * HOLD_BLOCK_MS < game.endMs; block++) {
    const hold = sportHold(game.sport, block);
    if (hold?.eventId === game.eventId) out.push({ from: hold.from, to: hold.to });
  }
  return out;
}

/** The book's outage covering `simNow` for this game, or null. */
export function bookOutageAt(
  game: Pick<SimGame, "eventId" | "sport" | "startMs" | "endMs">,
  simNow: number,
): { from: number; to: number } | null {
  if (simNow < game.startMs || simNow >= game.endMs) return null;
  const hold = sportHold(game.sport, Math.floor(simNow / HOLD_BLOCK_MS));
  return hold?.eventId === game.eventId && simNow >= hold.from && simNow < hold.to ? { from: hold.from, to: hold.to } : null;
}

/** Each market is confirmed at its own phase of the book's cadence, so the three carry different times. */
const MARKET_PHASE: Record<MarketKey, number> = { moneyline: 0, spread: 1 / 3, total: 2 / 3 };

/**
 * When the book last confirmed `market` of `game` at or before simulated time `simNow`: on
 * its cadence, and REPRICE_AFTER_SCORE_MS after each score; during an outage, as it stood
 * when the outage began.
 */
export function bookConfirmedAt(game: SimGame, market: MarketKey, simNow: number): number {
  const outage = bookOutageAt(game, simNow);
  const at = outage ? outage.from - 1 : simNow;
  const phase = Math.round(MARKET_PHASE[market] * SIM_BOOK.cadenceMs);
  const onCadence = Math.floor((at - phase) / SIM_BOOK.cadenceMs) * SIM_BOOK.cadenceMs + phase;
  const scoredAt = lastScoreAt(game, at - REPRICE_AFTER_SCORE_MS);
  const repriced = scoredAt !== null && scoredAt > game.startMs && scoredAt < game.endMs ? scoredAt + REPRICE_AFTER_SCORE_MS : -Infinity;
  return Math.max(onCadence, repriced);
}

/**
 * The game as its book shows it at `simNow`: status, score, period and clock as they are
 * now, each market priced as the book last confirmed it, and when (simulated time).
 */
export function gameToBookEvent(
  game: SimGame,
  simNow: number,
  minBooks: number = FAIR_MIN_BOOKS_DEFAULT,
): { event: Event; book: SimBook; confirmed: Partial<Record<MarketKey, number>> } {
  const sim = SIM_SPORTS[game.sport];
  const keys: MarketKey[] = ["moneyline", ...(sim.hasSpread ? ["spread" as const] : []), ...(sim.hasTotal ? ["total" as const] : [])];
  const book = SIM_BOOK;
  const markets: Event["markets"] = {};
  const fair: NonNullable<Event["fair"]> = {};
  const confirmed: Partial<Record<MarketKey, number>> = {};
  // The markets' confirmations are seconds apart, so most of them price the same situation: each is priced once.
  const priced = new Map<string, Pick<Event, "markets" | "fair">>();
  for (const key of keys) {
    const at = bookConfirmedAt(game, key, simNow);
    confirmed[key] = at;
    const state = gameState(game, at);
    const bucket = Math.floor(at / PRICE_BUCKET_MS);
    const situation = `${bucket}:${state.status}:${state.homeScore}:${state.awayScore}:${leftOf(state)}`;
    // A market's fair figures are of the prices it shows, confirmed at the same moment.
    const asConfirmed = priced.get(situation) ?? pricesOf(game, state, bucket, minBooks);
    priced.set(situation, asConfirmed);
    if (key === "moneyline" && asConfirmed.markets.moneyline) {
      markets.moneyline = asConfirmed.markets.moneyline;
      if (asConfirmed.fair?.moneyline) fair.moneyline = asConfirmed.fair.moneyline;
    }
    if (key === "spread" && asConfirmed.markets.spread) {
      markets.spread = asConfirmed.markets.spread;
      if (asConfirmed.fair?.spread) fair.spread = asConfirmed.fair.spread;
    }
    if (key === "total" && asConfirmed.markets.total) {
      markets.total = asConfirmed.markets.total;
      if (asConfirmed.fair?.total) fair.total = asConfirmed.fair.total;
    }
  }
  const event: Event = { ...eventHeader(game, gameState(game, simNow)), markets, ...(Object.keys(fair).length > 0 && { fair }) };
  return { event, book, confirmed };
}

/** When the game's score last changed at `simNow` (its start before any score, its end once final); null before it starts. */
export function lastScoreAt(game: SimGame, simNow: number): number | null {
  const state = gameState(game, simNow);
  if (state.status === "scheduled") return null;
  if (state.status === "final") return game.endMs;
  let at = game.startMs;
  for (const e of game.timeline) if (e.at < state.progress) at = Math.max(at, game.startMs + e.at * (game.endMs - game.startMs));
  // Rounded up: a price confirmed after this moment has the score in it.
  return Math.ceil(at);
}

/**
 * The scores feed learns of a score this long after it happens, by when the book has
 * re-priced (REPRICE_AFTER_SCORE_MS): as with a real feed, whose odds move within a second
 * of a score while its scores follow a moment later.
 */
export const SCORES_FEED_DELAY_MS = 2_000;

/** The game's scores entry at `simNow` (as the scores feed knows it, SCORES_FEED_DELAY_MS behind); `updatedAt` is on the simulated clock. */
export function gameToScore(game: SimGame, simNow: number): EventScore {
  const seen = simNow - SCORES_FEED_DELAY_MS;
  const state = gameState(game, seen);
  const started = state.status !== "scheduled";
  return {
    updatedAt: lastScoreAt(game, seen),
    eventId: game.eventId,
    sport: game.sport,
    startTime: new Date(game.startMs).toISOString(),
    home: game.home,
    away: game.away,
    completed: state.status === "final",
    homeScore: started ? state.homeScore : null,
    awayScore: started ? state.awayScore : null,
  };
}
