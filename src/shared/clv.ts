// Closing-line value (docs/rules.md "Closing-line value"): how a price taken compares with
// the market's fair price at close. Pure, used by the price desk (what a close is), the
// Worker (each bet's CLV for the Sharpest board and profiles) and the SPA (My Picks and the
// Statistics card) alike.
//   close       a market's last fair snapshot before its game's scheduled start; a
//               snapshot older than CLOSE_MAX_AGE_MS at the start is no close at all (a
//               player's prop closes at the desk's last props answer before the start,
//               under the same rule);
//   leg CLV     p_close × d_taken − 1 for a leg placed before its game started; a leg
//               placed live has none;
//   bet CLV     Π p_close,i × Π d_taken,i − 1 over its legs; a same-game block counts as
//               one factor: the game model's chance of the block at close × the block's
//               price. Null when any leg was placed live or has no close.
import { chanceOfBlock } from "./game-model/chance";
import { decimalOdds } from "./odds";
import type { BetDocument, BetLeg } from "./schemas/bets";
import type { Event } from "./schemas/events";
import type { GameModel } from "./schemas/game-model";
import type { Prop } from "./schemas/props";

/** A snapshot older than this at the scheduled start is not a close. */
export const CLOSE_MAX_AGE_MS = 15 * 60 * 1000;
/** The Sharpest leaderboard averages the CLV of bets settled in this many days. */
export const SHARPEST_WINDOW_DAYS = 30;
/** The Sharpest leaderboard ranks only players with at least this many settled pre-match legs in the window. */
export const SHARPEST_MIN_LEGS = 50;

/** One side's closing fair chance (the moneyline's line is null). */
export type SideClose = {
  market: "Moneyline" | "Spread" | "Total";
  side: "Home" | "Away" | "Over" | "Under" | "Draw";
  line: number | null;
  p: number;
};

/** One side of a player's market at close: the player, the market key, Over/Under its line or Yes, and its fair chance. */
export type PropClose = {
  playerId: string;
  marketKey: string;
  side: "Over" | "Under" | "Yes";
  line: number | null;
  p: number;
};

/**
 * One game's closes: every side the snapshot had a fair price for, the game's score model
 * then (absent when it had none), and its players' markets at their own close (absent
 * when the desk had no props answer near the start).
 */
export type EventCloses = { eventId: string; sides: SideClose[]; model?: GameModel; props?: PropClose[] };

/** Whether a snapshot taken at `snapshotAt` is the close of a game starting at `startAt` (both on the feed's clock). */
export function isCloseSnapshot(snapshotAt: number, startAt: number, maxAgeMs = CLOSE_MAX_AGE_MS): boolean {
  return snapshotAt < startAt && startAt - snapshotAt <= maxAgeMs;
}

/** Every side's fair chance of an event as one snapshot shows it, and its score model. */
export function closesOfEvent(event: Pick<Event, "eventId" | "fair" | "sameGame">): EventCloses {
  const sides: SideClose[] = [];
  const { moneyline, spread, total } = event.fair ?? {};
  if (moneyline) {
    sides.push({ market: "Moneyline", side: "Home", line: null, p: moneyline.home.p });
    sides.push({ market: "Moneyline", side: "Away", line: null, p: moneyline.away.p });
    if (moneyline.draw) sides.push({ market: "Moneyline", side: "Draw", line: null, p: moneyline.draw.p });
  }
  if (spread) {
    sides.push({ market: "Spread", side: "Home", line: spread.line, p: spread.home.p });
    sides.push({ market: "Spread", side: "Away", line: spread.line === 0 ? 0 : -spread.line, p: spread.away.p });
  }
  if (total) {
    sides.push({ market: "Total", side: "Over", line: total.line, p: total.over.p });
    sides.push({ market: "Total", side: "Under", line: total.line, p: total.under.p });
  }
  return { eventId: event.eventId, sides, ...(event.sameGame && { model: event.sameGame.model }) };
}

/** Every side's fair chance of a game's props as one props answer shows them (a yes market's one side is Yes). */
export function propClosesOf(props: readonly Prop[]): PropClose[] {
  return props.flatMap((prop): PropClose[] => {
    const at = { playerId: prop.player.id, marketKey: prop.marketKey, line: prop.line };
    if (prop.kind === "yes") return [{ ...at, side: "Yes", p: prop.fair.over.p }];
    const over: PropClose = { ...at, side: "Over", p: prop.fair.over.p };
    return prop.fair.under ? [over, { ...at, side: "Under", p: prop.fair.under.p }] : [over];
  });
}

