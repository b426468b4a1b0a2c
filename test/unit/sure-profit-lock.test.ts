// No sure profit across a game's markets without a score model (src/shared/sure-profit-lock.ts):
// the fair-lock holds each side to its own market's consensus, which can disagree with the
// other markets' (then no model fits), so a set of sides from different markets could win on
// every final score, or never lose and win on some (a free roll). Checked by linear programming
// (javascript-lp-solver, sure-return-lp.ts) over every final score of a wide box (from the live
// score up, no level final where the sport cannot end level): generated boards without a model,
// pre-match and live, whose markets' consensuses disagree, and degenerate ones (even prices,
// whole lines, pushes), keep no portfolio of offered singles that returns more than its stake on
// every final, nor one that never loses and wins on one; the pricing review's example; a live
// score that makes a set sure that is not sure from 0-0; a sure set no pair of which is; pushes;
// a free roll (draw no bet both ways above evens), and sets that return exactly 0 everywhere,
// which are none; a side alone that cannot lose; a garbled score or line costs as many
// candidate finals as a normal one; the recorded payloads of test/fixtures/odds-api; and that
// the Worker's own programme and its few candidate finals agree with the reference solver over
// the whole box.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lockSidesBetterThanFair } from "../../src/shared/fair-lock";
import { legMargin } from "../../src/shared/fair-odds";
import { GAME_MODEL_VERSION, liveScoreGrid, type ModelLeg, scoreGrid, sideChanceOn } from "../../src/shared/game-model";
import type { FinalScore } from "../../src/shared/grading";
import { decimalOdds, decimalToAmerican, validPrice } from "../../src/shared/odds";
import { payoutFor } from "../../src/shared/payout";
import type { Event, FairFigures } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import { sportByKey, type SportKey } from "../../src/shared/sports";
import {
  candidateFinals,
  freeRoll,
  lockSureProfitSets,
  MIN_FREE_ROLL,
  resultPatterns,
  sureProfitSides,
} from "../../src/shared/sure-profit-lock";
import { recordedEvents } from "./recorded-feed";
import { type Bet, bestFreeRollOver, bestSureReturnOver } from "./sure-return-lp";

type Markets = Event["markets"];
type Score = { home: number; away: number };

/** A board's event without a model: pre-match at 0-0 when `now` is absent, else under way at `now`. */
function eventOf(sport: SportKey, markets: Markets, fair: FairFigures | undefined, now?: Score): Event {
  return {
    eventId: "game",
    sport,
    startTime: "2026-12-01T00:00:00Z",
    home: "Home",
    away: "Away",
    status: now ? "live" : "scheduled",
    live: now ? { homeScore: now.home, awayScore: now.away, periodLabel: null, clock: null } : null,
    markets,
    ...(fair && { fair }),
  };
}

/** The event's offered singles: the legs and a bet on each at its price. */
function singlesOf(event: Event): { legs: ModelLeg[]; bets: Bet[]; prices: number[] } {
  const { moneyline, spread, total } = event.markets;
  const legs: ModelLeg[] = [];
  const prices: number[] = [];
  const add = (leg: ModelLeg, price: number | null | undefined) => {
    if (typeof price !== "number") return;
    legs.push(leg);
    prices.push(price);
  };
  if (moneyline) {
    add({ market: "Moneyline", side: "Home", line: null }, moneyline.home);
    add({ market: "Moneyline", side: "Away", line: null }, moneyline.away);
    add({ market: "Moneyline", side: "Draw", line: null }, moneyline.draw);
  }
  if (spread?.line != null) {
    add({ market: "Spread", side: "Home", line: spread.line }, spread.home);
    add({ market: "Spread", side: "Away", line: spread.line === 0 ? 0 : -spread.line }, spread.away);
  }
  if (total?.line != null) {
    add({ market: "Total", side: "Over", line: total.line }, total.over);
    add({ market: "Total", side: "Under", line: total.line }, total.under);
  }
  return { legs, prices, bets: prices.map((price, i) => ({ legs: [i], decimal: decimalOdds(price) })) };
}

/** Every final from `now` up to `width` more points each way; never level where the sport cannot end level. */
function finalsBox(sport: SportKey, now: Score, width: number): FinalScore[] {
  const level = sportByKey(sport).drawPossible;
  const out: FinalScore[] = [];
  for (let h = now.home; h <= now.home + width; h++) {
    for (let a = now.away; a <= now.away + width; a++) if (level || h !== a) out.push({ homeScore: h, awayScore: a });
  }
  return out;
}

