// The house grading rule for one leg (spec §4 "legacy local pick result"): how a leg is
// graded from a final score. Pure, so settlement (Worker), the game model's pricing
// (src/shared/game-model/) and any display of a pick's result (SPA) apply the very same
// rule; how a bet's leg results reduce to its outcome is in bet-outcome.ts.
import type { BetLeg, LegResult } from "./schemas/bets";
import { sportByKey, type SportKey } from "./sports";

export type FinalScore = { homeScore: number; awayScore: number };

export type GradableLeg = Pick<BetLeg, "market" | "side" | "line">;

/** The part of a leg's grade a score can decide ('void' is an operator decision). */
export type ScoredResult = Exclude<LegResult, "void">;

function compare(mine: number, theirs: number): ScoredResult {
  if (mine > theirs) return "win";
  if (mine < theirs) return "loss";
  return "push";
}

/**
 * Grades one leg against a final score.
 * - Moneyline: the picked team must win. A tie pushes in two-way sports; where a draw
 *   is possible (soccer) the moneyline is the 3-way price, so a draw loses both teams
 *   and wins the Draw pick (which loses whenever a team wins). Draw exists only there.
 * - Spread: the picked side's line is added to its score and compared with the other
 *   side's score; equal is a push (whole-number lines).
 * - Total: the combined score against the line; equal is a push.
 * Throws RangeError for a leg whose market and side do not fit together, and for a
 * player's market (a Prop), which the box score grades (src/shared/props/grading.ts).
 */
export function gradeLeg(leg: GradableLeg, score: FinalScore, sport: SportKey): ScoredResult {
  const { homeScore, awayScore } = score;
  switch (leg.market) {
    case "Moneyline": {
      if (leg.side === "Draw") {
        if (!sportByKey(sport).drawPossible) throw new RangeError(`draw leg in ${sport}, where a game cannot end level`);
        return homeScore === awayScore ? "win" : "loss";
      }
      if (leg.side !== "Home" && leg.side !== "Away") throw new RangeError(`moneyline leg with side ${leg.side}`);
      const result = leg.side === "Home" ? compare(homeScore, awayScore) : compare(awayScore, homeScore);
      if (result === "push" && sportByKey(sport).drawPossible) return "loss";
      return result;
    }
    case "Spread": {
      if (leg.side !== "Home" && leg.side !== "Away") throw new RangeError(`spread leg with side ${leg.side}`);
      if (leg.line === null) throw new RangeError("spread leg without a line");
      return leg.side === "Home" ? compare(homeScore + leg.line, awayScore) : compare(awayScore + leg.line, homeScore);
    }
    case "Total": {
      if (leg.side !== "Over" && leg.side !== "Under") throw new RangeError(`total leg with side ${leg.side}`);
      if (leg.line === null) throw new RangeError("total leg without a line");
      const combined = homeScore + awayScore;
      return leg.side === "Over" ? compare(combined, leg.line) : compare(leg.line, combined);
    }
    case "Prop":
      throw new RangeError("a player's market is graded from the box score (src/shared/props/grading.ts), not the final score");
  }
}
