// The chance of a pick, and of a block of picks on one game, read off the game's grid
// (grid.ts). Each leg is graded on the grid's cells by settlement's own rule (gradeLeg in
// src/shared/grading.ts), so what is priced is what is paid.
//
// A side's chance is P(win | no push) = P(win) / (P(win) + P(loss)): a pushed single
// returns its stake, so this is the probability a fair price 1/c pays on; for soccer's
// 3-way moneyline (no push) it is just P(home), P(draw) or P(away).
//
// A block's chance c(B) is the one at which the price d = 1/c(B) is fair when settlement
// drops pushed legs and pays the rest of the block at its own price d(B \ S) = 1/c(B \ S):
//
//   c(B) = P(all of B win) / (1 − P(all of B push) − Σ_S P(S push, B \ S win) / c(B \ S))
//
// over the non-empty proper subsets S of B; a single leg's c is P(win | no push), and c(B)
// is 0 when B's legs cannot all win. With half-point lines nothing pushes and c(B) is just
// P(all of B win): soccer's Draw with Away +0.5 has the chance of the draw (a pick that
// another pick contains adds nothing), Home with Away +0.5 has chance 0. A block whose
// pushed outcomes alone would already return the stake on average has no fair price:
// its chance is 1, which no price accepts.
//
// An anytime goalscorer (soccer, hockey) joins a block as a share of his team's goals: each
// of the team's goals is his with chance `share`, so in a cell where the team scores g he
// scores with chance q = 1 − (1 − share)^g. `share` is fitted so that the grid gives his
// fair anytime price (scorerShare). A scorer never pushes, so with him in the block every
// term above is weighted by q, and a block whose other legs all push pays as the scorer
// alone, at 1 / P(he scores): the recursion's base is that chance instead of 1.
import { gradeLeg } from "../grading";
import type { Market, Side } from "../schemas/bets";
import type { GameModel } from "../schemas/game-model";
import type { SportKey } from "../sports";
import { type ScoreGrid, scoreGrid } from "./grid";

/** One pick of a game as the model reads it. */
export type ModelLeg = { market: Market; side: Side; line: number | null };

/** Legs beyond this many in one block are refused (the subsets double with each). */
const MAX_BLOCK_LEGS = 12;
const WIN = 0;
const PUSH = 1;
const LOSS = 2;
const CODE = { win: WIN, push: PUSH, loss: LOSS } as const;

/**
 * Each cell's results on the legs as bits: leg i's win is bit i, its push bit n + i (n legs).
 * A leg's grade depends on the score only through the margin (moneyline, spread) or the
 * total (total), so each leg is graded with gradeLeg once per distinct margin or total, on
 * the first cell that has it.
 */
function cellResults(grid: ScoreGrid, sport: SportKey, legs: readonly ModelLeg[]): Int32Array {
  const n = legs.length;
  const codes = new Int32Array(grid.p.length);
  const marginals = marginalsOf(grid);
  const score = { homeScore: 0, awayScore: 0 };
  legs.forEach((leg, i) => {
    const byTotal = leg.market === "Total";
    const { lowest, p } = marginals[byTotal ? 1 : 0]!;
    // The grade of each margin (or total) seen so far, by its offset from the lowest; −1 not yet graded.
    const seen = new Int8Array(p.length).fill(-1);
    const winBit = 1 << i;
    const pushBit = 1 << (n + i);
    for (let k = 0; k < codes.length; k++) {
      const h = grid.home[k]!;
      const a = grid.away[k]!;
      const key = (byTotal ? h + a : h - a) - lowest;
      let code = seen[key]!;
      if (code < 0) {
        score.homeScore = h;
        score.awayScore = a;
        code = CODE[gradeLeg(leg, score, sport)];
        seen[key] = code;
      }
      if (code === WIN) codes[k]! |= winBit;
      else if (code === PUSH) codes[k]! |= pushBit;
    }
  });
  return codes;
}

/** An anytime goalscorer in a block: his team, and his share of its goals (scorerShare). */
export type ScorerLeg = { team: "home" | "away"; share: number };

/** Each cell's chance that the scorer scores: 1 − (1 − share)^(his team's goals). */
function scorerChances(grid: ScoreGrid, scorer: ScorerLeg): Float64Array {
  const goals = scorer.team === "home" ? grid.home : grid.away;
  const q = new Float64Array(grid.p.length);
  for (let k = 0; k < q.length; k++) q[k] = 1 - (1 - scorer.share) ** goals[k]!;
  return q;
}

