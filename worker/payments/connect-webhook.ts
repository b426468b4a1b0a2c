// POST /api/stripe/connect-webhook: events of the connected (payout) accounts, from
// Stripe's Connect endpoint, which signs with its own secret (STRIPE_CONNECT_WEBHOOK_SECRET).
// `payout.paid` means money reached the player's bank: the redemptions it carried get the
// "paid" step of their timeline. A payout names its redemption in metadata when Vantage
// created it (every redemption's, payout-port.ts); an automatic payout of the account's
// balance (an account from before payouts were manual, paid out before it was switched)
// names none, and then it carries every redemption sent to that account by the payout's
// creation and not yet paid. Each
// redemption is marked once, however often Stripe delivers the event. The simulator
// delivers the same event in-process (sim-payouts.ts).
// `payout.failed` means the bank sent a payout back into the player's payout account (it can
// follow `payout.paid` by days): the redemption it names (Vantage's payouts name their
// redemption and player) is recorded as returned by the bank, its transfer is taken back from
// that account, and only then does its amount return to the Vantage Cash balance
// (in-wallet/bank-returns.ts); if the provider cannot take it back now, the wallet's alarm
// tries again. A failed payout that names no redemption (an automatic one, from before payouts
// were manual) or another player is ignored and left to an operator, and so is one whose
// redemption another, live payout carried (a retry made it after the first's answer was
// lost). One for a redemption the wallet has not marked paid yet is answered 409, so Stripe
// delivers it again later.
import { z } from "zod";
import type { ApiErrorBody } from "../../src/shared/schemas/api-error";
import { getDb } from "../db/database";
import { errorBody } from "../http/api-error";
import { paymentsWallet } from "./wallet";
import { stripeConnectWebhookSecret, WEBHOOK_TOLERANCE_SECONDS } from "./payments-config";
import { findPayoutAccountById } from "./payout-accounts";
import { stripeSdk } from "../on-demand";
import { reverseReturnedTransfer } from "./declined-refund-port";
import { providerOffRequest } from "./configured-provider";
import { loggerFor } from "../logging/logger";

export type ConnectWebhookOutcome =
  | { status: 200; body: { received: true; marked?: number; returned?: number; ignored?: string } }
  | { status: 400 | 409 | 503; body: ApiErrorBody };

const PayoutSchema = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nullish(),
  status: z.string().nullish(),
  created: z.number().int().nullish(),
  // The bank's words, however long: the wallet keeps the first 500 characters.
  failure_code: z.string().nullish(),
  failure_message: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type Payout = z.infer<typeof PayoutSchema>;

/** What the player reads of why the bank sent a payout back when Stripe gives no message. */
const BANK_RETURN_FALLBACK = "the bank did not accept it";

const ignored = (reason: string): ConnectWebhookOutcome => ({ status: 200, body: { received: true, ignored: reason } });

export function refuseConnectEventBeforeBody(env: Env, signature: string | undefined): ConnectWebhookOutcome | null {
  if (!stripeConnectWebhookSecret(env))
    return { status: 503, body: errorBody("not-configured", "Payments are not configured on this server.") };
  if (!signature) return { status: 400, body: errorBody("invalid-signature", "Missing Stripe-Signature header.") };
  return null;
}

export async function handleConnectWebhook(
  env: Env,
  rawBody: string,
  signature: string | undefined,
  now: number,
): Promise<ConnectWebhookOutcome> {
  const refused = refuseConnectEventBeforeBody(env, signature);
  if (refused) return refused;
  const Stripe = await stripeSdk();
  let event: { type?: unknown; account?: unknown; data?: { object?: unknown } } | null;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature!,
      stripeConnectWebhookSecret(env)!,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      now,
    );
  } catch {
    return { status: 400, body: errorBody("invalid-signature", "The webhook signature could not be verified.") };
  }
  if (typeof event !== "object" || event === null || typeof event.type !== "string") return ignored("not an event");
  if (event.type !== "payout.paid" && event.type !== "payout.failed") return ignored(`event type ${event.type}`);
  if (typeof event.account !== "string") return ignored("no connected account");
  const payout = PayoutSchema.safeParse(event.data?.object);
  if (!payout.success) return ignored("not a payout");
  const account = await findPayoutAccountById(getDb(env), event.account);
  if (!account) return ignored("unknown account");
  if (event.type === "payout.failed") return bankReturned(env, { accountId: event.account, userId: account.userId }, payout.data, now);
  const marked = await paymentsWallet(env, account.userId).markPaidOut(
    account.userId,
    {
      payoutId: payout.data.id,
      redemptionId: payout.data.metadata?.redemptionId ?? null,
      sentBy: payout.data.created ? payout.data.created * 1000 + 999 : now,
    },
    now,
  );
  return { status: 200, body: { received: true, marked: marked.length } };
}

/**
 * A payout the bank sent back: recorded in the wallet of the player it names, then its transfer
 * taken back from the payout account and the amount returned to the balance (bank-returns.ts).
 * A try at the provider that fails now is left to the wallet's alarm.
 */
async function bankReturned(
  env: Env,
  account: { accountId: string; userId: string },
  payout: Payout,
  now: number,
): Promise<ConnectWebhookOutcome> {
  const redemptionId = payout.metadata?.redemptionId;
  if (!redemptionId || typeof payout.amount !== "number") return ignored("a payout that names no redemption");
  if (payout.metadata?.userId !== account.userId) return ignored("a payout of another player");
  // A failed payout is the redemption's only if no other payout of it is live: one whose answer
  // was lost may have failed after a retry made another, which reached the bank.
  const provider = await providerOffRequest(env);
  let live: { payoutId: string } | null;
  try {
    live = await provider.findPayout({ accountId: account.accountId, redemptionId, userId: account.userId });
  } catch {
    return { status: 503, body: errorBody("provider-unavailable", "The payment provider could not be asked; deliver the event again.") };
  }
  if (live && live.payoutId !== payout.id) return ignored("another payout of the redemption reached the bank");
  const wallet = paymentsWallet(env, account.userId);
  const recorded = await wallet.recordBankReturn(
    account.userId,
    {
      redemptionId,
      payoutId: payout.id,
      accountId: account.accountId,
      amountCents: payout.amount,
      reason: payout.failure_message ?? payout.failure_code ?? BANK_RETURN_FALLBACK,
    },
    now,
  );
  // Still pending: its payout was made but the answer was lost, so the wallet has not marked it
  // paid yet. Answered non-2xx, Stripe delivers the event again once the retry has marked it.
  if (!recorded.recorded && recorded.ignored === "redemption pending") {
    return { status: 409, body: errorBody("redemption-pending", "The redemption is not marked paid yet; deliver the event again.") };
  }
  if (!recorded.recorded) return ignored(recorded.ignored);
  if (recorded.reversal) {
    const taken = await reverseReturnedTransfer(env, { ...recorded.reversal, userId: account.userId }).catch((err: unknown) => ({
      ok: false as const,
      reason: err instanceof Error ? err.message : String(err),
    }));
    if (taken.ok) await wallet.bankReturnReversed(account.userId, redemptionId, now);
    else {
      loggerFor(env).warn(
        "payout returned by the bank: transfer not taken back yet; the wallet's alarm tries again",
        redemptionId,
        taken.reason,
      );
      await wallet.bankReturnTryFailed(account.userId, { redemptionId, reason: taken.reason }, now);
    }
  }
  return { status: 200, body: { received: true, returned: 1 } };
}
