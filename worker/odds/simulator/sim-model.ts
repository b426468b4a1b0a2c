// One score model per simulated game (src/shared/game-model/): its parameters from the
// teams' strengths, the true probability of every market read off that one model, and the
// final score drawn from its grid with a timeline of scoring events that reaches exactly
// that final. So the simulator's markets never disagree with one another (no price on one
// side of a game is a sure profit against another) and its finals are what its prices say.
import {
  familyOf,
  type GameSituation,
  type PointsFamily,
  liveScoreGrid,
  type ScoreGrid,
  sideChanceOn,
  tieBreakChance,
} from "../../../src/shared/game-model";
import { GAME_MODEL_VERSION, paramBounds } from "../../../src/shared/game-model/families";
import type { GameModel } from "../../../src/shared/schemas/game-model";
import type { SportKey } from "../../../src/shared/sports";
import { type Rng, shuffled } from "./random";
import type { SimSport } from "./sim-sports";

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The model of a game between teams whose strengths give home `pHome` of beating away:
 * an expected margin of logit(pHome) × the sport's points per logit and an expected total
 * `expectedTotal`, as each family reads them (goals: the two sides' rates; points: the
 * margin's and the total's means with the sport's typical margin spread). Null for MMA.
 */
export function simModel(sport: SportKey, expectedMargin: number, expectedTotal: number): GameModel | null {
  const family = familyOf(sport);
  if (!family) return null;
  const { min, max } = paramBounds(family);
  const params =
    family.kind === "goals"
      ? [expectedTotal / 2 + expectedMargin / 2, expectedTotal / 2 - expectedMargin / 2]
      : [expectedMargin, family.typicalSigmaMargin, expectedTotal];
  return { v: GAME_MODEL_VERSION, sport, params: params.map((x, i) => Math.round(clamp(x, min[i]!, max[i]!) * 1e6) / 1e6) };
}

/** The model's expected margin and total (the inverse of simModel's reading, before clamping). */
function marginAndTotal(model: GameModel): { margin: number; total: number } {
  const family = familyOf(model.sport)!;
  const p = model.params;
  return family.kind === "goals" ? { margin: p[0]! - p[1]!, total: p[0]! + p[1]! } : { margin: p[0]!, total: p[2]! };
}

/** The model with the market's opinion moved a little: `marginShift` points of margin, the total scaled by `totalScale`. */
export function driftedModel(model: GameModel, marginShift: number, totalScale: number): GameModel {
  const { margin, total } = marginAndTotal(model);
  return simModel(model.sport, margin + marginShift, total * totalScale) ?? model;
}

/**
 * The grid of the game as it stands: the whole game before it starts, the rest of it added
 * to the score once under way. Built afresh (the simulator keeps what it reads off it), so
 * its many drifting models stay out of the shared memo of scoreGrid.
 */
export function gridAt(model: GameModel, at: GameSituation): ScoreGrid {
  return liveScoreGrid(model, at);
}

/** The mean final margin and total of a grid. */
export function gridMeans(grid: ScoreGrid): { margin: number; total: number } {
  let margin = 0;
  let total = 0;
  for (let k = 0; k < grid.p.length; k++) {
    margin += grid.p[k]! * (grid.home[k]! - grid.away[k]!);
    total += grid.p[k]! * (grid.home[k]! + grid.away[k]!);
  }
  return { margin, total };
}

/** The true probabilities of a game's markets at the given lines, all from one grid. */
export type MarketChances = {
  /** Home, away (and the draw, soccer). */
  moneyline: number[];
  spread: { line: number; home: number; away: number } | null;
  total: { line: number; over: number; under: number } | null;
};

/** Reads every market's probabilities off one grid: the moneyline, the spread at `spreadLine` (home's), the total at `totalLine`. */
export function marketChances(grid: ScoreGrid, sport: SportKey, spreadLine: number | null, totalLine: number | null): MarketChances {
  const threeWay = sport === "soccer_usa_mls";
  const side = (market: "Moneyline" | "Spread" | "Total", s: "Home" | "Away" | "Draw" | "Over" | "Under", line: number | null) =>
    sideChanceOn(grid, sport, { market, side: s, line });
  const moneyline = threeWay
    ? [side("Moneyline", "Home", null), side("Moneyline", "Away", null), side("Moneyline", "Draw", null)]
    : [side("Moneyline", "Home", null), side("Moneyline", "Away", null)];
  return {
    moneyline,
    spread:
      spreadLine === null
        ? null
        : { line: spreadLine, home: side("Spread", "Home", spreadLine), away: side("Spread", "Away", spreadLine === 0 ? 0 : -spreadLine) },
    total:
      totalLine === null ? null : { line: totalLine, over: side("Total", "Over", totalLine), under: side("Total", "Under", totalLine) },
  };
}

/** Draws a final (home, away) from the grid with one uniform number (the cells' cumulative probabilities). */
export function drawFinal(grid: ScoreGrid, u: number): { home: number; away: number } {
  let acc = 0;
  for (let k = 0; k < grid.p.length; k++) {
    acc += grid.p[k]!;
    if (u < acc) return { home: grid.home[k]!, away: grid.away[k]! };
  }
  const last = grid.p.length - 1;
  return { home: grid.home[last]!, away: grid.away[last]! };
}

export type ScoreEvent = { at: number; team: "home" | "away"; points: number };

/** Scoring plays that add up to `points` in the sport's way of scoring. */
export function plays(sim: SimSport, points: number): number[] {
  const out: number[] = [];
  switch (sim.scoring) {
    case "football": {
      // Touchdowns first, then field goals, with a safety (2) or a lone point where the rest needs one.
      let tds = Math.floor(points / 7);
      let rest = points - 7 * tds;
      if (rest === 1 && tds > 0) {
        tds -= 1;
        rest += 7;
      }
      for (let i = 0; i < tds; i++) out.push(7);
      const twos = rest % 3 === 2 ? 1 : rest % 3 === 1 && rest >= 4 ? 2 : 0;
      const rem = rest - 2 * twos;
      for (let i = 0; i < Math.floor(rem / 3); i++) out.push(3);
      for (let i = 0; i < twos; i++) out.push(2);
      if (rem % 3 === 1) out.push(1);
      break;
    }
    case "basketball": {
      const threes = Math.round((points * 0.33) / 3);
      const rest = points - 3 * threes;
      for (let i = 0; i < threes; i++) out.push(3);
      for (let i = 0; i < Math.floor(rest / 2); i++) out.push(2);
      if (rest % 2 === 1) out.push(1);
      break;
    }
    default:
      for (let i = 0; i < points; i++) out.push(1);
  }
  return out;
}

/** Steps of a game the points sports' scoring path is drawn on (an NBA game's half minute). */
const PATH_STEPS = 96;
/** The share of the game the regulation scoring plays fall in: the last moments are left to a tie-break. */
const REGULATION_SHARE = 0.985;

/** A standard normal number from two uniform ones (Box–Muller). */
function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** A standard Brownian bridge on PATH_STEPS steps: 0 at both ends, variance t(1 − t) at share t. */
function brownianBridge(rng: Rng): Float64Array {
  const walk = new Float64Array(PATH_STEPS + 1);
  for (let k = 1; k <= PATH_STEPS; k++) walk[k] = walk[k - 1]! + normal(rng) / Math.sqrt(PATH_STEPS);
  const end = walk[PATH_STEPS]!;
  return walk.map((w, k) => w - (k / PATH_STEPS) * end);
}

/**
 * A side's scoring plays in a seeded order, each with when it comes (share of the game)
 * along its score path `path` (its score at each of PATH_STEPS steps, never falling,
 * ending on its final): a play comes as the path passes a seeded point between the score
 * before and after it.
 */
function playsAlong(rng: Rng, path: Float64Array, points: number[]): { at: number; points: number }[] {
  const out: { at: number; points: number }[] = [];
  let before = 0;
  let k = 1;
  for (const p of shuffled(rng, points)) {
    const level = before + p * rng();
    while (k < PATH_STEPS && path[k]! < level) k++;
    const from = path[k - 1]!;
    const rise = path[k]! - from;
    const within = rise > 0 ? Math.min(1, Math.max(0, (level - from) / rise)) : rng();
    out.push({ at: ((k - 1 + within) / PATH_STEPS) * REGULATION_SHARE, points: p });
    before += p;
  }
  return out;
}

/**
 * When each side's scoring plays come in a points game (football, basketball) reaching
 * (home, away): the margin and the total move as Brownian bridges from 0–0 to the final,
 * with the spreads the game's model gives its rest (σM and σT × √share, correlated by r),
 * so the score at any moment is as far from the final's course as the live prices expect.
 * Stern (1994, "A Brownian motion model for the progress of sports scores", JASA 89,
 * 1128–1134) found NBA margins progress so: their variance grows in step with the time
 * played. Each side's score follows (total ± margin) / 2, kept from ever falling.
 * (Each side's plays at independent moments would spread an NBA half-time margin half as
 * wide again as the model's σM·√½ the live prices assume.)
 */
function pointsPlays(rng: Rng, sim: SimSport, family: PointsFamily, model: GameModel, home: number, away: number) {
  const sigmaMargin = model.params[1]!;
  const r = family.correlation;
  const marginBridge = brownianBridge(rng);
  const otherBridge = brownianBridge(rng);
  const path = (sign: 1 | -1, final: number) => {
    const out = new Float64Array(PATH_STEPS + 1);
    let highest = 0;
    for (let k = 0; k <= PATH_STEPS; k++) {
      const t = k / PATH_STEPS;
      const margin = t * (home - away) + sigmaMargin * marginBridge[k]!;
      const total = t * (home + away) + family.sigmaTotal * (r * marginBridge[k]! + Math.sqrt(1 - r * r) * otherBridge[k]!);
      highest = Math.max(highest, Math.min(final, (total + sign * margin) / 2));
      out[k] = k === PATH_STEPS ? final : highest;
    }
    return out;
  };
  return {
    home: playsAlong(rng, path(1, home), plays(sim, home)),
    away: playsAlong(rng, path(-1, away), plays(sim, away)),
  };
}

/**
 * A timeline of scoring events (at = share of the game, 0..1) reaching exactly the final
 * (home, away). A final that came from a tie-break (drawn with its chance given the final,
 * tieBreakChance) has its last score at the very end: the overtime winner. Goals and runs
 * come one at a time, each side's at independent uniform moments: a Poisson count's
 * moments given its total, as the goals families read the rest of a game. Points come
 * along the paths of pointsPlays: two teams' points come at one pace (possessions
 * alternate), so the margin moves far less than two independent sides' would.
 */
export function timelineTo(rng: Rng, sim: SimSport, model: GameModel, final: { home: number; away: number }): ScoreEvent[] {
  const out: ScoreEvent[] = [];
  let { home, away } = final;
  let tieBreak: ScoreEvent | null = null;
  if (rng() < tieBreakChance(model, home, away)) {
    const points = Math.abs(home - away);
    tieBreak = { at: 0.995, team: home > away ? "home" : "away", points };
    if (home > away) home -= points;
    else away -= points;
  }
  const family = familyOf(model.sport);
  if (family?.kind === "points") {
    const sides = pointsPlays(rng, sim, family, model, home, away);
    for (const team of ["home", "away"] as const) for (const { at, points } of sides[team]) out.push({ at, team, points });
  } else {
    for (const [team, points] of [
      ["home", home],
      ["away", away],
    ] as const) {
      for (const p of plays(sim, points)) out.push({ at: rng() * REGULATION_SHARE, team, points: p });
    }
  }
  if (tieBreak) out.push(tieBreak);
  return out.sort((a, b) => a.at - b.at);
}
