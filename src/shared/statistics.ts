// The Statistics card's numbers (spec §9), computed from one wallet's bet documents.
// Pure so the card, and its tests, agree on every definition:
//   settled      bets that reached a final result (a bet cashed out in full included);
//   win rate     wins ÷ settled bets that were not voided nor cashed out (a push counts
//                as a settled bet that did not win); null before any such bet;
//   win streak   the longest run of consecutive winning bets in settlement order (voids
//                and cash-outs neither extend nor break a run; a loss or push ends it);
//   pick odds    the average DECIMAL odds over every pick (leg), open or settled —
//                American prices do not average meaningfully, decimals do;
//   total picks  legs across all bets (a parlay of 3 counts 3);
//   biggest win  the largest payout − stake among winning bets;
//   top sport    the sport with the most picks (ties go to the earlier sport in the menu).
import { decimalOdds } from "./odds";
import type { BetDocument } from "./schemas/bets";
import { SPORT_KEYS, type SportKey } from "./sports";

export type BetStatistics = {
  settledCount: number;
  winRate: number | null;
  longestWinStreak: number;
  averagePickDecimal: number | null;
  totalPicks: number;
  biggestWin: number | null;
  mostPickedSport: SportKey | null;
};

export function computeStatistics(bets: readonly BetDocument[]): BetStatistics {
  const settled = bets
    .filter((b) => b.status === "settled")
    .sort((a, b) => (a.settledAt ?? a.createdAt) - (b.settledAt ?? b.createdAt) || a.createdAt - b.createdAt);
  const ungraded = (b: BetDocument) => b.result === "void" || b.result === "cashed_out";
  const graded = settled.filter((b) => !ungraded(b));
  const wins = graded.filter((b) => b.result === "win");

  let longest = 0;
  let run = 0;
  for (const bet of settled) {
    if (ungraded(bet)) continue;
    run = bet.result === "win" ? run + 1 : 0;
    longest = Math.max(longest, run);
  }

  const legs = bets.flatMap((b) => b.legs);
  const decimals = legs.map((l) => decimalOdds(l.priceAm));
  const counts = new Map<SportKey, number>();
  for (const leg of legs) counts.set(leg.league, (counts.get(leg.league) ?? 0) + 1);
  let mostPickedSport: SportKey | null = null;
  for (const sport of SPORT_KEYS) {
    const n = counts.get(sport) ?? 0;
    if (n > 0 && (mostPickedSport === null || n > (counts.get(mostPickedSport) ?? 0))) mostPickedSport = sport;
  }

  return {
    settledCount: settled.length,
    winRate: graded.length === 0 ? null : wins.length / graded.length,
    longestWinStreak: longest,
    averagePickDecimal: decimals.length === 0 ? null : decimals.reduce((a, b) => a + b, 0) / decimals.length,
    totalPicks: legs.length,
    biggestWin: wins.length === 0 ? null : Math.max(...wins.map((b) => b.payoutPaid - b.stake)),
    mostPickedSport,
  };
}
