// A redemption end to end: the wallet holds the amount (one atomic step), then — outside
// the wallet's critical section — the payout runs (the wallet's runPayoutAttempt: one
// attempt at a time, keyed and grouped by the redemption id, sent through
// payout-port.ts), and its outcome goes back to the wallet: paid, or failed and
// refunded. An unknown outcome (network, provider outage) stays pending; the wallet's
// alarm retries it in the background, and so does a look at the history once it is
// due, so a lost answer can neither pay twice nor refund a paid payout.
// A redemption the wallet put in review (a new account's first, one above
// REDEMPTION_REVIEW_CENTS) is not sent: it becomes a request in the approvals queue, and
// the wallet's alarm sends it once an operator approves. A payout is the transfer into the
// player's connected account and then the payout from there to the bank account that was
// checked (payout-port.ts); until both are made it stays pending. With the simulator, a
// payout made to the bank is followed by its simulated `payout.paid` (sim-payouts.ts).
import { sha256Hex } from "../digest";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { refusedError, requestApproval } from "../approvals/approvals";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { refusalError } from "../http/refusals";
import { loggerFor } from "../logging/logger";
import { metricsFor } from "../metrics/metrics";
import { tunables } from "../tunables";
import type { PlayContext } from "../../src/shared/protection";
import { RegionRulesUnread, rulesInForce } from "../protection/request-region";
import { paymentsWallet, payoutTiming, runPayoutAttempt, type PayoutWallet } from "./wallet";
import { payoutRoute, targetOf, type Payouts } from "./payout-port";
import { findPayoutAccount, type PayoutAccountRow } from "./payout-accounts";
import { checkedPayoutRoute } from "./payout-destination";

/**
 * A redemption's id, which also names its transfer group, its transfer metadata and its
 * transfers' idempotency keys: the player's own request, never the client's key alone. With
 * an Idempotency-Key it is a digest of the player and that key, so a retry names the same
 * redemption while two players sending the same key name two; without one it is random.
 */
export async function redemptionIdFor(userId: string, idempotencyKey: string | undefined): Promise<string> {
  if (idempotencyKey === undefined) return `rd_${crypto.randomUUID().replaceAll("-", "")}`;
  return `rd_${(await sha256Hex(JSON.stringify(["vantage.redemption.v1", userId, idempotencyKey]))).slice(0, 32)}`;
}

/**
 * The wallet's side of an attempt: each is judged by the region rules in force where the
 * player lives, and where their payout account's holder lives.
 */
function walletPort(env: Env, userId: string): PayoutWallet {
  const stub = paymentsWallet(env, userId);
  return {
    beginPayoutAttempt: async (id, input, now) => {
      // Rules not readable yet: no attempt now; the redemption stays pending and the wallet's alarm tries again.
      const play = await rulesInForce(env, now).catch((err: unknown) => {
        if (err instanceof RegionRulesUnread) return null;
        throw err;
      });
      return play ? stub.beginPayoutAttempt(id, { ...input, play }, now) : { ok: true, run: false, redemption: null };
    },
    finishPayoutAttempt: (id, input, now) => stub.finishPayoutAttempt(id, input, now),
    // Rules not readable: the throw holds the transfer (an unknown outcome, retried later; payout-destination.ts).
    payoutAddressHold: async (id, input, now) => stub.payoutAddressHold(id, { ...input, play: await rulesInForce(env, now) }, now),
  };
}

/**
 * `payoutRegion`: where that account's holder lives, as the provider has the address: the
 * wallet refuses the request (403 payout-address-restricted) when it offers no redemptions.
 * `account`: the player's payout account as the provider has it (the withdrawal's own read):
 * checked again right before the transfer, and its destinations claimed only then, when the
 * money goes (payout-destination.ts), so a withdrawal the wallet refuses, holds or sends to
 * review claims nothing; the payout to the bank goes to its destination. Without it
 * `destination` is taken as the external account the caller has checked itself (tests);
 * without either, nothing is paid out to a bank (nor transferred, see payout-port.ts).
 */