/** The key a side's close is stored under: its line as text, '' for the moneyline. */
export function lineKey(line: number | null): string {
  return line === null ? "" : String(line);
}

/** A leg's closing fair chance, or null when its game's close has no such side (or player's market) at its line. */
export function closeChance(closes: EventCloses | undefined, leg: Pick<BetLeg, "market" | "side" | "line" | "prop">): number | null {
  if (!closes) return null;
  if (leg.market === "Prop") {
    const prop = leg.prop;
    if (!prop) return null;
    const found = closes.props?.find(
      (c) => c.playerId === prop.playerId && c.marketKey === prop.marketKey && c.side === leg.side && lineKey(c.line) === lineKey(leg.line),
    );
    return found ? found.p : null;
  }
  const found = closes.sides.find((s) => s.market === leg.market && s.side === leg.side && lineKey(s.line) === lineKey(leg.line));
  return found ? found.p : null;
}

/** Whether a leg was placed before its game's scheduled start (a live leg has no CLV). */
export function isPrematch(leg: Pick<BetLeg, "startTime">, placedAt: number): boolean {
  return placedAt < Date.parse(leg.startTime);
}

/** A leg's CLV: p_close × d_taken − 1. */
export function legClv(pClose: number, priceAm: number): number {
  return pClose * decimalOdds(priceAm) - 1;
}

export type BetClv = {
  /** The bet's CLV, or null when a leg was placed live or has no close. */
  clv: number | null;
  /** Each leg's own CLV (null when live or without a close). */
  legs: (number | null)[];
  /** How many legs were placed before their game started. */
  prematchLegs: number;
};

type ClvBet = Pick<BetDocument, "createdAt" | "legs" | "sameGame">;

/** A bet's CLV from its games' closes (see the header). */
export function betClv(bet: ClvBet, closesOf: (eventId: string) => EventCloses | undefined): BetClv {
  const prematch = bet.legs.map((leg) => isPrematch(leg, bet.createdAt));
  const legs = bet.legs.map((leg, i) => {
    if (!prematch[i]) return null;
    const p = closeChance(closesOf(leg.eventId), leg);
    return p === null ? null : legClv(p, leg.priceAm);
  });
  const prematchLegs = prematch.filter(Boolean).length;
  if (prematchLegs < bet.legs.length) return { clv: null, legs, prematchLegs };
  const inBlock = new Set((bet.sameGame ?? []).flatMap((b) => b.legs));
  let factor = 1;
  for (const block of bet.sameGame ?? []) {
    const model = closesOf(block.eventId)?.model;
    if (!model || model.sport !== block.model.sport || model.v !== block.model.v) return { clv: null, legs, prematchLegs };
    const modelLegs = bet.legs.map((l) => ({ market: l.market, side: l.side, line: l.line }));
    factor *= chanceOfBlock(model, modelLegs, block.legs, block.scorer) * decimalOdds(block.priceAm);
  }
  for (const [i, leg] of bet.legs.entries()) {
    if (inBlock.has(i)) continue;
    const p = closeChance(closesOf(leg.eventId), leg);
    if (p === null) return { clv: null, legs, prematchLegs };
    factor *= p * decimalOdds(leg.priceAm);
  }
  return { clv: factor - 1, legs, prematchLegs };
}

/** Whether every game of a bet has started by `feedNow` (its CLV is shown only then). */
export function allGamesStarted(bet: Pick<BetDocument, "legs">, feedNow: number): boolean {
  return bet.legs.every((leg) => Date.parse(leg.startTime) <= feedNow);
}

export type ClvSummary = {
  /** The mean CLV of the bets that have one; null for none. */
  average: number | null;
  /** The share of those whose CLV is above zero (beat the close); null for none. */
  beatShare: number | null;
  count: number;
};

/** The average CLV and the share that beat the close, over bets' CLVs (nulls left out). */
export function summariseClv(values: readonly (number | null)[]): ClvSummary {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return { average: null, beatShare: null, count: 0 };
  return {
    average: known.reduce((a, b) => a + b, 0) / known.length,
    beatShare: known.filter((v) => v > 0).length / known.length,
    count: known.length,
  };
}

/** A CLV as players read it: "+3.2%", "−1.5%". */
export function formatClv(clv: number): string {
  const percent = (Math.abs(clv) * 100).toFixed(1);
  return clv < 0 ? `−${percent}%` : `+${percent}%`;
}
