// The house's exposure on one game, as pure arithmetic over its positions (bets, or stakes
// reserved for bets being placed). Per currency and market, the house's result if one
// selection wins is what the positions needing that selection would pay, less every stake
// taken in the market: L(m, s) = Σ payout[needs s] − Σ stake[touches m]. A parlay or a
// same-game block counts its full payout against each of its picks on this game (it may
// still lose elsewhere: the figure is what the house could owe, never less). A market's
// worst outcome is max over s of L(m, s); the limit MAX_*_EXPOSURE bounds it per market.
//
// The game's own worst outcome joins its markets: every combination of one selection per
// market (or none of the bet ones) is tried, each position paying when all of its picks
// are in the combination and every stake taken once. When the combinations are too many
// the figure is an upper bound (each position counted at its first pick alone), flagged so.
import type { WalletKind } from "../../src/shared/money";
import type { BetLeg } from "../../src/shared/schemas/bets";

/** One pick of a position on this game: a market key (the game's market, or a player's) and its selection. */
export type Pick = { market: string; selection: string };

export type Position = {
  id: string;
  currency: WalletKind;
  /** Minor units: Coins, or Vantage Cash cents. */
  stake: number;
  /** What the position pays if it wins, stake included (minor units). */
  payout: number;
  /** At most one per market. */
  picks: readonly Pick[];
};

export type MarketExposure = {
  market: string;
  /** Stakes of the positions with a pick in this market. */
  stakes: number;
  /** What the house pays if each selection wins. */
  payouts: Record<string, number>;
  /** The house's worst result in this market: the largest payout less the stakes (negative: it wins whatever happens). */
  worst: number;
  worstSelection: string | null;
};

export type GameExposure = {
  positions: number;
  stakes: number;
  /** The house's worst result over the game's outcomes (every stake taken once). */
  worst: number;
  /** True when `worst` is an upper bound (too many markets to try each combination). */
  bound: boolean;
  markets: MarketExposure[];
};

/** Combinations tried one by one before the game's worst becomes a bound. */
const MAX_COMBINATIONS = 4096;

type MarketTotals = { stakes: number; payouts: Map<string, number> };

export class ExposureBook {
  private readonly markets: Record<WalletKind, Map<string, MarketTotals>> = { coins: new Map(), cash: new Map() };
  private readonly positions = new Map<string, Position>();

  has(id: string): boolean {
    return this.positions.has(id);
  }

  get(id: string): Position | undefined {
    return this.positions.get(id);
  }

  /** Adds a position, or replaces the one with its id. */
  put(position: Position): void {
    this.remove(position.id);
    this.positions.set(position.id, position);
    this.apply(position, 1);
  }

  remove(id: string): Position | undefined {
    const old = this.positions.get(id);
    if (!old) return undefined;
    this.positions.delete(id);
    this.apply(old, -1);
    return old;
  }

  private apply(p: Position, sign: 1 | -1): void {
    const book = this.markets[p.currency];
    for (const pick of p.picks) {
      let totals = book.get(pick.market);
      if (!totals) {
        totals = { stakes: 0, payouts: new Map() };
        book.set(pick.market, totals);
      }
      totals.stakes += sign * p.stake;
      const paid = (totals.payouts.get(pick.selection) ?? 0) + sign * p.payout;
      if (paid === 0) totals.payouts.delete(pick.selection);
      else totals.payouts.set(pick.selection, paid);
      if (totals.stakes === 0 && totals.payouts.size === 0) book.delete(pick.market);
    }
  }

  /** The house's result in `market` if `selection` wins (before any new bet). */
  resultIf(currency: WalletKind, market: string, selection: string): number {
    const totals = this.markets[currency].get(market);
    if (!totals) return 0;
    return (totals.payouts.get(selection) ?? 0) - totals.stakes;
  }

  /**
   * The largest stake (minor units) a new position with these picks may take so that no
   * market's result on its own selection passes `limit`, when each unit of stake adds
   * `payoutPerStake` to the payout. The other selections of its markets only gain its stake.
   */
  largestStake(currency: WalletKind, picks: readonly Pick[], payoutPerStake: number, limit: number): number {
    const gain = payoutPerStake - 1;
    if (gain <= 0) return Number.MAX_SAFE_INTEGER;
    let largest = Number.MAX_SAFE_INTEGER;
    for (const pick of picks) {
      const room = limit - this.resultIf(currency, pick.market, pick.selection);
      largest = Math.min(largest, Math.max(0, Math.floor(room / gain)));
    }
    return largest;
  }

