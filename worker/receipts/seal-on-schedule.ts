// The cron's receipts step: payout receipts for recently paid redemptions that have none
// (the wallet's outbox writes the paid redemption to D1 but cannot sign), then sealing each
// ended day. A failure is logged; the next trigger does the same work again.
import { receiptSigningKey } from "../config";
import { loggerFor } from "../logging/logger";
import { tunables } from "../tunables";
import { issueMissingPayoutReceipts } from "./issue";
import { sealEndedDays } from "./seal";

/** How far back paid redemptions are looked at for a missing receipt. */
const PAYOUT_LOOKBACK_MS = 2 * 86_400_000;

export async function receiptsOnSchedule(env: Env, now: number): Promise<void> {
  try {
    const key = receiptSigningKey(env);
    if (key) await issueMissingPayoutReceipts(env.DB, key, now - PAYOUT_LOOKBACK_MS, now);
    const rules = tunables(env);
    await sealEndedDays(env.DB, now, { sealAfterMinutes: rules.RECEIPT_SEAL_AFTER_MINUTES, daysPerRun: rules.RECEIPT_SEAL_DAYS_PER_RUN });
  } catch (err) {
    loggerFor(env).error("receipts: issuing or sealing failed; the next trigger will try again", err);
  }
}
