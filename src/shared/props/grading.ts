// How a players' market bet settles against the player's final statistics (a box score's
// PlayerStatLine), for the settlement of props and the explanation a player sees. Pure.
//
// Rules (docs/rules.md "Player props"):
// - No stat line for the player, or `played` false (did not play): void, the stake returned.
// - A pitcher's market (catalogue `needsStart`) voids unless the stat line has `started` 1.
// - Over/under: over wins above the line, under below it, and both push on it exactly.
// - Yes (anytime scorer): wins when the stat is at least 1.
// - A stat the line lacks, for a player who played, counts as 0 (a box score lists only what
//   happened). When a box score lacks a stat for every player, the stat was not recorded:
//   the caller must not grade on it (it voids or waits), as this rule cannot tell.
// - A leg that does not fit its market (a market not in the sport's catalogue, a kind or side
//   other than the market's, an over/under without a line) voids: it cannot be settled as asked.
import type { PlayerStatLine, PropKind } from "../schemas/props";
import type { SportKey } from "../sports";
import { propMarket } from "./catalogue";

/** One props bet leg as settlement reads it. */
export type PropLeg = {
  marketKey: string;
  sport: SportKey;
  kind: PropKind;
  line: number | null;
  side: "over" | "under" | "yes";
};

export type PropResult = "win" | "loss" | "push" | "void";

/** The result of one props leg given the player's stat line (undefined when the box score has none). */
export function gradeProp(leg: PropLeg, line: PlayerStatLine | undefined): PropResult {
  const market = propMarket(leg.sport, leg.marketKey);
  if (!market || market.kind !== leg.kind) return "void";
  if (!line?.played) return "void";
  if (market.needsStart && line.stats.started !== 1) return "void";
  const stat = line.stats[market.stat] ?? 0;
  if (market.kind === "yes") {
    if (leg.side !== "yes") return "void";
    return stat >= 1 ? "win" : "loss";
  }
  if (leg.side === "yes" || leg.line === null) return "void";
  if (stat === leg.line) return "push";
  const overWins = stat > leg.line;
  return overWins === (leg.side === "over") ? "win" : "loss";
}