/** A box wide enough for the event's lines: every combination of results lies within it. */
function boxOf(event: Event): FinalScore[] {
  const now = { home: event.live?.homeScore ?? 0, away: event.live?.awayScore ?? 0 };
  const spread = Math.abs(event.markets.spread?.line ?? 0);
  const total = event.markets.total?.line ?? 0;
  return finalsBox(event.sport, now, Math.ceil(Math.max(total, spread) + spread + Math.abs(now.home - now.away)) + 6);
}

/** The reference solver's best return sure on every final of the box, over the event's offered singles. */
function sureOnBoard(event: Event): number {
  const { legs, bets } = singlesOf(event);
  if (bets.length === 0) return Number.NEGATIVE_INFINITY;
  return bestSureReturnOver(event.sport, boxOf(event), legs, bets);
}

/** The reference solver's best free roll over the box (above 0 when a portfolio never loses and wins on a final), over the event's offered singles. */
function freeRollOnBoard(event: Event): number {
  const { legs, bets } = singlesOf(event);
  if (bets.length === 0) return 0;
  return bestFreeRollOver(event.sport, boxOf(event), legs, bets);
}

/** The price desk's two locks, in its order. */
const locked = (event: Event) => lockSureProfitSets(lockSidesBetterThanFair(event));

const side = (p: number, priceAm: number | null) => ({ p, margin: priceAm === null ? null : legMargin(p, priceAm) });

/**
 * The pricing review's example: a live MLS game with no model. The books make Home 0.400 on
 * the 3-way moneyline and Away +0.5 0.585 on the spread, which disagree (Away +0.5 is the draw
 * or an away win, 0.6 by the moneyline).
 */
function reviewExample(): Event {
  const markets: Markets = {
    moneyline: { home: 150, away: 200, draw: 240 },
    spread: { line: -0.5, home: 135, away: -141 },
    total: { line: 2.5, over: -110, under: -110 },
  };
  const fair: FairFigures = {
    moneyline: { books: 6, home: side(0.4, 150), away: side(0.32, 200), draw: side(0.28, 240) },
    spread: { books: 6, line: -0.5, home: side(0.415, 135), away: side(0.585, -141) },
    total: { books: 6, line: 2.5, over: side(0.5, -110), under: side(0.5, -110) },
  };
  return eventOf("soccer_usa_mls", markets, fair, { home: 0, away: 0 });
}

describe("the pricing review's example", () => {
  it("Home 3-way at +150 and Away +0.5 at −141 pass the fair-lock and win on every score; Home is locked now", () => {
    const event = reviewExample();
    // Each passes its own market's fair price (Home exactly at it), so the fair-lock keeps both.
    expect(lockSidesBetterThanFair(event)).toBe(event);
    // 40.00 on Home pays 100.00; 58.50 on Away +0.5 pays 99.98: +1.48 on 98.50 whatever the score.
    expect(payoutFor(4000, [150])).toBe(10000);
    expect(payoutFor(5850, [-141])).toBe(9998);
    expect(sureOnBoard(event)).toBeGreaterThan(0.015);

    const shown = locked(event);
    // Home's margin is 0, Away +0.5's 0.0001: the smaller margin is locked, its fair chance kept.
    expect(sureProfitSides(event)).toEqual(new Set(["ml.home"]));
    expect(shown.markets).toEqual({
      moneyline: { home: null, away: 200, draw: 240 },
      spread: { line: -0.5, home: 135, away: -141 },
      total: { line: 2.5, over: -110, under: -110 },
    });
    expect(shown.fair!.moneyline!.home).toEqual({ p: 0.4, margin: null });
    expect(shown.fair!.spread!.away).toEqual(event.fair!.spread!.away);
    expect(sureOnBoard(shown)).toBeLessThanOrEqual(1e-9);
    // Locked, the board holds no sure set: checking it again locks nothing more.
    expect(lockSureProfitSets(shown)).toBe(shown);
  });

  it("a game with a model is not checked before it starts (the model rules a sure profit out); under way at a score it is", () => {
    const model: GameModel = { v: GAME_MODEL_VERSION, sport: "soccer_usa_mls", params: [1.35, 1.15] };
    const withModel = { ...reviewExample(), status: "scheduled" as const, live: null, sameGame: { model, margin: 0.08 } };
    expect(sureProfitSides(withModel)).toEqual(new Set());
    const scored = { ...withModel, status: "live" as const, live: { homeScore: 1, awayScore: 0, periodLabel: null, clock: null } };
    expect(sureProfitSides(scored).size).toBeGreaterThan(0);
  });
});

