// The cash-out rule: fair value of the open stake, the fee on top, house-favoured rounding,
// and the share a fraction cashes out.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cashOutChance, cashOutFactor, cashOutFigures, stakeShare } from "../../src/shared/cash-out";
import type { BetLeg } from "../../src/shared/schemas/bets";

const leg = (priceAm: number): BetLeg => ({
  eventId: "e",
  league: "basketball_nba",
  market: "Moneyline",
  side: "Home",
  line: null,
  priceAm,
  home: "H",
  away: "A",
  startTime: "2026-01-01T00:00:00Z",
});

describe("cash-out", () => {
  it("multiplies won legs at their decimal and open legs at p_fair × d; pushes drop out, a loss ends it", () => {
    const legs = [leg(100), leg(-110), leg(150)];
    // won at 2.0, pushed, open at p 0.45 × 2.5 = 1.125 → 2.25 per unit.
    expect(cashOutFactor({ legs }, ["win", "push", null], new Map([[2, 0.45]]))).toBeCloseTo(2.25, 12);
    expect(
      cashOutFactor(
        { legs },
        ["loss", null, null],
        new Map([
          [1, 0.5],
          [2, 0.4],
        ]),
      ),
    ).toBeNull();
    expect(cashOutFactor({ legs }, [null, null, null], new Map([[0, 0.5]]))).toBeNull();
  });

  it("counts an open leg at its fair chance, but never above what the house's price for it implies now", () => {
    // −110 implies 0.5238: the fair 0.5 stands. +130 implies 1 / 2.3 = 0.4348: a fair 0.5 is cut to it.
    expect(cashOutChance(0.5, -110)).toBe(0.5);
    expect(cashOutChance(0.5, 130)).toBeCloseTo(1 / 2.3, 12);
  });

  it("never pays more than the stake for a bet cashed out at once, however far its prices beat fair", () => {
    const price = fc.oneof(fc.integer({ min: -9995, max: -100 }), fc.integer({ min: 100, max: 4995 }));
    const openLeg = fc.record({ priceAm: price, pFair: fc.double({ min: 0.001, max: 0.999, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(openLeg, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 500_000 }), (picks, stake) => {
        const legs = picks.map((p) => leg(p.priceAm));
        // Taken at the price the house offers now: each leg is worth at most 1 per unit.
        const chances = new Map(picks.map((p, i) => [i, cashOutChance(p.pFair, p.priceAm)]));
        const factor = cashOutFactor(
          { legs },
          legs.map(() => null),
          chances,
        )!;
        expect(factor).toBeLessThanOrEqual(1 + 1e-12);
        expect(cashOutFigures(stake, factor, 5).amount).toBeLessThan(stake);
      }),
    );
  });

  it("rounds the fair value down and the fee up, so the amount never exceeds the exact figure", () => {
    // 100 × 0.5 × 1.909091 = 95.45 → 95; fee 5% of 95 = 4.75 → 5; pays 90.
    expect(cashOutFigures(100, 0.5 * (1 + 100 / 110), 5)).toEqual({ fairValue: 95, fee: 5, amount: 90 });
    // 1,000 × 0.6 × 1.8 = 1,080; 2.5% of it = 27 exactly (no float noise makes it 28).
    expect(cashOutFigures(1000, 0.6 * 1.8, 2.5)).toEqual({ fairValue: 1080, fee: 27, amount: 1053 });
    // No float noise turns an exact 190 into 189.
    expect(cashOutFigures(100, 1.9, 0)).toEqual({ fairValue: 190, fee: 0, amount: 190 });
    expect(cashOutFigures(3, 0.1, 5)).toEqual({ fairValue: 0, fee: 0, amount: 0 });
  });

  it("cashes out all of the open stake at 1 and a rounded-down share below, at least one unit", () => {
    expect(stakeShare(101, 1)).toBe(101);
    expect(stakeShare(101, 0.5)).toBe(50);
    expect(stakeShare(101, 0.001)).toBeNull();
    expect(stakeShare(101, 0)).toBeNull();
    expect(stakeShare(101, 1.5)).toBeNull();
  });
});
