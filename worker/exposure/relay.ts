// The wallet outbox's relay to the games' exposure objects: each drained batch of changed
// bets is told, game by game, to the object of every game a bet has a leg on. A bet just
// placed confirms its slip's reservation there (it takes the reserved position's place).
// A bet is open while it is open and still has a leg on that game to grade, with what is
// left of it after a cash-out; otherwise it leaves that game's book. So the book follows
// every bet from placement to settlement, cash-out or void, whatever the request that
// placed it did after the wallet committed.
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { BetChange } from "../wallet";
import { pickOf } from "./book";
import type { GameRef, TrackedBet } from "./game-exposure-object";
import { exposureObject, gameName, gameOf, labelOf } from "./reserve";

/** The bet as it stands on one game: open with what is left of it there, or gone. */
export function trackedOn(bet: BetDocument, eventId: string): TrackedBet {
  const onGame = bet.legs.map((leg, i) => ({ leg, result: bet.legResults[i] ?? null })).filter((l) => l.leg.eventId === eventId);
  const placed = { betId: bet.id, slipId: bet.slipId, placedPicks: onGame.map((l) => pickOf(l.leg)) };
  const open = onGame.filter((l) => l.result === null);
  const stake = bet.stake - (bet.cashOut?.stake ?? 0);
  if (bet.status !== "open" || open.length === 0 || stake <= 0 || bet.stake <= 0) return { ...placed, open: false };
  const payout = Math.floor(((bet.stake + bet.toWin) * stake) / bet.stake);
  const picks = open.map((l) => pickOf(l.leg));
  const labels = Object.fromEntries(open.map((l) => [pickOf(l.leg).market, labelOf(l.leg)]));
  return { ...placed, open: true, currency: bet.wallet, stake, payout, picks, labels };
}

export async function relayBetsToExposure(env: Env, changes: readonly BetChange[], now: number): Promise<void> {
  const games = new Map<string, { game: GameRef; bets: TrackedBet[] }>();
  for (const { bet } of changes) {
    const seen = new Set<string>();
    for (const leg of bet.legs) {
      const name = gameName(leg.league, leg.eventId);
      if (seen.has(name)) continue;
      seen.add(name);
      const entry = games.get(name) ?? { game: gameOf(leg), bets: [] };
      entry.bets.push(trackedOn(bet, leg.eventId));
      games.set(name, entry);
    }
  }
  await Promise.all([...games.values()].map(({ game, bets }) => exposureObject(env, game.sport, game.eventId).track(game, bets, now)));
}