describe("the score of a game under way", () => {
  // At 2-0 a draw or an away win needs two more away goals, a total of 4 or more: Home and
  // Over 3.5 between them win on every final. From 0-0 they both lose at 0-0.
  const markets: Markets = {
    moneyline: { home: -600, away: 2000, draw: 900 },
    total: { line: 3.5, over: 700, under: -1200 },
  };
  const fair: FairFigures = {
    moneyline: { books: 6, home: side(0.85, -600), away: side(0.04, 2000), draw: side(0.1, 900) },
    total: { books: 6, line: 3.5, over: side(0.12, 700), under: side(0.88, -1200) },
  };

  it("makes sets sure that are not sure from 0-0, so the check reads every final from the score now", () => {
    const atNil = eventOf("soccer_usa_mls", markets, fair, { home: 0, away: 0 });
    const atTwoNil = eventOf("soccer_usa_mls", markets, fair, { home: 2, away: 0 });
    expect(lockSidesBetterThanFair(atTwoNil)).toBe(atTwoNil);
    expect(sureOnBoard(atNil)).toBeLessThanOrEqual(1e-9);
    expect(sureProfitSides(atNil)).toEqual(new Set());
    // 1/7.0 + 1/(1 + 100/600) = 0.982: about 1.8% on every final from 2-0.
    expect(sureOnBoard(atTwoNil)).toBeGreaterThan(0.015);
    const shown = locked(atTwoNil);
    expect(sureOnBoard(shown)).toBeLessThanOrEqual(1e-9);
    // Home's −600 brings the smaller margin (0.008 against Over's 0.04).
    expect(sureProfitSides(atTwoNil)).toEqual(new Set(["ml.home"]));
  });
});

describe("why a programme and not pairs", () => {
  it("Draw, Home −0.5 and Away win on every soccer score though no two of them do: the three are found", () => {
    // The spread's books make Home −0.5 0.40, the moneyline's a home win 0.45.
    const markets: Markets = { moneyline: { home: 122, away: 257, draw: 270 }, spread: { line: -0.5, home: 150, away: -155 } };
    const fair: FairFigures = {
      moneyline: { books: 6, home: side(0.45, 122), away: side(0.28, 257), draw: side(0.27, 270) },
      spread: { books: 6, line: -0.5, home: side(0.4, 150), away: side(0.6, -155) },
    };
    const event = eventOf("soccer_usa_mls", markets, fair);
    expect(lockSidesBetterThanFair(event)).toBe(event);
    const { legs, bets } = singlesOf(event);
    const box = boxOf(event);
    // Singles in sidesOf order: Home, Away, Draw, Home −0.5, Away +0.5.
    for (let i = 0; i < bets.length; i++) {
      for (let j = i + 1; j < bets.length; j++) {
        expect(bestSureReturnOver(event.sport, box, legs, [bets[i]!, bets[j]!]), `${i} ${j}`).toBeLessThanOrEqual(1e-9);
      }
    }
    expect(bestSureReturnOver(event.sport, box, legs, [bets[1]!, bets[2]!, bets[3]!])).toBeGreaterThan(0.04);
    expect(sureProfitSides(event)).toEqual(new Set(["sp.home"]));
    expect(sureOnBoard(locked(event))).toBeLessThanOrEqual(1e-9);
  });

  it("a push is not a win: Home 0 (draw no bet) beside Away at one consistent book is no sure profit and stays offered", () => {
    // Home 0.45, draw 0.27, away 0.28: Home 0 is fair at 0.45 / 0.73 = 0.616. Home 0 and Away
    // together imply less than 1, but the draw pushes one and loses the other.
    const markets: Markets = { moneyline: { home: 110, away: 240, draw: 250 }, spread: { line: 0, home: -165, away: 130 } };
    const fair: FairFigures = {
      moneyline: { books: 6, home: side(0.45, 110), away: side(0.28, 240), draw: side(0.27, 250) },
      spread: { books: 6, line: 0, home: side(0.616438, -165), away: side(0.383562, 130) },
    };
    const event = eventOf("soccer_usa_mls", markets, fair);
    expect(1 / decimalOdds(-165) + 1 / decimalOdds(240)).toBeLessThan(1);
    expect(sureOnBoard(event)).toBeLessThanOrEqual(1e-9);
    expect(locked(event)).toBe(event);
  });
});

