// No sure profit on one game: with every single offered at its model chance less 4.5% and
// every same-game block of two or three markets at blockPriceAm(blockChance, 8%), no
// portfolio of bets wins on every final score; and on the real recorded feed
// (test/fixtures/odds-api), with the singles at the offered book's own prices. Checked by linear programming (maximise the
// worst net return over the grid's final scores of non-negative stakes summing to 1) over
// boards fitted to generated fair prices, with whole lines that push. The old way — a block
// priced as if its legs were independent — is a sure profit in soccer (Draw + Away +0.5
// beside Home and Away); priced from the model it is not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blockChance, blockPriceAm, GAME_MODEL_VERSION, type ModelLeg, scoreGrid, sideChance } from "../../src/shared/game-model";
import { fitGameModel } from "../../src/shared/game-model/fit";
import { decimalOdds } from "../../src/shared/odds";
import type { FairFigures } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import type { SportKey } from "../../src/shared/sports";
import { recordedEvents } from "./recorded-feed";
import { type Bet, bestSureReturnOver } from "./sure-return-lp";
import { decimalToAmerican } from "../../src/shared/odds";
import { lockSidesBetterThanFair } from "../../src/shared/fair-lock";
import type { Event } from "../../src/shared/schemas/events";

const SINGLE_MARGIN = 0.045;
const BLOCK_MARGIN = 0.08;

const decimalOf = (priceAm: number | null) => (priceAm === null ? null : decimalOdds(priceAm));

/**
 * The best worst-case net return (per unit staked in all) of any portfolio of the bets over
 * the grid's final scores (bestSureReturnOver, sure-return-lp.ts).
 */
function bestSureReturn(model: GameModel, legs: readonly ModelLeg[], bets: readonly Bet[], repriced: (rest: number[]) => number): number {
  const grid = scoreGrid(model);
  const scores = Array.from(grid.p, (_, k) => ({ homeScore: grid.home[k]!, awayScore: grid.away[k]! }));
  return bestSureReturnOver(model.sport, scores, legs, bets, repriced);
}

/** Every side of the game's three markets, in one order: moneyline (home, away[, draw]), spread (home, away), total (over, under). */
function sidesOf(sport: SportKey, spreadLine: number, totalLine: number): { legs: ModelLeg[]; market: number[] } {
  const legs: ModelLeg[] = [
    { market: "Moneyline", side: "Home", line: null },
    { market: "Moneyline", side: "Away", line: null },
    ...(sport === "soccer_usa_mls" ? [{ market: "Moneyline", side: "Draw", line: null } as const] : []),
    { market: "Spread", side: "Home", line: spreadLine },
    { market: "Spread", side: "Away", line: spreadLine === 0 ? 0 : -spreadLine },
    { market: "Total", side: "Over", line: totalLine },
    { market: "Total", side: "Under", line: totalLine },
  ];
  return { legs, market: legs.map((l) => ["Moneyline", "Spread", "Total"].indexOf(l.market)) };
}

/** The singles at 4.5% and every block of one pick per market (two or three markets) at 8%, as the board would offer them. */
function offeredBets(model: GameModel, legs: readonly ModelLeg[], market: readonly number[]): Bet[] {
  const bets: Bet[] = [];
  legs.forEach((leg, i) => {
    const decimal = decimalOf(blockPriceAm(sideChance(model, leg), SINGLE_MARGIN));
    if (decimal !== null) bets.push({ legs: [i], decimal });
  });
  const of = (m: number) => legs.map((_, i) => i).filter((i) => market[i] === m);
  const blocks: number[][] = [];
  for (const a of of(0)) for (const b of of(1)) blocks.push([a, b]);
  for (const a of of(0)) for (const c of of(2)) blocks.push([a, c]);
  for (const b of of(1)) for (const c of of(2)) blocks.push([b, c]);
  for (const a of of(0)) for (const b of of(1)) for (const c of of(2)) blocks.push([a, b, c]);
  for (const block of blocks) {
    const decimal = decimalOf(
      blockPriceAm(
        blockChance(
          model,
          block.map((i) => legs[i]!),
        ),
        BLOCK_MARGIN,
      ),
    );
    if (decimal !== null) bets.push({ legs: block, decimal });
  }
  return bets;
}

