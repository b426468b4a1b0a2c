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
//
// A market with lines (a spread, a total, a player's Over/Under) is one market, but its picks
// at different lines are different selections, and they are not exclusive: Over 220.5 and
// Under 235.5 both win on 221 to 235 (a middle). Each such pick knows where it wins on the
// market's number (`wins`: the total, the home side's margin, the player's statistic), and a
// selection's result counts every selection that can win with it: L(m, s) = Σ payout[s' can
// win with s] − Σ stake[touches m]. Over and Under one line still net as before (on a whole
// line both push, which returns the stakes); lines apart by half a point count as winning
// together, which overstates a push as a win: on the house's side. A game whose markets
// hold such overlapping selections is given the bound. A position kept from before picks
// named their lines counts with every lined pick of its market.
//
// A cash-out gives back a share of a bet: its stake and payout shrink together, which lowers
// what the house pays on the bet's selections and raises its result on every other selection
// of the market by the share (stake it no longer keeps). While the cash-out is being taken,
// the share is held here as a position of negative stake and payout (the same share of
// each), so every selection counts the worse of the bet before and after it.
import type { WalletKind } from "../../src/shared/money";
import { formatSpreadLine } from "../../src/shared/odds";
import type { BetLeg } from "../../src/shared/schemas/bets";

/** Where a pick on a market with lines wins on the market's number: above its line, or below it. */
export type Wins = { above: number } | { below: number };

/**
 * One pick of a position on this game: a market key (the game's market, or a player's) and
 * its selection; on a market with lines, the selection names the line and `wins` says where it wins.
 */
export type Pick = { market: string; selection: string; wins?: Wins };

/**
 * Whether two distinct selections of one market can win together. Without lines (a
 * moneyline's sides) they cannot. A pick kept from before picks named their lines has none
 * on a market whose other picks do: where it wins is unknown, so it is counted with all of them.
 */
function canWinTogether(a: Wins | undefined, b: Wins | undefined): boolean {
  if (!a && !b) return false;
  if (!a || !b) return true;
  if ("above" in a) return "above" in b || a.above < b.below;
  return "below" in b || b.above < a.below;
}

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

type MarketTotals = { stakes: number; payouts: Map<string, number>; wins: Map<string, Wins> };

/** The house's result in a market if `selection` (winning where `wins` says) wins: every selection that can win with it pays. */
function resultWith(totals: MarketTotals | undefined, selection: string, wins: Wins | undefined): number {
  if (!totals) return 0;
  let paid = 0;
  for (const [other, payout] of totals.payouts) {
    if (other === selection || canWinTogether(wins, totals.wins.get(other))) paid += payout;
  }
  return paid - totals.stakes;
}

