// How a bet's leg results reduce to one final state and payout (spec §4), with the house
// payout rule: pure, so settlement (Worker) and every display of a bet (SPA) agree. A
// same-game block of a parlay counts once, at its price (src/shared/same-game.ts).
import { blockPriceAm, chanceOfBlock, type ModelLeg } from "./game-model";
import { americanToDecimal } from "./odds";
import { payoutFor } from "./payout";
import type { BetDocument, BetLeg, LegResult, SameGameBlock } from "./schemas/bets";

/** A leg as grading reads it: its price, and for a same-game block's legs what was picked. */
export type GradedLeg = Pick<BetLeg, "priceAm"> & Partial<Pick<BetLeg, "market" | "side" | "line">>;

/**
 * What a same-game block pays at once its legs are graded (none lost): its own price when
 * every leg won; when some pushed or were void, the rest of the block re-priced from the
 * model and margin kept with the bet (the model's chance that those legs win, as at
 * placement), but never at a longer price than the block's own; nothing (null: it drops
 * out like a pushed leg) when none won.
 */
export function blockPriceOnceGraded(
  block: SameGameBlock,
  legs: readonly GradedLeg[],
  legResults: readonly (LegResult | null)[],
): number | null {
  const won = block.legs.filter((i) => legResults[i] === "win");
  if (won.length === 0) return null;
  if (won.length === block.legs.length) return block.priceAm;
  const modelLegs: ModelLeg[] = [];
  for (const i of won) {
    const { market, side, line } = legs[i]!;
    if (market === undefined || side === undefined || line === undefined) throw new RangeError("a same-game leg without its market");
    modelLegs[i] = { market, side, line };
  }
  const repriced = blockPriceAm(chanceOfBlock(block.model, modelLegs, won, block.scorer), block.margin);
  // Never more than the whole block winning: the bet's payout caps and the house's
  // reservation were checked at the block's price.
  return repriced !== null && americanToDecimal(repriced) > americanToDecimal(block.priceAm) ? block.priceAm : repriced;
}

export type BetOutcome = { status: "open" } | { status: "settled"; result: LegResult; payout: number };

/** The part of a bet's stake still riding on its legs: the stake less any share cashed out. */
export function openStake(bet: Pick<BetDocument, "stake" | "cashOut">): number {
  return bet.stake - (bet.cashOut?.stake ?? 0);
}

/**
 * Reduces a bet's leg results (parallel to its legs) to its outcome.
 * Open while any leg is open; a loss if any leg lost (payout 0); otherwise the payout
 * is `payoutFor(stake still open, prices of the winning legs)` — push and void legs drop
 * out, so a bet whose every leg pushed or voided returns exactly its open stake. A
 * same-game block counts once, at its price (re-priced when some of its legs dropped out:
 * blockPriceOnceGraded). The
 * result is 'win' when at least one leg won, 'void' when every leg voided, else 'push'.
 * A share already cashed out (`cashOut.stake`) was paid then and is not graded again.
 */
export function settleBet(
  bet: {
    stake: number;
    /** A same-game block's legs need their market, side and line to be re-priced. */
    legs: readonly GradedLeg[];
    cashOut?: BetDocument["cashOut"];
    sameGame?: readonly SameGameBlock[];
  },
  legResults: readonly (LegResult | null)[],
): BetOutcome {
  if (legResults.length !== bet.legs.length) throw new RangeError("leg results do not match the legs");
  if (legResults.some((r) => r === null)) return { status: "open" };
  if (legResults.includes("loss")) return { status: "settled", result: "loss", payout: 0 };
  const blocks = bet.sameGame ?? [];
  const inBlock = new Set(blocks.flatMap((b) => b.legs));
  const winningPrices = [
    ...blocks.flatMap((block) => {
      const price = blockPriceOnceGraded(block, bet.legs, legResults);
      return price === null ? [] : [price];
    }),
    ...bet.legs.filter((_, i) => !inBlock.has(i) && legResults[i] === "win").map((leg) => leg.priceAm),
  ];
  const payout = payoutFor(openStake(bet), winningPrices);
  if (winningPrices.length > 0) return { status: "settled", result: "win", payout };
  const result: LegResult = legResults.every((r) => r === "void") ? "void" : "push";
  return { status: "settled", result, payout };
}
