// Spec §5/§9 price rules as every screen and the Worker apply them.
import { describe, expect, it } from "vitest";
import {
  americanToDecimal,
  decimalToAmerican,
  formatAmerican,
  formatDecimal,
  formatDecimalOdds,
  formatFractional,
  formatPrice,
  FRACTIONAL_LADDER,
  fractionalOdds,
  formatSpreadLine,
  homeSpreadLine,
  impliedProbability,
  validPrice,
} from "../../src/shared/odds";

describe("price validity", () => {
  it("locks zero, missing and non-numbers", () => {
    for (const raw of [0, null, undefined, Number.NaN, Number.POSITIVE_INFINITY, "150", {}]) expect(validPrice(raw)).toBeNull();
  });

  it("locks at and beyond -10000 and +5000, keeps the prices just inside", () => {
    expect(validPrice(-10000)).toBeNull();
    expect(validPrice(-10001)).toBeNull();
    expect(validPrice(-25000)).toBeNull();
    expect(validPrice(5000)).toBeNull();
    expect(validPrice(5001)).toBeNull();
    expect(validPrice(-9999)).toBe(-9999);
    expect(validPrice(4999)).toBe(4999);
  });

  it("locks a price whose rounding lands on a bound", () => {
    expect(validPrice(-9999.6)).toBeNull();
    expect(validPrice(4999.5)).toBeNull();
  });

  it("locks values that are not American prices (between -100 and +100)", () => {
    expect(validPrice(50)).toBeNull();
    expect(validPrice(-99)).toBeNull();
    expect(validPrice(100)).toBe(100);
    expect(validPrice(-100)).toBe(-100);
  });

  it("rounds a valid price to a whole American value", () => {
    expect(validPrice(-110.4)).toBe(-110);
    expect(validPrice(149.6)).toBe(150);
  });
});

describe("conversions", () => {
  it("turns American into decimal and back", () => {
    expect(americanToDecimal(150)).toBe(2.5);
    expect(americanToDecimal(-200)).toBe(1.5);
    expect(americanToDecimal(-9999)).toBeGreaterThanOrEqual(1.01);
    expect(americanToDecimal(4999)).toBeLessThanOrEqual(100);
    expect(decimalToAmerican(2.5)).toBe(150);
    expect(decimalToAmerican(1.5)).toBe(-200);
    expect(decimalToAmerican(2)).toBe(100);
  });

  it("gives implied probabilities with the margin in them", () => {
    expect(impliedProbability(-110)).toBeCloseTo(0.5238, 4);
    expect(impliedProbability(150)).toBeCloseTo(0.4, 10);
    expect(impliedProbability(-110) + impliedProbability(-110)).toBeGreaterThan(1);
  });
});

describe("spread favourite rule", () => {
  it("gives the moneyline favourite the negative line", () => {
    expect(homeSpreadLine(3.5, -180, 150)).toBe(-3.5);
    expect(homeSpreadLine(3.5, 150, -180)).toBe(3.5);
    expect(homeSpreadLine(-6.5, 220, -270)).toBe(6.5);
  });

  it("gives the home team the negative line on a tie", () => {
    expect(homeSpreadLine(1.5, -110, -110)).toBe(-1.5);
    expect(homeSpreadLine(-1.5, 100, 100)).toBe(-1.5);
  });

  it("keeps a pick'em at zero", () => {
    expect(homeSpreadLine(0, -150, 130)).toBe(0);
    expect(formatSpreadLine(0)).toBe("PK");
  });
});

describe("display", () => {
  it("shows American with its sign and decimal with two places", () => {
    expect(formatAmerican(150)).toBe("+150");
    expect(formatAmerican(-120)).toBe("-120");
    expect(formatAmerican(100)).toBe("+100");
    expect(formatDecimal(150)).toBe("2.50");
    expect(formatDecimal(-120)).toBe("1.83");
    expect(formatDecimal(-110)).toBe("1.91");
    expect(formatPrice(-120, "american")).toBe("-120");
    expect(formatPrice(-120, "decimal")).toBe("1.83");
    expect(formatSpreadLine(-3.5)).toBe("-3.5");
    expect(formatSpreadLine(7)).toBe("+7");
  });
});

describe("fractional odds", () => {
  it("reads on the UK books' ladder: the largest rung not above the true price", () => {
    expect([-150, 130, -110, 250].map((p) => formatPrice(p, "fractional"))).toEqual(["4/6", "5/4", "10/11", "5/2"]);
    // The issue's own: −285 (20/57 exactly) and −239 (100/239) read as rungs, never longer.
    expect(formatFractional(-285)).toBe("1/3");
    expect(formatFractional(-239)).toBe("2/5");
    expect(formatFractional(-275)).toBe("4/11");
    expect(formatFractional(100)).toBe("1/1");
    expect(formatFractional(-100)).toBe("1/1");
    expect(formatFractional(-137)).toBe("8/11");
    expect(formatFractional(333)).toBe("3/1");
    expect(formatFractional(334)).toBe("10/3");
    expect(formatFractional(1200)).toBe("12/1");
    expect(formatFractional(-5000)).toBe("1/50");
    expect(formatFractional(-20000)).toBe("1/100");
    expect(formatFractional(4999)).toBe("40/1");
  });

  it("is never above the true price, and only ever a rung of the ladder", () => {
    const rungs = new Set(FRACTIONAL_LADDER.map(([n, d]) => `${n}/${d}`));
    for (let size = 100; size < 10000; size++) {
      for (const price of [size, -size]) {
        const { num, den } = fractionalOdds(price);
        expect(rungs.has(`${num}/${den}`), `${price}`).toBe(true);
        const profit = price > 0 ? price / 100 : 100 / -price;
        expect(num / den, `${price}`).toBeLessThanOrEqual(profit + 1e-12);
      }
    }
    // The ladder climbs: each rung longer than the one before.
    for (let i = 1; i < FRACTIONAL_LADDER.length; i++) {
      const [a, b] = FRACTIONAL_LADDER[i - 1]!;
      const [c, d] = FRACTIONAL_LADDER[i]!;
      expect(a / b).toBeLessThan(c / d);
    }
  });

  it("shows combined and average odds in the chosen format", () => {
    expect(formatDecimalOdds(3.5, "decimal")).toBe("3.50");
    expect(formatDecimalOdds(3.5, "american")).toBe("+250");
    expect(formatDecimalOdds(3.5, "fractional")).toBe("5/2");
    // A two-leg parlay at -110 each: (21/11)² = 3.6446 → +264 → the ladder's 5/2 (2.64 pays, 2.5 reads).
    expect(formatDecimalOdds(americanToDecimal(-110) * americanToDecimal(-110), "fractional")).toBe("5/2");
  });
});
