// Betslip rules shared by the SPA (instant feedback) and the Worker (enforcement).
import type { Market, Side } from "./schemas/bets";
import type { SportKey } from "./sports";

/** A selection on the betslip (spec §3 "Betslip pick"). */
export type BetslipPick = {
  /** `${gameId}:${market}:${side}` */
  uid: string;
  gameId: string;
  league: SportKey;
  market: Market;
  side: Side;
  label: string;
  priceAm: number;
  priceDec: number;
  line: number | null;
  teamKey: "home" | "away" | null;
  home: string;
  away: string;
  startTime: string;
};

export function pickUid(gameId: string, market: Market, side: Side): string {
  return `${gameId}:${market}:${side}`;
}
