// One transfer attempt for a redemption, shared by the withdrawal request, the history
// look and the wallet's alarm (background retries). The wallet decides whether this
// attempt may run and with which key (payout-attempt-operations.ts); the provider call
// happens outside the wallet's critical section; the outcome goes back to the wallet.
// After the key's reuse window the attempt first lists the redemption's transfers and
// adopts one it finds, so a lost answer can never become a second transfer.
import type { Redemption } from "../../src/shared/schemas/redemptions";
import type { PayoutAttempt, PayoutOutcome, PayoutTiming } from "../wallet/operations/payout-attempt-operations";
import type { RedemptionResult } from "../wallet/operations/redemption-operations";
import type { Logger } from "../logging/logger";
import { tunables } from "../tunables";
import type { PaymentsProvider } from "./payments-provider";

/** What the runner needs of the player's wallet: the Durable Object itself or its stub. */
export type PayoutWallet = {
  beginPayoutAttempt(userId: string, input: { redemptionId: string; timing: PayoutTiming }, now: number): Promise<PayoutAttempt>;
  finishPayoutAttempt(
    userId: string,
    input: { redemptionId: string; outcome: PayoutOutcome; timing: PayoutTiming },
    now: number,
  ): Promise<RedemptionResult>;
};

export type Payouts = Pick<PaymentsProvider, "transfer" | "findTransfer">;

export function payoutTiming(env: Env): PayoutTiming {
  const t = tunables(env);
  return {
    retryAfterMs: t.PAYOUT_RETRY_AFTER_MS,
    retryMaxMs: t.PAYOUT_RETRY_MAX_MS,
    keyReuseMs: t.PAYOUT_KEY_REUSE_MS,
    leaseMs: t.PAYOUT_ATTEMPT_LEASE_MS,
  };
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : "Transfer failed.");

async function sendOrAdopt(
  payouts: Payouts,
  attempt: Extract<PayoutAttempt, { run: true }>,
  input: { userId: string; accountId: string },
): Promise<PayoutOutcome> {
  try {
    if (attempt.listFirst) {
      const found = await payouts.findTransfer({ redemptionId: attempt.redemption.id });
      if (found) return { kind: "paid", transferId: found.transferId };
    }
    const result = await payouts.transfer({
      accountId: input.accountId,
      amountCents: attempt.redemption.amountCents,
      redemptionId: attempt.redemption.id,
      userId: input.userId,
      idempotencyKey: attempt.idempotencyKey,
    });
    if (result.ok) return { kind: "paid", transferId: result.transferId };
    return result.definitive ? { kind: "failed", reason: result.reason } : { kind: "unknown", reason: result.reason };
  } catch (err) {
    return { kind: "unknown", reason: reasonOf(err) };
  }
}

/**
 * Runs one attempt if the wallet allows it now; returns the redemption as the wallet has
 * it afterwards (null when the wallet does not know it).
 */
export async function runPayoutAttempt(
  wallet: PayoutWallet,
  payouts: Payouts,
  input: { userId: string; accountId: string; redemptionId: string },
  timing: PayoutTiming,
  logger: Logger,
  now: number,
): Promise<Redemption | null> {
  const attempt = await wallet.beginPayoutAttempt(input.userId, { redemptionId: input.redemptionId, timing }, now);
  if (!attempt.run) return attempt.redemption;
  const outcome = await sendOrAdopt(payouts, attempt, input);
  if (outcome.kind === "unknown") logger.warn("payout outcome unknown; will retry", input.redemptionId, outcome.reason);
  const finished = await wallet.finishPayoutAttempt(input.userId, { redemptionId: input.redemptionId, outcome, timing }, now);
  return finished.ok ? finished.redemption : attempt.redemption;
}
