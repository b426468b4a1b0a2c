// "Tail": copies a shared pick's still-open legs into the viewer's betslip at the board's
// current price and line (a leg whose game finished, or whose market is locked or gone,
// is left out). Placing the slip re-checks every price on the server as usual.
import { useCallback } from "react";
import { useToast } from "../../../components/toast";
import { togglePick, type BetslipPick } from "../../../shared/betslip";
import type { Event } from "../../../shared/schemas/events";
import type { PublicPick } from "../../../shared/schemas/social";
import type { SportKey } from "../../../shared/sports";
import { useAuth } from "../../auth/auth-provider";
import { useBetslip } from "../../betslip/betslip-provider";
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
export async function tailablePicks(pick: PublicPick, boardOf: (sport: SportKey) => Promise<Event[]>): Promise<{ picks: BetslipPick[]; unavailable: number }> {
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

const PLAYER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
const SETTLED_MS = 600;
const GIVE_UP_MS = 5_000;

/**
 * Once the board has opened, brings its betslip into view (on a phone it sits below the
 * board) and keeps it there while the board's games load and push it down, until the
 * page stops growing or the player scrolls, taps or types themselves.
 */
export function revealBetslip(): void {
  const started = performance.now();
  let height = -1;
  let steadySince = started;
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of PLAYER_INPUT) window.removeEventListener(type, stop);
  };
  for (const type of PLAYER_INPUT) window.addEventListener(type, stop, { passive: true });
  const step = () => {
    if (stopped) return;
    const now = performance.now();
    const heading = document.getElementById("betslip-title");
    const pageHeight = document.documentElement.scrollHeight;
    if (pageHeight !== height) [height, steadySince] = [pageHeight, now];
    if (heading) {
      // Below the sticky page header, not under it.
      const headerBottom = Math.max(0, document.querySelector("header")?.getBoundingClientRect().bottom ?? 0);
      const top = heading.getBoundingClientRect().top;
      if (top < headerBottom || top > window.innerHeight / 2) window.scrollTo({ top: window.scrollY + top - headerBottom - 8 });
    }
    if (now - started > GIVE_UP_MS || (heading && now - steadySince > SETTLED_MS)) stop();
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
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
