// Play-through of a player's cash bets counted together over the games they share. A set of
// settled bets (singles, parlays, same-game blocks) is a portfolio over the joint outcomes of
// its games, and it counts what it could lose at worst: the largest −Σ net over every joint
// outcome. Four parlays covering every combination of two games lose only the margins
// whatever happens, so they buy only that much play-through; a lone parlay can lose its whole
// stake and counts in full. Pure, so the wallet (worker/wallet/playthrough.ts) and the tests
// apply one rule; on singles alone it is playthrough-risk.ts's rule.
//
// How the worst case is found: each game's final score is one dimension and each player's
// markets (that player's statistics, graded together: playerStats) another, as
// playthrough-risk.ts treats singles. A
// dimension's outcomes are the breakpoint scores (candidateScores) or statistics (propStats)
// of every leg on it, kept once per distinct combination of those legs' grades: between
// breakpoints nothing grades differently. Dimensions no bet joins are independent, so each
// connected set's worst is found alone and the worsts add. Within a set every joint outcome
// is settled by the house rules (bet-outcome.ts: a same-game block's legs graded by one
// score, pushed and void legs dropping out and the block re-priced), while the outcomes
// times the bets stay within what is left of the budget. Beyond it a deterministic search
// (coordinate ascent from each bet's losing outcome) gives the worst it reaches: a real
// outcome's loss, so never more than the true worst case. Every grading (a leg at a
// candidate outcome, a bet at a joint outcome) is charged against one budget per count
// (EXACT_BUDGET); once it is spent the count stops with the worst real outcome found so
// far, so a player's history cannot make a count run unbounded. A portfolio too large to
// enumerate can only count less, which delays the player; counting more would let hedged
// stakes clear play-through.
import { settleBet } from "./bet-outcome";
import type { GradableLeg, ScoredResult } from "./grading";
import { candidateScores, gradeOrVoid, playerStats, propGrade } from "./playthrough-risk";
import type { LegResult, SameGameBlock } from "./schemas/bets";
import type { SportKey } from "./sports";

/** One leg as the rule reads it: its game and sport, what was picked and at what price, and a player's market's player. */
export type PortfolioLeg = GradableLeg & {
  eventId: string;
  league: SportKey;
  priceAm: number;
  prop?: { playerId: string; marketKey: string };
};

/** One bet of the portfolio: the stake riding on its legs, its same-game blocks, and the grades it was settled with. */
export type PortfolioBet = {
  stake: number;
  legs: readonly PortfolioLeg[];
  sameGame?: readonly SameGameBlock[];
  /**
   * Its legs' grades: a leg graded void stays void in every outcome (an operator's void, a
   * leg that cannot be graded, a player's market whose statistics never came); wins,
   * losses and pushes are what an outcome decides, so every outcome grades them again.
   */
  legResults?: readonly (LegResult | null)[];
};

/** Gradings (legs at candidate outcomes, bets at joint outcomes) one count may spend in all. */
export const EXACT_BUDGET = 200_000;

/** What a count may still spend (`left`) and has spent (`spent`), shared by every step of it. */
export type Meter = { left: number; spent: number };

export function meter(budget = EXACT_BUDGET): Meter {
  return { left: budget, spent: 0 };
}

function charge(m: Meter, n: number): void {
  m.left -= n;
  m.spent += n;
}
/** Starting points of the search: the all-first outcome, then one per bet (largest stakes first). */
const SEARCH_SEEDS = 16;

type Grade = ScoredResult | "void";

/** A game's score or a player's statistic: the distinct legs on it and their grades in each outcome worth grading. */
type Dimension = { sport: SportKey; prop: boolean; legs: PortfolioLeg[]; slots: Map<string, number>; outcomes: Grade[][] };

/** A bet placed on the dimensions: where each leg is graded (null: void in every outcome), and its net per grade combination. */
type Placed = { bet: PortfolioBet; at: ({ dim: number; slot: number } | null)[]; dims: number[]; memo: Map<string, number> };

function dimensionKey(leg: PortfolioLeg): string | null {
  if (leg.market !== "Prop") return JSON.stringify(["game", leg.eventId]);
  // A player's market without its player is graded by nothing: settlement voids it.
  return leg.prop ? JSON.stringify(["prop", leg.eventId, leg.prop.playerId]) : null;
}

/**
 * Each distinct combination of the dimension's legs' grades, once, in the order first met.
 * With the budget spent it stops grading (keeping at least one outcome): fewer outcomes are
 * still real ones, so the worst found among them is never more than the true worst.
 */
