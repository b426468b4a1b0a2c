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
// account's payouts first and pays out to the destination checked then. Every retry whose
// transfer went looks for the redemption's payout first too, so a payout made whose answer was
// lost is adopted, never made again.
// A transfer the provider made before the account's payouts became manual (`manual_since`,
// payout-accounts.ts; an old redemption whose answer was lost, then held, and adopted or
// answered again after the switch) was carried by the account's automatic payout schedule:
// the redemption is paid with no payout of Vantage's, as the Connect webhook counts an
// automatic payout as carrying every redemption sent before it (connect-webhook.ts).
// Paying it out again would pay out another redemption's money, or fail for want of balance
// for ever.
// The wallet decides whether an attempt runs and records its outcome; this file only talks
// to the provider.
import { paymentsMode } from "../config";
import { getDb } from "../db/database";
import type { PayoutOutcome, PayoutPort, PayoutRequest, PayoutRoute } from "./wallet";
import { getPaymentsProvider } from "./configured-provider";
import type { MadeTransfer, PaymentsProvider } from "./payments-provider";
import { findPayoutAccount, type PayoutAccountRow } from "./payout-accounts";
import { checkedPayoutRoute, freshPayoutAccount } from "./payout-destination";
import { simulatePayoutOutcome } from "./sim-payouts";
import { metricsFor } from "../metrics/metrics";
import { noMetrics, type Metrics } from "../metrics/metrics-port";

/**
 * What a payout needs of the provider. Both providers make the payout to the bank; a stand-in
 * without `payout` (tests of the transfer alone) ends a payout at the transfer.
 */
export type Payouts = Pick<PaymentsProvider, "transfer" | "findTransfer"> & Partial<Pick<PaymentsProvider, "payout" | "findPayout">>;

/**
 * Where a route pays: the connected account, the external account of it checked for the
 * payout to the bank, and since when the account's payouts are manual (epoch ms; absent or
 * null: not known to be, so a transfer the provider dates counts as made before).
 */
export type PayoutTarget = { accountId: string; destination: string | null; manualSince?: number | null };

/** The payout account as checked (payout-destination.ts) as a route's target. */
export const targetOf = (accountId: string, checked: Pick<PayoutAccountRow, "payoutDestination" | "manualSince"> | null): PayoutTarget => ({
  accountId,
  destination: checked?.payoutDestination ?? null,
  manualSince: checked?.manualSince ?? null,
});

/**
 * Stripe dates a transfer in whole seconds by its own clock: one made just after the switch
 * to manual may read up to this much earlier than the switch by ours, and still counts as after.
 */
export const MANUAL_SWITCH_CLOCK_MARGIN_MS = 60_000;

/** The timeline's note on a redemption whose transfer the automatic payout schedule carried. */
export const AUTOMATIC_PAYOUT_NOTE =
  "Reached your payout account before Vantage made its payouts; the account's automatic payout schedule paid it out to your bank.";

/** The player reads it on the timeline while the payout to the bank waits for a retry. */
export const NO_DESTINATION_REASON = "Not sent: the payout account's bank account could not be read.";

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : "Transfer failed.");

/** The payout's key: the transfer's, so it changes (and the listing comes first) when that one does. */
export const bankPayoutKey = (transferKey: string) => `${transferKey}-bank`;

type Transferred = { kind: "transferred"; transfer: MadeTransfer } | Exclude<PayoutOutcome, { kind: "paid" }>;

async function transferOrAdopt(payouts: Payouts, accountId: string, request: PayoutRequest): Promise<Transferred> {
  // Any retry looks first: an earlier attempt may have sent a transfer whose answer was lost,
  // under a key this one no longer uses (a key is switched when its window passes, by an
  // attempt that may stop before it looks), so the key alone cannot be trusted to find it.
  if (request.listFirst || request.adoptOnly || request.retry) {
    // Only looking, the question is whether this redemption's transfer went at all, to
    // whichever of the player's payout accounts: one to an earlier account went too.
    const found = await payouts.findTransfer({
      redemptionId: request.redemption.id,
      userId: request.userId,
      accountId: request.adoptOnly ? null : accountId,
    });
    if (found) return { kind: "transferred", transfer: found };
    if (request.adoptOnly) return { kind: "failed", reason: request.adoptOnly.reason };
  }
  const result = await payouts.transfer({
    accountId,
    amountCents: request.redemption.amountCents,
    redemptionId: request.redemption.id,
    userId: request.userId,
    idempotencyKey: request.idempotencyKey,
  });
  if (result.ok) return { kind: "transferred", transfer: result };
  return result.definitive ? { kind: "failed", reason: result.reason } : { kind: "unknown", reason: result.reason };
}

/** Made before the account's payouts became manual (or before they were known to be): its automatic schedule carried it. */
function madeBeforeManual(transfer: MadeTransfer, target: PayoutTarget): boolean {
  if (transfer.createdAt === undefined) return false;
  const since = target.manualSince ?? null;
  return since === null || transfer.createdAt + MANUAL_SWITCH_CLOCK_MARGIN_MS < since;
}

/**
 * The payout of a transfer made to the bank: paid once it is made (now or before), or when
 * the automatic schedule carried the transfer; any other answer is unknown, never failed,
 * since the money has left Vantage. A retry, or a look after the key's window, first adopts
 * a payout already made for the redemption.
 */
async function payOutToBank(
  payouts: Payouts,
  target: PayoutTarget,
  request: PayoutRequest,
  transfer: MadeTransfer,
): Promise<PayoutOutcome> {
  const { transferId } = transfer;
  if (!payouts.payout) return { kind: "paid", transferId };
  if (madeBeforeManual(transfer, target)) return { kind: "paid", transferId, note: AUTOMATIC_PAYOUT_NOTE };
  const owner = { accountId: target.accountId, redemptionId: request.redemption.id, userId: request.userId };
  try {
    if ((request.retry || request.listFirst || request.adoptOnly) && (await payouts.findPayout?.(owner)))
      return { kind: "paid", transferId };
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
  let transferred: Transferred;
  try {
    transferred = await transferOrAdopt(payouts, target.accountId, request);
  } catch (err) {
    return { kind: "unknown", reason: reasonOf(err) };
  }
  return transferred.kind === "transferred" ? payOutToBank(payouts, target, request, transferred.transfer) : transferred;
}

/**
 * Payouts to `target` through `payouts` (the active provider, or a test's stand-in); each
 * outcome is counted in `metrics`. With `env` while the simulator is the provider, each
 * payout made to the bank is followed by its `payout.paid` or `payout.failed` (sim-payouts.ts),
 * as Stripe's Connect endpoint would send it.
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
    route.afterSent = (redemption, userId) =>
      simulatePayoutOutcome(
        env,
        {
          accountId: target.accountId,
          destination: target.destination,
          redemptionId: redemption.id,
          userId,
          amountCents: redemption.amountCents,
        },
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
      const routeTo = (checked: PayoutAccountRow | null) =>
        payoutRoute(provider, targetOf(account.accountId, checked), env, metricsFor(env));
      return checkedPayoutRoute(env, routeTo, () => freshPayoutAccount(env, provider, userId, now), now);
    },
  };
}
