// POST /api/stripe/webhook's logic, shared by the route (Stripe calls it) and by the
// simulated checkout (which calls it in-process with an event it signed the way Stripe
// signs). The signature is checked with Stripe's own `constructEventAsync` on the raw
// body; a paid `checkout.session.completed` credits the pack matching `amount_total` to
// the player in `client_reference_id`, once per Checkout Session id. The answer is 2xx
// only after the wallet has committed the credit, so Stripe retries anything else. The
// session's `payment_intent` is recorded beside the purchase (D1 and the wallet), and
// disputes and refunds naming it are handed to reversal-webhooks.ts, early fraud warnings
// to fraud-warning-webhook.ts (which also gets the payment's warnings that came first).
// A pack the wallet declines (the player is on a break or closed for play, or the checkout
// was withdrawn before it was paid) is refunded in full instead, keyed by the Checkout
// Session so the provider refunds it once however often the completion arrives; a refund
// that fails here is owed, and the wallet's alarm asks again until it is made.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { errorBody } from "../http/api-error";
import { wireCodeOf } from "../http/refusals";
import type { ApiErrorBody } from "../../src/shared/schemas/api-error";
import { addressRegionOf } from "../../src/shared/play-regions";
import { getDb } from "../db/database";
import { users } from "../db/schema";
import { paymentsWallet, type DeclinedPurchase, type PurchaseDecline } from "./wallet";
import { tunables } from "../tunables";
import { stripeWebhookSecret, WEBHOOK_TOLERANCE_SECONDS } from "./payments-config";
import { applyKeptFraudWarnings, FRAUD_WARNING_EVENT, handleFraudWarning } from "./fraud-warning-webhook";
import { applyKeptReversals, handleReversalEvent, recordPaymentIntent, REVERSAL_EVENTS } from "./reversal-webhooks";
import { loggerFor } from "../logging/logger";
import { refundDeclinedPack } from "./declined-refund-port";
import { stripeSdk } from "../on-demand";
// Re-exported for the simulator's pages and the tests, which sign events as Stripe does.
export { stripeSignatureHeader } from "../stripe-signature";
import { RegionRulesUnread, rulesInForce } from "../protection/request-region";

export type WebhookOutcome =
  | { status: 200; body: { received: true; credited?: boolean; declined?: PurchaseDecline; moved?: boolean; ignored?: string } }
  | { status: 400 | 503; body: ApiErrorBody };

const COMPLETION_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

const CheckoutSessionSchema = z.object({
  id: z.string().min(1).max(255),
  mode: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  // What Vantage wrote when it opened the session (the player and the pack's price); a
  // session made from a dashboard Payment Link carries the link's, and names the link.
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_link: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  payment_intent: z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]).nullish(),
  // The card's billing address, which Checkout asks for: its country and state or province.
  customer_details: z
    .object({ address: z.object({ country: z.string().max(8).nullish(), state: z.string().max(64).nullish() }).nullish() })
    .nullish(),
});

/**
 * Whether Vantage opened this session for this player and this pack. A Payment Link made in
 * the provider's dashboard takes `client_reference_id` from its URL, so anyone paying it
 * could name a player and be credited a pack by the amount; Vantage's own sessions carry
 * the player and the price in metadata the payer cannot set, and no link.
 */
function openedByVantage(session: z.infer<typeof CheckoutSessionSchema>, userId: string, amountCents: number): boolean {
  return !session.payment_link && session.metadata?.userId === userId && session.metadata?.amountCents === String(amountCents);
}

function ignored(reason: string): WebhookOutcome {
  return { status: 200, body: { received: true, ignored: reason } };
}

/** A step the provider could not complete now (a refund): not 2xx, so Stripe delivers the event again. */
function retryLater(): WebhookOutcome {
  return { status: 503, body: errorBody("provider-unavailable", "The payment provider could not complete this now; deliver again.") };
}

/** Stripe accepts endpoints' bodies up to this size; its events are far smaller. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The refusals that need no body: no webhook secret configured, or no signature header.
 * The route answers these before reading a byte of the body.
 */
export function refuseBeforeBody(env: Env, signature: string | undefined): WebhookOutcome | null {
  if (!stripeWebhookSecret(env)) return { status: 503, body: errorBody("not-configured", "Payments are not configured on this server.") };
  if (!signature) return { status: 400, body: errorBody("invalid-signature", "Missing Stripe-Signature header.") };
  return null;
}

/**
 * A declined pack's refund: the whole payment back at the provider (once per Checkout Session,
 * however often the completion is delivered or the wallet's alarm asks), then recorded in the
 * wallet, which applies it as a refund of the whole charge (reversing nothing: nothing was
 * credited) and books the payment and its refund. False when the provider could not refund now.
 */