/** P(the scorer scores) on the grid. */
function scorerChanceOn(grid: ScoreGrid, scorer: ScorerLeg): number {
  const q = scorerChances(grid, scorer);
  let total = 0;
  for (let k = 0; k < q.length; k++) total += grid.p[k]! * q[k]!;
  return total;
}

/**
 * The share of his team's goals that gives a player's anytime chance `pScores` on the grid,
 * or null when no share can (the team scores too rarely for it, or the chance is not a
 * probability). Found by bisection: the chance rises with the share.
 */
export function scorerShare(grid: ScoreGrid, team: "home" | "away", pScores: number): number | null {
  if (!(pScores > 0 && pScores < 1)) return null;
  if (scorerChanceOn(grid, { team, share: 1 }) <= pScores) return null;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (scorerChanceOn(grid, { team, share: mid }) < pScores) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The probability of each combination of the legs' results that occurs: masks of the legs that win and that push. */
function outcomes(
  grid: ScoreGrid,
  sport: SportKey,
  legs: readonly ModelLeg[],
  weight: Float64Array | null = null,
): { win: number; push: number; p: number }[] {
  if (legs.length === 0) throw new RangeError("a block needs at least one leg");
  if (legs.length > MAX_BLOCK_LEGS) throw new RangeError(`a block of more than ${MAX_BLOCK_LEGS} legs`);
  const n = legs.length;
  const codes = cellResults(grid, sport, legs);
  const byCode = new Map<number, number>();
  // Up to 6 legs the combinations fit a small array; beyond, only those that occur are kept.
  const dense = n <= 6 ? new Float64Array(1 << (2 * n)) : null;
  for (let k = 0; k < codes.length; k++) {
    const p = weight ? grid.p[k]! * weight[k]! : grid.p[k]!;
    if (dense) dense[codes[k]!]! += p;
    else byCode.set(codes[k]!, (byCode.get(codes[k]!) ?? 0) + p);
  }
  if (dense) {
    for (let code = 0; code < dense.length; code++) if (dense[code]! > 0) byCode.set(code, dense[code]!);
  }
  const all = (1 << n) - 1;
  return [...byCode].map(([code, p]) => ({ win: code & all, push: (code >>> n) & all, p }));
}

/**
 * The block chance of every subset of the legs (indexed by bit mask), by the recursion in
 * the header; `base` is the chance of the empty block (1, or the scorer's chance).
 */
function subsetChances(patterns: readonly { win: number; push: number; p: number }[], legCount: number, base = 1): Float64Array {
  const size = 1 << legCount;
  const chance = new Float64Array(size);
  chance[0] = base;
  const split = new Float64Array(size);
  for (let block = 1; block < size; block++) {
    split.fill(0);
    for (const { win, push, p } of patterns) {
      // Every leg of the block wins or pushes; `split` is indexed by the legs that push.
      if (((win | push) & block) === block) split[push & block]! += p;
    }
    const allWin = split[0]!;
    if (!(allWin > 0)) continue;
    let rest = 1 - split[block]! / base;
    // Proper non-empty subsets S of the block: the rest of the block B \ S is a smaller mask, already known.
    for (let pushed = (block - 1) & block; pushed > 0; pushed = (pushed - 1) & block) {
      const q = split[pushed]!;
      if (q > 0) rest -= q / chance[block & ~pushed]!;
    }
    chance[block] = rest > allWin ? allWin / rest : 1;
  }
  return chance;
}

/** A grid's probability of each final margin (home − away) and each final total, with a cell that has it. */
type Marginals = { lowest: number; p: Float64Array; cell: Int32Array }[];
const marginalsMemo = new WeakMap<ScoreGrid, Marginals>();

function marginalsOf(grid: ScoreGrid): Marginals {
  const known = marginalsMemo.get(grid);
  if (known) return known;
  const made = [false, true].map((byTotal) => {
    let lowest = Number.POSITIVE_INFINITY;
    let highest = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < grid.p.length; k++) {
      const key = byTotal ? grid.home[k]! + grid.away[k]! : grid.home[k]! - grid.away[k]!;
      if (key < lowest) lowest = key;
      if (key > highest) highest = key;
    }
    const size = grid.p.length > 0 ? highest - lowest + 1 : 0;
    const p = new Float64Array(size);
    const cell = new Int32Array(size).fill(-1);
    for (let k = 0; k < grid.p.length; k++) {
      const i = (byTotal ? grid.home[k]! + grid.away[k]! : grid.home[k]! - grid.away[k]!) - lowest;
      p[i]! += grid.p[k]!;
      if (cell[i]! < 0) cell[i] = k;
    }
    return { lowest, p, cell };
  });
  marginalsMemo.set(grid, made);
  return made;
}

