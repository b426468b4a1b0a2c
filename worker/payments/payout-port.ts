// The payment provider's side of the wallet's payout port (PayoutPort in worker/wallet):
// one payout of a redemption, in two steps that each happen once. First the transfer into
// the player's connected account, sent under the key the wallet chose, or, when the wallet
// asks to list first (the key's reuse window has passed), an earlier transfer of the
// redemption adopted instead, but only one sent for this redemption and player to this
// destination. Then the payout from that account to its bank, which Vantage makes itself
// (the accounts' payout schedule is manual, stripe-provider.ts): to the one external account
// whose fingerprint and holder were just checked (payout-destination.ts), by its id, under a
// key derived from the transfer's, after the same listing when the wallet asks for it. A
// bank account the player adds or swaps in after the checks receives nothing: the payout
// names the one checked, and fails if that one is gone.
// The redemption is paid (sent) only once both steps are done. A payout to the bank that
// fails, or whose destination has vanished, leaves the money in the player's connected
// account and the redemption pending, its outcome unknown, the transfer noted on its
// timeline: the wallet tries again later (its alarm, or the next look at the history), and
// the retry's transfer is the same one (its key answers it again, or the listing adopts it),
// never a second. A retry checks the destination afresh; while the key is remembered it
// names the same bank account as before or is refused, and after that it lists the
// account's payouts first and pays out to the destination checked then.
// The wallet decides whether an attempt runs and records its outcome; this file only talks
// to the provider.
import { paymentsMode } from "../config";
import { getDb } from "../db/database";
import type { PayoutOutcome, PayoutPort, PayoutRequest, PayoutRoute } from "./wallet";
import { getPaymentsProvider } from "./configured-provider";
import type { PaymentsProvider } from "./payments-provider";
import { findPayoutAccount } from "./payout-accounts";
import { checkedPayoutRoute, freshPayoutAccount } from "./payout-destination";
import { simulatePayoutPaid } from "./sim-payouts";
import { metricsFor } from "../metrics/metrics";
import { noMetrics, type Metrics } from "../metrics/metrics-port";

/**
 * What a payout needs of the provider. Both providers make the payout to the bank; a stand-in
 * without `payout` (tests of the transfer alone) ends a payout at the transfer.
 */
export type Payouts = Pick<PaymentsProvider, "transfer" | "findTransfer"> & Partial<Pick<PaymentsProvider, "payout" | "findPayout">>;

/** Where a route pays: the connected account, and the external account of it checked for the payout to the bank. */
export type PayoutTarget = { accountId: string; destination: string | null };

/** The player reads it on the timeline while the payout to the bank waits for a retry. */
export const NO_DESTINATION_REASON = "Not sent: the payout account's bank account could not be read.";

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : "Transfer failed.");

/** The payout's key: the transfer's, so it changes (and the listing comes first) when that one does. */
export const bankPayoutKey = (transferKey: string) => `${transferKey}-bank`;

async function transferOrAdopt(payouts: Payouts, accountId: string, request: PayoutRequest): Promise<PayoutOutcome> {
  if (request.listFirst || request.adoptOnly) {
    // Only looking, the question is whether this redemption's transfer went at all, to
    // whichever of the player's payout accounts: one to an earlier account went too.
    const found = await payouts.findTransfer({
      redemptionId: request.redemption.id,
      userId: request.userId,
      accountId: request.adoptOnly ? null : accountId,
    });
    if (found) return { kind: "paid", transferId: found.transferId };
    if (request.adoptOnly) return { kind: "failed", reason: request.adoptOnly.reason };
  }
  const result = await payouts.transfer({
    accountId,
    amountCents: request.redemption.amountCents,
    redemptionId: request.redemption.id,
    userId: request.userId,
    idempotencyKey: request.idempotencyKey,
  });
  if (result.ok) return { kind: "paid", transferId: result.transferId };
  return result.definitive ? { kind: "failed", reason: result.reason } : { kind: "unknown", reason: result.reason };
}

/**
 * The payout of a transfer made (`transferId`) to the bank: paid once it is made (now or
 * before); any other answer is unknown, never failed, since the money has left Vantage.
 */
async function payOutToBank(payouts: Payouts, target: PayoutTarget, request: PayoutRequest, transferId: string): Promise<PayoutOutcome> {
  if (!payouts.payout) return { kind: "paid", transferId };
  const owner = { accountId: target.accountId, redemptionId: request.redemption.id, userId: request.userId };
  try {
    if ((request.listFirst || request.adoptOnly) && (await payouts.findPayout?.(owner))) return { kind: "paid", transferId };
    if (target.destination === null) return { kind: "unknown", reason: NO_DESTINATION_REASON, transferId };
    const result = await payouts.payout({
      ...owner,
      destination: target.destination,
      amountCents: request.redemption.amountCents,
      idempotencyKey: bankPayoutKey(request.idempotencyKey),
    });
    return result.ok ? { kind: "paid", transferId } : { kind: "unknown", reason: result.reason, transferId };
  } catch (err) {
    return { kind: "unknown", reason: reasonOf(err), transferId };
  }
}

async function sendOrAdopt(payouts: Payouts, target: PayoutTarget, request: PayoutRequest): Promise<PayoutOutcome> {
  // No bank account checked to pay out to: nothing is transferred that could not go on.
  if (payouts.payout && target.destination === null) return { kind: "unknown", reason: NO_DESTINATION_REASON };
  let transferred: PayoutOutcome;
  try {
    transferred = await transferOrAdopt(payouts, target.accountId, request);
  } catch (err) {
    return { kind: "unknown", reason: reasonOf(err) };
  }
  return transferred.kind === "paid" ? payOutToBank(payouts, target, request, transferred.transferId) : transferred;
}

/**
 * Payouts to `target` through `payouts` (the active provider, or a test's stand-in); each
 * outcome is counted in `metrics`. With `env` while the simulator is the provider, each
 * payout made to the bank is followed by its `payout.paid` (sim-payouts.ts), as Stripe's
 * Connect endpoint would send it.
 */
export function payoutRoute(payouts: Payouts, target: PayoutTarget, env?: Env, metrics: Metrics = noMetrics): PayoutRoute {
  const route: PayoutRoute = {
    accountId: target.accountId,
    send: async (request) => {
      const outcome = await sendOrAdopt(payouts, target, request);
      metrics.record({ metric: "payout", outcome: outcome.kind, value: request.redemption.amountCents });
      return outcome;
    },
  };
  if (env && paymentsMode(env) === "embedded") {
    route.afterSent = (redemption) =>
      simulatePayoutPaid(
        env,
        { accountId: target.accountId, redemptionId: redemption.id, amountCents: redemption.amountCents },
        Date.now(),
      );
  }
  return route;
}

/**
 * The port the wallet Durable Object is built with: the configured provider, and the
 * player's payout account when it belongs to that provider, its destination and holder
 * checked again before each transfer, and its payout to the bank sent to the destination
 * checked (payout-destination.ts).
 */
export function paymentsPayoutPort(env: Env): PayoutPort {
  return {
    async routeFor(userId) {
      const provider = await getPaymentsProvider(env, env.PUBLIC_ORIGIN || "http://localhost");
      const account = await findPayoutAccount(getDb(env), userId);
      if (!account || account.provider !== provider.kind) return null;
      const now = Date.now();
      const routeTo = (destination: string | null) =>
        payoutRoute(provider, { accountId: account.accountId, destination }, env, metricsFor(env));
      return checkedPayoutRoute(env, routeTo, () => freshPayoutAccount(env, provider, userId, now), now);
    },
  };
}
