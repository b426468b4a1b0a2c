// No set of a game's offered sides wins on every final score, nor never loses and wins on
// some (a free roll). The fair-lock (fair-lock.ts) offers no side better than its fair
// chance; where the game has a score model that chance is the model's, so every side loses
// on average under one distribution of the final score and no set of them can win whatever
// the score. Without a model it is each market's own consensus,
// and the markets' consensuses can disagree (that is when no model fits): Home 3-way at +150
// against a moneyline fair of 0.400 beside Away +0.5 at −141 against a spread fair of 0.585
// passes the fair-lock side by side, and 40.00 on Home with 58.50 on Away +0.5 returns 100.00
// or 99.98 on every score, a sure +1.48 on 98.50 staked. This rule closes that for the game's
// offered singles (moneyline with the draw, spread, total): a game without a model offers no
// same-game block, so its picks are combined with no other pick of it.
//
// The outcomes. A leg's result depends on the final margin m = home − away (moneyline,
// spread) or the total t = home + away (total). A game under way at (h0, a0) ends on any
// (h, a) with h ≥ h0 and a ≥ a0; level only where a draw is possible (elsewhere the tie-break
// counts in the final score, as the score model has it; leaving out a rare NFL tie only makes
// the check stricter). The current score matters: fewer
// possible finals make more sets sure (at 2-0, Home and Over 3.5 together win on every final,
// as a draw or away win needs two more away goals), so reading every score as possible would
// miss them. Only finals that can happen are used, so a set found to lose on one can lose
// (and payouts round down, which only lowers a return).
// Every combination of results the legs can have on such a final is found on a few scores,
// as many whatever the score and the lines: with c0 = h0 − a0 and s0 = h0 + a0, a margin m
// is reached at the totals t ≥ s0 + |m − c0| of m's parity. The anchors are 0, c0 and every
// margin at which a leg's result changes; the candidate margins are the whole ones within 2
// of an anchor (two of each parity on either side of it). Take a possible final (m, t) with m
// farther than 2 from every anchor, and a the nearest anchor from m towards c0 (c0 is one):
// m' = m ∓ 2, 2 nearer c0, is still on m's side of a, so no anchor lies from m' to m. Every
// leg's result changes only at an anchor, so it is the same at m' as at m, and m' is not 0
// (0 is an anchor), so (m', t) is possible where (m, t) is; and t, of m''s parity, is
// reachable at m', whose lowest total is 2 below m's. Stepping so never passes a, so it
// ends within 2 of it, at a candidate margin with the same results: every combination occurs
// on a candidate margin. Per margin, the candidate totals are its lowest reachable one and
// those reachable from one below to two above each total line: every run of totals on which
// the total legs' results are constant has its lowest reachable total among them. So a game
// has at most 15 candidate margins (3 anchors: 0, c0 and the spread's) and 3 totals at each
// (one total line), however high its score or far its lines: a garbled feed's 2,000,000-0
// costs no more than a normal score does.
//
// The test. A set of bets with net returns r_ki per unit on final k (d − 1 on a win, 0 on a
// push, −1 on a loss) is a free roll when some stakes s ≥ 0 have Σ_i r_ki s_i ≥ 0 on every k
// and > 0 on at least one: it never loses and wins on some final. A sure profit (> 0 on every
// k) is one, and so is Home 0 and Away 0 at +105 each with no draw offered: 100 on each
// returns +5 on either team's win and 0 on a draw. Both are locked. The linear programme
// F: max Σ_k Σ_i r_ki s_i subject to Σ_i r_ki s_i ≥ 0 on every k, Σ_i s_i ≤ 1, s ≥ 0, is
// feasible (s = 0) and bounded, and its optimum is above 0 exactly when there is a free roll
// (its stakes scaled to sum to 1 keep it one). Its dual, min t subject to Σ_k r_ki w_k ≤ t for
// every bet i over weights w_k ≥ 1 (w = 1 + the dual of the returns' rows), has optimum 0
// exactly when some weights w > 0 of the finals give every bet Σ_k r_ki w_k ≤ 0: a chance of
// each final, none of them without one, under which no side offered pays on average, as the
// model gives where there is one. (Weights w ≥ 0 alone, the dual of a sure-profit test, pass a
// free roll: they can weigh only the finals where it returns 0, the draw above.) A set that
// returns exactly 0 on every final, as the two sides of a whole line can (Over 3 and Under 3 at
// +100 each, 1.00 on each; or Home 0 at +105 and Away 0 at −105, 100 and 105, which a draw
// pushes both), is no free roll: its Σ is 0. F starts at a feasible basis (the slacks),
// so the simplex method (Bland's rule, which cannot cycle) solves it directly; an optimum below
// MIN_FREE_ROLL is the float arithmetic's rounding of 0 (or a return no payout's cents keep).
// Games apart are enough: with no free roll, each game has such a chance of its finals, and
// taking games independently under them no parlay pays on average either (its return is the
// product of its legs' factors, d on a win, 1 on a push, 0 on a loss, each at most 1 on
// average), while every combination of finals of the games has a chance, so a set of bets on
// any games that never lost and won on one would pay on average: none is a free roll. Pairs
// do not suffice: Draw, Home −0.5 and Away cover every soccer score though no two of them do;
// and with whole lines, which push, a set that covers every score may or may not profit
// depending on its stakes. So the check is the programme itself, small enough to solve
// exactly: at most 7 sides and 15 combinations of results (5 runs of margins × 3 of totals).
//
// The lock. When the offered sides hold a free roll, they are taken in order of their
// margin against their own market's consensus (1 − p × d), the largest first, then those
// with no fair price; a side that alone or together with the sides kept before it would make
// a free roll is locked, as the fair-lock locks a side (price and margin null, its fair chance
// kept). The sides kept never hold a free roll, so neither does the game; a side locked is
// one that would complete a free roll with sides taken before it (more margin, or as much and
// listed earlier). A game
// with a model is not checked before it starts (every side loses on average under the model's
// chance, so no set wins on every final, nor never loses and wins on a final the model gives a
// chance); one under way is, at its score. The price desk applies it with the fair-lock to every
// board it builds, and again whenever a new score of a game under way merges in
// (worker/odds/price-desk/desk-board.ts), so the prices offered live were checked at the
// score the desk knows. Pure.
import { gameSides, type SideKey, withKeyedSidesLocked } from "./fair-lock";
import { fairSideOf } from "./fair-odds";
import { type GradableLeg, gradeLeg } from "./grading";
import { decimalOdds } from "./odds";
import type { Event } from "./schemas/events";
import { sportByKey, type SportKey } from "./sports";

