// Each sport's model of a game's final score: which family it belongs to, what its
// parameters mean, and the per-sport constants the parameters do not carry. The grid
// (grid.ts) is built from these, so the slip (SPA) and the Worker read one game the same
// way from the few numbers the board carries (`GameModel.params`).
//
// Families:
// - Goals (soccer): Dixon–Coles — two Poisson goal counts with a low-score correction.
// - Goals with a tie-break (hockey, baseball): two counts (Poisson goals in hockey,
//   over-dispersed negative binomial runs in baseball); a level score gets one more goal
//   or run (overtime / shootout winner, extra innings) as books count it.
// - Points (American football, basketball): a margin × total grid from a bivariate normal,
//   with football's key numbers; a level score goes to overtime.
// MMA has no model: a fight is priced from its moneyline alone.
import type { GameModel } from "../schemas/game-model";
import type { SportKey } from "../sports";

/**
 * The version of the families below that fits new models; a model carries its version.
 * Version 2 counts baseball's runs as negative binomial (version 1 counted them as Poisson);
 * every other family is the same in both. Bets keep the model they were placed with, so
 * every version listed in READABLE_VERSIONS is still read, each with its own families.
 */
export const GAME_MODEL_VERSION = 2;
const READABLE_VERSIONS: readonly number[] = [1, 2];

/**
 * Soccer's Dixon–Coles low-score dependence ρ. Dixon & Coles (1997, "Modelling association
 * football scores and inefficiencies in the football betting market") estimate it between
 * about −0.1 and −0.05 for English league football; −0.08 sits in that range. The board's
 * three prices do not fix it, so it is a constant, changed only by a code change.
 */
export const DIXON_COLES_RHO = -0.08;

/**
 * A family of goals (or runs) counted one at a time: params = [λ home, λ away], the
 * expected goals of each side in regulation. Scores run 0..maxGoals each (the tail beyond is
 * dropped and the rest renormalised); `tieBreak` gives a level score one more goal, to home
 * with probability λh / (λh + λa).
 */
export type GoalsFamily = {
  kind: "goals";
  /** The Dixon–Coles ρ (0: no low-score correction). */
  rho: number;
  /**
   * Each side's count over a whole game is negative binomial with this size k (variance
   * λ + λ²/k), or Poisson (variance λ) when null. A share `left` of the game has size k·left,
   * so the counts of a game's parts add up to the whole game's.
   */
  dispersion: number | null;
  maxGoals: number;
  tieBreak: boolean;
  /** Bounds of each λ (a fit searches inside them; a model outside is refused). */
  minRate: number;
  maxRate: number;
};

/**
 * A family of points: params = [μM, σM, μT], the mean and spread of the home margin and
 * the mean total of regulation. Cell (h, a) weighs the bivariate normal density at
 * (m = h − a, t = h + a) with the sport's σT and correlation r, times the key-number
 * weight of |m|. A level score goes to overtime: its mass moves to a win by
 * `overtimePoints`, split by the regulation grid's home and away win shares.
 */
export type PointsFamily = {
  kind: "points";
  sigmaTotal: number;
  correlation: number;
  /** Weight of a final margin |m| (1 when absent). */
  keyMargins: Readonly<Record<number, number>>;
  overtimePoints: number;
  /** Each team's score runs over minScore..maxScore (cells beyond carry negligible mass). */
  minScore: number;
  maxScore: number;
  /** Bounds of [μM, σM, μT]. */
  minParams: readonly [number, number, number];
  maxParams: readonly [number, number, number];
  /** A typical σM: the fit's starting value. */
  typicalSigmaMargin: number;
};

export type Family = GoalsFamily | PointsFamily;

/**
 * How often American football games end by each margin relative to a normal curve. The
 * distribution of NFL final margins (e.g. Stern 1991, "On the probability of winning a
 * football game", and the margin tables published every season since) has about 15% of
 * games ending by exactly 3 and about 9% by exactly 7, far more than a normal density
 * gives; 10, 14, 6 and 4 are the next most common. With these weights a pick'em game
 * (σM 13.5) ends by 3 about 15% of the time (overtime field goals included) and by 7
 * about 7–8%.
 */
export const FOOTBALL_KEY_MARGINS: Readonly<Record<number, number>> = { 3: 2.4, 7: 1.6, 10: 1.2, 14: 1.2, 6: 1.1, 4: 1.1 };

/**
 * The points families' per-sport constants, in one table: σT (the spread of the final
 * total) and r (the correlation of the home margin with the total). The three board
 * prices (moneyline, spread, total) fix μM, σM and μT but not these two, so they are
 * constants, tunable only by a code change. σT is the rounded standard deviation of final
 * totals around the closing total line in public studies of each league's results (NFL
 * about 13.5 points, college football about 16, NBA about 18, college basketball about 15);
 * r is small: a slightly positive home-margin/total correlation in football, none measured
 * in basketball.
 */
export const POINTS_SHAPE = {
  americanfootball_nfl: { sigmaTotal: 13.5, correlation: 0.05 },
  americanfootball_ncaaf: { sigmaTotal: 16, correlation: 0.05 },
  basketball_nba: { sigmaTotal: 18, correlation: 0 },
  basketball_ncaab: { sigmaTotal: 15, correlation: 0 },
} as const satisfies Partial<Record<SportKey, { sigmaTotal: number; correlation: number }>>;

