// Fitting a game's model to its fair prices: each family reproduces the fair side
// chances of a coherent board; the real recorded feed (test/fixtures/odds-api: NFL, NBA
// and MLB games from several US books) fits within tolerance; and the
// hand-written payloads of test/worker/odds-normalise.test.ts either fit, are refused as no
// fit, or lack a market's fair figures. (The simulator's boards, a few hundred games, are
// fitted in test/worker/odds-simulator.test.ts.)
import { describe, expect, it } from "vitest";
import { eventFairFigures, type EventQuotes, FAIR_MIN_BOOKS_DEFAULT } from "../../src/shared/fair-odds";
import { GAME_MODEL_VERSION, type ModelLeg, sideChance } from "../../src/shared/game-model";
import { fitGameModel, fitTargets, SGP_FIT_TOLERANCE_DEFAULT } from "../../src/shared/game-model/fit";
import type { Event, FairFigures } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import type { SportKey } from "../../src/shared/sports";
import { recordedEvents } from "./recorded-feed";

/** The fair figures a model itself gives (every side's chance, no margins). */
function fairOf(model: GameModel, spreadLine: number, totalLine: number): FairFigures {
  const side = (leg: ModelLeg) => ({ p: Math.round(sideChance(model, leg) * 1e6) / 1e6, margin: null });
  return {
    moneyline: {
      books: 6,
      home: side({ market: "Moneyline", side: "Home", line: null }),
      away: side({ market: "Moneyline", side: "Away", line: null }),
      ...(model.sport === "soccer_usa_mls" && { draw: side({ market: "Moneyline", side: "Draw", line: null }) }),
    },
    spread: {
      books: 6,
      line: spreadLine,
      home: side({ market: "Spread", side: "Home", line: spreadLine }),
      away: side({ market: "Spread", side: "Away", line: -spreadLine }),
    },
    total: {
      books: 6,
      line: totalLine,
      over: side({ market: "Total", side: "Over", line: totalLine }),
      under: side({ market: "Total", side: "Under", line: totalLine }),
    },
  };
}

const model = (sport: SportKey, params: number[]): GameModel => ({ v: GAME_MODEL_VERSION, sport, params });

describe("fitting a model to fair prices", () => {
  const cases: [GameModel, number, number][] = [
    [model("soccer_usa_mls", [1.7, 0.95]), -0.5, 2.5],
    [model("icehockey_nhl", [3.4, 2.7]), -1.5, 6.5],
    [model("baseball_mlb", [4.2, 5.1]), 1.5, 9],
    [model("americanfootball_nfl", [-4, 13, 41]), 3.5, 41],
    [model("americanfootball_ncaaf", [17, 17, 58]), -16.5, 58.5],
    [model("basketball_nba", [-6, 12.5, 231]), 6, 231.5],
    [model("basketball_ncaab", [9, 11, 139]), -9.5, 139],
  ];
  for (const [truth, spreadLine, totalLine] of cases) {
    it(`${truth.sport}: finds parameters that give back every fair side`, () => {
      const fit = fitGameModel(truth.sport, fairOf(truth, spreadLine, totalLine));
      if (!fit.ok) throw new Error(`no fit: ${JSON.stringify(fit)}`);
      expect(fit.worstMiss).toBeLessThan(0.001);
      expect(fit.model).toMatchObject({ v: GAME_MODEL_VERSION, sport: truth.sport });
      // Carried to 6 decimals, as the board keeps them.
      for (const x of fit.model.params) expect(Math.round(x * 1e6) / 1e6).toBe(x);
      for (const target of fitTargets(truth.sport, fairOf(truth, spreadLine, totalLine))!) {
        expect(Math.abs(sideChance(fit.model, target.leg) - target.p)).toBeLessThanOrEqual(fit.worstMiss + 1e-12);
      }
    });
  }

  it("refuses a sport with no model, a game missing a market, and a board no model of the family can give", () => {
    const fair = fairOf(model("icehockey_nhl", [3, 3]), -1.5, 5.5);
    expect(fitGameModel("mma_mixed_martial_arts", { moneyline: fair.moneyline })).toEqual({ ok: false, reason: "no-model" });
    expect(fitGameModel("icehockey_nhl", undefined)).toEqual({ ok: false, reason: "missing-market" });
    expect(fitGameModel("icehockey_nhl", { ...fair, total: undefined })).toEqual({ ok: false, reason: "missing-market" });
    // Soccer's moneyline must be the 3-way price.
    const soccer = fairOf(model("soccer_usa_mls", [1.4, 1.2]), -0.5, 2.5);
    expect(fitGameModel("soccer_usa_mls", { ...soccer, moneyline: { ...soccer.moneyline!, draw: undefined } })).toMatchObject({
      reason: "missing-market",
    });
    // Home a big favourite on the moneyline and an underdog on the puck line: nothing fits.
    const incoherent: FairFigures = { ...fair, moneyline: { books: 6, home: { p: 0.8, margin: null }, away: { p: 0.2, margin: null } } };
    const refused = fitGameModel("icehockey_nhl", incoherent);
    expect(refused).toMatchObject({ ok: false, reason: "no-fit" });
    expect(refused.worstMiss).toBeGreaterThan(SGP_FIT_TOLERANCE_DEFAULT);
    // A looser tolerance takes what the stricter one refused.
    expect(fitGameModel("icehockey_nhl", incoherent, refused.worstMiss! + 0.001).ok).toBe(true);
  });
});

