// Why the player's redemptions are paused right now, if they are: an open card dispute,
// then an early fraud warning no operator has cleared (it holds every redemption for
// review, whatever became of its charge), then anything owed. Read inside the wallet transaction by every step that would let Vantage
// Cash leave: a new redemption (worker/payments/in-wallet/redemptions.ts) and every payout attempt, first
// or retried (worker/payments/in-wallet/payout-attempts.ts), so a pause reaches payouts already in flight.
import type { Ledger } from "../../wallet/ledger";
import { openFraudWarning } from "./fraud-warnings";
import { FRAUD_WARNING_HOLD_MESSAGE, OWED_MESSAGE, openDispute, UNDER_REVIEW_MESSAGE } from "./reversals";

/** The sentence the player is told, or null when redemptions may go ahead. */
export function redemptionPause(tx: Ledger): string | null {
  if (openDispute(tx)) return UNDER_REVIEW_MESSAGE;
  if (openFraudWarning(tx)) return FRAUD_WARNING_HOLD_MESSAGE;
  if (tx.owed("coins") > 0 || tx.owed("cash") > 0) return OWED_MESSAGE;
  return null;
}
