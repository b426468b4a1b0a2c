// Play-through counts risk, not turnover: what a player's Vantage Cash singles on one game
// (its lines and its players' markets) could lose together at worst. Betting both sides of one game (two slips, so the betslip's
// one-pick-per-market rule does not stop it) loses only the margin whatever the score, so it
// must buy only that much play-through; a one-sided bet can lose its whole stake and counts
// in full. Pure, so the wallet (when the game settles) and the tests apply one rule.
//
// How the worst case is found: a final score is (home, away), or equally the difference
// d = home − away and the total t = home + away, with t ≥ |d| and t, d of equal parity. A
// moneyline leg's grade changes only where d crosses 0, a spread leg's where d crosses its
// line (−line for Home, +line for Away), a total leg's where t crosses its line. Between
// and at those breakpoints every leg's grade is constant, so the integer scores next to
// each breakpoint (the two nearest on either side, so both parities) reach every combination
// of grades a real score can produce. Each candidate score is graded with the house rules
// themselves (grading.ts: pushes, a soccer draw losing both moneyline sides), and the
// worst net loss among them is the risk, never below 0 nor above the total stake.
import { gradeLeg, type GradableLeg } from "./grading";
import { payoutFor } from "./payout";
import type { ScoredResult } from "./grading";
import type { SportKey } from "./sports";

/** One single on the game: its leg (a player's market names its player and market) and its stake (in the wallet's minor unit). */
export type RiskSingle = GradableLeg & { priceAm: number; stake: number; prop?: { playerId: string; marketKey: string } };

/** A final score the breakpoints make worth grading. */
export type CandidateScore = { homeScore: number; awayScore: number };

/** Integers within 2 of `value` on either side: the nearest of each parity around a breakpoint. */
function around(value: number): number[] {
  const low = Math.floor(value) - 2;
  const high = Math.ceil(value) + 2;
  const out: number[] = [];
  for (let n = low; n <= high; n++) out.push(n);
  return out;
}

/**
 * Every final score that can grade the given legs differently from the others: the
 * integer differences and totals next to each line (and next to 0 for the moneyline and
 * a level game), combined where a real score has them.
 */
export function candidateScores(legs: readonly GradableLeg[]): CandidateScore[] {
  const differences = new Set<number>(around(0));
  const totals = new Set<number>();
  for (const leg of legs) {
    if (leg.line === null || !Number.isFinite(leg.line)) continue;
    if (leg.market === "Spread") for (const d of around(leg.side === "Home" ? -leg.line : leg.line)) differences.add(d);
    if (leg.market === "Total") for (const t of around(leg.line)) totals.add(t);
  }
  const scores: CandidateScore[] = [];
  const seen = new Set<string>();
  for (const d of differences) {
    // The smallest total a score with this difference allows (|d|, of the right parity), and those near each total line.
    const reach = [Math.abs(d), ...totals];
    for (const t of reach) {
      if (t < Math.abs(d) || (t - d) % 2 !== 0) continue;
      const key = `${d}:${t}`;
      if (seen.has(key)) continue;
      seen.add(key);
      scores.push({ homeScore: (t + d) / 2, awayScore: (t - d) / 2 });
    }
  }
  return scores;
}

/** What one single returns net of its stake for a grade: profit on a win, −stake on a loss, 0 on a push. */
function net(single: RiskSingle, result: ScoredResult | "void"): number {
  if (result === "win") return payoutFor(single.stake, [single.priceAm]) - single.stake;
  if (result === "loss") return -single.stake;
  return 0;
}

/** A leg's grade for a final score; a leg whose market and side do not fit together is void. */
export function gradeOrVoid(leg: GradableLeg, score: CandidateScore, sport: SportKey): ScoredResult | "void" {
  try {
    return gradeLeg(leg, score, sport);
  } catch (err) {
    // A leg whose market and side do not fit together is voided by settlement: it risks nothing.
    if (err instanceof RangeError) return "void";
    throw err;
  }
}

