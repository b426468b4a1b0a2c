// Betslip rules shared by the SPA (instant feedback) and the Worker (enforcement), so a
// player is never told one thing and refused for another: pick toggling (spec §4), the
// betslip mode, stake and payout maths, and the ordered place-bet checks of spec §5
// followed by the house limits of src/shared/money.ts.
import { HOUSE_LIMITS, formatAmount, minorPerUnit, unitsToMinor, type WalletKind } from "./money";
import { formatSpreadLine, validPrice } from "./odds";
import { parlayPricesAm, payoutFor } from "./payout";
import type { Market, PropLeg, SameGameBlock, Side } from "./schemas/bets";
import type { Event } from "./schemas/events";
import type { SportKey } from "./sports";

/** A selection on the betslip (spec §3 "Betslip pick"). */
export type BetslipPick = {
  /** `${gameId}:${market}:${side}` (pickUid); a player's market adds the player, market key and line (propPickUid). */
  uid: string;
  gameId: string;
  league: SportKey;
  market: Market;
  side: Side;
  label: string;
  priceAm: number;
  priceDec: number;
  line: number | null;
  /** The team a Moneyline or Spread pick backs, a player prop's player's team; null for a Total or an unknown team. */
  teamKey: "home" | "away" | null;
  home: string;
  away: string;
  startTime: string;
  /** The side's fair probability as the board showed it (src/shared/fair-odds.ts); absent when there was none. */
  fairP?: number;
  /** The game's score model and same-game margin as the board showed it (src/shared/same-game.ts); absent when it had none. */
  sameGame?: Event["sameGame"];
  /** A Prop pick's player and market (its name and label for the slip; its ids for the place-bet payload). */
  prop?: PropLeg;
};

export function pickUid(gameId: string, market: Market, side: Side): string {
  return `${gameId}:${market}:${side}`;
}

/** A player's market is told apart by the player, the market key and the line as well as the side. */
export function propPickUid(gameId: string, prop: PlayerMarket, side: Side, line: number | null): string {
  return `${gameId}:Prop:${prop.playerId}:${prop.marketKey}:${side}:${line ?? "yes"}`;
}

export type BetslipMode = "Singles" | "Parlay";

/** The most selections one slip may hold (a parlay's maximum length). */
export const MAX_SLIP_PICKS = HOUSE_LIMITS.parlayMaxLegs;

export const QUICK_ADD_AMOUNTS = [10, 25, 50, 100] as const;

export const MESSAGES = {
  conflict: "Can’t add Moneyline and Spread for the same team.",
  slipFull: `Your betslip holds up to ${MAX_SLIP_PICKS} selections.`,
  noSelection: "Add at least one selection.",
  invalidAmount: "Enter a valid amount.",
  locked: "One or more selections are locked.",
  notEnoughBalance: "Not enough balance.",
  invalidStake: "Invalid stake.",
  loginAgain: "Please log in again.",
  placeFailed: "Failed to place bet",
  parlayPlaced: "Parlay placed!",
  singlesPlaced: "Singles placed!",
  sameGameMarket: "Only one selection per game and market.",
} as const;

/** Which player's market a Prop pick is on, by id (the place-bet payload's `playerMarket`). */
export type PlayerMarket = Pick<PropLeg, "playerId" | "marketKey">;

/**
 * The part of a pick the toggling rules look at (the Worker maps eventId → gameId, and a
 * Prop pick's `playerMarket` → prop): for a Prop, the player's market is its market and
 * the line is part of what was picked.
 */
export type PickKey = { gameId: string; market: Market; side: Side; line?: number | null; prop?: PlayerMarket };

/** The team a Moneyline or Spread pick backs; a Total backs no team. */
export function pickTeam(pick: Pick<PickKey, "market" | "side">): "home" | "away" | null {
  if (pick.market === "Total") return null;
  if (pick.side === "Home") return "home";
  if (pick.side === "Away") return "away";
  return null;
}

function sameGameMarket(a: PickKey, b: PickKey): boolean {
  if (a.gameId !== b.gameId || a.market !== b.market) return false;
  return a.market !== "Prop" || (a.prop?.playerId === b.prop?.playerId && a.prop?.marketKey === b.prop?.marketKey);
}

/** The same selection again (a Prop at the same line too), which toggling removes. */
function sameSelection(a: PickKey, b: PickKey): boolean {
  return sameGameMarket(a, b) && a.side === b.side && (a.market !== "Prop" || a.line === b.line);
}

