// The margin a placed bet's prices carried against the fair price when it was placed
// (docs/rules.md "Fair odds"): 1 − Π over what it pays at of (fair chance × decimal odds),
// where a same-game block counts once at its model chance and price, and every other leg at
// its fair probability and price. Null when a leg outside a block had no fair price. The
// /pricing page averages it per kind of bet: singles, parlays and same-game parlays.
import { decimalOdds } from "./odds";
import type { BetDocument } from "./schemas/bets";

export type PriceKind = "single" | "parlay" | "same-game";

/** Which of the /pricing page's kinds a bet is. */
export function priceKindOf(bet: Pick<BetDocument, "legs" | "sameGame">): PriceKind {
  if ((bet.sameGame?.length ?? 0) > 0) return "same-game";
  return bet.legs.length === 1 ? "single" : "parlay";
}

/** The margin the bet's prices carried at placement (four decimals), or null without every fair chance. */
export function betMargin(bet: Pick<BetDocument, "legs" | "sameGame">): number | null {
  const blocks = bet.sameGame ?? [];
  const inBlock = new Set(blocks.flatMap((b) => b.legs));
  let expected = 1;
  for (const block of blocks) expected *= block.chance * decimalOdds(block.priceAm);
  for (const [index, leg] of bet.legs.entries()) {
    if (inBlock.has(index)) continue;
    if (leg.fairP === undefined) return null;
    expected *= leg.fairP * decimalOdds(leg.priceAm);
  }
  return Math.round((1 - expected) * 10_000) / 10_000;
}
