// A Stripe `checkout.session.completed` event body as Stripe sends it, for the webhook
// tests (payments, abuse, review). Tests sign it themselves.
export type CheckoutCompletedInput = {
  sessionId: string;
  userId: string;
  amountTotal: number;
  paymentStatus?: string;
  type?: string;
  /** Seconds since the epoch; now by default. */
  created?: number;
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
        metadata: { amountCents: String(input.amountTotal) },
      },
    },
  });
}
