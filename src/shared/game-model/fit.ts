// Fits a game's model (families.ts) to its fair probabilities (src/shared/fair-odds.ts):
// the family's parameters that make the model's side chances (chance.ts) closest to the
// fair ones, by least squares (Levenberg–Marquardt, ml-levenberg-marquardt). Worker only:
// the SPA never imports this file (index.ts does not re-export it), so the numeric
// library stays out of the SPA's bundle.
//
// Every market must have fair figures (moneyline — with the draw for soccer —, spread and
// total); the parameters are rounded to 6 decimals, as the board carries them, before the
// worst miss over every fair side is measured; a worst miss above the tolerance is no fit.
// The last 512 fits are kept: a board is refitted on every refresh, its fair prices rarely move.
import { levenbergMarquardt } from "ml-levenberg-marquardt";
import type { FairFigures } from "../schemas/events";
import type { GameModel } from "../schemas/game-model";
import type { SportKey } from "../sports";
import { type ModelLeg, sideChance, sideChanceOn } from "./chance";
import { type Family, familyOf, GAME_MODEL_VERSION, paramBounds } from "./families";
import { buildScoreGrid } from "./grid";

/** The largest miss (absolute, in probability) of any fair side a fitted model may have (the SGP_FIT_TOLERANCE default). */
export const SGP_FIT_TOLERANCE_DEFAULT = 0.01;

export type GameModelFit =
  | { ok: true; model: GameModel; worstMiss: number }
  | { ok: false; reason: "no-model" | "missing-market" | "no-fit"; worstMiss?: number };

/** One fair side the model must reproduce. */
export type FitTarget = { leg: ModelLeg; p: number };

const PARAM_DECIMALS = 6;
/** Levenberg–Marquardt steps at most: a fit from the starting values settles in a handful. */
const MAX_STEPS = 30;
const round6 = (x: number) => Math.round(x * 10 ** PARAM_DECIMALS) / 10 ** PARAM_DECIMALS;

/** Every fair side of the game as a target, or null when a market (or soccer's draw) has none. */
export function fitTargets(sport: SportKey, fair: FairFigures | undefined): FitTarget[] | null {
  const moneyline = fair?.moneyline;
  const spread = fair?.spread;
  const total = fair?.total;
  if (!moneyline || !spread || !total) return null;
  const threeWay = sport === "soccer_usa_mls";
  if (threeWay && !moneyline.draw) return null;
  const targets: FitTarget[] = [
    { leg: { market: "Moneyline", side: "Home", line: null }, p: moneyline.home.p },
    { leg: { market: "Moneyline", side: "Away", line: null }, p: moneyline.away.p },
  ];
  if (threeWay && moneyline.draw) targets.push({ leg: { market: "Moneyline", side: "Draw", line: null }, p: moneyline.draw.p });
  targets.push(
    { leg: { market: "Spread", side: "Home", line: spread.line }, p: spread.home.p },
    { leg: { market: "Spread", side: "Away", line: spread.line === 0 ? 0 : -spread.line }, p: spread.away.p },
    { leg: { market: "Total", side: "Over", line: total.line }, p: total.over.p },
    { leg: { market: "Total", side: "Under", line: total.line }, p: total.under.p },
  );
  return targets;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26; starting values only). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** Inverse of normalCdf by bisection (starting values only). */
function normalQuantile(p: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  let lo = -10;
  let hi = 10;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function targetP(targets: readonly FitTarget[], market: ModelLeg["market"], side: ModelLeg["side"]): FitTarget {
  return targets.find((t) => t.leg.market === market && t.leg.side === side)!;
}

/** Poisson probabilities of 0..n at mean m. */
function poisson(mean: number, n: number): number[] {
  const out = [Math.exp(-mean)];
  for (let k = 1; k <= n; k++) out.push((out[k - 1]! * mean) / k);
  return out;
}

/** Where the search starts: goals from the total line and the moneyline, points from the spread and total lines. */
function startingParams(sport: SportKey, family: Family, targets: readonly FitTarget[]): number[] {
  const over = targetP(targets, "Total", "Over");
  const totalLine = over.leg.line!;
  const home = targetP(targets, "Moneyline", "Home").p;
  const away = targetP(targets, "Moneyline", "Away").p;
  const spreadHome = targetP(targets, "Spread", "Home");
  const { min, max } = paramBounds(family);
  if (family.kind === "goals") {
    // The total goals rate whose Poisson count goes over the line as often as the fair over does.
    const n = family.maxGoals * 2;
    const overChance = (rate: number) => {
      const pmf = poisson(rate, n);
      let above = 0;
      let below = 0;
      pmf.forEach((p, k) => {
        if (k > totalLine) above += p;
        else if (k < totalLine) below += p;
      });
      return above / (above + below);
    };
    let lo = 2 * family.minRate;
    let hi = 2 * family.maxRate;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (overChance(mid) < over.p) lo = mid;
      else hi = mid;
    }
    const rate = (lo + hi) / 2;
    // The home share of it that gives home its share of the decided games.
    const wanted = home / (home + away);
    let sLo = 0.02;
    let sHi = 0.98;
    for (let i = 0; i < 30; i++) {
      const s = (sLo + sHi) / 2;
      const params = [clamp(rate * s, min[0]!, max[0]!), clamp(rate * (1 - s), min[1]!, max[1]!)];
      const grid = buildScoreGrid({ v: GAME_MODEL_VERSION, sport, params });
      const h = sideChanceOn(grid, sport, { market: "Moneyline", side: "Home", line: null });
      const a = sideChanceOn(grid, sport, { market: "Moneyline", side: "Away", line: null });
      if (h / (h + a) < wanted) sLo = s;
      else sHi = s;
    }
    const s = (sLo + sHi) / 2;
    return [clamp(rate * s, min[0]!, max[0]!), clamp(rate * (1 - s), min[1]!, max[1]!)];
  }
  const sigmaStart = family.typicalSigmaMargin;
  // Home covers line L when the margin beats −L: the margin's mean sits above −L as far as the cover chance says.
  const muMargin = -spreadHome.leg.line! + sigmaStart * normalQuantile(spreadHome.p);
  const muTotal = totalLine + family.sigmaTotal * normalQuantile(over.p);
  const zHome = normalQuantile(home / (home + away));
  const sigma = Math.abs(zHome) > 0.15 && muMargin / zHome > 0 ? muMargin / zHome : sigmaStart;
  return [clamp(muMargin, min[0]!, max[0]!), clamp(sigma, min[1]!, max[1]!), clamp(muTotal, min[2]!, max[2]!)];
}

