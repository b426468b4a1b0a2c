// The words of each alert, built from the wallet change it reports. Pure, so the wallet's
// outbox (which sends them) and tests share one wording. Facts about the player's own
// account only: what settled and what was paid, what happened to a redemption.
import { formatAmount } from "./money";
import type { BetDocument } from "./schemas/bets";
import type { PushMessage } from "./schemas/push";
import type { Redemption } from "./schemas/redemptions";
import { formatRedemptionDollars } from "./schemas/redemptions";

/** A notice addressed to a player: the push queue's message. */
export type PushNotice = PushMessage & { userId: string };

const RESULT_WORD = { win: "Won", loss: "Lost", push: "Push", void: "Void" } as const;

export function betSettledNotice(userId: string, bet: BetDocument): PushNotice | null {
  // A cash-out is the player's own act in the app, so it needs no alert.
  if (bet.status !== "settled" || bet.result === null || bet.result === "cashed_out") return null;
  const what = bet.kind === "Parlay" ? `${bet.legs.length}-leg parlay` : `${bet.legs[0]?.away ?? ""} @ ${bet.legs[0]?.home ?? ""}`;
  const paid = bet.payoutPaid > 0 ? `paid ${formatAmount(bet.wallet, bet.payoutPaid)}` : "nothing paid";
  return {
    userId,
    kind: "bet-settled",
    eventId: `bet-settled:${bet.id}`,
    title: `Bet settled: ${RESULT_WORD[bet.result]}`,
    body: `${what}: ${formatAmount(bet.wallet, bet.stake)} staked, ${paid}.`,
    url: "/picks",
  };
}

export function redemptionNotice(userId: string, redemption: Pick<Redemption, "id" | "status" | "amountCents">): PushNotice | null {
  if (redemption.status === "pending") return null;
  const amount = formatRedemptionDollars(redemption.amountCents);
  return {
    userId,
    kind: "redemption-changed",
    eventId: `redemption-${redemption.status}:${redemption.id}`,
    title: redemption.status === "paid" ? "Redemption sent" : "Redemption failed",
    body:
      redemption.status === "paid"
        ? `Your ${amount} redemption is on its way to your bank.`
        : `Your ${amount} redemption could not be paid; the amount is back in your balance.`,
    url: "/redeem",
  };
}