/** Moneyline and Spread on the same team of the same game (spec §4: cannot coexist). */
function moneylineSpreadClash(a: PickKey, b: PickKey): boolean {
  if (a.gameId !== b.gameId) return false;
  const markets = new Set([a.market, b.market]);
  if (!(markets.has("Moneyline") && markets.has("Spread"))) return false;
  const team = pickTeam(a);
  return team !== null && team === pickTeam(b);
}

export type ToggleOutcome<P> =
  | { action: "added" | "removed" | "replaced"; picks: P[] }
  | { action: "refused"; picks: P[]; message: string };

/**
 * Spec §4 pick toggling: the same item again removes it; a new pick replaces any pick in
 * the same game and market (a player's market: Over replaces Under); Moneyline + Spread
 * on the same team is refused with the conflict message; a full slip refuses new games.
 */
export function togglePick<P extends PickKey>(picks: readonly P[], pick: P): ToggleOutcome<P> {
  const same = picks.findIndex((p) => sameSelection(p, pick));
  if (same >= 0) return { action: "removed", picks: picks.filter((_, i) => i !== same) };
  const rest = picks.filter((p) => !sameGameMarket(p, pick));
  if (rest.some((p) => moneylineSpreadClash(p, pick))) {
    return { action: "refused", picks: [...picks], message: MESSAGES.conflict };
  }
  const replaced = rest.length !== picks.length;
  if (!replaced && picks.length >= MAX_SLIP_PICKS) {
    return { action: "refused", picks: [...picks], message: MESSAGES.slipFull };
  }
  return { action: replaced ? "replaced" : "added", picks: [...rest, pick] };
}

/** A combination toggling would never produce (the Worker refuses it), or null. */
export function findSlipConflict(picks: readonly PickKey[]): string | null {
  for (let i = 0; i < picks.length; i++) {
    for (let j = i + 1; j < picks.length; j++) {
      const a = picks[i]!;
      const b = picks[j]!;
      if (sameGameMarket(a, b)) return MESSAGES.sameGameMarket;
      if (moneylineSpreadClash(a, b)) return MESSAGES.conflict;
    }
  }
  return null;
}

/**
 * The mode after the slip changes from `before` to `after` picks: it switches to Parlay
 * automatically when a second pick arrives and back to Singles below two; in between the
 * player's choice (Singles of several picks) is kept.
 */
export function nextMode(current: BetslipMode, before: number, after: number): BetslipMode {
  if (after < 2) return "Singles";
  if (before < 2) return "Parlay";
  return current;
}

/** Spec §5: Singles stake = amount × picks; Parlay stake = amount. */
export function slipStake(kind: BetslipMode, amount: number, pickCount: number): number {
  return kind === "Singles" ? amount * pickCount : amount;
}

/**
 * What the slip would return if every pick wins, in minor units, with THE payout rule
 * (each single is its own bet; a parlay is one bet over every leg).
 */
export function slipReturns(
  kind: BetslipMode,
  amountMinor: number,
  pricesAm: readonly number[],
): { stake: number; toWin: number; payout: number } {
  if (pricesAm.length === 0 || amountMinor <= 0) return { stake: 0, toWin: 0, payout: 0 };
  if (kind === "Parlay") {
    const payout = payoutFor(amountMinor, pricesAm);
    return { stake: amountMinor, toWin: payout - amountMinor, payout };
  }
  const payout = pricesAm.reduce((sum, price) => sum + payoutFor(amountMinor, [price]), 0);
  const stake = amountMinor * pricesAm.length;
  return { stake, toWin: payout - stake, payout };
}

/** A price a bet can be written at: the board's own validity rule (spec §5), unrounded. */
export function isPlaceablePrice(priceAm: number | null | undefined): priceAm is number {
  return typeof priceAm === "number" && validPrice(priceAm) === priceAm;
}

/** Spec §5 amount input: digits and at most one decimal point, nothing else. */
export function sanitizeAmountInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  return point < 0 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, "");
}

/** The amount the player typed, as a number of whole units (NaN when it is not one). */
export function amountFromInput(text: string): number {
  const clean = text.trim();
  return clean === "" ? 0 : Number(clean);
}

export type PlaceBetCheckInput = {
  kind: BetslipMode;
  wallet: WalletKind;
  /** Whole displayed units, as typed (Coins whole, Vantage Cash up to 2 decimals). */
  amount: number;
  picks: readonly { priceAm: number | null; locked?: boolean }[];
  /** A Parlay's same-game blocks: each pays at its own price in place of its legs' (src/shared/same-game.ts). */
  sameGame?: readonly Pick<SameGameBlock, "legs" | "priceAm">[];
};

export type PlaceBetCheck = { ok: true; amountMinor: number; stakeMinor: number; betCount: number } | PlaceBetRefusal;

