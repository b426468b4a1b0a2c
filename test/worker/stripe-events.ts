// Stripe event bodies as Stripe sends them, for the webhook tests (payments, abuse,
// review, reversals): a completed Checkout Session, a dispute, a refunded charge, an
// early fraud warning. Tests sign them themselves.
import Stripe from "stripe";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";

export type CheckoutCompletedInput = {
  sessionId: string;
  userId: string;
  amountTotal: number;
  paymentStatus?: string;
  type?: string;
  /** Seconds since the epoch; now by default. */
  created?: number;
  paymentIntent?: string;
  /** The session's metadata; what Vantage writes when it opens one (the pack's price and the player) by default. */
  metadata?: Record<string, string> | null;
  /** The dashboard Payment Link the session was made from, if any. */
  paymentLink?: string;
};

export function checkoutCompletedEvent(input: CheckoutCompletedInput): string {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: "event",
    type: input.type ?? "checkout.session.completed",
    created: input.created ?? Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: input.sessionId,
        object: "checkout.session",
        mode: "payment",
        payment_status: input.paymentStatus ?? "paid",
        amount_total: input.amountTotal,
        currency: "usd",
        client_reference_id: input.userId,
        payment_intent: input.paymentIntent ?? null,
        metadata: input.metadata === undefined ? { amountCents: String(input.amountTotal), userId: input.userId } : input.metadata,
        ...(input.paymentLink && { payment_link: input.paymentLink }),
      },
    },
  });
}

function event(type: string, object: unknown): string {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

/** `charge.dispute.created` or `charge.dispute.closed` for a dispute on a payment intent. */
export function disputeEvent(input: {
  type: "charge.dispute.created" | "charge.dispute.closed";
  disputeId: string;
  paymentIntent: string;
  amount: number;
  status: string;
}): string {
  return event(input.type, {
    id: input.disputeId,
    object: "dispute",
    amount: input.amount,
    charge: `ch_${input.paymentIntent}`,
    payment_intent: input.paymentIntent,
    currency: "usd",
    reason: "fraudulent",
    status: input.status,
  });
}

/** `charge.refunded` with Stripe's cumulative `amount_refunded`. */
export function chargeRefundedEvent(input: { paymentIntent: string; amount: number; amountRefunded: number }): string {
  return event("charge.refunded", {
    id: `ch_${input.paymentIntent}`,
    object: "charge",
    amount: input.amount,
    amount_refunded: input.amountRefunded,
    refunded: input.amountRefunded >= input.amount,
    payment_intent: input.paymentIntent,
    currency: "usd",
  });
}

/** `radar.early_fraud_warning.created`: the issuer's warning on a charge (its payment intent named, as Stripe does). */
export function earlyFraudWarningEvent(input: {
  warningId: string;
  paymentIntent: string | null;
  chargeId?: string;
  actionable: boolean;
  fraudType?: string;
}): string {
  return event("radar.early_fraud_warning.created", {
    id: input.warningId,
    object: "radar.early_fraud_warning",
    actionable: input.actionable,
    charge: input.chargeId ?? `ch_${input.paymentIntent}`,
    payment_intent: input.paymentIntent,
    fraud_type: input.fraudType ?? "made_with_stolen_card",
    livemode: false,
  });
}

/** The `Stripe-Signature` header Stripe would send with `payload`, signed with the development webhook secret. */
export function stripeSignature(payload: string): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: DEV_STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}
