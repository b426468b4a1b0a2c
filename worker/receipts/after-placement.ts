// The bet receipts of a slip just placed, written after the answer (waitUntil) so placement
// waits for no signature. A write that fails is logged; the receipt is then issued on its
// first read from D1's copy of the bet (worker/receipts/issue.ts receiptFor).
import { receiptSigningKey } from "../config";
import { loggerFor } from "../logging/logger";
import { type BetSubject, issueBetReceipts } from "./issue";

export async function issueReceiptsAfterPlacement(env: Env, userId: string, bets: readonly BetSubject[], now: number): Promise<void> {
  const key = receiptSigningKey(env);
  if (!key) return;
  try {
    await issueBetReceipts(env.DB, key, userId, bets, now);
  } catch (err) {
    loggerFor(env).warn("placeBet: receipts not written; each is issued on its first read", err);
  }
}