/**
 * Fits the sport's model to a game's fair figures. Refuses a sport without a model
 * ("no-model"), a game missing a market's fair figures ("missing-market") and a fit whose
 * worst miss over every fair side, with the parameters rounded to 6 decimals, exceeds
 * `tolerance` ("no-fit", with the miss).
 */
export function fitGameModel(sport: SportKey, fair: FairFigures | undefined, tolerance = SGP_FIT_TOLERANCE_DEFAULT): GameModelFit {
  const family = familyOf(sport);
  if (!family) return { ok: false, reason: "no-model" };
  const targets = fitTargets(sport, fair);
  if (!targets) return { ok: false, reason: "missing-market" };
  // A board is refreshed far more often than its fair prices move: the same targets fit the same way.
  const key = `${sport}|${tolerance}|${targets.map((t) => `${t.leg.line}:${t.p}`).join(",")}`;
  let result = fitMemo.get(key);
  if (!result) {
    result = search(sport, family, targets, tolerance);
    if (fitMemo.size >= FIT_MEMO_SIZE) fitMemo.delete(fitMemo.keys().next().value!);
    fitMemo.set(key, result);
  }
  return result.ok ? { ...result, model: { ...result.model, params: [...result.model.params] } } : { ...result };
}

const fitMemo = new Map<string, GameModelFit>();
const FIT_MEMO_SIZE = 512;

/** The least-squares search itself, from the starting values, and the worst miss of its rounded parameters. */
function search(sport: SportKey, family: Family, targets: readonly FitTarget[], tolerance: number): GameModelFit {
  const { min, max } = paramBounds(family);

  // The search runs in scaled units (a point of margin in units of σM, of total in units of σT)
  // so each parameter moves the chances about as much as another.
  const scale = family.kind === "goals" ? [1, 1] : [family.typicalSigmaMargin, family.typicalSigmaMargin, family.sigmaTotal];
  const toParams = (u: readonly number[]) => u.map((x, i) => clamp(x * scale[i]!, min[i]!, max[i]!));
  // The library evaluates a step's starting point again (its error, then its values): the last few are kept.
  const recent = new Map<string, number[]>();
  const chancesAt = (params: readonly number[]) => {
    const key = params.join(",");
    const known = recent.get(key);
    if (known) return known;
    const grid = buildScoreGrid({ v: GAME_MODEL_VERSION, sport, params: [...params] });
    const chances = targets.map((t) => sideChanceOn(grid, sport, t.leg));
    if (recent.size >= 4) recent.delete(recent.keys().next().value!);
    recent.set(key, chances);
    return chances;
  };
  const data = { x: targets.map((_, i) => i), y: targets.map((t) => t.p) };
  const model = (u: number[]) => {
    const chances = chancesAt(toParams(u));
    return (x: number) => chances[x]!;
  };
  const sumSquares = (u: readonly number[]) => chancesAt(toParams(u)).reduce((s, c, i) => s + (c - data.y[i]!) ** 2, 0);

  let u = startingParams(sport, family, targets).map((x, i) => x / scale[i]!);
  let error = sumSquares(u);
  let damping = 1e-3;
  try {
    // One Levenberg–Marquardt step at a time, so the search stops as soon as it settles: a
    // step that improves the fit is kept and the damping eased, one that does not raises it.
    for (let step = 0; step < MAX_STEPS && error > 1e-14; step++) {
      const result = levenbergMarquardt(data, model, {
        initialValues: u,
        minValues: min.map((m, i) => m / scale[i]!),
        maxValues: max.map((m, i) => m / scale[i]!),
        damping,
        gradientDifference: 1e-5,
        maxIterations: 1,
        errorTolerance: 1e-15,
      });
      if (result.parameterError < error) {
        const improved = error - result.parameterError;
        const moved = Math.max(...result.parameterValues.map((x, i) => Math.abs(x - u[i]!)));
        u = result.parameterValues;
        error = result.parameterError;
        damping = Math.max(damping / 9, 1e-7);
        if (improved < 1e-4 * error || moved < 1e-6) break;
      } else {
        damping *= 11;
        if (damping > 1e3) break;
      }
    }
  } catch {
    return { ok: false, reason: "no-fit" };
  }

  const params = toParams(u).map(round6);
  const fitted: GameModel = { v: GAME_MODEL_VERSION, sport, params };
  let worstMiss = 0;
  for (const t of targets) worstMiss = Math.max(worstMiss, Math.abs(sideChance(fitted, t.leg) - t.p));
  if (!(worstMiss <= tolerance)) return { ok: false, reason: "no-fit", worstMiss };
  return { ok: true, model: fitted, worstMiss };
}
