// The joint distribution of a game's final (home, away) score, as settlement grades it,
// built from the game's model (families.ts): a list of cells with their probabilities.
// Every same-game price is read off this one grid, so picks on one game are never
// priced as if they were independent. Sports that never end level have no level cells:
// their tie-break (overtime, extra innings) is part of the final score, as books count it.
//
// `scoreGrid` memoises the grids of the last 64 models; `liveScoreGrid` builds the grid of
// a game under way (its current score plus the model's remaining share of the game).
import type { GameModel } from "../schemas/game-model";
import { familyOf, type GoalsFamily, gameModelProblem, type PointsFamily } from "./families";

/** The cells of a final-score distribution: parallel arrays, every p > 0, summing to 1. */
export type ScoreGrid = { home: Int16Array; away: Int16Array; p: Float64Array };

/** Cells whose probability is at most this are dropped (and the rest renormalised). */
const CELL_FLOOR = 1e-12;
/** The points families' normal is summed over this many standard deviations each way (beyond, under 1e-13). */
const NORMAL_REACH = 8;
const MEMO_SIZE = 64;

/** Where a game stands: its score and the share of the game still to play (1 before it starts). */
export type GameSituation = { homeScore: number; awayScore: number; left: number };

/** A dense box of score weights over home lo..lo+width−1 × away lo..lo+height−1. */
type Box = { homeLo: number; awayLo: number; width: number; height: number; w: Float64Array };

/** A grid as built: the final cells, plus what it takes to tell whether a final came from a tie-break. */
type Built = {
  grid: ScoreGrid;
  /** Regulation weights before a level score is resolved (unnormalised). */
  regulation: Box;
  /** Points a tie-break adds to the winner (0: the sport's regulation score is final) and home's share of them. */
  tieBreakPoints: number;
  tieBreakHomeShare: number;
};

function newBox(homeLo: number, homeHi: number, awayLo: number, awayHi: number): Box {
  const width = Math.max(1, homeHi - homeLo + 1);
  const height = Math.max(1, awayHi - awayLo + 1);
  return { homeLo, awayLo, width, height, w: new Float64Array(width * height) };
}

function boxAt(box: Box, home: number, away: number): number {
  const i = home - box.homeLo;
  const j = away - box.awayLo;
  return i < 0 || j < 0 || i >= box.width || j >= box.height ? 0 : box.w[i * box.height + j]!;
}

/**
 * Negative binomial probabilities of 0..n events at mean `mean` and size `size`
 * (P(0) = q^size, P(k) = P(k−1) · (k − 1 + size) / k · (1 − q), q = size / (size + mean)).
 */
function negativeBinomialPmf(mean: number, size: number, n: number): Float64Array {
  const out = new Float64Array(n + 1);
  if (size <= 0 || mean <= 0) {
    out[0] = 1;
    return out;
  }
  const q = size / (size + mean);
  out[0] = q ** size;
  for (let k = 1; k <= n; k++) out[k] = (out[k - 1]! * (k - 1 + size) * (1 - q)) / k;
  return out;
}

/** Poisson probabilities of 0..n events at mean `mean`. */
function poissonPmf(mean: number, n: number): Float64Array {
  const out = new Float64Array(n + 1);
  out[0] = Math.exp(-mean);
  for (let k = 1; k <= n; k++) out[k] = (out[k - 1]! * mean) / k;
  return out;
}

/** Dixon–Coles τ: the low-score correction of cells (0,0), (0,1), (1,0) and (1,1). */
function tau(home: number, away: number, lambdaHome: number, lambdaAway: number, rho: number): number {
  if (home === 0 && away === 0) return 1 - lambdaHome * lambdaAway * rho;
  if (home === 0 && away === 1) return 1 + lambdaHome * rho;
  if (home === 1 && away === 0) return 1 + lambdaAway * rho;
  if (home === 1 && away === 1) return 1 - rho;
  return 1;
}