/** A player's-market leg graded for its player's statistic landing at `stat`: Yes wins from 1, Over and Under against the line. */
export function propGrade(leg: Pick<GradableLeg, "side" | "line">, stat: number): ScoredResult | "void" {
  if (leg.side === "Yes") return stat >= 1 ? "win" : "loss";
  if ((leg.side !== "Over" && leg.side !== "Under") || leg.line === null) return "void";
  if (stat === leg.line) return "push";
  return stat > leg.line === (leg.side === "Over") ? "win" : "loss";
}

/**
 * The values of a player's statistic that can grade these legs differently: 0, 1, and the
 * whole numbers next to each line, which reach every combination of their grades.
 */
export function propStats(legs: readonly Pick<GradableLeg, "line">[]): number[] {
  const stats = new Set<number>([0, 1]);
  for (const leg of legs) if (leg.line !== null) for (const n of around(leg.line)) if (n >= 0) stats.add(n);
  return [...stats];
}

/**
 * The statistics worth grading one player's legs at, the same value for all of them. On one
 * market, every value that grades them differently (propStats). On several markets of one
 * player the statistics move together (a hit is also a total base, a goal also a shot), so
 * Hits Over 0.5 beside Total bases Under 1.5 can never both lose; only outcomes certainly real
 * for every market at once are graded: every statistic at 0, and every one above every line.
 * Fewer outcomes count less, never more than the true worst.
 */
export function playerStats(legs: readonly (Pick<GradableLeg, "line"> & { prop?: { marketKey: string } })[]): number[] {
  const markets = new Set(legs.map((leg) => leg.prop?.marketKey));
  return markets.size > 1 ? [0, Number.POSITIVE_INFINITY] : propStats(legs);
}

/**
 * The largest net loss of singles on one player's markets over every value their statistics
 * can take together (playerStats; Over and Under of one line hedge each other as a game's two
 * sides do).
 */
function worstPropLoss(singles: readonly RiskSingle[]): number {
  const stats = playerStats(singles);
  let worst = 0;
  for (const stat of stats) {
    let total = 0;
    for (const single of singles) total += net(single, propGrade(single, stat));
    worst = Math.max(worst, -total);
  }
  return worst;
}

/**
 * The largest net loss of these singles over every final score (0 when no score loses).
 * Singles on a player's markets are graded by that player's statistics, not the score: each
 * player's worst is added to the game lines' worst, as if every worst could come together.
 */
export function worstCaseLoss(singles: readonly RiskSingle[], sport: SportKey): number {
  if (singles.length === 0) return 0;
  const byPlayer = new Map<string, RiskSingle[]>();
  for (const single of singles) {
    if (single.market !== "Prop" || !single.prop) continue;
    const key = single.prop.playerId;
    byPlayer.set(key, [...(byPlayer.get(key) ?? []), single]);
  }
  const props = [...byPlayer.values()].reduce((sum, group) => sum + worstPropLoss(group), 0);
  return (
    props +
    worstScoreLoss(
      singles.filter((single) => single.market !== "Prop"),
      sport,
    )
  );
}

/** The largest net loss of game-line singles over every final score. */
function worstScoreLoss(singles: readonly RiskSingle[], sport: SportKey): number {
  if (singles.length === 0) return 0;
  // Singles on the same market, side, line and price grade alike: one entry with their stakes summed.
  const merged = new Map<string, RiskSingle>();
  for (const single of singles) {
    const key = `${single.market}|${single.side}|${single.line}|${single.priceAm}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, stake: known.stake + single.stake } : { ...single });
  }
  const legs = [...merged.values()];
  let worst = 0;
  for (const score of candidateScores(legs)) {
    let total = 0;
    for (const leg of legs) total += net(leg, gradeOrVoid(leg, score, sport));
    worst = Math.max(worst, -total);
  }
  return worst;
}

/**
 * What these singles on one game count toward play-through: their worst-case net loss,
 * capped at their total stake.
 */
export function playthroughRisk(singles: readonly RiskSingle[], sport: SportKey): number {
  const staked = singles.reduce((sum, s) => sum + s.stake, 0);
  return Math.min(staked, worstCaseLoss(singles, sport));
}
