// The coin shop's one price table (spec §9). The client only names a pack by its price
// in cents; the Worker looks the pack up here both when it opens a checkout and when a
// paid checkout is credited, so what a player receives never comes from the client.
//
// "1,000 coins per whole rounded dollar": the price is rounded to the nearest dollar
// (0.99 → 1, 4.99 → 5) and each of those dollars gives 1,000 Coins.
// "1 Vantage Cash per whole dollar": only whole dollars count, i.e. the price is floored
// (0.99 → 0, 4.99 → 4), so the 0.99 pack gives Coins only.
import { CENTS_PER_CASH } from "./money";

export const PACK_PRICES_CENTS = [99, 499, 999, 1999, 4999, 9999, 24999, 49999] as const;
export const COINS_PER_ROUNDED_DOLLAR = 1_000;

export type Pack = {
  amountCents: number;
  coins: number;
  /** Vantage Cash credited, in cents (whole units × 100). */
  cashCents: number;
};

export function packFor(amountCents: number): Pack {
  const roundedDollars = Math.round(amountCents / 100);
  const wholeDollars = Math.floor(amountCents / 100);
  return { amountCents, coins: roundedDollars * COINS_PER_ROUNDED_DOLLAR, cashCents: wholeDollars * CENTS_PER_CASH };
}

export const PACKS: readonly Pack[] = PACK_PRICES_CENTS.map(packFor);

/** The pack sold at exactly this price, or null for any other amount. */
export function findPack(amountCents: number): Pack | null {
  return PACKS.find((p) => p.amountCents === amountCents) ?? null;
}

/** "$4.99" */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