/**
 * The recorded payloads of test/worker/odds-normalise.test.ts, as every book's quotes per
 * market (home, away[, draw] / home point / over, under), with the offered book's markets.
 */
const RECORDED: { name: string; sport: SportKey; markets: Event["markets"]; quotes: EventQuotes }[] = [
  {
    // Kansas City Chiefs v Buffalo Bills: Bovada, FanDuel, DraftKings (offered), plus LowVig and BetMGM.
    name: "Chiefs v Bills",
    sport: "americanfootball_nfl",
    markets: {
      moneyline: { home: -135, away: 115 },
      spread: { line: -3, home: -110, away: -110 },
      total: { line: 48, over: -105, under: -115 },
    },
    quotes: {
      moneyline: [
        { book: "bovada", line: null, pricesAm: [-125, 105] },
        { book: "fanduel", line: null, pricesAm: [-130, 110] },
        { book: "draftkings", line: null, pricesAm: [-135, 115] },
        { book: "lowvig", line: null, pricesAm: [-110, -110] },
        { book: "betmgm", line: null, pricesAm: [-120, 100] },
      ],
      spread: [
        { book: "fanduel", line: -2.5, pricesAm: [-112, -108] },
        { book: "draftkings", line: -3, pricesAm: [-110, -110] },
        { book: "lowvig", line: -3, pricesAm: [-105, -105] },
        { book: "betmgm", line: -3, pricesAm: [-110, -110] },
      ],
      total: [
        { book: "fanduel", line: 47.5, pricesAm: [-110, -110] },
        { book: "draftkings", line: 48, pricesAm: [-105, -115] },
      ],
    },
  },
  {
    // Oklahoma City Thunder v Washington Wizards: DraftKings only, its spread unpriced.
    name: "Thunder v Wizards",
    sport: "basketball_nba",
    markets: {
      moneyline: { home: null, away: null },
      spread: { line: -18.5, home: null, away: null },
      total: { line: 221.5, over: -110, under: -9999 },
    },
    quotes: {
      moneyline: [{ book: "draftkings", line: null, pricesAm: [-12000, 5000] }],
      spread: [{ book: "draftkings", line: -18.5, pricesAm: [null, null] }],
      total: [{ book: "draftkings", line: 221.5, pricesAm: [-110.4, -9999] }],
    },
  },
  {
    // Inter Miami CF v Toronto FC: FanDuel's 3-way moneyline and total, no spread.
    name: "Inter Miami v Toronto",
    sport: "soccer_usa_mls",
    markets: { moneyline: { home: -145, away: 360, draw: 290 }, total: { line: 2.5, over: -125, under: 100 } },
    quotes: {
      moneyline: [{ book: "fanduel", line: null, pricesAm: [-145, 360, 290] }],
      spread: [],
      total: [{ book: "fanduel", line: 2.5, pricesAm: [-125, 100] }],
    },
  },
  {
    // Detroit Lions v Chicago Bears: DraftKings' moneyline and spread, no total.
    name: "Lions v Bears",
    sport: "americanfootball_nfl",
    markets: { moneyline: { home: 160, away: -190 }, spread: { line: 4.5, home: -110, away: -110 } },
    quotes: {
      moneyline: [{ book: "draftkings", line: null, pricesAm: [160, -190] }],
      spread: [{ book: "draftkings", line: 4.5, pricesAm: [-110, -110] }],
      total: [],
    },
  },
  {
    name: "Makhachev v Tsarukyan",
    sport: "mma_mixed_martial_arts",
    markets: { moneyline: { home: -250, away: 200 } },
    quotes: { moneyline: [{ book: "betmgm", line: null, pricesAm: [-250, 200] }], spread: [], total: [] },
  },
];

