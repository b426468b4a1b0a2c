// Spec §5/§9 price rules as every screen and the Worker apply them.
import { describe, expect, it } from "vitest";
import {
  americanToDecimal,
  decimalToAmerican,
  formatAmerican,
  formatDecimal,
  formatPrice,
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