/** A failed place-bet check: its code, and the wallet where the sentence names a house limit (src/shared/refusals.ts). */
export type PlaceBetRefusal =
  | {
      ok: false;
      code:
        | "no-selection"
        | "invalid-amount"
        | "selection-locked"
        | "insufficient-funds"
        | "invalid-stake"
        | "parlay-legs"
        | "too-many-picks";
      details?: undefined;
    }
  | { ok: false; code: "stake-below-minimum" | "stake-above-maximum" | "payout-above-maximum"; details: { wallet: WalletKind } };

/** Spec §5 checks 1–3: the ones that need no wallet (the Worker runs them first). */
export function checkSelections(input: PlaceBetCheckInput): { ok: true } | PlaceBetRefusal {
  if (input.picks.length === 0) return { ok: false, code: "no-selection" };
  if (!(input.amount > 0)) return { ok: false, code: "invalid-amount" };
  if (input.picks.some((p) => p.locked || !isPlaceablePrice(p.priceAm))) return { ok: false, code: "selection-locked" };
  return { ok: true };
}

/** House limits as a player reads them on the slip. */
export function houseLimitsText(wallet: WalletKind): string[] {
  const limits = HOUSE_LIMITS[wallet];
  return [
    `Stake ${formatAmount(wallet, limits.minStake)} to ${formatAmount(wallet, limits.maxStake)} per bet`,
    `Maximum payout ${formatAmount(wallet, limits.maxPayout)} per bet`,
    `Parlays of ${HOUSE_LIMITS.parlayMinLegs} to ${HOUSE_LIMITS.parlayMaxLegs} selections`,
  ];
}

/**
 * Every place-bet check in order, returning the FIRST failure: the spec's five (at least
 * one selection, a positive amount, nothing locked, enough balance, a finite stake),
 * then the house limits (parlay length, slip size, minimum and maximum stake per bet,
 * maximum payout per bet). `balanceMinor` is the chosen wallet's balance.
 */
export function validatePlaceBet(input: PlaceBetCheckInput & { balanceMinor: number }): PlaceBetCheck {
  const first = checkSelections(input);
  if (!first.ok) return first;
  const { kind, wallet, amount, picks } = input;
  const betCount = kind === "Singles" ? picks.length : 1;
  const amountMinor = unitsToMinor(wallet, amount);
  const stakeForBalance = amountMinor !== null ? amountMinor * betCount : slipStake(kind, amount, picks.length) * minorPerUnit(wallet);
  if (stakeForBalance > input.balanceMinor) return { ok: false, code: "insufficient-funds" };
  const stakeMinor = amountMinor === null ? Number.NaN : amountMinor * betCount;
  if (amountMinor === null || !Number.isSafeInteger(stakeMinor)) return { ok: false, code: "invalid-stake" };
  if (kind === "Parlay" && (picks.length < HOUSE_LIMITS.parlayMinLegs || picks.length > HOUSE_LIMITS.parlayMaxLegs)) {
    return { ok: false, code: "parlay-legs" };
  }
  if (picks.length > MAX_SLIP_PICKS) return { ok: false, code: "too-many-picks" };
  const limits = HOUSE_LIMITS[wallet];
  if (amountMinor < limits.minStake) return { ok: false, code: "stake-below-minimum", details: { wallet } };
  if (amountMinor > limits.maxStake) return { ok: false, code: "stake-above-maximum", details: { wallet } };
  const prices = picks.map((p) => p.priceAm as number);
  const payouts =
    kind === "Parlay"
      ? [payoutFor(amountMinor, parlayPricesAm(picks as { priceAm: number }[], input.sameGame))]
      : prices.map((price) => payoutFor(amountMinor, [price]));
  if (payouts.some((payout) => payout > limits.maxPayout)) return { ok: false, code: "payout-above-maximum", details: { wallet } };
  return { ok: true, amountMinor, stakeMinor, betCount };
}

/**
 * A pick's label at another line of its market, as the board would write it: the old line's
 * text (a spread's "+3.5", a total's or a player's market's "Over 220.5") replaced by the new
 * one's. A label that does not show the old line stays as it is.
 */
export function labelAtLine(pick: Pick<BetslipPick, "market" | "side" | "label" | "line">, line: number | null): string {
  if (pick.line === null || line === null || pick.line === line) return pick.label;
  const text = (n: number) => (pick.market === "Spread" ? formatSpreadLine(n) : `${pick.side} ${n}`);
  const from = text(pick.line);
  const at = pick.label.lastIndexOf(from);
  return at < 0 ? pick.label : `${pick.label.slice(0, at)}${text(line)}${pick.label.slice(at + from.length)}`;
}
