// A bet's legs as the board offers them right now: each leg still open, re-priced at the
// board's current price and line (a leg whose game finished, or whose market is locked or
// gone, cannot be bet). "Tail" copies a shared pick into the betslip with this.
import type { BetslipPick } from "../../shared/betslip";
import type { BetDocument } from "../../shared/schemas/bets";
import type { Event } from "../../shared/schemas/events";
import type { SportKey } from "../../shared/sports";
import { currentBoardPick } from "./components/event-card";

export type CurrentPicks = { picks: BetslipPick[]; unavailable: number };

/** The legs of `bet` that can still be bet, priced as `boardOf` (a sport's board) offers them now. */
export async function currentPicksFor(
  bet: Pick<BetDocument, "legs" | "legResults" | "status">,
  boardOf: (sport: SportKey) => Promise<Event[]>,
): Promise<CurrentPicks> {
  const open = bet.legs.filter((_, i) => (bet.legResults[i] ?? null) === null && bet.status === "open");
  const boards = new Map<SportKey, Event[]>();
  for (const sport of new Set(open.map((l) => l.league))) {
    boards.set(sport, await boardOf(sport).catch(() => []));
  }
  const picks: BetslipPick[] = [];
  for (const leg of open) {
    const event = boards.get(leg.league)?.find((e) => e.eventId === leg.eventId);
    const current = event ? currentBoardPick(event, leg.market, leg.side) : null;
    if (current) picks.push(current);
  }
  return { picks, unavailable: bet.legs.length - picks.length };
}