  /** Whether adding `position` keeps each of its markets' results on its selections within `limit`. */
  fits(position: Position, limit: number): boolean {
    return position.picks.every(
      (pick) => this.resultIf(position.currency, pick.market, pick.selection) + position.payout - position.stake <= limit,
    );
  }

  marketsOf(currency: WalletKind): MarketExposure[] {
    const out: MarketExposure[] = [];
    for (const [market, totals] of this.markets[currency]) {
      let worst = -totals.stakes;
      let worstSelection: string | null = null;
      for (const [selection, paid] of totals.payouts) {
        if (paid - totals.stakes > worst) {
          worst = paid - totals.stakes;
          worstSelection = selection;
        }
      }
      out.push({ market, stakes: totals.stakes, payouts: Object.fromEntries(totals.payouts), worst, worstSelection });
    }
    return out.sort((a, b) => b.worst - a.worst || a.market.localeCompare(b.market));
  }

  game(currency: WalletKind): GameExposure {
    const mine = [...this.positions.values()].filter((p) => p.currency === currency);
    const stakes = mine.reduce((sum, p) => sum + p.stake, 0);
    const markets = this.marketsOf(currency);
    const { worst, bound } = gameWorst(mine, markets);
    return { positions: mine.length, stakes, worst: worst - stakes, bound, markets };
  }
}

/** The most the positions could pay together over one outcome of the game: exact, or bounded past MAX_COMBINATIONS. */
function gameWorst(positions: readonly Position[], markets: readonly MarketExposure[]): { worst: number; bound: boolean } {
  if (positions.length === 0) return { worst: 0, bound: false };
  // Positions with the same picks pay together: sum them once per signature.
  const signatures = new Map<string, { picks: readonly Pick[]; payout: number }>();
  for (const p of positions) {
    const key = p.picks
      .map((pick) => `${pick.market}\u0000${pick.selection}`)
      .sort()
      .join("\u0001");
    const entry = signatures.get(key);
    if (entry) entry.payout += p.payout;
    else signatures.set(key, { picks: p.picks, payout: p.payout });
  }
  // Each market's options: its selections with a payout, or none of them.
  const options = markets.map((m) => ({ market: m.market, selections: [...Object.keys(m.payouts), null] }));
  const combinations = options.reduce((n, o) => n * o.selections.length, 1);
  if (combinations > MAX_COMBINATIONS) {
    // Each position paid at its first pick alone, each market at its dearest selection.
    const atFirst = new Map<string, Map<string, number>>();
    for (const s of signatures.values()) {
      const first = s.picks[0];
      if (!first) continue;
      const bySelection = atFirst.get(first.market) ?? new Map<string, number>();
      bySelection.set(first.selection, (bySelection.get(first.selection) ?? 0) + s.payout);
      atFirst.set(first.market, bySelection);
    }
    let worst = 0;
    for (const bySelection of atFirst.values()) worst += Math.max(...bySelection.values());
    return { worst, bound: true };
  }
  const chosen = new Map<string, string | null>();
  let worst = 0;
  const walk = (index: number): void => {
    if (index === options.length) {
      let paid = 0;
      for (const s of signatures.values()) {
        if (s.picks.every((pick) => chosen.get(pick.market) === pick.selection)) paid += s.payout;
      }
      worst = Math.max(worst, paid);
      return;
    }
    const option = options[index]!;
    for (const selection of option.selections) {
      chosen.set(option.market, selection);
      walk(index + 1);
    }
  };
  walk(0);
  return { worst, bound: false };
}

/** A player's market as the book keys it: `Prop:<market key>:<player id>`. */
const propMarket = (prop: { playerId: string; marketKey: string }) => `Prop:${prop.marketKey}:${prop.playerId}`;

/** The player's market a book key names, or null for a game's market. */
export function propMarketOf(market: string): { marketKey: string; playerId: string } | null {
  const match = /^Prop:([^:]+):(.+)$/.exec(market);
  return match ? { marketKey: match[1]!, playerId: match[2]! } : null;
}

/** A leg's market key and selection on its game: the game's market, or a player's market by player. */
export function pickOf(leg: { market: string; side: string; prop?: { playerId: string; marketKey: string } | undefined }): Pick {
  return {
    market: leg.prop ? propMarket(leg.prop) : leg.market,
    selection: leg.side,
  };
}

/** A market's console name: the game's market, or the player and his market. */
export function labelOf(leg: BetLeg): string {
  return leg.prop ? `${leg.prop.player} ${leg.prop.label}` : leg.market;
}
