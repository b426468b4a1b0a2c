// Paid packs the wallet declines. A checkout completion for a player on a break or closed for
// play, or of a checkout withdrawn before it was paid (a break, closure or lower purchase limit
// withdrew it: worker/protection/in-wallet/checkout-withdrawals.ts), is never credited as play
// money: the decline is recorded once per Checkout Session and the pack kept in `purchases`
// beside its PaymentIntent, crediting nothing. Nothing was posted, so there is nothing to
// reverse and the ledger and house accounts are untouched.
//
// From the decline until the provider has refunded the whole payment, the refund is owed
// (`declined_refunds_due`). The webhook asks the provider at once; should that fail (a
// restricted key, a disputed charge, an outage), the wallet's alarm asks again through
// `DeclinedRefundPort`, DECLINED_REFUND_RETRY_SECONDS later and doubling up to
// DECLINED_REFUND_RETRY_MAX_SECONDS, for as long as it is owed. Both ask under one idempotency
// key per Checkout Session, so the provider refunds once (past Stripe's 24-hour key window, a
// payment already refunded in full counts as refunded, so never twice). The refund made is
// recorded once, whoever made it: applied like any refund of the whole charge
// (applyRefundInTx), so Stripe's own `charge.refunded`, a replayed completion or a fraud
// warning moves nothing more, and only then is the payment booked as received (kind `credit`,
// dated at the decline) beside its refund (bookings.ts). Until then the reconciliation finds a
// paid checkout with no pack credited, which is how operators see a refund still owed, one
// with no PaymentIntent (to be refunded by hand) included.
// Tables `declined_purchases` and `declined_refunds_due` are documented in storage.ts.
import type { Ledger } from "../../wallet/ledger";
import { writeBookingInTx } from "./bookings";
import { applyRefundInTx, disputeHolds, recordPackPaymentInTx, type ReversalResult } from "./reversals";
import { PAYEE_STANDING, type PurchaseDecline } from "./standing";
import type { PlayContext } from "../../../src/shared/protection";

export type DeclinedPurchase = {
  reason: PurchaseDecline;
  /** The full refund still to make at the provider, or null once refunded (or with no PaymentIntent to refund). */
  refund: { paymentIntent: string; amountCents: number } | null;
};

/**
 * How the wallet's alarm reaches the payment provider for a refund still owed (implemented in
 * worker/payments, handed to the wallet at the Worker's root): the whole payment refunded under
 * the key `declined-refund-<Checkout Session id>`; `ok` once the provider has refunded it, now or before.
 */
