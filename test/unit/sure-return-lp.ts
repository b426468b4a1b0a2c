// The no-sure-profit tests' linear programme: the best worst-case net return, per unit staked
// in all, of any portfolio of bets on one game over a list of its final scores (maximise the
// worst net return of non-negative stakes summing to 1), each leg graded by settlement's
// gradeLeg. Solved by javascript-lp-solver, independently of the Worker's own check
// (src/shared/sure-profit-lock.ts).
import solver, { type SolveResult } from "javascript-lp-solver";
import { expect } from "vitest";
import { type FinalScore, type GradableLeg, gradeLeg } from "../../src/shared/grading";
import type { SportKey } from "../../src/shared/sports";

/** A bet: a single leg (index into the game's legs) or a block of legs, at a decimal price. */
export type Bet = { legs: number[]; decimal: number };

/**
 * The best worst-case net return (per unit staked in all) of any portfolio of the bets over
 * `scores`. A pushed leg drops out of a block, whose rest is paid at `repriced(rest)` (a single
 * leg that pushes returns its stake).
 */
export function bestSureReturnOver(
  sport: SportKey,
  scores: Iterable<FinalScore>,
  legs: readonly GradableLeg[],
  bets: readonly Bet[],
  repriced: (rest: number[]) => number = () => 1,
): number {
  // Final scores with the same result on every leg pay every bet the same: one constraint each.
  const patterns = new Set<string>();
  for (const score of scores) patterns.add(legs.map((leg) => gradeLeg(leg, score, sport)[0]).join(""));
  const netReturn = (bet: Bet, pattern: string): number => {
    const results = bet.legs.map((i) => pattern[i]);
    if (results.includes("l")) return -1;
    const winners = bet.legs.filter((i) => pattern[i] === "w");
    if (winners.length === 0) return 0;
    return (winners.length === bet.legs.length ? bet.decimal : repriced(winners)) - 1;
  };
  const constraints: Record<string, { min?: number; equal?: number }> = { stakes: { equal: 1 } };
  const variables: Record<string, Record<string, number>> = { worst: { objective: 1 } };
  [...patterns].forEach((pattern, c) => {
    constraints[`final${c}`] = { min: 0 };
    variables.worst![`final${c}`] = -1;
    bets.forEach((bet, j) => {
      variables[`bet${j}`] ??= { stakes: 1 };
      variables[`bet${j}`]![`final${c}`] = netReturn(bet, pattern);
    });
  });
  const result = solver.Solve({ optimize: "objective", opType: "max", constraints, variables, unrestricted: { worst: 1 } }) as SolveResult;
  expect(result.feasible).toBe(true);
  return result.result;
}
