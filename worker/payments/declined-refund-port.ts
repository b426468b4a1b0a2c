// The payment provider's side of the money the wallet owes back or takes back
// (DeclinedRefundPort, FraudRefundPort and BankReturnPort, declared by payments' in-wallet
// code): a declined pack's whole payment refunded as `requested_by_customer` under one
// idempotency key per Checkout Session, an actionable early fraud warning's charge refunded
// as `fraudulent` under one key per warning, and a redemption's transfer taken back from the
// player's payout account when the bank returned its payout, under one key per redemption, so
// the webhook's first try and the wallet alarm's retries do each once however often either
// asks. The wallet decides which and when, and records the outcome; this file only talks to
// the provider.
import { providerOffRequest } from "./configured-provider";
import type { RefundResult, TransferReversalResult } from "./payments-provider";
import type { BankReturnPort, BankReversal, DeclinedRefundPort, FraudRefundPort } from "./wallet";
import { bankReturnKey } from "./in-wallet/bank-returns";

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

/** Takes back the transfer of a redemption whose payout the bank returned (the webhook's first try, and the alarm's retries). */
export async function reverseReturnedTransfer(env: Env, input: BankReversal & { userId: string }): Promise<TransferReversalResult> {
  return (await providerOffRequest(env)).reverseTransfer({ ...input, idempotencyKey: bankReturnKey(input.redemptionId) });
}

/** The port the wallet Durable Object is built with: the configured provider at each call. */
export function paymentsOwedRefundPort(env: Env): DeclinedRefundPort & FraudRefundPort & BankReturnPort {
  return {
    refundDeclined: (input) => refundDeclinedPack(env, input),
    refundWarned: (input) => refundWarnedCharge(env, input),
    reverseBankReturn: (input) => reverseReturnedTransfer(env, input),
  };
}
