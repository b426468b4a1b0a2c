// What the slip adds up to right now, worked out once for every view of it (the slip itself,
// and the phone's bar that stands for it): its same-game blocks, the prices a parlay pays
// (each block's price once, then the other legs'), the balance and the amount in minor units,
// what it would return, and the first check that would refuse it (src/shared/betslip.ts).
import { decimalOdds } from "../../../shared/odds";
import { useBetslip } from "../../../session/betslip-provider";
import { balanceOf, useWallet } from "../../../session/wallet-provider";
import { amountFromInput, slipReturns, validatePlaceBet } from "../../../shared/betslip";
import { unitsToMinor } from "../../../shared/money";
import { parlayPricesAm } from "../../../shared/payout";
import { SAME_GAME_LOAD_FAILED, SAME_GAME_PRICING, useSameGameBlocks, type PricedBlock, type SlipBlock } from "./same-game-block";

export function combinedDecimal(pricesAm: readonly number[]): number {
  return pricesAm.reduce((product, price) => product * decimalOdds(price), 1);
}

/** A block that holds the slip back (still pricing, or refused), or null when every block is priced. */
export function blockingBlock(blocks: readonly SlipBlock[]): { index: number; reason: string } | null {
  const index = blocks.findIndex((b) => b.status !== "ok");
  if (index < 0) return null;
  const block = blocks[index]!;
  const reason = block.status === "refused" ? block.message : block.status === "failed" ? SAME_GAME_LOAD_FAILED : SAME_GAME_PRICING;
  return { index, reason };
}

/** The slip's figures; `skewMs`: the feed's clock against ours (for whether a game has started). */
export function useSlipFigures(skewMs: number) {
  const { picks, mode, amount, lockedUids } = useBetslip();
  const { mode: wallet, balances } = useWallet();
  const sameGame = useSameGameBlocks(picks, mode, skewMs);
  const pricedBlocks = sameGame.blocks.filter((b): b is PricedBlock => b.status === "ok");
  const blocked = blockingBlock(sameGame.blocks);
  const pricesAm = mode === "Parlay" ? parlayPricesAm(picks, pricedBlocks) : picks.map((p) => p.priceAm);
  const balance = balanceOf(balances, wallet);
  const amountMinor = unitsToMinor(wallet, amountFromInput(amount)) ?? 0;
  const check = validatePlaceBet({
    kind: mode,
    wallet,
    amount: amountFromInput(amount),
    picks: picks.map((p) => ({ priceAm: p.priceAm, locked: lockedUids.has(p.uid) })),
    sameGame: pricedBlocks,
    balanceMinor: balance ?? 0,
  });
  return {
    sameGame,
    pricedBlocks,
    blocked,
    pricesAm,
    balance,
    amountMinor,
    returns: slipReturns(mode, Math.max(0, amountMinor), pricesAm),
    /** Until every block is priced, what a parlay would return is not known. */
    returnsKnown: blocked === null,
    check,
  };
}
