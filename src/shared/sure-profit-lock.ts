// No set of a game's offered sides wins on every final score. The fair-lock (fair-lock.ts)
// offers no side better than its fair chance; where the game has a score model that chance is
// the model's, so every side loses on average under one distribution of the final score and no
// set of them can win whatever the score. Without a model it is each market's own consensus,
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
// Every combination of results the legs can have on such a final is found on a few scores:
// with c0 = h0 − a0 and s0 = h0 + a0, a margin m is reached at totals t ≥ s0 + |m − c0| of
// m's parity. The candidate margins run from 2 below the lowest to 2 above the highest of 0,
// c0 and every margin at which a leg's result changes: a final beyond them has its margin's
// results the same as 2 nearer (every leg's result is constant past the last such margin),
// and the same total is reachable there, so by induction every combination occurs within the
// range. Per margin, the candidate totals are its lowest reachable one and those reachable
// from one below to two above each total line: every run of totals on which the total legs'
// results are constant has its lowest reachable total among them.
//
// The test. A set of bets with net returns r_ki per unit on final k (d − 1 on a win, 0 on a
// push, −1 on a loss) is a sure profit when some stakes s ≥ 0 have Σ_i r_ki s_i > 0 on every k.
// That holds exactly when the linear programme P: min Σ s_i subject to Σ_i r_ki s_i ≥ 1 on
// every k, s ≥ 0, is feasible; its dual D: max Σ y_k subject to Σ_k r_ki y_k ≤ 1 for every
// bet i, y ≥ 0, is feasible at y = 0, so P is infeasible exactly when D is unbounded: when
// some weights y ≥ 0 of the finals give every bet a return Σ_k r_ki y_k ≤ 0, a chance of each
// final under which no side offered pays on average, as the model gives where there is one.
// D starts at a feasible basis, so the simplex method (Bland's rule, which cannot cycle)
// solves it directly: unbounded means no sure profit; an optimum z means the best return
// sure on every final is 1/z per unit staked. Games apart are enough: with no sure profit,
// each game has such a chance of its finals, and taking games independently under them no
// parlay pays on average either (its return is the product of its legs' factors, d on a win,
// 1 on a push, 0 on a loss, each at most 1 on average), so no set of bets on any games is
// sure. Pairs do not suffice: Draw, Home −0.5 and Away cover every soccer score though no two
// of them do; and with whole lines, which push, a set that covers every score may or may not
// profit depending on its stakes. So the check is the programme itself, small enough to solve
// exactly: at most 7 sides and 15 combinations of results (5 runs of margins × 3 of totals).
//
// The lock. When the offered sides hold a sure profit, they are taken in order of their
// margin against their own market's consensus (1 − p × d), the largest first, then those
// with no fair price; a side that together with the sides kept before it would make a sure
// profit is locked, as the fair-lock locks a side (price and margin null, its fair chance
// kept). The sides kept never hold a sure profit, so neither does the game; a side locked is
// one that would complete a sure set with sides taken before it (more margin, or as much and
// listed earlier). A game
// with a model is not checked before it starts (the model already rules a sure profit out);
// one under way is, at its score. The price desk applies it with the fair-lock to every
// board it builds, and again whenever a new score of a game under way merges in
// (worker/odds/price-desk/desk-board.ts), so the prices offered live were checked at the
// score the desk knows. Pure.
import { withSidesLocked, type LockedSides } from "./fair-lock";
import { fairSideOf } from "./fair-odds";
import { type GradableLeg, gradeLeg } from "./grading";
import { decimalOdds } from "./odds";
import type { Event } from "./schemas/events";
import { sportByKey, type SportKey } from "./sports";

/** A final score. */
export type Final = { home: number; away: number };

/** A return sure on every final below this share of the stake is none (it rounds away in a payout's cents). */
export const MIN_SURE_RETURN = 1e-9;
/** Pivots beyond this many are not expected (a handful solve it); reaching it counts as a sure profit, so the set is locked. */
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

/**
 * A few finals the game can still end on that between them give every combination of the
 * legs' results any possible final gives (see the header), from the score now.
 */