describe("the recorded feed games", () => {
  it("fit within tolerance, or are refused (no fit, a market without fair figures, no model)", () => {
    // Every book counted (one is enough): the most fair figures these payloads can give.
    const outcomes = RECORDED.map((game) => {
      const fair = eventFairFigures(game.markets, game.quotes, 1);
      return { name: game.name, fit: fitGameModel(game.sport, fair) };
    });
    const byName = Object.fromEntries(outcomes.map((o) => [o.name, o.fit]));
    for (const { fit } of outcomes) {
      if (fit.ok) expect(fit.worstMiss).toBeLessThanOrEqual(SGP_FIT_TOLERANCE_DEFAULT);
      else if (fit.reason === "no-fit") expect(fit.worstMiss).toBeGreaterThan(SGP_FIT_TOLERANCE_DEFAULT);
    }
    // The one game with all three markets priced is stitched from books that disagree: the
    // Chiefs −3 at even money (three books) while the moneyline's median makes them only
    // 53% to win at all, though 3 is football's commonest margin. Only a margin spread far
    // wider than football's could give both, so it is refused, its worst miss about 1.4%.
    expect(byName["Chiefs v Bills"]).toMatchObject({ ok: false, reason: "no-fit" });
    expect(byName["Chiefs v Bills"]!.worstMiss).toBeLessThan(0.02);
    expect(outcomes.filter((o) => o.fit.ok)).toHaveLength(0);
    expect(byName["Thunder v Wizards"]).toEqual({ ok: false, reason: "missing-market" });
    expect(byName["Inter Miami v Toronto"]).toEqual({ ok: false, reason: "missing-market" });
    expect(byName["Lions v Bears"]).toEqual({ ok: false, reason: "missing-market" });
    expect(byName["Makhachev v Tsarukyan"]).toEqual({ ok: false, reason: "no-model" });
    // At the board's default of five books only the Chiefs' moneyline has a fair price: nothing to fit.
    const chiefs = RECORDED[0]!;
    expect(fitGameModel(chiefs.sport, eventFairFigures(chiefs.markets, chiefs.quotes, FAIR_MIN_BOOKS_DEFAULT))).toEqual({
      ok: false,
      reason: "missing-market",
    });
  });
});

describe("the real recorded feed (test/fixtures/odds-api)", () => {
  it("fits the football, basketball and baseball games within SGP_FIT_TOLERANCE", () => {
    const fits = (minBooks?: 5 | 3) =>
      Object.fromEntries(recordedEvents(minBooks).map(({ name, event }) => [name, fitGameModel(event.sport, event.fair!)]));
    const atDefault = fits();
    for (const name of ["Baltimore Ravens @ New York Jets", "Detroit Pistons @ Denver Nuggets", "Los Angeles Lakers @ Phoenix Suns"]) {
      expect(atDefault[name], name).toMatchObject({ ok: true });
      expect(atDefault[name]!.worstMiss, name).toBeLessThanOrEqual(SGP_FIT_TOLERANCE_DEFAULT);
    }
    // Only three books quote the Rams' total at 51.5, fewer than the board's five: no fair
    // total, so no model, until the board counts three books.
    expect(atDefault["Buffalo Bills @ Los Angeles Rams"]).toEqual({ ok: false, reason: "missing-market" });
    const atThree = fits(3)["Buffalo Bills @ Los Angeles Rams"]!;
    expect(atThree).toMatchObject({ ok: true });
    expect(atThree.worstMiss).toBeLessThanOrEqual(SGP_FIT_TOLERANCE_DEFAULT);
    // Over-dispersed runs give the Blue Jays −1.5 at 47% beside a 64% moneyline, as the books
    // quote it; two Poisson counts (model version 1) gave about 42%, beyond the tolerance.
    const blueJays = atDefault["Baltimore Orioles @ Toronto Blue Jays"]!;
    expect(blueJays).toMatchObject({ ok: true, model: { v: GAME_MODEL_VERSION, sport: "baseball_mlb" } });
    expect(blueJays.worstMiss).toBeLessThanOrEqual(SGP_FIT_TOLERANCE_DEFAULT);
  });
});