function outcomesOf(dim: Dimension, m: Meter): Grade[][] {
  const grade: (() => Grade[])[] = dim.prop
    ? playerStats(dim.legs).map((stat) => () => dim.legs.map((leg) => propGrade(leg, stat)))
    : candidateScores(dim.legs).map((score) => () => dim.legs.map((leg) => gradeOrVoid(leg, score, dim.sport)));
  const seen = new Set<string>();
  const outcomes: Grade[][] = [];
  for (const next of grade) {
    if (outcomes.length > 0 && m.left <= 0) break;
    charge(m, dim.legs.length);
    const grades = next();
    const key = grades.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    outcomes.push(grades);
  }
  return outcomes;
}

/** What the bet returns net of its stake when each dimension takes the outcome `choice` names. */
function netOf(placed: Placed, dims: readonly Dimension[], choice: readonly number[]): number {
  const results: LegResult[] = placed.at.map((at) => (at === null ? "void" : dims[at.dim]!.outcomes[choice[at.dim]!]![at.slot]!));
  const key = results.join(",");
  const known = placed.memo.get(key);
  if (known !== undefined) return known;
  const { stake, legs, sameGame } = placed.bet;
  const outcome = settleBet({ stake, legs, ...(sameGame && { sameGame }) }, results);
  const net = outcome.status === "settled" ? outcome.payout - stake : 0;
  placed.memo.set(key, net);
  return net;
}

/** The bets' loss (−Σ net) at `choice`. */
function lossAt(bets: readonly Placed[], dims: readonly Dimension[], choice: readonly number[], m: Meter): number {
  charge(m, bets.length);
  let total = 0;
  for (const bet of bets) total += netOf(bet, dims, choice);
  return -total;
}

/** Every joint outcome of the set's dimensions, graded; stops early at the most it can lose (every stake). */
function enumerate(
  set: readonly number[],
  bets: readonly Placed[],
  dims: readonly Dimension[],
  choice: number[],
  staked: number,
  m: Meter,
): number {
  for (const d of set) choice[d] = 0;
  let worst = 0;
  for (;;) {
    worst = Math.max(worst, lossAt(bets, dims, choice, m));
    if (worst >= staked) return worst;
    let i = 0;
    while (i < set.length) {
      const d = set[i]!;
      choice[d]! += 1;
      if (choice[d]! < dims[d]!.outcomes.length) break;
      choice[d] = 0;
      i += 1;
    }
    if (i === set.length) return worst;
  }
}

/**
 * The worst loss a deterministic search reaches: from each seed, each dimension in turn takes
 * the outcome that loses most with the others held, until no single change loses more or the
 * budget is spent. Every value it returns is a real joint outcome's loss.
 */
function search(
  set: readonly number[],
  bets: readonly Placed[],
  dims: readonly Dimension[],
  choice: number[],
  staked: number,
  m: Meter,
): number {
  const touching = new Map<number, Placed[]>(set.map((d) => [d, bets.filter((bet) => bet.dims.includes(d))]));
  const seeds: number[][] = [set.map(() => 0)];
  const byStake = [...bets].sort((a, b) => b.bet.stake - a.bet.stake).slice(0, SEARCH_SEEDS);
  for (const bet of byStake) {
    // Each dimension of the bet at its first outcome where one of the bet's legs there loses.
    seeds.push(
      set.map((d) => {
        const slots = bet.at.filter((at) => at !== null && at.dim === d).map((at) => at!.slot);
        const losing = dims[d]!.outcomes.findIndex((grades) => slots.some((slot) => grades[slot] === "loss"));
        return Math.max(0, losing);
      }),
    );
  }
  let worst = 0;
  for (const seed of seeds) {
    // The first seed is always graded, so a spent budget still yields a real outcome's loss.
    if (m.left <= 0 && seed !== seeds[0]) break;
    set.forEach((d, i) => {
      choice[d] = seed[i]!;
    });
    let loss = lossAt(bets, dims, choice, m);
    for (let improved = true; improved && loss < staked && m.left > 0; ) {
      improved = false;
      for (const d of set) {
        if (m.left <= 0) break;
        const near = touching.get(d)!;
        const netHere = () => {
          charge(m, near.length);
          return near.reduce((sum, bet) => sum + netOf(bet, dims, choice), 0);
        };
        const start = choice[d]!;
        const before = netHere();
        let best = { outcome: start, net: before };
        // Outcomes tried once the budget is spent are not graded: the best so far is a real outcome.
        for (let outcome = 0; outcome < dims[d]!.outcomes.length && m.left > 0; outcome++) {
          choice[d] = outcome;
          const net = netHere();
          if (net < best.net) best = { outcome, net };
        }
        choice[d] = best.outcome;
        if (best.net < before) {
          loss += before - best.net;
          improved = true;
        }
      }
    }
    worst = Math.max(worst, loss);
    if (worst >= staked) break;
  }
  return worst;
}

