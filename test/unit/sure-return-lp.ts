// The no-sure-profit tests' linear programmes over a list of one game's final scores, each leg
// graded by settlement's gradeLeg: the best worst-case net return, per unit staked in all, of
// any portfolio of bets (maximise the worst net return of non-negative stakes summing to 1);
// and the best free roll (maximise the net returns summed over the finals' combinations of
// results, of stakes summing to at most 1 that lose on none: above 0 exactly when some
// portfolio never loses and wins on a final). Solved by javascript-lp-solver, independently of
// the Worker's own check (src/shared/sure-profit-lock.ts).
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
  const { patterns, netReturn } = patternsOver(sport, scores, legs, repriced);
  const constraints: Record<string, { min?: number; max?: number; equal?: number }> = { stakes: { equal: 1 } };
  const variables: Record<string, Record<string, number>> = { worst: { objective: 1 } };
  patterns.forEach((pattern, c) => {
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

/**
 * The best free roll over `scores`: the most any portfolio of the bets with stakes summing to
 * at most 1 returns, its net returns summed over the distinct combinations of results, while
 * losing on none. 0 when no portfolio never loses and wins on one (a set returning exactly 0
 * everywhere is none); the sure-profit lock's programme F (src/shared/sure-profit-lock.ts).
 */
export function bestFreeRollOver(
  sport: SportKey,
  scores: Iterable<FinalScore>,
  legs: readonly GradableLeg[],
  bets: readonly Bet[],
): number {
  const { patterns, netReturn } = patternsOver(sport, scores, legs, () => 1);
  const constraints: Record<string, { min?: number; max?: number }> = { stakes: { max: 1 } };
  const variables: Record<string, Record<string, number>> = {};
  bets.forEach((bet, j) => {
    const column: Record<string, number> = { stakes: 1, objective: 0 };
    patterns.forEach((pattern, c) => {
      column[`final${c}`] = netReturn(bet, pattern);
      column.objective! += netReturn(bet, pattern);
    });
    variables[`bet${j}`] = column;
  });
  patterns.forEach((_, c) => {
    constraints[`final${c}`] = { min: 0 };
  });
  const result = solver.Solve({ optimize: "objective", opType: "max", constraints, variables }) as SolveResult;
  expect(result.feasible).toBe(true);
  return result.result;
}

/** The distinct combinations of the legs' results over `scores`, and a bet's net return on one. */
function patternsOver(
  sport: SportKey,
  scores: Iterable<FinalScore>,
  legs: readonly GradableLeg[],
  repriced: (rest: number[]) => number,
): { patterns: string[]; netReturn: (bet: Bet, pattern: string) => number } {
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
  return { patterns: [...patterns], netReturn };
}
