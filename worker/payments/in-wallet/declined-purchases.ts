// Paid packs the wallet declines. A checkout completion for a player on a break or closed for
// play, or of a checkout withdrawn before it was paid (a break, closure or lower purchase limit
// withdrew it: worker/protection/in-wallet/checkout-withdrawals.ts), is never credited as play
// money: the decline is recorded once per Checkout Session and the pack kept in `purchases`
// beside its PaymentIntent, crediting nothing. The caller refunds the payment in full at the
// provider and applies that refund like any other (applyRefundInTx), so the pack's refunded
// amount stands at the whole and Stripe's own `charge.refunded`, a replayed completion or a
// fraud warning moves nothing more, in any order. Nothing was posted, so there is nothing to
// reverse and the ledger and house accounts are untouched; the payment is booked as received
// (kind `credit`, so the reconciliation matches the provider's paid checkout) and its refund
// as any refund is (bookings.ts).
// Table `declined_purchases` is documented in storage.ts.
import type { Ledger } from "../../wallet/ledger";
import { writeBookingInTx } from "./bookings";
import { recordPackPaymentInTx } from "./reversals";
import { PAYEE_STANDING, type PurchaseDecline } from "./standing";

export type DeclinedPurchase = {
  reason: PurchaseDecline;
  /** The full refund still to make at the provider, or null once refunded (or with no PaymentIntent to refund). */
  refund: { paymentIntent: string; amountCents: number } | null;
};

/**
 * The decline of a paid checkout the wallet has not credited: one recorded before, or a new
 * one the player's standing demands now; null when the pack may be credited.
 */
export function declinePurchaseInTx(
  tx: Ledger,
  input: { checkoutSessionId: string; paymentIntent: string | null; amountCents: number },
): DeclinedPurchase | null {
  const earlier = tx.sql
    .exec<{ reason: PurchaseDecline }>("SELECT reason FROM declined_purchases WHERE checkout_session_id = ?", input.checkoutSessionId)
    .toArray()[0];
  const reason = earlier?.reason ?? tx.use(PAYEE_STANDING).declinePurchase(tx, input.checkoutSessionId);
  if (reason === null) return null;
  if (!earlier) {
    tx.sql.exec(
      "INSERT INTO declined_purchases (checkout_session_id, reason, declined_at) VALUES (?, ?, ?)",
      input.checkoutSessionId,
      reason,
      tx.now,
    );
    writeBookingInTx(tx, {
      kind: "credit",
      reference: input.checkoutSessionId,
      paymentIntent: input.paymentIntent,
      amountCents: input.amountCents,
    });
  }
  // A replay may bring the PaymentIntent the first delivery lacked.
  recordPackPaymentInTx(tx, { ...input, coins: 0, cashCents: 0 });
  const pack = tx.sql
    .exec<{ payment_intent: string | null; amount_cents: number; refunded_cents: number }>(
      "SELECT payment_intent, amount_cents, refunded_cents FROM purchases WHERE checkout_session_id = ?",
      input.checkoutSessionId,
    )
    .one();
  const refund =
    pack.payment_intent !== null && pack.refunded_cents < pack.amount_cents
      ? { paymentIntent: pack.payment_intent, amountCents: pack.amount_cents }
      : null;
  return { reason, refund };
}
