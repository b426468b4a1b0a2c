// "Tail": copies a shared pick's still-open legs into the viewer's betslip at the board's
// current price and line (a leg whose game finished, or whose market is locked or gone,
// is left out). Placing the slip re-checks every price on the server as usual.
import { useCallback } from "react";
import { useToast } from "../../../components/toast";
import { togglePick, type BetslipPick } from "../../../shared/betslip";
import type { Event } from "../../../shared/schemas/events";
import type { PublicPick } from "../../../shared/schemas/social";
import type { SportKey } from "../../../shared/sports";
import { useAuth } from "../../../session/auth-provider";
import { useBetslip } from "../../../session/betslip-provider";
import { getEvents } from "../../board/api/get-events";
import { currentBoardPick } from "../../board/components/event-card";

/** `skipped`: legs no longer offered, locked, or refused by the slip's rules (`reason`: the first refusal's message). */
export type TailOutcome = { added: number; skipped: number; reason?: string };

export function tailMessage({ added, skipped, reason }: TailOutcome): string {
  const picks = `${added} ${added === 1 ? "pick" : "picks"}`;
  const base =
    added === 0
      ? skipped > 0
        ? "None of these picks could be added to your betslip."
        : "These picks are already in your betslip."
      : skipped > 0
        ? `Added ${picks} to your betslip; ${skipped} could not be added.`
        : `Added ${picks} to your betslip.`;
  return reason ? `${base} ${reason}` : base;
}

/** The legs of `pick` that can still be bet, priced as the board offers them now. */
export async function tailablePicks(
  pick: PublicPick,
  boardOf: (sport: SportKey) => Promise<Event[]>,
): Promise<{ picks: BetslipPick[]; unavailable: number }> {
  const open = pick.legs.filter((_, i) => (pick.legResults[i] ?? null) === null && pick.status === "open");
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
  return { picks, unavailable: pick.legs.length - picks.length };
}

export function useTail(): (pick: PublicPick) => Promise<TailOutcome> {
  const { api } = useAuth();
  const betslip = useBetslip();
  const toast = useToast();
  return useCallback(
    async (pick: PublicPick) => {
      const { picks, unavailable } = await tailablePicks(pick, (sport) => getEvents(api, sport, Date.now()));
      // The slip's own rules decide (conflicts, size); the first refusal's reason is shown.
      let slip = betslip.picks;
      let added = 0;
      let refused = 0;
      let reason: string | undefined;
      for (const p of picks) {
        if (slip.some((s) => s.uid === p.uid)) continue;
        const next = togglePick(slip, p);
        if (next.action === "refused") {
          refused += 1;
          reason ??= next.message;
          continue;
        }
        betslip.toggle(p);
        [slip, added] = [next.picks, added + 1];
      }
      const outcome = { added, skipped: unavailable + refused, reason };
      toast.show(tailMessage(outcome), added > 0 ? "success" : "error");
      return outcome;
    },
    [api, betslip, toast],
  );
}