describe("a free roll: a set that never loses and wins on some final", () => {
  it("Home 0 and Away 0 at +105 each, no draw offered and no spread consensus: 100 on each returns +5 on either win and 0 on a draw; one is locked", () => {
    const event = eventOf(
      "soccer_usa_mls",
      { moneyline: { home: 150, away: 200, draw: null }, spread: { line: 0, home: 105, away: 105 } },
      undefined,
      {
        home: 0,
        away: 0,
      },
    );
    const { legs, bets } = singlesOf(event);
    // Singles: Home, Away, Home 0, Away 0. The draw pushes both spread sides: no sure profit.
    expect(bets).toHaveLength(4);
    expect(sureOnBoard(event)).toBeLessThanOrEqual(1e-9);
    expect(payoutFor(10000, [105]) - 20000).toBe(500);
    // But 100 on each of Home 0 and Away 0 never loses and wins 5 on either team's win.
    expect(bestFreeRollOver(event.sport, boxOf(event), legs, [bets[2]!, bets[3]!])).toBeGreaterThan(0.02);
    // No fair price anywhere: sides are taken in the board's order, and Away 0 completes the free roll.
    expect(sureProfitSides(event)).toEqual(new Set(["sp.away"]));
    const shown = locked(event);
    expect(shown.markets.spread).toEqual({ line: 0, home: 105, away: null });
    expect(freeRollOnBoard(shown)).toBeLessThanOrEqual(1e-9);
    expect(lockSureProfitSets(shown)).toBe(shown);
  });

  it("a set that returns exactly 0 on every final is none, and stays offered: Over 3 and Under 3 at +100, spread 0 at +105 and −105", () => {
    // 1.00 on each of Over 3 and Under 3: +1 − 1 on either side of 3, two pushes on 3.
    const totals = eventOf("soccer_usa_mls", { total: { line: 3, over: 100, under: 100 } }, undefined);
    // 1.00 on Home 0 at +105 and 1.05 on Away 0 at −105: +1.05 − 1.05 on a home win, +1.00 − 1.00 on an away win, two pushes on a draw.
    const spread = eventOf("soccer_usa_mls", { spread: { line: 0, home: 105, away: -105 } }, undefined, { home: 1, away: 1 });
    for (const event of [totals, spread]) {
      const { legs, bets } = singlesOf(event);
      const patterns = resultPatterns(event.sport, legs, candidateFinals(event.sport, legs, { home: 0, away: 0 }));
      expect(freeRoll(patterns, [bets[0]!.decimal, bets[1]!.decimal], [0, 1])).toBeLessThanOrEqual(MIN_FREE_ROLL);
      expect(freeRollOnBoard(event)).toBeLessThanOrEqual(1e-9);
      expect(sureProfitSides(event)).toEqual(new Set());
      expect(locked(event)).toBe(event);
    }
    // A cent better on either side makes it a free roll.
    expect(sureProfitSides(eventOf("soccer_usa_mls", { total: { line: 3, over: 101, under: 100 } }, undefined))).toEqual(
      new Set(["tot.under"]),
    );
  });

  it("a side alone that cannot lose is locked: Over 3 at 2-1 pushes on 3 and wins above it", () => {
    const over = eventOf("soccer_usa_mls", { total: { line: 3, over: -1000, under: null } }, undefined, { home: 2, away: 1 });
    expect(freeRollOnBoard(over)).toBeGreaterThan(0.05);
    expect(sureOnBoard(over)).toBeLessThanOrEqual(1e-9);
    expect(sureProfitSides(over)).toEqual(new Set(["tot.over"]));
    // Over 2.5 there wins on every final: a sure profit on its own.
    const sure = eventOf("soccer_usa_mls", { total: { line: 2.5, over: -1000, under: null } }, undefined, { home: 2, away: 1 });
    expect(sureOnBoard(sure)).toBeGreaterThan(0.05);
    expect(sureProfitSides(sure)).toEqual(new Set(["tot.over"]));
    // From 0-0 neither is sure of anything.
    expect(sureProfitSides({ ...over, status: "scheduled", live: null })).toEqual(new Set());
  });

  it("holds on degenerate boards (even and near-even prices, whole lines, small live scores): no free roll survives, and the programme agrees", () => {
    let rolls = 0;
    fc.assert(
      fc.property(
        fc.record({
          sport: fc.constantFrom<SportKey>("soccer_usa_mls", "americanfootball_nfl", "icehockey_nhl", "basketball_nba"),
          prices: fc.array(fc.option(fc.constantFrom(100, 105, -105, -110, 110, 120, -120, 150, -150, 200, -200, 300, -300), { freq: 5 }), {
            minLength: 7,
            maxLength: 7,
          }),
          spread: fc.constantFrom(-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3),
          total: fc.constantFrom(0.5, 1, 1.5, 2, 2.5, 3, 4),
          live: fc.option(fc.record({ home: fc.integer({ min: 0, max: 4 }), away: fc.integer({ min: 0, max: 4 }) })),
        }),
        (g) => {
          const p = g.prices;
          const soccer = sportByKey(g.sport).drawPossible;
          const event = eventOf(
            g.sport,
            {
              moneyline: { home: p[0] ?? null, away: p[1] ?? null, ...(soccer && { draw: p[2] ?? null }) },
              spread: { line: g.spread, home: p[3] ?? null, away: p[4] ?? null },
              total: { line: g.total + (g.live ? g.live.home + g.live.away : 0), over: p[5] ?? null, under: p[6] ?? null },
            },
            undefined,
            g.live ?? undefined,
          );
          const { legs, bets } = singlesOf(event);
          if (bets.length === 0) return;
          const now = { home: event.live?.homeScore ?? 0, away: event.live?.awayScore ?? 0 };
          const mine = freeRoll(
            resultPatterns(event.sport, legs, candidateFinals(event.sport, legs, now)),
            bets.map((b) => b.decimal),
            bets.map((_, i) => i),
          );
          const reference = freeRollOnBoard(event);
          if (reference > 1e-7) {
            rolls++;
            expect(Math.abs(mine - reference)).toBeLessThan(1e-7);
          } else if (reference < 1e-12) expect(mine).toBeLessThanOrEqual(MIN_FREE_ROLL);
          const shown = lockSureProfitSets(event);
          expect(freeRollOnBoard(shown)).toBeLessThanOrEqual(1e-9);
          if (reference <= 1e-9) expect(shown).toBe(event);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
    expect(rolls).toBeGreaterThan(100);
  });
});

describe("a garbled score or line", () => {
  const markets: Markets = {
    moneyline: { home: -110, away: -110 },
    spread: { line: -3.5, home: -110, away: -110 },
    total: { line: 220.5, over: -110, under: -110 },
  };
  const legsOf = (event: Event) => singlesOf(event).legs;
  const countAt = (event: Event) =>
    candidateFinals(event.sport, legsOf(event), { home: event.live?.homeScore ?? 0, away: event.live?.awayScore ?? 0 }).length;

  it("costs as many candidate finals as a normal one: the finals checked stay a few whatever the score or the lines", () => {
    // At 120-0 the total's line is still ahead near the score's margin; far beyond it the score's lowest total is all there is.
    const normal = countAt(eventOf("basketball_nba", markets, undefined, { home: 120, away: 0 }));
    const huge = countAt(eventOf("basketball_nba", markets, undefined, { home: 10_000, away: 0 }));
    expect(huge).toBeLessThanOrEqual(normal);
    for (const score of [2_000_000, 2_000_000_000]) {
      expect(countAt(eventOf("basketball_nba", markets, undefined, { home: score, away: 0 })), `${score}-0`).toBe(huge);
      expect(countAt(eventOf("basketball_nba", markets, undefined, { home: 0, away: score })), `0-${score}`).toBe(huge);
    }
    const preMatch = countAt(eventOf("basketball_nba", markets, undefined));
    for (const line of [1_000.5, 1_000_000.5, 1e12 + 0.5]) {
      const far = countAt(eventOf("basketball_nba", { ...markets, spread: { line: -line, home: -110, away: -110 } }, undefined));
      expect(far, `spread ${-line}`).toBeLessThanOrEqual(preMatch + 5);
      const high = countAt(eventOf("basketball_nba", { ...markets, total: { line, over: -110, under: -110 } }, undefined));
      expect(high, `total ${line}`).toBeLessThanOrEqual(preMatch + 5);
    }
    // At most 15 margins (within 2 of 0, the score's margin and the spread's) and 3 totals at each.
    for (const count of [normal, preMatch]) expect(count).toBeLessThanOrEqual(45);
  });

  it("still locks what the score decides: at 2,000,000-0 Over 220.5 wins on every final", () => {
    const event = eventOf("basketball_nba", markets, undefined, { home: 2_000_000, away: 0 });
    expect(sureProfitSides(event)).toEqual(new Set(["tot.over"]));
    expect(sureProfitSides({ ...event, live: { ...event.live!, homeScore: 0, awayScore: 2_000_000 } })).toEqual(new Set(["tot.over"]));
  });

  it("its few candidate finals give every result a wide box gives, with the score's margin and the lines far apart", () => {
    fc.assert(
      fc.property(
        fc.record({
          sport: fc.constantFrom<SportKey>("soccer_usa_mls", "americanfootball_nfl", "basketball_nba"),
          home: fc.integer({ min: 0, max: 30 }),
          away: fc.integer({ min: 0, max: 30 }),
          spread: fc.integer({ min: -60, max: 60 }).map((x) => x / 2),
          total: fc.integer({ min: 0, max: 60 }).map((x) => x / 2),
        }),
        (g) => {
          const now = { home: g.home, away: g.away };
          const legs = legsAt(g.sport, g.spread, g.home + g.away + g.total);
          const width = Math.abs(g.home - g.away) + Math.ceil(Math.abs(g.spread) + g.total) + 6;
          const key = (patterns: Uint8Array[]) => new Set(patterns.map((p) => p.join("")));
          const candidates = resultPatterns(g.sport, legs, candidateFinals(g.sport, legs, now));
          const box = finalsBox(g.sport, now, width).map((f) => ({ home: f.homeScore, away: f.awayScore }));
          expect(key(candidates)).toEqual(key(resultPatterns(g.sport, legs, box)));
        },
      ),
      { numRuns: 150, seed: 20261202 },
    );
  });
});

/** The sides of every market of a game, as ModelLegs, at these lines (soccer with the draw). */
function legsAt(sport: SportKey, spreadLine: number, totalLine: number): ModelLeg[] {
  return [
    { market: "Moneyline", side: "Home", line: null },
    { market: "Moneyline", side: "Away", line: null },
    ...(sportByKey(sport).drawPossible ? [{ market: "Moneyline", side: "Draw", line: null } as const] : []),
    { market: "Spread", side: "Home", line: spreadLine },
    { market: "Spread", side: "Away", line: spreadLine === 0 ? 0 : -spreadLine },
    { market: "Total", side: "Over", line: totalLine },
    { market: "Total", side: "Under", line: totalLine },
  ];
}

const SPORTS: SportKey[] = [
  "soccer_usa_mls",
  "icehockey_nhl",
  "baseball_mlb",
  "americanfootball_nfl",
  "americanfootball_ncaaf",
  "basketball_nba",
  "basketball_ncaab",
];

/** A sport's typical scoring: its model, a typical total, and how far a live score runs. */
function shapeOf(sport: SportKey, strength: number, scoring: number): { model: GameModel; total: number; margin: number; runs: number } {
  if (sport === "soccer_usa_mls" || sport === "icehockey_nhl" || sport === "baseball_mlb") {
    const total = { soccer_usa_mls: 2.2 + scoring, icehockey_nhl: 5 + 2 * scoring, baseball_mlb: 7 + 3 * scoring }[sport];
    const margin = strength * { soccer_usa_mls: 1.2, icehockey_nhl: 1.4, baseball_mlb: 1.8 }[sport];
    const params = [total / 2 + margin / 2, total / 2 - margin / 2].map((x) => Math.round(x * 1e6) / 1e6);
    return {
      model: { v: GAME_MODEL_VERSION, sport, params },
      total,
      margin,
      runs: { soccer_usa_mls: 3, icehockey_nhl: 4, baseball_mlb: 7 }[sport],
    };
  }
  const football = sport.startsWith("americanfootball");
  const margin = strength * (football ? 14 : 12);
  const total = football ? 38 + 20 * scoring : sport === "basketball_nba" ? 210 + 30 * scoring : 130 + 25 * scoring;
  const params = [margin, football ? 13.5 : 11.5, total].map((x) => Math.round(x * 1e6) / 1e6);
  return { model: { v: GAME_MODEL_VERSION, sport, params }, total, margin, runs: football ? 30 : 70 };
}

/**
 * A generated board without a model: a game's chances (from a model of the sport, at the live
 * score when under way), each market's consensus moved on its own by up to `noise` (so the
 * markets disagree, as when no model fits), a market now and then without a fair price, and the
 * offered book's price of each side up to 4% better than its consensus or 6% worse.
 */
const boardArb = fc
  .record({
    sport: fc.constantFrom(...SPORTS),
    strength: fc.double({ min: -1, max: 1, noNaN: true }),
    scoring: fc.double({ min: 0, max: 1, noNaN: true }),
    live: fc.boolean(),
    homeShare: fc.double({ min: 0, max: 1, noNaN: true }),
    awayShare: fc.double({ min: 0, max: 1, noNaN: true }),
    left: fc.double({ min: 0.05, max: 1, noNaN: true }),
    spreadWhole: fc.boolean(),
    totalWhole: fc.boolean(),
    spreadShift: fc.integer({ min: -2, max: 2 }),
    totalShift: fc.integer({ min: -2, max: 2 }),
    // Lines near the moneyline's and the score's, where the markets' sides overlap most.
    spreadNear: fc.option(fc.constantFrom(-1.5, -1, -0.5, 0, 0.5, 1, 1.5), { freq: 2 }),
    totalNear: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 2 }),
    noise: fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 4, maxLength: 4 }),
    margins: fc.array(fc.double({ min: -0.01, max: 0.05, noNaN: true }), { minLength: 7, maxLength: 7 }),
    noFair: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    noFairOdds: fc.integer({ min: 0, max: 5 }),
  })
  .map((g) => {
    const { model, total, margin, runs } = shapeOf(g.sport, g.strength, g.scoring);
    const now = g.live ? { home: Math.floor(g.homeShare * runs), away: Math.floor(g.awayShare * runs) } : undefined;
    const grid = now ? liveScoreGrid(model, { homeScore: now.home, awayScore: now.away, left: g.left }) : scoreGrid(model);
    const left = now ? g.left : 1;
    const round = (x: number, whole: boolean) => (whole ? Math.round(x) : Math.floor(x) + 0.5);
    const expectedMargin = (now ? now.home - now.away : 0) + margin * left;
    const expectedTotal = (now ? now.home + now.away : 0) + total * left;
    const s0 = now ? now.home + now.away : 0;
    const spreadLine = g.spreadNear ?? (-round(expectedMargin + g.spreadShift, g.spreadWhole) || 0);
    const totalLine =
      g.totalNear !== null ? s0 + g.totalNear + (g.totalWhole ? 1 : 0.5) : Math.max(0.5, round(expectedTotal + g.totalShift, g.totalWhole));
    const legs = legsAt(g.sport, spreadLine, totalLine);
    const soccer = sportByKey(g.sport).drawPossible;
    const chance = legs.map((leg) => sideChanceOn(grid, g.sport, leg));
    const clamp = (p: number) => Math.min(0.97, Math.max(0.03, p));
    // Each market's consensus moved on its own (two-way markets stay complementary).
    const o = soccer ? 1 : 0;
    const ml = soccer
      ? (() => {
          const raw = [clamp(chance[0]! + g.noise[0]!), clamp(chance[1]! - g.noise[0]! / 2), clamp(chance[2]! + g.noise[3]!)];
          const sum = raw[0]! + raw[1]! + raw[2]!;
          return raw.map((p) => p / sum);
        })()
      : [clamp(chance[0]! + g.noise[0]!), 0].map((p, i, all) => (i === 0 ? p : 1 - all[0]!));
    const spreadHome = clamp(chance[2 + o]! + g.noise[1]!);
    const over = clamp(chance[4 + o]! + g.noise[2]!);
    const p = [...ml, spreadHome, 1 - spreadHome, over, 1 - over].map((x) => Math.round(x * 1e6) / 1e6);
    const offered = p.map((x, i) => validPrice(decimalToAmerican(1 / Math.min(0.985, x * (1 + g.margins[i]!)))));
    const dropped = (m: number) => g.noFair[m]! && g.noFairOdds === 0;
    const fair: FairFigures = {
      ...(!dropped(0) && {
        moneyline: {
          books: 6,
          home: side(p[0]!, offered[0]!),
          away: side(p[1]!, offered[1]!),
          ...(soccer && { draw: side(p[2]!, offered[2]!) }),
        },
      }),
      ...(!dropped(1) && {
        spread: { books: 6, line: spreadLine, home: side(p[2 + o]!, offered[2 + o]!), away: side(p[3 + o]!, offered[3 + o]!) },
      }),
      ...(!dropped(2) && {
        total: { books: 6, line: totalLine, over: side(p[4 + o]!, offered[4 + o]!), under: side(p[5 + o]!, offered[5 + o]!) },
      }),
    };
    const markets: Markets = {
      moneyline: { home: offered[0]!, away: offered[1]!, ...(soccer && { draw: offered[2]! }) },
      spread: { line: spreadLine, home: offered[2 + o]!, away: offered[3 + o]! },
      total: { line: totalLine, over: offered[4 + o]!, under: offered[5 + o]! },
    };
    return eventOf(g.sport, markets, Object.keys(fair).length > 0 ? fair : undefined, now);
  });

