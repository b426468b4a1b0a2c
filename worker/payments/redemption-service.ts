// A redemption end to end: the wallet holds the amount (one atomic step), then — outside
// the wallet's critical section — the payout runs with the redemption id as its
// idempotency key, and its outcome goes back to the wallet: paid, or failed and refunded.
// An unknown outcome (network, provider outage) stays pending and is retried with the
// same key later, so a lost answer can neither pay twice nor refund a paid payout.
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { fromErrorResult } from "../http/api-error";
import { getUserWallet } from "../wallet/get-user-wallet";
import { tunables } from "../tunables";
import type { PaymentsProvider } from "./payments-provider";
import type { PlayContext } from "../protection/protection-operations";

/** Pending payouts older than this are retried when the player looks at their history. */
export const PAYOUT_RETRY_AFTER_MS = 60_000;

type Payouts = Pick<PaymentsProvider, "transfer">;

async function settlePayout(
  env: Env,
  payouts: Payouts,
  input: { userId: string; accountId: string; redemption: Redemption },
  now: number,
): Promise<Redemption> {
  const wallet = getUserWallet(env, input.userId);
  let outcome;
  try {
    outcome = await payouts.transfer({
      accountId: input.accountId,
      amountCents: input.redemption.amountCents,
      redemptionId: input.redemption.id,
      userId: input.userId,
    });
  } catch (err) {
    outcome = { ok: false as const, definitive: false, reason: err instanceof Error ? err.message : "Transfer failed." };
  }
  if (outcome.ok) {
    const done = await wallet.completeRedemption(input.userId, { redemptionId: input.redemption.id, payoutReference: outcome.transferId }, now);
    return done.ok ? done.redemption : input.redemption;
  }
  if (!outcome.definitive) {
    console.warn("payout outcome unknown; will retry", input.redemption.id, outcome.reason);
    return input.redemption;
  }
  const failed = await wallet.failRedemption(input.userId, { redemptionId: input.redemption.id, reason: outcome.reason }, now);
  return failed.ok ? failed.redemption : input.redemption;
}

export async function submitRedemption(
  env: Env,
  payouts: Payouts,
  input: { userId: string; accountId: string; amountCents: number; redemptionId: string },
  now: number,
  play?: PlayContext,
): Promise<Redemption> {
  const held = await getUserWallet(env, input.userId).requestRedemption(
    input.userId,
    { amountCents: input.amountCents, redemptionId: input.redemptionId, cashPlaythrough: tunables(env).CASH_PLAYTHROUGH },
    now,
    play,
  );
  if (!held.ok) throw fromErrorResult(held);
  if (held.redemption.status !== "pending") return held.redemption;
  return settlePayout(env, payouts, { userId: input.userId, accountId: input.accountId, redemption: held.redemption }, now);
}

/** Retries payouts whose outcome is still unknown, then returns the player's history. */
export async function listRedemptionsWithRetry(
  env: Env,
  payouts: Payouts | null,
  input: { userId: string; accountId: string | null },
  now: number,
): Promise<Redemption[]> {
  const wallet = getUserWallet(env, input.userId);
  const redemptions = await wallet.listRedemptions(input.userId, now);
  const stale = redemptions.filter((r) => r.status === "pending" && now - r.updatedAt >= PAYOUT_RETRY_AFTER_MS);
  if (stale.length === 0 || !payouts || !input.accountId) return redemptions;
  for (const redemption of stale) {
    await settlePayout(env, payouts, { userId: input.userId, accountId: input.accountId, redemption }, now);
  }
  return wallet.listRedemptions(input.userId, now);
}
