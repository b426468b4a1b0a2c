// Why the player's redemptions are paused right now, if they are: an open card dispute,
// then an early fraud warning no operator has cleared (it holds every redemption for
// review, whatever became of its charge), then anything owed. Read inside the wallet transaction by every step that would let Vantage
// Cash leave: a new redemption (redemptions.ts) and every payout attempt, first
// or retried (payout-attempts.ts), so a pause reaches payouts already in flight.
import { REDEMPTION_PAUSE_SENTENCES, type RedemptionPauseReason } from "../../../src/shared/refusals";
import type { Ledger } from "../../wallet/ledger";
import { openFraudWarning } from "./fraud-warnings";
import { openDispute } from "./reversals";

/** Why redemptions are paused, or null when they may go ahead. */
export function redemptionPauseReason(tx: Ledger): RedemptionPauseReason | null {
  if (openDispute(tx)) return "dispute";
  if (openFraudWarning(tx)) return "fraud-warning";
  if (tx.owed("coins") > 0 || tx.owed("cash") > 0) return "owed";
  return null;
}

/** The sentence the player is told, or null when redemptions may go ahead. */
export function redemptionPause(tx: Ledger): string | null {
  const reason = redemptionPauseReason(tx);
  return reason === null ? null : REDEMPTION_PAUSE_SENTENCES[reason];
}
