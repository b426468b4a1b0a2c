// "Tail": copies a shared pick's still-open legs into the viewer's betslip at the board's
// current price and line (a leg whose game finished, or whose market is locked or gone,
// is left out). Placing the slip re-checks every price on the server as usual.
import { useCallback } from "react";
import { useToast } from "../../../components/toast";
import { togglePick, type BetslipPick } from "../../../shared/betslip";
import type { PublicPick } from "../../../shared/schemas/social";
import { useBetslip } from "../../../session/betslip-provider";

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

/**
 * The legs of a pick that can still be bet, priced as the board offers them now. The
 * route supplies it from the board feature (src/features/board/current-picks.ts).
 */
export type PriceOnBoard = (pick: PublicPick) => Promise<{ picks: BetslipPick[]; unavailable: number }>;

export function useTail(priceOnBoard: PriceOnBoard): (pick: PublicPick) => Promise<TailOutcome> {
  const betslip = useBetslip();
  const toast = useToast();
  return useCallback(
    async (pick: PublicPick) => {
      const { picks, unavailable } = await priceOnBoard(pick);
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
    [priceOnBoard, betslip, toast],
  );
}
