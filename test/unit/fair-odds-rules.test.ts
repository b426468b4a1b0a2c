// The glass-box pricing rules: multiplicative de-vig, the median across books, margins of
// a leg and a parlay, and the fair price shown under an offered one.
import { describe, expect, it } from "vitest";
import {
  devigMultiplicative,
  eventFairFigures,
  fairAmerican,
  fairProbabilities,
  formatMargin,
  legMargin,
  median,
  parlayMargin,
} from "../../src/shared/fair-odds";

describe("fair odds", () => {
  it("de-vigs a 3-way soccer price so its sides sum to 1", () => {
    // -145 / +360 / +290: implied 0.591837 + 0.217391 + 0.256410 = 1.065638 (6.6% overround).
    const fair = devigMultiplicative([-145, 360, 290])!;
    expect(fair.map((p) => Number(p.toFixed(6)))).toEqual([0.555382, 0.204001, 0.240617]);
    expect(fair.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(devigMultiplicative([-110, null])).toBeNull();
  });

  it("takes the median per side, needs the minimum number of books and counts a book once", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const quotes = [-110, -120, -130, -125, -135].map((home, i) => ({ book: `b${i}`, line: null, pricesAm: [home, 100] }));
    expect(fairProbabilities(quotes, null, 2, 6)).toBeNull();
    const five = fairProbabilities(quotes, null, 2, 5)!;
    expect(five.books).toBe(5);
    expect(fairProbabilities([...quotes, { ...quotes[0]!, pricesAm: [-500, 300] }], null, 2, 6)).toBeNull();
    expect(fairProbabilities(quotes, 1.5, 2, 1)).toBeNull();
  });

  it("measures a leg's and a parlay's margin against the fair price", () => {
    // -110 on a fair coin: 1 − 0.5 × 1.909091 = 4.55% kept.
    expect(legMargin(0.5, -110)).toBe(0.0455);
    expect(
      parlayMargin([
        { pFair: 0.5, priceAm: -110 },
        { pFair: 0.5, priceAm: -110 },
      ]),
    ).toBe(0.0888);
    expect(parlayMargin([{ pFair: null, priceAm: -110 }])).toBeNull();
    expect(formatMargin(0.0731)).toBe("7.3%");
    expect(formatMargin(-0.0052)).toBe("−0.5%");
    expect(fairAmerican(0.5)).toBe(100);
    expect(fairAmerican(41 / 77)).toBe(-114);
    expect(fairAmerican(1)).toBeNull();
  });

  it("gives an event's figures only for markets enough books quote, and a locked price no margin", () => {
    const quote = (line: number | null, prices: number[]) =>
      Array.from({ length: 5 }, (_, i) => ({ book: `b${i}`, line, pricesAm: prices }));
    const figures = eventFairFigures(
      { moneyline: { home: null, away: 100, draw: 250 }, total: { line: 2.5, over: -110, under: -110 } },
      { moneyline: quote(null, [110, 110, 250]), spread: [], total: quote(3.5, [-110, -110]) },
      5,
    );
    expect(figures?.moneyline?.home.margin).toBeNull();
    expect(figures?.moneyline?.draw?.p).toBeGreaterThan(0);
    expect(figures?.total).toBeUndefined();
  });
});