/** The selections whose results a new pick raises: its own, and those that can win with it. */
function touchedBy(totals: MarketTotals | undefined, pick: Pick): { selection: string; wins: Wins | undefined }[] {
  const touched = [{ selection: pick.selection, wins: pick.wins }];
  for (const selection of totals?.payouts.keys() ?? []) {
    if (selection !== pick.selection && canWinTogether(pick.wins, totals?.wins.get(selection))) {
      touched.push({ selection, wins: totals?.wins.get(selection) });
    }
  }
  return touched;
}

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
        totals = { stakes: 0, payouts: new Map(), wins: new Map() };
        book.set(pick.market, totals);
      }
      totals.stakes += sign * p.stake;
      const paid = (totals.payouts.get(pick.selection) ?? 0) + sign * p.payout;
      if (paid === 0) {
        totals.payouts.delete(pick.selection);
        totals.wins.delete(pick.selection);
      } else {
        totals.payouts.set(pick.selection, paid);
        if (pick.wins) totals.wins.set(pick.selection, pick.wins);
      }
      if (totals.stakes === 0 && totals.payouts.size === 0) book.delete(pick.market);
    }
  }

  /** The house's result in the pick's market if the pick wins (before any new bet). */
  resultIf(currency: WalletKind, pick: Pick): number {
    return resultWith(this.markets[currency].get(pick.market), pick.selection, pick.wins);
  }

  /** The highest result among the selections a new pick would raise (its own, and those that can win with it). */
  private dearestTouched(currency: WalletKind, pick: Pick): number {
    const totals = this.markets[currency].get(pick.market);
    return Math.max(...touchedBy(totals, pick).map((t) => resultWith(totals, t.selection, t.wins)));
  }

  /**
   * The highest result among the selections of the pick's market that cannot win with it:
   * those a position's stake alone counts on, which giving stake back (a cash-out) raises.
   * A selection nobody backs counts too (the stakes taken, negated).
   */
  private dearestOther(currency: WalletKind, pick: Pick): number {
    const totals = this.markets[currency].get(pick.market);
    if (!totals) return 0;
    let dearest = -totals.stakes;
    for (const selection of totals.payouts.keys()) {
      const wins = totals.wins.get(selection);
      if (selection === pick.selection || canWinTogether(pick.wins, wins)) continue;
      dearest = Math.max(dearest, resultWith(totals, selection, wins));
    }
    return dearest;
  }

  /**
   * The largest stake (minor units) a new position with these picks may take so that no
   * market's result passes `limit` on a selection it raises, when each unit of stake adds
   * `payoutPerStake` to the payout. The selections that cannot win with it only gain its stake.
   */
  largestStake(currency: WalletKind, picks: readonly Pick[], payoutPerStake: number, limit: number): number {
    const gain = payoutPerStake - 1;
    if (gain <= 0) return Number.MAX_SAFE_INTEGER;
    let largest = Number.MAX_SAFE_INTEGER;
    for (const pick of picks) {
      const room = limit - this.dearestTouched(currency, pick);
      largest = Math.min(largest, Math.max(0, Math.floor(room / gain)));
    }
    return largest;
  }

  /**
   * The first pick of `position` whose market would pass `limit` with it, if any: the book's
   * one limit rule, that every selection a change raises stays within the limit. A position
   * adds its payout less its stake to the selections that can win with its pick, and takes
   * its stake from the others. A cash-out's hold is a position with a negative stake and
   * payout (the share given back): it leaves the selections its pick can win with as they
   * were and raises the others by the share.
   */
  overLimit(position: Position, limit: number): Pick | undefined {
    const gain = position.payout - position.stake;
    const given = -position.stake;
    return position.picks.find(
      (pick) =>
        (gain > 0 && this.dearestTouched(position.currency, pick) + gain > limit) ||
        (given > 0 && this.dearestOther(position.currency, pick) + given > limit),
    );
  }

  /**
   * The largest share of stake (minor units) a position with these picks may give back (a
   * cash-out) so that no selection it raises passes `limit`: each unit raises by one the
   * selections its picks cannot win with.
   */
  largestShare(currency: WalletKind, picks: readonly Pick[], limit: number): number {
    return Math.min(...picks.map((pick) => Math.max(0, limit - this.dearestOther(currency, pick))));
  }

  /** Whether adding `position` keeps every market result it raises within `limit`. */
  fits(position: Position, limit: number): boolean {
    return this.overLimit(position, limit) === undefined;
  }

  marketsOf(currency: WalletKind): MarketExposure[] {
    const out: MarketExposure[] = [];
    for (const [market, totals] of this.markets[currency]) {
      let worst = -totals.stakes;
      let worstSelection: string | null = null;
      for (const selection of totals.payouts.keys()) {
        const result = resultWith(totals, selection, totals.wins.get(selection));
        if (result > worst) {
          worst = result;
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
    // A cash-out's hold (a negative stake) is a change to a bet's position, not a position of its own.
    const positions = mine.filter((p) => p.stake > 0).length;
    return { positions, stakes: Math.max(0, stakes), worst: worst - stakes, bound, markets };
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
  // Where two selections of a market can both win (lines apart), one selection per market does not cover the outcomes.
  const winsOf = new Map<string, Wins>();
  for (const p of positions) for (const pick of p.picks) if (pick.wins) winsOf.set(`${pick.market}\u0000${pick.selection}`, pick.wins);
  const together = (market: string, a: string, b: string) =>
    a === b || canWinTogether(winsOf.get(`${market}\u0000${a}`), winsOf.get(`${market}\u0000${b}`));
  const middles = markets.some((m) => {
    const selections = Object.keys(m.payouts);
    return selections.some((a, i) => selections.slice(i + 1).some((b) => together(m.market, a, b)));
  });
  if (combinations > MAX_COMBINATIONS || middles) {
    // Each position paid at its first pick alone, each market at its dearest selection
    // with every selection that can win with it.
    const atFirst = new Map<string, Map<string, number>>();
    for (const s of signatures.values()) {
      const first = s.picks[0];
      if (!first) continue;
      const bySelection = atFirst.get(first.market) ?? new Map<string, number>();
      bySelection.set(first.selection, (bySelection.get(first.selection) ?? 0) + s.payout);
      atFirst.set(first.market, bySelection);
    }
    let worst = 0;
    for (const [market, bySelection] of atFirst) {
      const paidWith = (a: string) => [...bySelection].reduce((sum, [b, paid]) => sum + (together(market, a, b) ? paid : 0), 0);
      worst += Math.max(...[...bySelection.keys()].map(paidWith));
    }
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

/**
 * A leg's market key and selection on its game: the game's market, or a player's market by
 * player. On a market with lines the selection names the line, and `wins` where it wins on
 * the market's number: a total or a statistic above (Over) or below (Under) the line, the
 * home side's margin above minus its line (Home) or below the away side's line (Away).
 */
export function pickOf(leg: {
  market: string;
  side: string;
  line?: number | null;
  prop?: { playerId: string; marketKey: string } | undefined;
}): Pick {
  const market = leg.prop ? propMarket(leg.prop) : leg.market;
  const line = leg.line;
  if (line === null || line === undefined || leg.market === "Moneyline") return { market, selection: leg.side };
  // Named as the board shows it: a spread signed ("Home -3.5", "Away PK"), any other line bare.
  const selection = `${leg.side} ${leg.market === "Spread" ? formatSpreadLine(line) : String(line)}`;
  if (leg.side === "Over") return { market, selection, wins: { above: line } };
  if (leg.side === "Under") return { market, selection, wins: { below: line } };
  if (leg.market === "Spread" && leg.side === "Home") return { market, selection, wins: { above: -line } };
  if (leg.market === "Spread" && leg.side === "Away") return { market, selection, wins: { below: line } };
  return { market, selection: leg.side };
}

/** A market's console name: the game's market, or the player and his market. */
export function labelOf(leg: BetLeg): string {
  return leg.prop ? `${leg.prop.player} ${leg.prop.label}` : leg.market;
}
