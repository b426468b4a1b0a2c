// What the wallet booked of the payment provider's money, projected to D1
// `payment_bookings` for the reconciliation with the provider (worker/reconciliation/):
// a paid pack (kind `credit`: credited, or declined and refunded in full, booked only once
// its refund is made, see declined-purchases.ts), the newly refunded amount of a refund, a
// dispute opened. Each is
// written to the outbox in the same transaction as the money it describes (outbox topic
// `booking`), so D1 holds a booking exactly when the wallet made it.
import { writeOutboxRow } from "../../wallet/outbox";
import type { Ledger } from "../../wallet/ledger";

export type BookingKind = "credit" | "refund" | "dispute";

/** One booking, keyed by kind and reference (a Checkout Session, `refund:<intent>:<cumulative cents>`, a dispute id). */
export type BookingPayload = {
  kind: BookingKind;
  reference: string;
  userId: string;
  paymentIntent: string | null;
  amountCents: number;
  bookedAt: number;
};

/** `bookedAt`: when the money moved, if not now (a declined pack was received when it was declined). */
export function writeBookingInTx(
  tx: Ledger,
  booking: { kind: BookingKind; reference: string; paymentIntent: string | null; amountCents: number; bookedAt?: number },
): void {
  const payload: BookingPayload = { ...booking, userId: tx.userId, bookedAt: booking.bookedAt ?? tx.now };
  writeOutboxRow(tx.sql, "booking", payload, tx.now);
  // A booking may move no money (a declined pack, its refund): the commit still drains the outbox.
  tx.noteChange();
}

/** The outbox topic `booking`: the booking joins D1 once, however often the row is replayed. */
export function bookingProjection(db: D1Database, payload: string): D1PreparedStatement[] {
  const p = JSON.parse(payload) as BookingPayload;
  return [
    db
      .prepare(
        `INSERT INTO payment_bookings (kind, reference, user_id, payment_intent, amount_cents, booked_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, reference) DO NOTHING`,
      )
      .bind(p.kind, p.reference, p.userId, p.paymentIntent, p.amountCents, p.bookedAt),
  ];
}
