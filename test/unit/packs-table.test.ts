import { describe, expect, it } from "vitest";
import { findPack, formatUsd, PACKS } from "../../src/shared/packs";
import { CheckoutSessionRequestSchema } from "../../src/shared/schemas/checkout";

describe("coin pack table (spec §9)", () => {
  it("sells exactly the eight USD packs, in cents", () => {
    expect(PACKS.map((p) => formatUsd(p.amountCents))).toEqual([
      "$0.99",
      "$4.99",
      "$9.99",
      "$19.99",
      "$49.99",
      "$99.99",
      "$249.99",
      "$499.99",
    ]);
  });

  it("gives 1,000 Coins per rounded dollar and 1 Vantage Cash per whole dollar", () => {
    expect(PACKS.map((p) => [p.amountCents, p.coins, p.cashCents])).toEqual([
      [99, 1_000, 0],
      [499, 5_000, 400],
      [999, 10_000, 900],
      [1999, 20_000, 1_900],
      [4999, 50_000, 4_900],
      [9999, 100_000, 9_900],
      [24999, 250_000, 24_900],
      [49999, 500_000, 49_900],
    ]);
  });

  it("knows only those prices", () => {
    expect(findPack(499)?.coins).toBe(5_000);
    for (const amount of [0, 1, 100, 500, 498, -499, 4.99, 50_000]) expect(findPack(amount)).toBeNull();
    expect(CheckoutSessionRequestSchema.safeParse({ amountCents: 999 }).success).toBe(true);
    expect(CheckoutSessionRequestSchema.safeParse({ amountCents: 1000 }).success).toBe(false);
    expect(CheckoutSessionRequestSchema.safeParse({ amountCents: "999" }).success).toBe(false);
  });
});
