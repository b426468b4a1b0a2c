// The payment provider's side of a declined pack's refund (DeclinedRefundPort, declared by
// payments' in-wallet code): the whole payment refunded at the configured provider as
// `requested_by_customer`, under one idempotency key per Checkout Session, so the webhook's
// refund and the wallet alarm's retries refund it once however often either asks. The wallet
// decides which refunds and when, and records the outcome; this file only talks to the provider.
import { providerOffRequest } from "./configured-provider";
import type { RefundResult } from "./payments-provider";
import type { DeclinedRefundPort } from "./wallet";

/** Refunds a declined pack's payment in full (the webhook's first try, and the alarm's retries). */
export async function refundDeclinedPack(env: Env, input: { checkoutSessionId: string; paymentIntent: string }): Promise<RefundResult> {
  return (await providerOffRequest(env)).refundPayment({
    paymentIntent: input.paymentIntent,
    idempotencyKey: `declined-refund-${input.checkoutSessionId}`,
    reason: "requested_by_customer",
  });
}

/** The port the wallet Durable Object is built with: the configured provider at each call. */
export function paymentsDeclinedRefundPort(env: Env): DeclinedRefundPort {
  return { refundDeclined: (input) => refundDeclinedPack(env, input) };
}