export function candidateFinals(sport: SportKey, legs: readonly GradableLeg[], now: Final = { home: 0, away: 0 }): Final[] {
  const level = sportByKey(sport).drawPossible;
  const c0 = now.home - now.away;
  const s0 = now.home + now.away;
  const margins = [0, c0];
  const totals: number[] = [];
  for (const leg of legs) {
    const at = marginBreak(leg);
    if (at !== null) margins.push(at);
    else if (leg.market === "Total" && leg.line !== null) totals.push(leg.line);
  }
  const lowest = Math.floor(Math.min(...margins)) - 2;
  const highest = Math.ceil(Math.max(...margins)) + 2;
  const finals: Final[] = [];
  for (let m = lowest; m <= highest; m++) {
    if (m === 0 && !level) continue;
    const first = s0 + Math.abs(m - c0);
    const ts = new Set([first]);
    for (const line of totals) {
      for (let t = Math.floor(line) - 1; t <= Math.ceil(line) + 2; t++) if (t >= first && (t - first) % 2 === 0) ts.add(t);
    }
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
 * The best return sure on every pattern per unit staked, over every set of the bets and their
 * stakes, or null when no set returns more than its stake on every one (D unbounded; see the
 * header). `decimals[i]` is bet i's decimal price, `patterns` its results (resultPatterns),
 * `bets` the indexes of the legs taken.
 */
export function sureReturn(patterns: readonly Uint8Array[], decimals: readonly number[], bets: readonly number[]): number | null {
  const n = bets.length;
  const k = patterns.length;
  if (n === 0 || k === 0) return null;
  const width = k + n + 1;
  const rhs = width - 1;
  const rows = bets.map((bet, i) => {
    const row = new Float64Array(width);
    for (let j = 0; j < k; j++) {
      const result = patterns[j]![bet]!;
      row[j] = result === WIN ? decimals[bet]! - 1 : result === PUSH ? 0 : -1;
    }
    row[k + i] = 1;
    row[rhs] = 1;
    return row;
  });
  // The objective row as reduced costs: −1 for every final's weight (maximise their sum).
  const cost = new Float64Array(width);
  for (let j = 0; j < k; j++) cost[j] = -1;
  const basis = bets.map((_, i) => k + i);
  for (let pivot = 0; pivot < MAX_PIVOTS; pivot++) {
    let enter = -1;
    for (let j = 0; j < rhs; j++) {
      if (cost[j]! < -EPS) {
        enter = j;
        break;
      }
    }
    if (enter < 0) return 1 / cost[rhs]!;
    let leave = -1;
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const a = rows[i]![enter]!;
      if (a <= EPS) continue;
      const ratio = rows[i]![rhs]! / a;
      if (ratio < best - EPS || (ratio <= best + EPS && basis[i]! < basis[leave]!)) {
        best = ratio;
        leave = i;
      }
    }
    if (leave < 0) return null;
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

type SideKey = "ml.home" | "ml.away" | "ml.draw" | "sp.home" | "sp.away" | "tot.over" | "tot.under";
type Offered = { key: SideKey; leg: GradableLeg; priceAm: number };

/** The game's offered sides, in one order: moneyline home, away, draw; spread home, away; total over, under. */
function offeredSides(event: Priced): Offered[] {
  const { moneyline, spread, total } = event.markets;
  const sides: (Offered | null)[] = [];
  const side = (key: SideKey, leg: GradableLeg, priceAm: number | null | undefined): Offered | null =>
    typeof priceAm === "number" ? { key, leg, priceAm } : null;
  if (moneyline) {
    sides.push(side("ml.home", { market: "Moneyline", side: "Home", line: null }, moneyline.home));
    sides.push(side("ml.away", { market: "Moneyline", side: "Away", line: null }, moneyline.away));
    sides.push(side("ml.draw", { market: "Moneyline", side: "Draw", line: null }, moneyline.draw));
  }
  if (spread && spread.line !== null) {
    sides.push(side("sp.home", { market: "Spread", side: "Home", line: spread.line }, spread.home));
    sides.push(side("sp.away", { market: "Spread", side: "Away", line: spread.line === 0 ? 0 : -spread.line }, spread.away));
  }
  if (total && total.line !== null) {
    sides.push(side("tot.over", { market: "Total", side: "Over", line: total.line }, total.over));
    sides.push(side("tot.under", { market: "Total", side: "Under", line: total.line }, total.under));
  }
  return sides.filter((s): s is Offered => s !== null);
}

/** The score the game stands at: its live score while under way, else 0-0. */
function scoreNow(event: Priced): Final {
  return { home: event.live?.homeScore ?? 0, away: event.live?.awayScore ?? 0 };
}

/**
 * The sides of the game to lock so that no set of those left offered wins on every final
 * score it can still end on (see the header): none when the offered sides hold no sure
 * profit. Keys as offeredSides names them.
 */
export function sureProfitSides(event: Priced): Set<SideKey> {
  const locked = new Set<SideKey>();
  if (event.status === "final") return locked;
  const now = scoreNow(event);
  if (event.sameGame && now.home === 0 && now.away === 0) return locked;
  const sides = offeredSides(event);
  if (sides.length < 2) return locked;
  const legs = sides.map((s) => s.leg);
  const patterns = resultPatterns(event.sport, legs, candidateFinals(event.sport, legs, now));
  const decimals = sides.map((s) => decimalOdds(s.priceAm));
  const all = sides.map((_, i) => i);
  const sure = (bets: number[]) => (sureReturn(patterns, decimals, bets) ?? 0) > MIN_SURE_RETURN;
  if (!sure(all)) return locked;
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
    if (sure([...kept, i])) locked.add(sides[i]!.key);
    else kept.push(i);
  }
  return locked;
}

/** The event with the sides sureProfitSides names locked (price null, its margin null); the same object when none is. */
export function lockSureProfitSets<E extends Priced>(event: E): E {
  const keys = sureProfitSides(event);
  if (keys.size === 0) return event;
  const locked: LockedSides = {
    moneyline: { home: keys.has("ml.home"), away: keys.has("ml.away"), draw: keys.has("ml.draw") },
    spread: { home: keys.has("sp.home"), away: keys.has("sp.away") },
    total: { over: keys.has("tot.over"), under: keys.has("tot.under") },
  };
  return withSidesLocked(event, locked);
}
