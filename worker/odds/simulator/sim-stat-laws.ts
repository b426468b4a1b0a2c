// The arithmetic behind the simulated players' statistics (sim-player-model.ts): a stat's law
// in one game is either a distribution of counts (a pmf) or yards gained over a random number
// of touches (each touch's gain Gamma distributed). The props' prices read a law's chance of
// going over a line, and the box score draws from the very same laws, so a player's prices say
// what his box scores do.
import type { Rng } from "./random";

/** Probabilities of 0, 1, 2, ... (a stat's distribution of counts). */
export type Pmf = Float64Array;

/** A distribution's terms beyond this much tail mass are dropped. */
const TAIL_MASS = 1e-10;
/** Mixture components this unlikely are skipped (what they would add is below a millionth). */
const NEGLIGIBLE_WEIGHT = 1e-9;

export function poissonPmf(mean: number): Pmf {
  if (mean <= 0) return Float64Array.of(1);
  const terms = [Math.exp(-mean)];
  let mass = terms[0]!;
  for (let k = 1; (mass < 1 - TAIL_MASS || k <= mean) && k < 10 * mean + 50; k++) {
    const term = (terms[k - 1]! * mean) / k;
    terms.push(term);
    mass += term;
  }
  return Float64Array.from(terms);
}

export function binomialPmf(trials: number, chance: number): Pmf {
  const out = new Float64Array(trials + 1);
  if (chance <= 0) out[0] = 1;
  else if (chance >= 1) out[trials] = 1;
  else {
    out[0] = (1 - chance) ** trials;
    for (let k = 1; k <= trials; k++) out[k] = (out[k - 1]! * (trials - k + 1) * chance) / (k * (1 - chance));
  }
  return out;
}

/** The distribution of the sum of two independent counts. */
export function convolve(a: Pmf, b: Pmf): Pmf {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += a[i]! * b[j]!;
  }
  return out;
}

/** The distribution of `factor` × a count (a three-pointer is worth 3 of its count). */
export function times(pmf: Pmf, factor: number): Pmf {
  const out = new Float64Array((pmf.length - 1) * factor + 1);
  for (let k = 0; k < pmf.length; k++) out[k * factor] = pmf[k]!;
  return out;
}

/** Σ over f of weights[f] × pmfOf(f): a stat's law mixed over the team's possible finals. */
export function mixture(weights: Pmf, pmfOf: (f: number) => Pmf): Pmf {
  let out: Float64Array = new Float64Array(1);
  for (let f = 0; f < weights.length; f++) {
    const weight = weights[f]!;
    if (weight < NEGLIGIBLE_WEIGHT) continue;
    const pmf = pmfOf(f);
    if (pmf.length > out.length) {
      const wider = new Float64Array(pmf.length);
      wider.set(out);
      out = wider;
    }
    for (let k = 0; k < pmf.length; k++) out[k]! += weight * pmf[k]!;
  }
  return out;
}

/** One player's stat in one game as the prices read it. */
export type StatLaw = {
  mean: number;
  /** The chance the stat ends above `line` (a half-point line). */
  over(line: number): number;
};

export function countLaw(pmf: Pmf): StatLaw {
  let mean = 0;
  for (let k = 0; k < pmf.length; k++) mean += k * pmf[k]!;
  return {
    mean,
    over(line) {
      let chance = 0;
      for (let k = Math.max(0, Math.floor(line) + 1); k < pmf.length; k++) chance += pmf[k]!;
      return chance;
    },
  };
}

/** How many yards one touch (a catch, a carry) gains: Gamma(shape, scale), so n touches gain Gamma(n × shape, scale). */
export type TouchGain = { shape: number; scale: number };

/** Yards gained over `touches` touches, rounded to whole yards (a half-point line is passed exactly when the unrounded yards pass it). */
export function yardsLaw(touches: Pmf, gain: TouchGain): StatLaw {
  let meanTouches = 0;
  for (let n = 0; n < touches.length; n++) meanTouches += n * touches[n]!;
  return {
    mean: meanTouches * gain.shape * gain.scale,
    over(line) {
      let chance = 0;
      for (let n = 1; n < touches.length; n++) {
        if (touches[n]! >= NEGLIGIBLE_WEIGHT) chance += touches[n]! * gammaUpper(n * gain.shape, line / gain.scale);
      }
      return chance;
    },
  };
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x ≥ 0.5 (Lanczos, g = 7). */
function logGamma(x: number): number {
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** P(Gamma(a, 1) > x) for a ≥ 0.5: the series below a + 1, the continued fraction above (Numerical Recipes' gammq). */
function gammaUpper(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && term > sum * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * front);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let fraction = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    fraction *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return front * fraction;
}

export function drawPoisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  const u = rng();
  let k = 0;
  let term = Math.exp(-mean);
  let mass = term;
  while (u > mass && k < 10 * mean + 50) {
    k++;
    term *= mean / k;
    mass += term;
  }
  return k;
}

/** How many of `trials` independent tries succeed. */
export function drawBinomial(rng: Rng, trials: number, chance: number): number {
  let successes = 0;
  for (let i = 0; i < trials; i++) if (rng() < chance) successes++;
  return successes;
}

/** An index drawn with probability proportional to its weight (the weights have a positive sum). */
export function drawIndex(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let u = rng() * total;
  let last = 0;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i]! <= 0) continue;
    last = i;
    u -= weights[i]!;
    if (u < 0) return i;
  }
  return last;
}

function drawNormal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** A Gamma(shape, scale) draw (Marsaglia and Tsang; a shape below 1 boosted by one and scaled back). */
function drawGamma(rng: Rng, shape: number, scale: number): number {
  if (shape < 1) return drawGamma(rng, shape + 1, scale) * (1 - rng()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = drawNormal(rng);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    if (Math.log(1 - rng()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v * scale;
  }
}

/** Whole yards gained over `touches` touches, as yardsLaw reads them. */
export function drawYards(rng: Rng, touches: number, gain: TouchGain): number {
  return touches === 0 ? 0 : Math.round(drawGamma(rng, touches * gain.shape, gain.scale));
}