function goalsRegulation(family: GoalsFamily, params: readonly number[], at: GameSituation): { box: Box; homeShare: number } {
  const [lambdaHome, lambdaAway] = params as [number, number];
  const n = family.maxGoals;
  const lh = lambdaHome * at.left;
  const la = lambdaAway * at.left;
  // A share `left` of the game has the whole game's mean and negative binomial size scaled by it.
  const k = family.dispersion;
  const ph = k === null ? poissonPmf(lh, n) : negativeBinomialPmf(lh, k * at.left, n);
  const pa = k === null ? poissonPmf(la, n) : negativeBinomialPmf(la, k * at.left, n);
  const box = newBox(at.homeScore, at.homeScore + n, at.awayScore, at.awayScore + n);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const correction = family.rho === 0 ? 1 : Math.max(0, tau(i, j, lh, la, family.rho));
      box.w[i * box.height + j] = ph[i]! * pa[j]! * correction;
    }
  }
  return { box, homeShare: lambdaHome / (lambdaHome + lambdaAway) };
}

function pointsRegulation(family: PointsFamily, params: readonly number[], at: GameSituation): { box: Box; homeShare: number } {
  const [muMargin, sigmaMargin, muTotal] = params as [number, number, number];
  const left = Math.max(at.left, 1e-4);
  const mM = muMargin * left;
  const mT = muTotal * left;
  const sM = sigmaMargin * Math.sqrt(left);
  const sT = family.sigmaTotal * Math.sqrt(left);
  const r = family.correlation;
  const oneMinusR2 = 1 - r * r;
  const lo = family.minScore;
  const hi = family.maxScore;
  const box = newBox(Math.max(lo, at.homeScore), hi, Math.max(lo, at.awayScore), hi);
  let homeWins = 0;
  let awayWins = 0;
  // The remaining margin dm and total dt share a parity (dh = (dt + dm) / 2 is whole).
  const dmLo = Math.ceil(mM - NORMAL_REACH * sM);
  const dmHi = Math.floor(mM + NORMAL_REACH * sM);
  const dtLo = Math.max(0, Math.ceil(mT - NORMAL_REACH * sT));
  const dtHi = Math.floor(mT + NORMAL_REACH * sT);
  const keyWeight = new Float64Array(2 * hi + 2 * family.overtimePoints + 1).fill(1);
  for (const [margin, weight] of Object.entries(family.keyMargins))
    if (Number(margin) < keyWeight.length) keyWeight[Number(margin)] = weight;
  // Along a row of one dm the exponent is quadratic in dt, so each density is the last one
  // times a ratio that itself changes by a constant factor: two multiplications a cell.
  const a = -1 / (2 * oneMinusR2 * sT * sT);
  const stepGrowth = Math.exp(8 * a);
  const exponent = (zm: number, dt: number) => {
    const zt = (dt - mT) / sT;
    return -(zm * zm - 2 * r * zm * zt + zt * zt) / (2 * oneMinusR2);
  };
  for (let dm = dmLo; dm <= dmHi; dm++) {
    const zm = (dm - mM) / sM;
    const start = dtLo + ((((dtLo - dm) % 2) + 2) % 2);
    let density = Math.exp(exponent(zm, start));
    let ratio = Math.exp(exponent(zm, start + 2) - exponent(zm, start));
    for (let dt = start; dt <= dtHi; dt += 2, density *= ratio, ratio *= stepGrowth) {
      const home = at.homeScore + (dt + dm) / 2;
      const away = at.awayScore + (dt - dm) / 2;
      if (home < box.homeLo || away < box.awayLo || home > hi || away > hi) continue;
      const margin = home - away;
      const weight = density * keyWeight[margin < 0 ? -margin : margin]!;
      box.w[(home - box.homeLo) * box.height + (away - box.awayLo)] = weight;
      if (margin > 0) homeWins += weight;
      else if (margin < 0) awayWins += weight;
    }
  }
  const decided = homeWins + awayWins;
  return { box, homeShare: decided > 0 ? homeWins / decided : 0.5 };
}

