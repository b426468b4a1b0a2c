// The house payout rule, used by the betslip ("to win", "payout") and by settlement
// (what is paid), so the player is never shown one number and paid another.
//
// Rule: payout = floor(stake × Π decimal(priceAm)) in the wallet's minor unit (whole
// Coins, Vantage Cash cents), computed exactly with integers and applied once per bet.
// American odds map to exact fractions: +150 → 250/100, -120 → 220/120.
export function decimalFraction(priceAm: number): { num: bigint; den: bigint } {
  if (!Number.isInteger(priceAm) || priceAm === 0 || Math.abs(priceAm) < 100) {
    throw new RangeError(`not an American price: ${priceAm}`);
  }
  return priceAm > 0 ? { num: BigInt(100 + priceAm), den: 100n } : { num: BigInt(-priceAm + 100), den: BigInt(-priceAm) };
}

/** Total returned for a winning bet (stake included); pass the winning legs' prices. */
export function payoutFor(stake: number, winningPricesAm: readonly number[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const price of winningPricesAm) {
    const f = decimalFraction(price);
    num *= f.num;
    den *= f.den;
  }
  return Number(num / den);
}

/** Profit if every leg wins (payout − stake). */
export function toWinFor(stake: number, pricesAm: readonly number[]): number {
  return payoutFor(stake, pricesAm) - stake;
}

/**
 * The prices a parlay pays at if everything wins: each same-game block's price once (its
 * legs priced together, src/shared/same-game.ts), then the price of every leg outside a block.
 */
export function parlayPricesAm(
  legs: readonly { priceAm: number }[],
  blocks: readonly { legs: readonly number[]; priceAm: number }[] = [],
): number[] {
  const inBlock = new Set(blocks.flatMap((b) => b.legs));
  return [...blocks.map((b) => b.priceAm), ...legs.filter((_, i) => !inBlock.has(i)).map((l) => l.priceAm)];
}