/** A final score. */
export type Final = { home: number; away: number };

/** A free roll's Σ of returns below this share of the stake is none (float rounding of 0; it rounds away in a payout's cents). */
export const MIN_FREE_ROLL = 1e-9;
/** Pivots beyond this many are not expected (a handful solve it); reaching it counts as a free roll, so the set is locked. */
const MAX_PIVOTS = 500;
const EPS = 1e-12;

const WIN = 0;
const PUSH = 1;
const LOSS = 2;
const CODE = { win: WIN, push: PUSH, loss: LOSS } as const;

/** The margins at which a leg's result changes (its push point, or the half point between its win and loss). */
function marginBreak(leg: GradableLeg): number | null {
  if (leg.market === "Moneyline") return 0;
  if (leg.market === "Spread" && leg.line !== null) return leg.side === "Home" ? -leg.line : leg.line;
  return null;
}

/** The whole numbers from `from` to `to`, at most 5 of them (5 steps whatever the numbers: a huge one stays a few). */
function wholesBetween(from: number, to: number): number[] {
  const out: number[] = [];
  const lowest = Math.ceil(from);
  for (let i = 0; i < 5; i++) if (lowest + i <= to) out.push(lowest + i);
  return out;
}

/**
 * A few finals the game can still end on that between them give every combination of the
 * legs' results any possible final gives (see the header), from the score now: as many
 * however high the score or far the lines.
 */