/** The fair figures a model gives at these lines. */
function fairOf(model: GameModel, legs: readonly ModelLeg[]): FairFigures {
  const p = legs.map((leg) => ({ p: Math.round(sideChance(model, leg) * 1e6) / 1e6, margin: null }));
  const soccer = model.sport === "soccer_usa_mls";
  const o = soccer ? 1 : 0;
  return {
    moneyline: { books: 6, home: p[0]!, away: p[1]!, ...(soccer && { draw: p[2]! }) },
    spread: { books: 6, line: legs[2 + o]!.line!, home: p[2 + o]!, away: p[3 + o]! },
    total: { books: 6, line: legs[4 + o]!.line!, over: p[4 + o]!, under: p[5 + o]! },
  };
}

/** A board's event offering `offered` (one price per side, in sidesOf's order) beside the game's model. */
function boardOf(model: GameModel, legs: readonly ModelLeg[], offered: readonly (number | null)[]): Event {
  const soccer = model.sport === "soccer_usa_mls";
  const o = soccer ? 1 : 0;
  return {
    eventId: "board",
    sport: model.sport,
    startTime: "2026-12-01T00:00:00Z",
    home: "Home",
    away: "Away",
    status: "scheduled",
    live: null,
    markets: {
      moneyline: { home: offered[0]!, away: offered[1]!, ...(soccer && { draw: offered[2]! }) },
      spread: { line: legs[2 + o]!.line, home: offered[2 + o]!, away: offered[3 + o]! },
      total: { line: legs[4 + o]!.line, over: offered[4 + o]!, under: offered[5 + o]! },
    },
    fair: fairOf(model, legs),
    sameGame: { model, margin: BLOCK_MARGIN },
  };
}

/** The board's prices per side, in sidesOf's order. */
function pricesOf(board: Event, legs: readonly ModelLeg[]): (number | null)[] {
  const { moneyline, spread, total } = board.markets;
  const soccer = legs.some((l) => l.side === "Draw");
  return [
    moneyline!.home,
    moneyline!.away,
    ...(soccer ? [moneyline!.draw ?? null] : []),
    spread!.home,
    spread!.away,
    total!.over,
    total!.under,
  ];
}

/** A generated game: a true model of the sport, its lines near its means (whole or half), and the fair board it gives. */
const gameArb = fc
  .record({
    sport: fc.constantFrom<SportKey>(
      "soccer_usa_mls",
      "icehockey_nhl",
      "baseball_mlb",
      "americanfootball_nfl",
      "americanfootball_ncaaf",
      "basketball_nba",
      "basketball_ncaab",
    ),
    strength: fc.double({ min: -1, max: 1, noNaN: true }),
    scoring: fc.double({ min: 0, max: 1, noNaN: true }),
    spreadWhole: fc.boolean(),
    totalWhole: fc.boolean(),
  })
  .map(({ sport, strength, scoring, spreadWhole, totalWhole }) => {
    const round = (x: number, whole: boolean) => (whole ? Math.round(x) : Math.floor(x) + 0.5);
    let params: number[];
    let spreadLine: number;
    let totalLine: number;
    if (sport === "soccer_usa_mls" || sport === "icehockey_nhl" || sport === "baseball_mlb") {
      const total = { soccer_usa_mls: 2.2 + scoring, icehockey_nhl: 5 + 2 * scoring, baseball_mlb: 7 + 3 * scoring }[sport];
      const margin = strength * { soccer_usa_mls: 1.2, icehockey_nhl: 1.4, baseball_mlb: 1.8 }[sport];
      params = [total / 2 + margin / 2, total / 2 - margin / 2];
      spreadLine = sport === "soccer_usa_mls" ? (spreadWhole ? -Math.round(margin) : margin >= 0 ? -0.5 : 0.5) : margin >= 0 ? -1.5 : 1.5;
      totalLine = round(total, totalWhole);
    } else {
      const football = sport.startsWith("americanfootball");
      const margin = strength * (football ? 14 : 12);
      const total = football ? 38 + 20 * scoring : sport === "basketball_nba" ? 210 + 30 * scoring : 130 + 25 * scoring;
      params = [margin, football ? 13.5 : 11.5, total];
      spreadLine = -round(margin, spreadWhole);
      totalLine = round(total, totalWhole);
    }
    const truth: GameModel = { v: GAME_MODEL_VERSION, sport, params: params.map((x) => Math.round(x * 1e6) / 1e6) };
    return { truth, ...sidesOf(sport, spreadLine === 0 ? 0 : spreadLine, totalLine) };
  });