export async function submitRedemption(
  env: Env,
  payouts: Payouts,
  input: {
    userId: string;
    accountId: string;
    account?: () => Promise<PayoutAccountRow | null>;
    destination?: string | null;
    amountCents: number;
    redemptionId: string;
    /** Where the payout account's holder lives, as the provider has the address: the wallet refuses a closed region. */
    payoutRegion?: string | null;
  },
  now: number,
  play?: PlayContext,
): Promise<Redemption> {
  const held = await paymentsWallet(env, input.userId).requestRedemption(
    input.userId,
    {
      amountCents: input.amountCents,
      redemptionId: input.redemptionId,
      payoutRegion: input.payoutRegion ?? null,
      cashPlaythrough: tunables(env).CASH_PLAYTHROUGH,
      purchaseHoldDays: tunables(env).PURCHASE_HOLD_DAYS,
      review: {
        thresholdCents: tunables(env).REDEMPTION_REVIEW_CENTS,
        newAccountDays: tunables(env).REDEMPTION_REVIEW_NEW_ACCOUNT_DAYS,
        windowDays: tunables(env).REDEMPTION_REVIEW_WINDOW_DAYS,
      },
    },
    now,
    play,
  );
  if (!held.ok) throw refusalError(held);
  if (held.redemption.status !== "pending") return held.redemption;
  if (waitsForReview(held.redemption)) {
    // Asked again by a retry of the same request: the same request id answers the same request.
    await queueForReview(env, input.userId, held.redemption, now);
    return held.redemption;
  }
  const routeTo = (checked: PayoutAccountRow | null) => payoutRoute(payouts, targetOf(input.accountId, checked), env, metricsFor(env));
  const route = input.account
    ? checkedPayoutRoute(env, routeTo, input.account, now)
    : payoutRoute(payouts, { accountId: input.accountId, destination: input.destination ?? null }, env, metricsFor(env));
  const after = await runPayoutAttempt(
    walletPort(env, input.userId),
    route,
    { userId: input.userId, redemptionId: input.redemptionId },
    payoutTiming(env),
    loggerFor(env),
    () => now,
  );
  return after ?? held.redemption;
}

/** In review and not yet approved: no payout attempt runs (the wallet checks it too). */
export function waitsForReview(redemption: Redemption): boolean {
  return (
    redemption.status === "pending" &&
    redemption.timeline.some((s) => s.step === "in-review") &&
    !redemption.timeline.some((s) => s.step === "approved")
  );
}

/** The review request's id: one per redemption, so asking twice asks once. */
export const reviewRequestId = (redemptionId: string) => `review-${redemptionId}`;

/** Puts a redemption in review into the approvals queue, asked for by the player's own request. */
async function queueForReview(env: Env, userId: string, redemption: Redemption, now: number): Promise<void> {
  const player = await findUser(getDb(env), userId);
  if (!player) throw new Error(`redemption ${redemption.id} for an unknown player`);
  const reason = redemption.timeline.find((s) => s.step === "in-review")?.note ?? "Redemption review.";
  const asked = await requestApproval(
    env,
    {
      id: reviewRequestId(redemption.id),
      kind: "redemption",
      subject: userId,
      payload: { redemptionId: redemption.id, amountCents: redemption.amountCents },
      reason,
    },
    { id: player.id, email: player.email, sessionId: "" },
    now,
  );
  if (!asked.ok) throw refusedError(asked);
}

/**
 * Retries payouts whose outcome is still unknown and whose retry is due (or that an
 * operator approved), then returns the player's history. Every transfer first checks the
 * payout account as it stands (payout-destination.ts), so none is sent to a bank account
 * that has become another player's since the request, and the payout to the bank goes to
 * the destination checked then: `destination` reads it afresh from the provider; without
 * it, D1's copy is read. Each attempt is judged at `clock()` when it
 * begins (retryDuePayouts says why).
 */
export async function listRedemptionsWithRetry(
  env: Env,
  payouts: Payouts | null,
  input: { userId: string; accountId: string | null; destination?: () => Promise<PayoutAccountRow | null> },
  clock: () => number,
): Promise<Redemption[]> {
  const now = clock();
  const wallet = paymentsWallet(env, input.userId);
  const redemptions = await wallet.listRedemptions(input.userId, now);
  const pending = redemptions.filter((r) => r.status === "pending");
  if (pending.length === 0 || !payouts || !input.accountId) return redemptions;
  const port = walletPort(env, input.userId);
  const destination = input.destination ?? (() => findPayoutAccount(getDb(env), input.userId));
  const accountId = input.accountId;
  const routeTo = (checked: PayoutAccountRow | null) => payoutRoute(payouts, targetOf(accountId, checked), env, metricsFor(env));
  const route = checkedPayoutRoute(env, routeTo, destination, now);
  for (const redemption of pending) {
    await runPayoutAttempt(port, route, { userId: input.userId, redemptionId: redemption.id }, payoutTiming(env), loggerFor(env), clock);
  }
  return wallet.listRedemptions(input.userId, clock());
}