describe("no sure profit across a game's markets without a model", () => {
  it("holds on every generated board, pre-match and live: no portfolio of offered singles wins on every final", () => {
    let sureBefore = 0;
    let sureLive = 0;
    let missedFromNil = 0;
    let live = 0;
    let pushes = 0;
    let lockedSides = 0;
    let freeRollsOnly = 0;
    fc.assert(
      fc.property(boardArb, (event) => {
        const fairLocked = lockSidesBetterThanFair(event);
        const before = sureOnBoard(fairLocked);
        const rollBefore = freeRollOnBoard(fairLocked);
        if (before > 1e-9) sureBefore++;
        if (rollBefore > 1e-9 && before <= 1e-9) freeRollsOnly++;
        if (before > 1e-9 && event.status === "live") {
          sureLive++;
          // Read from 0-0, as if every score were still possible, some would keep a sure set.
          const fromNil = lockSureProfitSets({ ...fairLocked, status: "scheduled", live: null });
          if (sureOnBoard({ ...fromNil, status: event.status, live: event.live }) > 1e-9) missedFromNil++;
        }
        if (event.status === "live") live++;
        if (Number.isInteger(event.markets.spread!.line) || Number.isInteger(event.markets.total!.line)) pushes++;
        const shown = lockSureProfitSets(fairLocked);
        lockedSides += singlesOf(fairLocked).bets.length - singlesOf(shown).bets.length;
        expect(sureOnBoard(shown)).toBeLessThanOrEqual(1e-9);
        // Nor a set that never loses and wins on some final.
        expect(freeRollOnBoard(shown)).toBeLessThanOrEqual(1e-9);
        // Nothing is locked where the fair-lock left no free roll (a sure set is one).
        if (rollBefore <= 1e-9) expect(shown).toBe(fairLocked);
      }),
      { numRuns: 400, seed: 20261130 },
    );
    // The fair-lock alone left sure sets on many of them (as on the old code), live games and whole lines among the boards.
    expect(sureBefore).toBeGreaterThan(30);
    expect(sureLive).toBeGreaterThan(15);
    // Reading a game under way as if every score were still possible would have missed some.
    expect(missedFromNil).toBeGreaterThan(0);
    expect(lockedSides).toBeGreaterThanOrEqual(sureBefore);
    // Some never lose and win on some final without winning on every one: free rolls, locked too.
    expect(freeRollsOnly).toBeGreaterThan(0);
    expect(live).toBeGreaterThan(150);
    expect(pushes).toBeGreaterThan(150);
  });

  it("the Worker's programme agrees with the reference solver, and its few candidate finals give every result the box gives", () => {
    fc.assert(
      fc.property(boardArb, fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }), (board, take) => {
        const event = lockSidesBetterThanFair(board);
        const { legs, bets } = singlesOf(event);
        const now = { home: event.live?.homeScore ?? 0, away: event.live?.awayScore ?? 0 };
        const box = boxOf(event);
        const key = (patterns: Uint8Array[]) => new Set(patterns.map((p) => p.join("")));
        const candidates = resultPatterns(event.sport, legs, candidateFinals(event.sport, legs, now));
        const everywhere = resultPatterns(
          event.sport,
          legs,
          box.map((s) => ({ home: s.homeScore, away: s.awayScore })),
        );
        expect(key(candidates)).toEqual(key(everywhere));
        const chosen = bets.map((_, i) => i).filter((i) => take[i]);
        if (chosen.length === 0) return;
        const mine = freeRoll(
          candidates,
          bets.map((b) => b.decimal),
          chosen,
        );
        const reference = bestFreeRollOver(
          event.sport,
          box,
          legs,
          chosen.map((i) => bets[i]!),
        );
        // The reference solver's own precision is about 1e-9.
        if (reference > 1e-7) expect(Math.abs(mine - reference)).toBeLessThan(1e-7);
        else if (reference < 1e-12) expect(mine).toBeLessThanOrEqual(MIN_FREE_ROLL);
        // A sure profit is a free roll.
        const sure = bestSureReturnOver(
          event.sport,
          box,
          legs,
          chosen.map((i) => bets[i]!),
        );
        if (sure > 1e-9) expect(mine).toBeGreaterThan(MIN_FREE_ROLL);
      }),
      { numRuns: 150, seed: 20261201 },
    );
  });
});

describe("the recorded real payloads", () => {
  it("treated as games without a model, they hold no sure set nor free roll: the rule locks none of their sides", () => {
    let checked = 0;
    for (const minBooks of [5, 3] as const) {
      for (const { name, event } of recordedEvents(minBooks)) {
        const fairLocked = lockSidesBetterThanFair(event);
        expect(sureProfitSides(fairLocked), name).toEqual(new Set());
        expect(lockSureProfitSets(fairLocked)).toBe(fairLocked);
        expect(sureOnBoard(fairLocked), name).toBeLessThanOrEqual(1e-9);
        expect(freeRollOnBoard(fairLocked), name).toBeLessThanOrEqual(1e-9);
        checked++;
      }
    }
    expect(checked).toBe(10);
  });
});