export function candidateFinals(sport: SportKey, legs: readonly GradableLeg[], now: Final = { home: 0, away: 0 }): Final[] {
  const level = sportByKey(sport).drawPossible;
  const c0 = now.home - now.away;
  const s0 = now.home + now.away;
  const anchors = new Set([0, c0]);
  const lines = new Set<number>();
  for (const leg of legs) {
    const at = marginBreak(leg);
    if (at !== null) anchors.add(at);
    else if (leg.market === "Total" && leg.line !== null) lines.add(leg.line);
  }
  const margins = new Set<number>();
  for (const anchor of anchors) for (const m of wholesBetween(anchor - 2, anchor + 2)) margins.add(m);
  const totals = new Set<number>();
  for (const line of lines) for (const t of wholesBetween(Math.floor(line) - 1, Math.ceil(line) + 2)) totals.add(t);
  const finals: Final[] = [];
  for (const m of [...margins].sort((a, b) => a - b)) {
    if (m === 0 && !level) continue;
    const first = s0 + Math.abs(m - c0);
    const ts = new Set([first]);
    for (const t of totals) if (t >= first && (t - first) % 2 === 0) ts.add(t);
    for (const t of ts) finals.push({ home: (t + m) / 2, away: (t - m) / 2 });
  }
  return finals;
}

/** Each distinct combination of the legs' results over the finals (WIN, PUSH or LOSS per leg). */
export function resultPatterns(sport: SportKey, legs: readonly GradableLeg[], finals: readonly Final[]): Uint8Array[] {
  const seen = new Map<number, Uint8Array>();
  for (const final of finals) {
    const results = new Uint8Array(legs.length);
    let code = 0;
    legs.forEach((leg, i) => {
      results[i] = CODE[gradeLeg(leg, { homeScore: final.home, awayScore: final.away }, sport)];
      code = code * 3 + results[i]!;
    });
    if (!seen.has(code)) seen.set(code, results);
  }
  return [...seen.values()];
}

/**
 * The most a set of the bets can return, summed over the patterns, per unit staked, while
 * returning at least its stakes on every pattern (F in the header): above 0 exactly when some
 * set is a free roll (a sure profit is one), 0 when none is. `decimals[i]` is bet i's decimal
 * price, `patterns` its results (resultPatterns), `bets` the indexes of the legs taken.
 * Infinity when the simplex takes more than MAX_PIVOTS pivots.
 */