export interface DeclinedRefundPort {
  refundDeclined(input: { checkoutSessionId: string; paymentIntent: string }): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/**
 * A dispute that holds the pack (open, or closed without a win) is the cardholder's bank
 * returning the payment: while it holds, no refund is asked for (the provider refuses one on
 * a disputed charge), and once it is lost none is owed (settledByDisputeInTx). A won dispute
 * leaves the payment with us, so the refund is owed again.
 */
const DISPUTE_HOLDS = "SELECT 1 FROM disputes ds WHERE ds.checkout_session_id = r.checkout_session_id AND ds.status != 'won'";

/**
 * A declined pack's dispute closed lost: the bank has returned the payment, so the refund is
 * no longer owed; the payment is booked as received (its dispute is booked beside it).
 */
export function declinedRefundSettledByDisputeInTx(tx: Ledger, paymentIntent: string): void {
  const pack = tx.sql
    .exec<{ checkout_session_id: string }>(
      `SELECT r.checkout_session_id FROM declined_refunds_due r
         JOIN purchases p ON p.checkout_session_id = r.checkout_session_id
        WHERE p.payment_intent = ? AND EXISTS (SELECT 1 FROM disputes ds WHERE ds.checkout_session_id = r.checkout_session_id AND ds.open = 0 AND ds.status != 'won')`,
      paymentIntent,
    )
    .toArray()[0];
  if (!pack) return;
  const owed = owedRefundInTx(tx, pack.checkout_session_id);
  if (owed) settleOwedRefundInTx(tx, owed);
}

/** What was owed is settled: the payment booked as received (dated at the decline), and nothing owed any more. */
function settleOwedRefundInTx(tx: Ledger, owed: OwedRow): void {
  writeBookingInTx(tx, {
    kind: "credit",
    reference: owed.checkout_session_id,
    paymentIntent: owed.payment_intent,
    amountCents: owed.amount_cents,
    bookedAt: owed.declined_at,
  });
  tx.sql.exec("DELETE FROM declined_refunds_due WHERE checkout_session_id = ?", owed.checkout_session_id);
}

/** The alarm's waits between tries at an owed refund (DECLINED_REFUND_RETRY_*, for fraud warnings' refunds too), passed in by the caller. */
export type DeclinedRefundRetry = { firstMs: number; maxMs: number };

type OwedRow = {
  checkout_session_id: string;
  payment_intent: string | null;
  amount_cents: number;
  refunded_cents: number;
  declined_at: number;
};

function owedRefundInTx(tx: Ledger, checkoutSessionId: string): OwedRow | null {
  return (
    tx.sql
      .exec<OwedRow>(
        `SELECT r.checkout_session_id, p.payment_intent, p.amount_cents, p.refunded_cents, d.declined_at
           FROM declined_refunds_due r
           JOIN purchases p ON p.checkout_session_id = r.checkout_session_id
           JOIN declined_purchases d ON d.checkout_session_id = r.checkout_session_id
          WHERE r.checkout_session_id = ?`,
        checkoutSessionId,
      )
      .toArray()[0] ?? null
  );
}

/** Why this checkout's pack was declined, or null when it was not. */
export function declineReasonInTx(tx: Ledger, checkoutSessionId: string): PurchaseDecline | null {
  return (
    tx.sql
      .exec<{ reason: PurchaseDecline }>("SELECT reason FROM declined_purchases WHERE checkout_session_id = ?", checkoutSessionId)
      .toArray()[0]?.reason ?? null
  );
}

/**
 * The decline of a paid checkout the wallet has not credited: one recorded before, or a new
 * one the player's standing demands now; null when the pack may be credited. A new decline's
 * refund is owed from now; the alarm's first try is `retry.firstMs` away, after the caller's own.
 */
export function declinePurchaseInTx(
  tx: Ledger,
  input: {
    checkoutSessionId: string;
    paymentIntent: string | null;
    amountCents: number;
    play?: PlayContext;
    billingRegion?: string | null;
  },
  retry: DeclinedRefundRetry,
): DeclinedPurchase | null {
  const earlier = declineReasonInTx(tx, input.checkoutSessionId);
  const reason = earlier ?? tx.use(PAYEE_STANDING).declinePurchase(tx, input.checkoutSessionId, input.play, input.billingRegion ?? null);
  if (reason === null) return null;
  if (!earlier) {
    tx.sql.exec(
      "INSERT INTO declined_purchases (checkout_session_id, reason, declined_at) VALUES (?, ?, ?)",
      input.checkoutSessionId,
      reason,
      tx.now,
    );
    tx.sql.exec(
      "INSERT OR IGNORE INTO declined_refunds_due (checkout_session_id, next_try_at) VALUES (?, ?)",
      input.checkoutSessionId,
      tx.now + retry.firstMs,
    );
  }
  // A replay may bring the PaymentIntent the first delivery lacked.
  recordPackPaymentInTx(tx, { ...input, coins: 0, cashCents: 0 });
  const owed = owedRefundInTx(tx, input.checkoutSessionId);
  // Refunded meanwhile from Stripe's own event (a refund made by hand): recorded now.
  if (owed && owed.refunded_cents >= owed.amount_cents) declinedRefundMadeInTx(tx, input.checkoutSessionId);
  const refund =
    owed && owed.payment_intent !== null && owed.refunded_cents < owed.amount_cents && !disputeHolds(tx, input.checkoutSessionId)
      ? { paymentIntent: owed.payment_intent, amountCents: owed.amount_cents }
      : null;
  return { reason, refund };
}

/**
 * The provider has refunded a declined pack in full (the webhook's refund, the alarm's, or one
 * Stripe reported itself): applied as a refund of the whole charge, the payment booked as
 * received, and the refund no longer owed. Once; `recorded` false when nothing was owed.
 */
export function declinedRefundMadeInTx(
  tx: Ledger,
  checkoutSessionId: string,
): { ok: true; recorded: boolean } | Extract<ReversalResult, { ok: false }> {
  const owed = owedRefundInTx(tx, checkoutSessionId);
  if (!owed?.payment_intent) return { ok: true, recorded: false };
  if (owed.refunded_cents < owed.amount_cents) {
    const applied = applyRefundInTx(tx, {
      paymentIntent: owed.payment_intent,
      chargeAmountCents: owed.amount_cents,
      amountRefundedCents: owed.amount_cents,
    });
    if (!applied.ok) return applied;
  }
  settleOwedRefundInTx(tx, owed);
  return { ok: true, recorded: true };
}

/**
 * Owed refunds the alarm can act on now: `refund` to ask the provider for (its try is due), or
 * null when the provider has already refunded it and only the record is left to make. One with
 * no PaymentIntent waits for an operator.
 */
export function dueDeclinedRefundsInTx(tx: Ledger): { checkoutSessionId: string; refund: { paymentIntent: string } | null }[] {
  return tx.sql
    .exec<{ checkout_session_id: string; payment_intent: string; refunded: number }>(
      `SELECT r.checkout_session_id, p.payment_intent, p.refunded_cents >= p.amount_cents AS refunded
         FROM declined_refunds_due r JOIN purchases p ON p.checkout_session_id = r.checkout_session_id
        WHERE p.payment_intent IS NOT NULL AND (r.next_try_at <= ? OR p.refunded_cents >= p.amount_cents)
          AND NOT EXISTS (${DISPUTE_HOLDS})
        ORDER BY r.next_try_at, r.checkout_session_id`,
      tx.now,
    )
    .toArray()
    .map((row) => ({
      checkoutSessionId: row.checkout_session_id,
      refund: row.refunded ? null : { paymentIntent: row.payment_intent },
    }));
}

/** A try at the provider failed: the next waits twice as long as the last, up to `retry.maxMs`. */
export function declinedRefundFailedInTx(
  tx: Ledger,
  input: { checkoutSessionId: string; reason: string; retry: DeclinedRefundRetry },
): { ok: true } {
  return owedRefundTryFailedInTx(tx, { table: "declined_refunds_due", key: input.checkoutSessionId, ...input });
}

/** The tables of money owed back or taken back at the provider, by the column that keys each. */
const OWED_KEY_COLUMN = {
  declined_refunds_due: "checkout_session_id",
  fraud_refunds_due: "warning_id",
  bank_returns: "redemption_id",
} as const;

/**
 * The backoff every owed refund shares (a declined pack's, an actionable fraud warning's, and
 * a returned payout's transfer to take back): after a failed try the next waits
 * `retry.firstMs` doubled per try so far, up to `retry.maxMs`.
 */
export function owedRefundTryFailedInTx(
  tx: Ledger,
  input: { table: keyof typeof OWED_KEY_COLUMN; key: string; reason: string; retry: DeclinedRefundRetry },
): { ok: true } {
  const keyColumn = OWED_KEY_COLUMN[input.table];
  const row = tx.sql.exec<{ tries: number }>(`SELECT tries FROM ${input.table} WHERE ${keyColumn} = ?`, input.key).toArray()[0];
  if (row) {
    const tries = row.tries + 1;
    tx.sql.exec(
      `UPDATE ${input.table} SET tries = ?, next_try_at = ?, last_error = ? WHERE ${keyColumn} = ?`,
      tries,
      tx.now + Math.min(input.retry.firstMs * 2 ** tries, input.retry.maxMs),
      input.reason.slice(0, 500),
      input.key,
    );
  }
  return { ok: true };
}

/** When the alarm should next try an owed refund at the provider, or null when none it can make waits. */
export function nextDeclinedRefundInTx(tx: Ledger): number | null {
  return (
    tx.sql
      .exec<{ next: number | null }>(
        `SELECT MIN(r.next_try_at) AS next FROM declined_refunds_due r
           JOIN purchases p ON p.checkout_session_id = r.checkout_session_id
          WHERE p.payment_intent IS NOT NULL AND NOT EXISTS (${DISPUTE_HOLDS})`,
      )
      .one().next ?? null
  );
}