async function refundDeclined(env: Env, userId: string, checkoutSessionId: string, declined: DeclinedPurchase, now: number) {
  if (!declined.refund) return true;
  const refunded = await refundDeclinedPack(env, { checkoutSessionId, paymentIntent: declined.refund.paymentIntent });
  if (!refunded.ok) {
    loggerFor(env).warn(
      "declined pack: refund failed; the wallet's alarm and Stripe's redelivery will try again",
      checkoutSessionId,
      refunded.reason,
    );
    return false;
  }
  await paymentsWallet(env, userId).recordDeclinedRefund(userId, { checkoutSessionId }, now);
  return true;
}

export async function handleStripeWebhook(env: Env, rawBody: string, signature: string | undefined, now: number): Promise<WebhookOutcome> {
  const refused = refuseBeforeBody(env, signature);
  if (refused) return refused;
  const secret = stripeWebhookSecret(env)!;

  const Stripe = await stripeSdk();
  let event: { type?: unknown; data?: { object?: unknown } } | null;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature!,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      now,
    );
  } catch {
    return { status: 400, body: errorBody("invalid-signature", "The webhook signature could not be verified.") };
  }

  // A signed body that is not an event object (e.g. `null`) is acknowledged and ignored, never a 500.
  if (typeof event !== "object" || event === null || typeof event.type !== "string") return ignored("not an event");
  if (event.type === FRAUD_WARNING_EVENT) {
    const outcome = await handleFraudWarning(env, event.data?.object, now);
    if ("retry" in outcome) return retryLater();
    return "ignored" in outcome ? ignored(outcome.ignored) : { status: 200, body: { received: true, moved: outcome.moved } };
  }
  if (REVERSAL_EVENTS.has(event.type)) {
    const outcome = await handleReversalEvent(env, event.type, event.data?.object, now);
    return "ignored" in outcome ? ignored(outcome.ignored) : { status: 200, body: { received: true, moved: outcome.moved } };
  }
  if (!COMPLETION_EVENTS.has(event.type)) return ignored(`event type ${event.type}`);
  const parsed = CheckoutSessionSchema.safeParse(event.data?.object);
  if (!parsed.success) return ignored("not a checkout session");
  const session = parsed.data;
  if (session.payment_status !== "paid") return ignored("not paid");
  if (session.mode && session.mode !== "payment") return ignored("not a payment session");
  if (session.currency && session.currency.toLowerCase() !== "usd") return ignored("not USD");
  const userId = session.client_reference_id;
  if (!userId || session.amount_total == null) {
    loggerFor(env).warn("paid checkout session without a player or amount", session.id);
    return ignored("no player or amount");
  }
  if (!openedByVantage(session, userId, session.amount_total)) {
    loggerFor(env).error("paid checkout session Vantage did not open for this player and pack", session.id);
    return ignored("not a Vantage checkout");
  }
  const [user] = await getDb(env).select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) {
    loggerFor(env).warn("paid checkout session for an unknown player", session.id);
    return ignored("unknown player");
  }
  const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  if (paymentIntent) {
    await recordPaymentIntent(env, { paymentIntent, userId, checkoutSessionId: session.id, amountCents: session.amount_total }, now);
  }
  // Judged by the region rules in force (a pack paid after its region closed is declined);
  // until operators' entries can be read, Stripe is asked to deliver again.
  const play = await rulesInForce(env, now).catch((err: unknown) => {
    if (err instanceof RegionRulesUnread) return null;
    throw err;
  });
  if (!play) return retryLater();
  const result = await paymentsWallet(env, userId).creditPurchase(
    userId,
    {
      checkoutSessionId: session.id,
      amountCents: session.amount_total,
      paymentIntent,
      cashPlaythrough: tunables(env).CASH_PLAYTHROUGH,
      play,
      // The card's billing region, read as any address is (a US or Canadian one without a
      // readable state places nobody rather than the whole country).
      billingRegion: addressRegionOf(session.customer_details?.address),
    },
    now,
  );
  if (!result.ok) {
    loggerFor(env).error("paid checkout session matches no pack", session.id, session.amount_total);
    return ignored(wireCodeOf(result));
  }
  if (result.declined) {
    // The reconciliation lists it as paid and not credited until it is refunded.
    if (!paymentIntent) loggerFor(env).error("declined pack without a payment intent: refund it by hand", session.id);
    if (!(await refundDeclined(env, userId, session.id, result.declined, now))) return retryLater();
  }
  if (paymentIntent && !(await applyKeptFraudWarnings(env, { paymentIntent, userId }, now))) return retryLater();
  if (paymentIntent) await applyKeptReversals(env, paymentIntent, now);
  if (result.declined) return { status: 200, body: { received: true, credited: false, declined: result.declined.reason } };
  return { status: 200, body: { received: true, credited: result.credited } };
}
