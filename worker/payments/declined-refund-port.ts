// The payment provider's side of the refunds the wallet owes (DeclinedRefundPort and
// FraudRefundPort, declared by payments' in-wallet code): a declined pack's whole payment
// refunded as `requested_by_customer` under one idempotency key per Checkout Session, and an
// actionable early fraud warning's charge refunded as `fraudulent` under one key per warning,
// so the webhook's refund and the wallet alarm's retries refund each once however often
// either asks. The wallet decides which refunds and when, and records the outcome; this file
// only talks to the provider.
import { providerOffRequest } from "./configured-provider";
import type { RefundResult } from "./payments-provider";
import type { DeclinedRefundPort, FraudRefundPort } from "./wallet";

/** Refunds a declined pack's payment in full (the webhook's first try, and the alarm's retries). */
export async function refundDeclinedPack(env: Env, input: { checkoutSessionId: string; paymentIntent: string }): Promise<RefundResult> {
  return (await providerOffRequest(env)).refundPayment({
    paymentIntent: input.paymentIntent,
    idempotencyKey: `declined-refund-${input.checkoutSessionId}`,
    reason: "requested_by_customer",
  });
}

/** Refunds an actionable early fraud warning's charge in full (the webhook's first try, and the alarm's retries). */
export async function refundWarnedCharge(env: Env, input: { warningId: string; paymentIntent: string }): Promise<RefundResult> {
  return (await providerOffRequest(env)).refundPayment({
    paymentIntent: input.paymentIntent,
    idempotencyKey: `efw-refund-${input.warningId}`,
    reason: "fraudulent",
  });
}

/** The port the wallet Durable Object is built with: the configured provider at each call. */
export function paymentsOwedRefundPort(env: Env): DeclinedRefundPort & FraudRefundPort {
  return {
    refundDeclined: (input) => refundDeclinedPack(env, input),
    refundWarned: (input) => refundWarnedCharge(env, input),
  };
}