/**
 * The points families' parameter bounds: the means within a lopsided game's, σM within
 * about half to twice the sport's typical spread of margins (a fit outside that is a board
 * the family does not describe).
 */
const football = (sport: "americanfootball_nfl" | "americanfootball_ncaaf", typicalSigmaMargin: number): PointsFamily => ({
  kind: "points",
  ...POINTS_SHAPE[sport],
  keyMargins: FOOTBALL_KEY_MARGINS,
  // Overtime in football is most often settled by a field goal.
  overtimePoints: 3,
  minScore: 0,
  maxScore: 80,
  minParams: [-50, typicalSigmaMargin / 2, 10],
  maxParams: [50, typicalSigmaMargin * 1.75, 110],
  typicalSigmaMargin,
});

const basketball = (sport: "basketball_nba" | "basketball_ncaab", typicalSigmaMargin: number): PointsFamily => ({
  kind: "points",
  ...POINTS_SHAPE[sport],
  keyMargins: {},
  // A five-minute overtime is won by a few points.
  overtimePoints: 4,
  minScore: 40,
  maxScore: 180,
  minParams: [-45, typicalSigmaMargin / 2, 100],
  maxParams: [45, typicalSigmaMargin * 1.75, 320],
  typicalSigmaMargin,
});

/**
 * Baseball's run-count dispersion: the negative binomial size k of one team's runs in a
 * game. MLB teams' runs per game have a variance about twice their mean (a mean near 4.5
 * runs and a variance near 9.5–10 in the league's season-by-season run distributions), so
 * k = μ² / (σ² − μ) ≈ 4. Two Poisson counts (variance = mean) cannot price a real run line:
 * beside a 64% moneyline they give the favourite −1.5 about 42% where books quote 47%
 * (the recorded Orioles @ Blue Jays game, test/fixtures/odds-api); with k = 4 the same
 * moneyline and total give about 47%. Changed only by a code change, with a new model version.
 */
export const BASEBALL_RUNS_DISPERSION = 4;

const FAMILIES: Partial<Record<SportKey, Family>> = {
  soccer_usa_mls: { kind: "goals", rho: DIXON_COLES_RHO, dispersion: null, maxGoals: 10, tieBreak: false, minRate: 0.05, maxRate: 6 },
  icehockey_nhl: { kind: "goals", rho: 0, dispersion: null, maxGoals: 12, tieBreak: true, minRate: 0.05, maxRate: 7 },
  // The heavier tail of the negative binomial needs more room: at a team mean of 12 runs
  // (beyond any MLB line) fewer than 1 in 200 games pass 30.
  baseball_mlb: {
    kind: "goals",
    rho: 0,
    dispersion: BASEBALL_RUNS_DISPERSION,
    maxGoals: 30,
    tieBreak: true,
    minRate: 0.2,
    maxRate: 12,
  },
  americanfootball_nfl: football("americanfootball_nfl", 13.5),
  americanfootball_ncaaf: football("americanfootball_ncaaf", 16),
  basketball_nba: basketball("basketball_nba", 12),
  basketball_ncaab: basketball("basketball_ncaab", 10.5),
};

/** Version 1's families: the same but for baseball, whose runs were two Poisson counts. */
const FAMILIES_V1: Partial<Record<SportKey, Family>> = {
  ...FAMILIES,
  baseball_mlb: { kind: "goals", rho: 0, dispersion: null, maxGoals: 25, tieBreak: true, minRate: 0.2, maxRate: 14 },
};

/** The sport's model family in a model version (the current one by default), or null where there is none (MMA). */
export function familyOf(sport: SportKey, version: number = GAME_MODEL_VERSION): Family | null {
  if (version === 1) return FAMILIES_V1[sport] ?? null;
  return version === GAME_MODEL_VERSION ? (FAMILIES[sport] ?? null) : null;
}

/** How many parameters a family's model carries. */
export function paramCount(family: Family): number {
  return family.kind === "goals" ? 2 : 3;
}

/** The lowest and highest value of each parameter a family accepts. */
export function paramBounds(family: Family): { min: number[]; max: number[] } {
  return family.kind === "goals"
    ? { min: [family.minRate, family.minRate], max: [family.maxRate, family.maxRate] }
    : { min: [...family.minParams], max: [...family.maxParams] };
}

/** Why a model cannot be read (another version, no family, wrong parameters), or null when it can. */
export function gameModelProblem(model: GameModel): string | null {
  if (!READABLE_VERSIONS.includes(model.v)) return `model version ${model.v} is not one of ${READABLE_VERSIONS.join(", ")}`;
  const family = familyOf(model.sport, model.v);
  if (!family) return `${model.sport} has no score model`;
  if (model.params.length !== paramCount(family)) return `${model.sport} takes ${paramCount(family)} parameters`;
  const { min, max } = paramBounds(family);
  for (let i = 0; i < model.params.length; i++) {
    const value = model.params[i]!;
    if (!Number.isFinite(value) || value < min[i]! || value > max[i]!) return `parameter ${i} (${value}) is outside ${min[i]}..${max[i]}`;
  }
  return null;
}
