// A same-game block's price from its chance (chance.ts) and the house margin. The slip
// (SPA) and the Worker call these very functions, so the price shown is the price taken,
// to the cent. The offered price is rounded in the house's favour: never a price better
// than (1 − margin) / chance.
import { legMargin } from "../fair-odds";
import { AMERICAN_LOCK_HIGH, decimalOdds, decimalToAmerican, validPrice } from "../odds";

const ROUNDING_SLACK = 1e-9;

/** The longest price the board accepts (validPrice locks +5000 and beyond). */
export const BLOCK_LONGEST_AM = AMERICAN_LOCK_HIGH - 1;

/**
 * The offered American price of a block with this chance at this margin: decimal
 * d = (1 − margin) / chance, as an American integer rounded towards the house (for d ≥ 2
 * floor((d − 1) × 100), below 2 −ceil(100 / (d − 1))), capped at the longest price the board
 * accepts. Null when the chance is not positive or the price would be shorter than the
 * shortest valid price (or no price at all: d ≤ 1).
 */
export function blockPriceAm(chance: number, margin: number): number | null {
  if (!(chance > 0) || !Number.isFinite(chance)) return null;
  const d = (1 - margin) / chance;
  if (!(d > 1) || !Number.isFinite(d)) return d === Number.POSITIVE_INFINITY ? BLOCK_LONGEST_AM : null;
  // A price d itself is not better than d: the rounding forgives a floating-point hair (2.3 − 1 is 1.2999…).
  let am = d >= 2 ? Math.floor((d - 1) * 100 + ROUNDING_SLACK) : -Math.ceil(100 / (d - 1) - ROUNDING_SLACK);
  if (am > BLOCK_LONGEST_AM) am = BLOCK_LONGEST_AM;
  // Never better than d: step the house's way while the exact price pays more.
  while (decimalOdds(am) > d * (1 + 1e-12)) am = am > 100 ? am - 1 : am === 100 ? -101 : am - 1;
  return validPrice(am) === am ? am : null;
}

/** The fair American price of a chance (what a book with no margin would offer), or null when it is not a price. */
export function blockFairAm(chance: number): number | null {
  return chance > 0 && chance < 1 ? decimalToAmerican(1 / chance) : null;
}

/** The margin a price carries against a block's chance: 1 − chance × d, rounded as a leg's margin is. */
export function blockMargin(chance: number, priceAm: number): number {
  return legMargin(chance, priceAm);
}
