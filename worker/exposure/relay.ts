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
import { openPartOn } from "./open-part";
import type { GameRef, TrackedBet } from "./game-exposure-object";
import { exposureObject, gameName, gameOf } from "./reserve";

/** The bet as it stands on one game: open with what is left of it there, or gone. */
export function trackedOn(bet: BetDocument, eventId: string): TrackedBet {
  const placedPicks = bet.legs.filter((leg) => leg.eventId === eventId).map((leg) => pickOf(leg));
  const placed = { betId: bet.id, slipId: bet.slipId, placedPicks };
  const open = openPartOn(bet, eventId);
  return open ? { ...placed, open: true, ...open } : { ...placed, open: false };
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