/** Builds the grid of a model from a game situation (the whole game: 0–0 with all of it left). */
function build({ sport, v, params }: GameModel, at: GameSituation): Built {
  const family = familyOf(sport, v);
  if (!family) throw new RangeError(`${sport} has no score model`);
  const { box: regulation, homeShare } =
    family.kind === "goals" ? goalsRegulation(family, params, at) : pointsRegulation(family, params, at);
  const tieBreakPoints = family.kind === "goals" ? (family.tieBreak ? 1 : 0) : family.overtimePoints;

  // The final box has room for a tie-break on either side.
  const final = newBox(
    regulation.homeLo,
    regulation.homeLo + regulation.width - 1 + tieBreakPoints,
    regulation.awayLo,
    regulation.awayLo + regulation.height - 1 + tieBreakPoints,
  );
  let total = 0;
  for (let i = 0; i < regulation.width; i++) {
    for (let j = 0; j < regulation.height; j++) {
      const w = regulation.w[i * regulation.height + j]!;
      if (w <= 0) continue;
      total += w;
      const home = regulation.homeLo + i;
      const away = regulation.awayLo + j;
      const fi = home - final.homeLo;
      const fj = away - final.awayLo;
      if (home === away && tieBreakPoints > 0) {
        final.w[(fi + tieBreakPoints) * final.height + fj]! += w * homeShare;
        final.w[fi * final.height + fj + tieBreakPoints]! += w * (1 - homeShare);
      } else {
        final.w[fi * final.height + fj]! += w;
      }
    }
  }
  if (!(total > 0)) {
    // Nothing left to play (or a degenerate model): the score as it stands is final.
    const home = at.homeScore + (at.homeScore === at.awayScore && tieBreakPoints > 0 ? tieBreakPoints : 0);
    return {
      grid: { home: Int16Array.of(home), away: Int16Array.of(at.awayScore), p: Float64Array.of(1) },
      regulation,
      tieBreakPoints,
      tieBreakHomeShare: homeShare,
    };
  }
  let count = 0;
  let kept = 0;
  for (let k = 0; k < final.w.length; k++) {
    const p = final.w[k]! / total;
    if (p > CELL_FLOOR) {
      count++;
      kept += p;
    }
  }
  const grid: ScoreGrid = { home: new Int16Array(count), away: new Int16Array(count), p: new Float64Array(count) };
  let n = 0;
  for (let i = 0; i < final.width; i++) {
    for (let j = 0; j < final.height; j++) {
      const p = final.w[i * final.height + j]! / total;
      if (p <= CELL_FLOOR) continue;
      grid.home[n] = final.homeLo + i;
      grid.away[n] = final.awayLo + j;
      grid.p[n] = p / kept;
      n++;
    }
  }
  return { grid, regulation, tieBreakPoints, tieBreakHomeShare: homeShare };
}

const WHOLE_GAME: GameSituation = { homeScore: 0, awayScore: 0, left: 1 };
const memo = new Map<string, Built>();

function checked(model: GameModel): void {
  const problem = gameModelProblem(model);
  if (problem) throw new RangeError(problem);
}

function built(model: GameModel): Built {
  const key = `${model.v}|${model.sport}|${model.params.join(",")}`;
  const hit = memo.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the one dropped.
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  checked(model);
  const made = build(model, WHOLE_GAME);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, made);
  return made;
}

/**
 * The final-score grid of a game's model (memoised per model, the last 64). Throws a
 * RangeError for a model that cannot be read (another version, no family, parameters
 * out of bounds: see gameModelProblem).
 */
export function scoreGrid(model: GameModel): ScoreGrid {
  return built(model).grid;
}

/** The grid of a model, built afresh (not memoised): for a fit that tries many parameters once each. */
export function buildScoreGrid(model: GameModel): ScoreGrid {
  checked(model);
  return build(model, WHOLE_GAME).grid;
}

/**
 * The final-score grid of a game under way: the current score plus the model's share
 * `left` of the game still to play (count means, negative binomial sizes and normal means
 * scale with it, normal spreads with its square root), a level final resolved as the model resolves it. With
 * 0–0 and all the game left it is `scoreGrid(model)`. Not memoised.
 */
export function liveScoreGrid(model: GameModel, at: GameSituation): ScoreGrid {
  checked(model);
  const left = Math.min(1, Math.max(0, at.left));
  return build(model, { homeScore: at.homeScore, awayScore: at.awayScore, left }).grid;
}

/**
 * The chance that a final score (home, away) of this model came from a level regulation
 * score resolved by the tie-break (overtime, a shootout, extra innings); 0 where the
 * sport has none or the final could not have.
 */
export function tieBreakChance(model: GameModel, home: number, away: number): number {
  const { regulation, tieBreakPoints, tieBreakHomeShare } = built(model);
  if (tieBreakPoints === 0 || Math.abs(home - away) !== tieBreakPoints) return 0;
  const level = Math.min(home, away);
  const viaTieBreak = boxAt(regulation, level, level) * (home > away ? tieBreakHomeShare : 1 - tieBreakHomeShare);
  const inRegulation = boxAt(regulation, home, away);
  return viaTieBreak + inRegulation > 0 ? viaTieBreak / (viaTieBreak + inRegulation) : 0;
}
