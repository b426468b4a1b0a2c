// The payment provider's side of the wallet's payout port (PayoutPort in worker/wallet):
// one transfer of a redemption, sent under the key the wallet chose, or, when the wallet
// asks to list first (the key's reuse window has passed), an earlier transfer of the
// redemption adopted instead, but only one sent for this redemption and player to this
// destination. The wallet decides whether an attempt runs and records its outcome; this
// file only talks to the provider.
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

export type Payouts = Pick<PaymentsProvider, "transfer" | "findTransfer">;

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : "Transfer failed.");

async function sendOrAdopt(payouts: Payouts, accountId: string, request: PayoutRequest): Promise<PayoutOutcome> {
  try {
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
  } catch (err) {
    return { kind: "unknown", reason: reasonOf(err) };
  }
}

/**
 * Payouts to `accountId` through `payouts` (the active provider, or a test's stand-in); each
 * outcome is counted in `metrics`. With `env` while the simulator is the provider, each sent
 * transfer is followed by the simulated bank payout's `payout.paid` (sim-payouts.ts), as
 * Stripe's Connect endpoint would send it.
 */
export function payoutRoute(payouts: Payouts, accountId: string, env?: Env, metrics: Metrics = noMetrics): PayoutRoute {
  const route: PayoutRoute = {
    accountId,
    send: async (request) => {
      const outcome = await sendOrAdopt(payouts, accountId, request);
      metrics.record({ metric: "payout", outcome: outcome.kind, value: request.redemption.amountCents });
      return outcome;
    },
  };
  if (env && paymentsMode(env) === "embedded") {
    route.afterSent = (redemption) =>
      simulatePayoutPaid(env, { accountId, redemptionId: redemption.id, amountCents: redemption.amountCents }, Date.now());
  }
  return route;
}

/**
 * The port the wallet Durable Object is built with: the configured provider, and the
 * player's payout account when it belongs to that provider, its destination and holder
 * checked again before each transfer (payout-destination.ts).
 */
export function paymentsPayoutPort(env: Env): PayoutPort {
  return {
    async routeFor(userId) {
      const provider = await getPaymentsProvider(env, env.PUBLIC_ORIGIN || "http://localhost");
      const account = await findPayoutAccount(getDb(env), userId);
      if (!account || account.provider !== provider.kind) return null;
      const route = payoutRoute(provider, account.accountId, env, metricsFor(env));
      const now = Date.now();
      return checkedPayoutRoute(env, route, () => freshPayoutAccount(env, provider, userId, now), now);
    },
  };
}
