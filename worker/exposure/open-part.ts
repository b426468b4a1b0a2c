// What is open of a bet on one game, as a game's exposure book holds it: the relay reads it
// from the bet its wallet wrote, the object's backfill from D1's copy of the bet.
import type { BetDocument } from "../../src/shared/schemas/bets";
import { labelOf, pickOf, type Position } from "./book";

/** A bet's open part on a game: its position without an id, and the console's names for its markets. */
export type OpenPart = Omit<Position, "id"> & { labels: Record<string, string> };

/** What the book needs of a bet to know what is open of it on a game. */
export type BetOnGame = Pick<BetDocument, "id" | "wallet" | "status" | "stake" | "toWin" | "legs" | "legResults"> & {
  /** The share of the stake cashed out, if any. */
  cashOut?: { stake: number };
};

/** What is still open of a bet on one game, as the book holds it; null when nothing is. */
export function openPartOn(bet: BetOnGame, eventId: string): OpenPart | null {
  const open = bet.legs.filter((leg, i) => leg.eventId === eventId && (bet.legResults[i] ?? null) === null);
  const stake = bet.stake - (bet.cashOut?.stake ?? 0);
  if (bet.status !== "open" || open.length === 0 || stake <= 0 || bet.stake <= 0) return null;
  const payout = Math.floor(((bet.stake + bet.toWin) * stake) / bet.stake);
  const picks = open.map((leg) => pickOf(leg));
  const labels = Object.fromEntries(open.map((leg) => [pickOf(leg).market, labelOf(leg)]));
  return { currency: bet.wallet, stake, payout, picks, labels };
}
