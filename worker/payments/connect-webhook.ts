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
import { z } from "zod";
import type { ApiErrorBody } from "../../src/shared/schemas/api-error";
import { getDb } from "../db/database";
import { errorBody } from "../http/api-error";
import { paymentsWallet } from "./wallet";
import { stripeConnectWebhookSecret, WEBHOOK_TOLERANCE_SECONDS } from "./payments-config";
import { findPayoutAccountById } from "./payout-accounts";
import { stripeSdk } from "../on-demand";

export type ConnectWebhookOutcome =
  | { status: 200; body: { received: true; marked?: number; ignored?: string } }
  | { status: 400 | 503; body: ApiErrorBody };

const PayoutSchema = z.object({
  id: z.string().min(1).max(255),
  status: z.string().nullish(),
  created: z.number().int().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

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
  if (event.type !== "payout.paid") return ignored(`event type ${event.type}`);
  if (typeof event.account !== "string") return ignored("no connected account");
  const payout = PayoutSchema.safeParse(event.data?.object);
  if (!payout.success) return ignored("not a payout");
  const account = await findPayoutAccountById(getDb(env), event.account);
  if (!account) return ignored("unknown account");
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
