// Play-through of a player's cash bets counted together over the games they share. A set of
// settled bets (singles, parlays, same-game blocks) is a portfolio over the joint outcomes of
// its games, and it counts what it could lose at worst: the largest −Σ net over every joint
// outcome. Four parlays covering every combination of two games lose only the margins
// whatever happens, so they buy only that much play-through; a lone parlay can lose its whole
// stake and counts in full. Pure, so the wallet (worker/wallet/playthrough.ts) and the tests
// apply one rule; on singles alone it is playthrough-risk.ts's rule.
//
// How the worst case is found: each game's final score is one dimension and each player's
// market (that player's statistic) another, as playthrough-risk.ts treats singles. A
// dimension's outcomes are the breakpoint scores (candidateScores) or statistics (propStats)
// of every leg on it, kept once per distinct combination of those legs' grades: between
// breakpoints nothing grades differently. Dimensions no bet joins are independent, so each
// connected set's worst is found alone and the worsts add. Within a set every joint outcome
// is settled by the house rules (bet-outcome.ts: a same-game block's legs graded by one
// score, pushed and void legs dropping out and the block re-priced), while the outcomes
// times the bets stay within EXACT_BUDGET. Beyond it a deterministic search (coordinate
// ascent from each bet's losing outcome) gives the worst it reaches: a real outcome's loss,
// so never more than the true worst case. A portfolio too large to enumerate can only count
// less, which delays the player; counting more would let hedged stakes clear play-through.
import { settleBet } from "./bet-outcome";
import type { GradableLeg, ScoredResult } from "./grading";
import { candidateScores, gradeOrVoid, propGrade, propStats } from "./playthrough-risk";
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

/** Joint outcomes × bets graded at most per connected set before the search takes over. */
export const EXACT_BUDGET = 200_000;
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
  return leg.prop ? JSON.stringify(["prop", leg.eventId, leg.prop.playerId, leg.prop.marketKey]) : null;
}

/** Each distinct combination of the dimension's legs' grades, once, in the order first met. */
function outcomesOf(dim: Dimension): Grade[][] {
  const graded = dim.prop
    ? propStats(dim.legs).map((stat) => dim.legs.map((leg) => propGrade(leg, stat)))
    : candidateScores(dim.legs).map((score) => dim.legs.map((leg) => gradeOrVoid(leg, score, dim.sport)));
  const seen = new Set<string>();
  return graded.filter((grades) => {
    const key = grades.join(",");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
function lossAt(bets: readonly Placed[], dims: readonly Dimension[], choice: readonly number[]): number {
  let total = 0;
  for (const bet of bets) total += netOf(bet, dims, choice);
  return -total;
}

/** Every joint outcome of the set's dimensions, graded; stops early at the most it can lose (every stake). */
function enumerate(set: readonly number[], bets: readonly Placed[], dims: readonly Dimension[], choice: number[], staked: number): number {
  for (const d of set) choice[d] = 0;
  let worst = 0;
  for (;;) {
    worst = Math.max(worst, lossAt(bets, dims, choice));
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
 * the outcome that loses most with the others held, until no single change loses more.
 * Every value it returns is a real joint outcome's loss.
 */
function search(set: readonly number[], bets: readonly Placed[], dims: readonly Dimension[], choice: number[], staked: number): number {
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
    set.forEach((d, i) => {
      choice[d] = seed[i]!;
    });
    let loss = lossAt(bets, dims, choice);
    for (let improved = true; improved && loss < staked; ) {
      improved = false;
      for (const d of set) {
        const near = touching.get(d)!;
        const netHere = () => near.reduce((sum, bet) => sum + netOf(bet, dims, choice), 0);
        const start = choice[d]!;
        const before = netHere();
        let best = { outcome: start, net: before };
        for (let outcome = 0; outcome < dims[d]!.outcomes.length; outcome++) {
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
 * `budget`, the largest the search reaches, which is never more.
 */
export function portfolioWorstLoss(bets: readonly PortfolioBet[], budget = EXACT_BUDGET): number {
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
      const legKey = JSON.stringify([leg.market, leg.side, leg.line]);
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
  for (const dim of dims) dim.outcomes = outcomesOf(dim);

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
    let size = set.bets.length;
    for (const d of set.dims) size = Math.min(size * dims[d]!.outcomes.length, budget + 1);
    worst += size <= budget ? enumerate(set.dims, set.bets, dims, choice, staked) : search(set.dims, set.bets, dims, choice, staked);
  }
  return worst;
}

/**
 * What settled bets count toward play-through together: their worst-case loss, capped at
 * their stakes. A share cashed out (`cashedOut`, its stake the share) counts nothing itself
 * but hedged the rest while it was open, so the count is the smaller of the worst case
 * without it and with it, as for singles on one game.
 */
export function portfolioRisk(counting: readonly PortfolioBet[], cashedOut: readonly PortfolioBet[] = []): number {
  if (counting.length === 0) return 0;
  const staked = counting.reduce((sum, bet) => sum + bet.stake, 0);
  const alone = portfolioWorstLoss(counting);
  const hedged = cashedOut.length === 0 ? alone : portfolioWorstLoss([...counting, ...cashedOut]);
  return Math.min(staked, alone, hedged);
}