/**
 * P(win | no push) of one leg on a grid. The leg is graded with gradeLeg once per final
 * margin (moneyline, spread) or total (total) the grid has, on a cell with it, and that
 * margin's or total's probability counted.
 */
export function sideChanceOn(grid: ScoreGrid, sport: SportKey, leg: ModelLeg): number {
  const { p, cell } = marginalsOf(grid)[leg.market === "Total" ? 1 : 0]!;
  const score = { homeScore: 0, awayScore: 0 };
  let win = 0;
  let loss = 0;
  for (let i = 0; i < p.length; i++) {
    const k = cell[i]!;
    if (k < 0) continue;
    score.homeScore = grid.home[k]!;
    score.awayScore = grid.away[k]!;
    const result = gradeLeg(leg, score, sport);
    if (result === "win") win += p[i]!;
    else if (result === "loss") loss += p[i]!;
  }
  return win + loss > 0 ? win / (win + loss) : 0;
}

/** The block chance of legs on one game's grid (see the header). */
export function blockChanceOn(grid: ScoreGrid, sport: SportKey, legs: readonly ModelLeg[]): number {
  const chances = subsetChances(outcomes(grid, sport, legs), legs.length);
  return chances[(1 << legs.length) - 1]!;
}

/**
 * The block chance of legs on one game's grid with an anytime goalscorer among them (see
 * the header); with no other leg it is his chance to score.
 */
export function blockChanceWithScorerOn(grid: ScoreGrid, sport: SportKey, legs: readonly ModelLeg[], scorer: ScorerLeg): number {
  const base = scorerChanceOn(grid, scorer);
  if (legs.length === 0) return base;
  const chances = subsetChances(outcomes(grid, sport, legs, scorerChances(grid, scorer)), legs.length, base);
  return chances[(1 << legs.length) - 1]!;
}

/** Whether some final score on the grid wins every leg. */
export function legsCanAllWinOn(grid: ScoreGrid, sport: SportKey, legs: readonly ModelLeg[]): boolean {
  const all = (1 << legs.length) - 1;
  return outcomes(grid, sport, legs).some((o) => o.win === all && o.p > 0);
}

/** A side's chance on the game's model: P(win | no push), what a fair probability is compared with. */
export function sideChance(model: GameModel, leg: ModelLeg): number {
  return sideChanceOn(scoreGrid(model), model.sport, leg);
}

/** Per grid, the chances of the blocks priced on it lately: the same block is priced again and again (slip, placement, cash-out). */
const blockMemo = new WeakMap<ScoreGrid, Map<string, number>>();
const BLOCKS_PER_GRID = 256;

/** The effective chance of a block of legs on one game (see the header): its fair price is 1 / chance. */
export function blockChance(model: GameModel, legs: readonly ModelLeg[]): number {
  const grid = scoreGrid(model);
  let known = blockMemo.get(grid);
  if (!known) {
    known = new Map();
    blockMemo.set(grid, known);
  }
  const key = legs.map((leg) => `${leg.market}:${leg.side}:${leg.line}`).join("|");
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const chance = blockChanceOn(grid, model.sport, legs);
  if (known.size >= BLOCKS_PER_GRID) known.delete(known.keys().next().value!);
  known.set(key, chance);
  return chance;
}

/** Whether the legs can all win together on the game's model (some final score wins them all). */
export function legsCanAllWin(model: GameModel, legs: readonly ModelLeg[]): boolean {
  return legsCanAllWinOn(scoreGrid(model), model.sport, legs);
}

/**
 * A block's chance from the game's model: its game legs, and its scorer (by leg index, with
 * his share) when he is among `legIndexes`. What placement, settlement's re-pricing and
 * cash-out all read a block's chance with.
 */
export function chanceOfBlock(
  model: GameModel,
  legs: readonly ModelLeg[],
  legIndexes: readonly number[],
  scorer: { leg: number; team: "home" | "away"; share: number } | undefined,
): number {
  const withScorer = scorer !== undefined && legIndexes.includes(scorer.leg);
  const gameLegs = legIndexes.filter((i) => !withScorer || i !== scorer.leg).map((i) => legs[i]!);
  if (!withScorer) return blockChance(model, gameLegs);
  return blockChanceWithScorerOn(scoreGrid(model), model.sport, gameLegs, { team: scorer.team, share: scorer.share });
}