/** What the rest of a block pays at once some legs pushed, as settlement re-prices it (1 when nothing is left to price). */
function repricedRest(model: GameModel, legs: readonly ModelLeg[]) {
  return (rest: number[]) =>
    decimalOf(
      blockPriceAm(
        blockChance(
          model,
          rest.map((i) => legs[i]!),
        ),
        BLOCK_MARGIN,
      ),
    ) ?? 1;
}

describe("no sure profit on one game", () => {
  it("holds for every fitted board: singles at 4.5%, blocks of 2–3 markets at 8%, pushes re-priced", () => {
    let pushes = 0;
    fc.assert(
      fc.property(gameArb, ({ truth, legs, market }) => {
        const fit = fitGameModel(truth.sport, fairOf(truth, legs));
        if (!fit.ok) throw new Error(`no fit for ${JSON.stringify(truth)}: ${JSON.stringify(fit)}`);
        const model = fit.model;
        const bets = offeredBets(model, legs, market);
        if (legs.some((l) => l.line !== null && Number.isInteger(l.line))) pushes++;
        expect(bestSureReturn(model, legs, bets, repricedRest(model, legs))).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 100, seed: 20261006 },
    );
    // Whole lines (pushes) were among the boards checked.
    expect(pushes).toBeGreaterThan(20);
  });

  it("holds when the offered book prices sides better than fair: those sides are locked", () => {
    let locked = 0;
    fc.assert(
      fc.property(gameArb, fc.array(fc.double({ min: -0.04, max: 0.06, noNaN: true }), { minLength: 8, maxLength: 8 }), (game, margins) => {
        const { truth, legs, market } = game;
        const fit = fitGameModel(truth.sport, fairOf(truth, legs));
        if (!fit.ok) throw new Error(`no fit for ${JSON.stringify(truth)}`);
        const model = fit.model;
        // The book's own prices, some sides better than fair, some worse.
        const offered = legs.map((leg, i) => {
          const p = Math.min(0.97, sideChance(model, leg) * (1 + margins[i]!));
          return decimalToAmerican(1 / p);
        });
        const board = lockSidesBetterThanFair(boardOf(model, legs, offered));
        const shown = pricesOf(board, legs);
        locked += shown.filter((price, i) => price === null && offered[i] !== null).length;
        const bets = offeredBets(model, legs, market).filter((bet) => bet.legs.length > 1);
        shown.forEach((priceAm, i) => {
          const decimal = decimalOf(priceAm);
          if (decimal !== null) bets.push({ legs: [i], decimal });
        });
        expect(bestSureReturn(model, legs, bets, repricedRest(model, legs))).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 60, seed: 20261129 },
    );
    // Sides better than fair were among those offered, and were locked.
    expect(locked).toBeGreaterThan(30);
  });

  it("a heavy favourite offered better than fair beside blocks on the underdog was a sure profit; locked, it is not", () => {
    const fit = fitGameModel("basketball_nba", {
      moneyline: { books: 6, home: { p: 0.9, margin: null }, away: { p: 0.1, margin: null } },
      spread: { books: 6, line: -10.5, home: { p: 0.5, margin: null }, away: { p: 0.5, margin: null } },
      total: { books: 6, line: 224.5, over: { p: 0.5, margin: null }, under: { p: 0.5, margin: null } },
    });
    if (!fit.ok) throw new Error("no fit");
    const model = fit.model;
    const { legs, market } = sidesOf("basketball_nba", -10.5, 224.5);
    const offered = [-750, 500, -110, -110, -110, -110];
    const blocks = offeredBets(model, legs, market).filter((bet) => bet.legs.length > 1);
    const singlesOf = (prices: readonly (number | null)[]) =>
      prices.flatMap((priceAm, i) => (priceAm === null ? [] : [{ legs: [i], decimal: decimalOf(priceAm)! }]));
    const repriced = repricedRest(model, legs);
    expect(bestSureReturn(model, legs, [...blocks, ...singlesOf(offered)], repriced)).toBeGreaterThan(0.003);
    const shown = pricesOf(lockSidesBetterThanFair(boardOf(model, legs, offered)), legs);
    expect(shown[0]).toBeNull();
    expect(shown.slice(1)).toEqual(offered.slice(1));
    expect(bestSureReturn(model, legs, [...blocks, ...singlesOf(shown)], repriced)).toBeLessThanOrEqual(1e-9);
  });

  it("the old independent pricing was a sure profit (Draw + Away +0.5 beside Home and Away); the model's is not", () => {
    const model: GameModel = { v: GAME_MODEL_VERSION, sport: "soccer_usa_mls", params: [1.35, 1.15] };
    const { legs } = sidesOf("soccer_usa_mls", -0.5, 2.5);
    const [home, away, draw, , awayPlusHalf] = [0, 1, 2, 3, 4];
    const single = (i: number) => ({ legs: [i], decimal: decimalOf(blockPriceAm(sideChance(model, legs[i]!), SINGLE_MARGIN))! });
    const singles = [single(home), single(away), single(draw), single(awayPlusHalf)];
    const repriced = repricedRest(model, legs);

    // Independent: the block at the product of its legs' prices (as a parlay of two games would be).
    const independent = { legs: [draw, awayPlusHalf], decimal: single(draw).decimal * single(awayPlusHalf).decimal };
    const sure = bestSureReturn(model, legs, [...singles, independent], repriced);
    expect(sure).toBeGreaterThan(0.03);

    // From the model: the block is the draw (Away +0.5 adds nothing), priced at 8%.
    const chance = blockChance(model, [legs[draw]!, legs[awayPlusHalf]!]);
    expect(chance).toBeCloseTo(sideChance(model, legs[draw]!), 12);
    const priced = { legs: [draw, awayPlusHalf], decimal: decimalOf(blockPriceAm(chance, BLOCK_MARGIN))! };
    expect(bestSureReturn(model, legs, [...singles, priced], repriced)).toBeLessThanOrEqual(1e-9);
  });

  it("holds on the real recorded games: the offered book's singles beside blocks from the fitted model", () => {
    let checked = 0;
    for (const { name, event } of recordedEvents(3)) {
      const fit = fitGameModel(event.sport, event.fair!);
      const { moneyline, spread, total } = event.markets;
      if (!fit.ok || !moneyline || spread?.line == null || total?.line == null) continue;
      const model = fit.model;
      const { legs, market } = sidesOf(event.sport, spread.line, total.line);
      const offered = [moneyline.home, moneyline.away, spread.home, spread.away, total.over, total.under];
      const bets = offeredBets(model, legs, market).filter((bet) => bet.legs.length > 1);
      offered.forEach((priceAm, i) => {
        const decimal = decimalOf(priceAm ?? null);
        if (decimal !== null) bets.push({ legs: [i], decimal });
      });
      expect(bestSureReturn(model, legs, bets, repricedRest(model, legs)), name).toBeLessThanOrEqual(1e-9);
      checked++;
    }
    // The two NFL, two NBA games and the baseball game all fit.
    expect(checked).toBe(5);
  });
});
