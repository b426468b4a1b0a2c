// Cash-out at the fair price, fee in plain sight: what an open bet (or a share of it) is
// worth now, and what the house pays for it. Pure, so the Worker's quote, the wallet's
// check of a quote when it is accepted, and the SPA's dialog all apply one rule.
//
//   fair value = open stake × Π (decimal of the legs already won)
//                           × Π over the open legs (p now × decimal of the price taken)
//   p now      = the leg's fair probability now, but never more than the chance the
//                house's own price for that side implies now (cashOutChance)
//   fee        = CASH_OUT_MARGIN percent of the fair value
//   amount     = fair value − fee
//
// A same-game block counts once: open, as the game model's chance now that all its legs win
// × decimal of the block's price; graded, at what it pays (src/shared/bet-outcome.ts).
// Pushed and voided legs drop out (factor 1); a lost leg has settled the bet, so there is
// nothing to cash out. Rounding is always in the house's favour: the fair value is rounded
// DOWN to a whole cent or coin and the fee UP, so the amount is never more than the exact
// figure. A share (fraction) of the open stake is priced on its own stake share, which is
// rounded down too (at least one unit); the whole open stake when the fraction is 1.
import { blockPriceOnceGraded } from "./bet-outcome";
import type { BetDocument, LegResult } from "./schemas/bets";
import { decimalOdds } from "./odds";

/**
 * What an open leg counts as in a cash-out: its fair probability now, capped at the chance
 * the house's current price for the same side implies (1 / decimal). A cash-out buys the leg
 * back; bought back above what the house sells it for, a side priced better than fair (one
 * book's price ahead of the others') would be a sure profit: bet it, cash it out at once. A
 * side with no price now has nothing to cap at, so its cash-out is suspended instead.
 */
export function cashOutChance(pFair: number, offeredPriceAm: number): number {
  return Math.min(pFair, 1 / decimalOdds(offeredPriceAm));
}

/** Float noise below this is not a unit of money (so 190.00000000001 is 190, never 191 nor 189). */
const FLOAT_NOISE = 1e-9;

/**
 * The fair value of one unit of open stake: the product described above. `legChanceNow`
 * gives what each leg still open counts as now (cashOutChance), by leg index, and `blockChanceNow`
 * each open same-game block's chance now, by block index. Null when a leg lost (the bet
 * is settled) or an open leg or block has no fair chance.
 */
export function cashOutFactor(
  bet: Pick<BetDocument, "legs" | "sameGame">,
  legResults: readonly (LegResult | null)[],
  legChanceNow: ReadonlyMap<number, number>,
  blockChanceNow: ReadonlyMap<number, number> = new Map(),
): number | null {
  let factor = 1;
  const blocks = bet.sameGame ?? [];
  for (const [blockIndex, block] of blocks.entries()) {
    const results = block.legs.map((i) => legResults[i] ?? null);
    if (results.includes("loss")) return null;
    if (results.every((r) => r !== null)) {
      const price = blockPriceOnceGraded(block, bet.legs, legResults);
      if (price !== null) factor *= decimalOdds(price);
      continue;
    }
    // A block's legs are graded together at its game's final: open, it is worth its chance now.
    const chance = blockChanceNow.get(blockIndex);
    if (chance === undefined || !(chance > 0 && chance <= 1)) return null;
    factor *= chance * decimalOdds(block.priceAm);
  }
  const inBlock = new Set(blocks.flatMap((b) => b.legs));
  for (const [index, leg] of bet.legs.entries()) {
    if (inBlock.has(index)) continue;
    const result = legResults[index] ?? null;
    if (result === "loss") return null;
    if (result === "win") factor *= decimalOdds(leg.priceAm);
    else if (result === null) {
      const p = legChanceNow.get(index);
      if (p === undefined || !(p > 0 && p < 1)) return null;
      factor *= p * decimalOdds(leg.priceAm);
    }
  }
  return factor;
}

/**
 * What the legs graded in `legResults` count for in a cash-out's fair value: the product of
 * what each graded leg and each graded block pays (a push or void 1), 0 once one lost; legs
 * and blocks still open count 1. A result correction scales a cash-out already taken by how
 * this changes for the legs that were graded when it was taken.
 */
export function gradedFactor(bet: Pick<BetDocument, "legs" | "sameGame">, legResults: readonly (LegResult | null)[]): number {
  let factor = 1;
  const blocks = bet.sameGame ?? [];
  for (const block of blocks) {
    const results = block.legs.map((i) => legResults[i] ?? null);
    if (results.includes("loss")) return 0;
    if (results.includes(null)) continue;
    const price = blockPriceOnceGraded(block, bet.legs, legResults);
    if (price !== null) factor *= decimalOdds(price);
  }
  const inBlock = new Set(blocks.flatMap((b) => b.legs));
  for (const [index, leg] of bet.legs.entries()) {
    if (inBlock.has(index)) continue;
    const result = legResults[index] ?? null;
    if (result === "loss") return 0;
    if (result === "win") factor *= decimalOdds(leg.priceAm);
  }
  return factor;
}

export type CashOutFigures = { fairValue: number; fee: number; amount: number };

/** The figures for `stake` units at `factor` with a fee of `marginPercent` percent (house-favoured rounding). */
export function cashOutFigures(stake: number, factor: number, marginPercent: number): CashOutFigures {
  const fairValue = Math.max(0, Math.floor(stake * factor + FLOAT_NOISE));
  const fee = Math.min(fairValue, Math.max(0, Math.ceil((fairValue * marginPercent) / 100 - FLOAT_NOISE)));
  return { fairValue, fee, amount: fairValue - fee };
}

/** The share of the open stake a fraction cashes out: all of it at 1, else rounded down; null when that is under one unit. */
export function stakeShare(openStake: number, fraction: number): number | null {
  if (!(fraction > 0 && fraction <= 1) || openStake <= 0) return null;
  const share = fraction === 1 ? openStake : Math.floor(openStake * fraction + FLOAT_NOISE);
  return share >= 1 ? share : null;
}

/** The fractions the cash-out dialog offers (any fraction in (0, 1] is accepted by the API). */
export const CASH_OUT_FRACTIONS = [0.25, 0.5, 1] as const;