/**
 * The largest net loss of these bets over every joint outcome of their games and players'
 * statistics (0 when none loses); for a set of dimensions whose outcomes times bets pass
 * what is left of the budget, the largest the search reaches, which is never more. A
 * number is a fresh budget; a Meter is shared (and charged) across calls.
 */
export function portfolioWorstLoss(bets: readonly PortfolioBet[], budget: number | Meter = EXACT_BUDGET): number {
  const m = typeof budget === "number" ? meter(budget) : budget;
  const dims: Dimension[] = [];
  const index = new Map<string, number>();
  const placed: Placed[] = bets.map((bet) => {
    const at = bet.legs.map((leg, i) => {
      const key = bet.legResults?.[i] === "void" ? null : dimensionKey(leg);
      if (key === null) return null;
      let d = index.get(key);
      if (d === undefined) {
        d = dims.push({ sport: leg.league, prop: leg.market === "Prop", legs: [], slots: new Map(), outcomes: [] }) - 1;
        index.set(key, d);
      }
      const dim = dims[d]!;
      // One player's markets share a dimension: a leg is its market's too, not only its side and line.
      const legKey = JSON.stringify([leg.market, leg.prop?.marketKey ?? null, leg.side, leg.line]);
      let slot = dim.slots.get(legKey);
      if (slot === undefined) {
        slot = dim.legs.push(leg) - 1;
        dim.slots.set(legKey, slot);
      }
      return { dim: d, slot };
    });
    const touched = [...new Set(at.flatMap((a) => (a === null ? [] : [a.dim])))];
    return { bet, at, dims: touched, memo: new Map() };
  });
  for (const dim of dims) dim.outcomes = outcomesOf(dim, m);

  // Dimensions joined by a bet form one set (union–find); a bet graded by nothing returns its stake.
  const parent = dims.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (const bet of placed) for (const d of bet.dims.slice(1)) parent[root(d)] = root(bet.dims[0]!);
  const sets = new Map<number, { dims: number[]; bets: Placed[] }>();
  dims.forEach((_, d) => {
    const r = root(d);
    sets.set(r, { dims: [...(sets.get(r)?.dims ?? []), d], bets: [] });
  });
  for (const bet of placed) if (bet.dims.length > 0) sets.get(root(bet.dims[0]!))!.bets.push(bet);

  const choice = dims.map(() => 0);
  let worst = 0;
  for (const set of sets.values()) {
    const staked = set.bets.reduce((sum, bet) => sum + bet.bet.stake, 0);
    // Enumerated only when every joint outcome fits in what is left; the search stops when it is spent.
    const left = Math.max(0, m.left);
    let size = set.bets.length;
    for (const d of set.dims) size = Math.min(size * dims[d]!.outcomes.length, left + 1);
    worst += size <= left ? enumerate(set.dims, set.bets, dims, choice, staked, m) : search(set.dims, set.bets, dims, choice, staked, m);
  }
  return worst;
}

/**
 * What settled bets count toward play-through together: their worst-case loss, capped at
 * their stakes. A share cashed out (`cashedOut`, its stake the share) counts nothing itself
 * but hedged the rest while it was open, so the count is the smaller of the worst case
 * without it and with it, as for singles on one game. Both spend one budget (`m`).
 */
export function portfolioRisk(counting: readonly PortfolioBet[], cashedOut: readonly PortfolioBet[] = [], m: Meter = meter()): number {
  if (counting.length === 0) return 0;
  const staked = counting.reduce((sum, bet) => sum + bet.stake, 0);
  // Both worst cases spend one budget, each a real outcome's loss, so the smaller never counts too much.
  const alone = portfolioWorstLoss(counting, m);
  const hedged = cashedOut.length === 0 ? alone : portfolioWorstLoss([...counting, ...cashedOut], m);
  return Math.min(staked, alone, hedged);
}