export function freeRoll(patterns: readonly Uint8Array[], decimals: readonly number[], bets: readonly number[]): number {
  const n = bets.length;
  const k = patterns.length;
  if (n === 0 || k === 0) return 0;
  // Columns: the n stakes, then a slack for each of the k patterns' rows and one for the stakes' row, then the right-hand side.
  const width = n + k + 2;
  const rhs = width - 1;
  const net = (j: number, i: number): number => {
    const result = patterns[j]![bets[i]!]!;
    return result === WIN ? decimals[bets[i]!]! - 1 : result === PUSH ? 0 : -1;
  };
  // Pattern j's row: −Σ_i r_ji s_i + slack = 0 (the set returns at least its stakes on j).
  const rows = patterns.map((_, j) => {
    const row = new Float64Array(width);
    for (let i = 0; i < n; i++) row[i] = -net(j, i);
    row[n + j] = 1;
    return row;
  });
  // The stakes' row: Σ_i s_i + slack = 1.
  const stakes = new Float64Array(width);
  for (let i = 0; i < n; i++) stakes[i] = 1;
  stakes[n + k] = 1;
  stakes[rhs] = 1;
  rows.push(stakes);
  // The objective row as reduced costs: −Σ_j r_ji for every stake (maximise the sum of the returns).
  const cost = new Float64Array(width);
  for (let i = 0; i < n; i++) for (let j = 0; j < k; j++) cost[i] = cost[i]! - net(j, i);
  const basis = rows.map((_, r) => n + r);
  for (let pivot = 0; pivot < MAX_PIVOTS; pivot++) {
    let enter = -1;
    for (let c = 0; c < rhs; c++) {
      if (cost[c]! < -EPS) {
        enter = c;
        break;
      }
    }
    if (enter < 0) return cost[rhs]!;
    let leave = -1;
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < rows.length; r++) {
      const a = rows[r]![enter]!;
      if (a <= EPS) continue;
      // A right-hand side rounded a hair below 0 is 0 (every one stays ≥ 0 in exact arithmetic).
      const ratio = Math.max(rows[r]![rhs]!, 0) / a;
      if (ratio < best - EPS || (ratio <= best + EPS && basis[r]! < basis[leave]!)) {
        best = ratio;
        leave = r;
      }
    }
    // Never: the stakes' row bounds every stake.
    if (leave < 0) return Number.POSITIVE_INFINITY;
    const row = rows[leave]!;
    const a = row[enter]!;
    for (let c = 0; c < width; c++) row[c] = row[c]! / a;
    for (const other of [...rows, cost]) {
      const f = other[enter]!;
      if (other === row || f === 0) continue;
      for (let c = 0; c < width; c++) other[c] = other[c]! - f * row[c]!;
    }
    basis[leave] = enter;
  }
  return Number.POSITIVE_INFINITY;
}

type Priced = Pick<Event, "sport" | "status" | "live" | "markets" | "fair" | "sameGame">;

type Offered = { key: SideKey; leg: GradableLeg; priceAm: number };

/** The game's sides on offer, with their prices. */
function offeredSides(event: Priced): Offered[] {
  return gameSides(event).filter((side): side is Offered => typeof side.priceAm === "number");
}

/** The score the game stands at: its live score while under way, else 0-0. */
function scoreNow(event: Priced): Final {
  return { home: event.live?.homeScore ?? 0, away: event.live?.awayScore ?? 0 };
}

/**
 * The sides of the game to lock so that no set of those left offered is a free roll on the
 * final scores it can still end on, winning on every one or on some and losing on none (see
 * the header): none when the offered sides hold no free roll. Keys as offeredSides names them.
 */
export function sureProfitSides(event: Priced): Set<SideKey> {
  const locked = new Set<SideKey>();
  if (event.status === "final") return locked;
  const now = scoreNow(event);
  if (event.sameGame && now.home === 0 && now.away === 0) return locked;
  const sides = offeredSides(event);
  if (sides.length === 0) return locked;
  const legs = sides.map((s) => s.leg);
  const patterns = resultPatterns(event.sport, legs, candidateFinals(event.sport, legs, now));
  const decimals = sides.map((s) => decimalOdds(s.priceAm));
  const all = sides.map((_, i) => i);
  const rolls = (bets: number[]) => freeRoll(patterns, decimals, bets) > MIN_FREE_ROLL;
  if (!rolls(all)) return locked;
  const margin = (i: number) => {
    const fair = fairSideOf(event, sides[i]!.leg);
    return fair ? 1 - fair.p * decimals[i]! : null;
  };
  const margins = all.map(margin);
  const order = [...all].sort((a, b) => {
    const ma = margins[a]!;
    const mb = margins[b]!;
    if (ma === null || mb === null) return Number(ma === null) - Number(mb === null) || a - b;
    return mb - ma || a - b;
  });
  const kept: number[] = [];
  for (const i of order) {
    if (rolls([...kept, i])) locked.add(sides[i]!.key);
    else kept.push(i);
  }
  return locked;
}

/** The event with the sides sureProfitSides names locked (price null, its margin null); the same object when none is. */
export function lockSureProfitSets<E extends Priced>(event: E): E {
  return withKeyedSidesLocked(event, sureProfitSides(event));
}
