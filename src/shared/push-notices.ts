// The words of each alert, built from the wallet change it reports. Pure, so the wallet's
// outbox (which sends them) and tests share one wording. Facts about the player's own
// account only: what settled and what was paid, what happened to a redemption, which
// limit or break the player set now applies, how much of a limit is left.
import { accountSectionPath } from "./account-sections";
import { formatAmount } from "./money";
import { anyLimitLabel, formatAnyLimit, PLAY_LIMIT_NAMES, type Nudge } from "./play-limits";
import { LIMIT_NAMES } from "./protection";
import { sentenceFor } from "./refusals";
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

/** Where a player sees and sets their limits and breaks. */
const LIMITS_PAGE = accountSectionPath("limits");

/** A limit or break change as the wallet's limit history keeps it (`seq` numbers it within the wallet). */
export type LimitChange = { seq: number; kind: "limit" | "break"; name: string; toValue: number | null };

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a limit now is, in a sentence; null for a name no set of limits knows. */
function limitNowApplies(name: string, value: number | null): string | null {
  if (name === "realityCheckMinutes") {
    return value === null ? "Reality checks are now off." : `A reality check now comes every ${formatAnyLimit(name, value)} of play.`;
  }
  const known = PLAY_LIMIT_NAMES.find((n) => n === name) ?? LIMIT_NAMES.find((n) => n === name);
  if (!known) return null;
  const label = anyLimitLabel(known);
  return value === null ? `${capitalised(label)} is now off.` : `Your ${label} is now ${formatAnyLimit(known, value)}.`;
}

/**
 * A limit or break the player asked for has taken effect (a stricter limit or a break at
 * once, a looser limit after its waiting time): what now applies. One per change.
 */
export function limitTookEffectNotice(userId: string, change: LimitChange): PushNotice | null {
  const eventId = `limit-changed:${userId}:${change.seq}`;
  if (change.kind === "break") {
    const permanent = change.toValue === null;
    return {
      userId,
      kind: "limit-changed",
      eventId,
      title: permanent ? "Account closed for play" : "Your break has started",
      body: sentenceFor("self-excluded", {
        breakUntil: change.toValue === null ? null : new Date(change.toValue).toISOString(),
        permanent,
      }),
      url: LIMITS_PAGE,
    };
  }
  const body = limitNowApplies(change.name, change.toValue);
  if (body === null) return null;
  return { userId, kind: "limit-changed", eventId, title: "Limit now in effect", body, url: LIMITS_PAGE };
}

/** A nudge near a limit (80% of it used in its period): what is left, once per limit and period. */
export function nudgeNotice(userId: string, nudge: Nudge): PushNotice {
  const label = anyLimitLabel(nudge.name);
  return {
    userId,
    kind: "limit-near",
    eventId: `limit-near:${userId}:${nudge.id}`,
    title: nudge.left === 0 ? `${capitalised(label)} reached` : `${formatAnyLimit(nudge.name, nudge.left)} left of your ${label}`,
    body: nudge.message,
    url: LIMITS_PAGE,
  };
}
