// Open checkouts withdrawn inside the wallet. A break, a closure or a purchase limit lowered
// below what is held ends the player's right to buy, but a checkout session opened before
// it could still be paid for as long as it stays open. So the transaction that takes the
// break (or closes the account, or lowers the limit) withdraws those checkouts: their holds
// stop counting and each session waits here to be expired at the payment provider. No
// provider call can run inside the transaction; the wallet's alarm asks the provider
// through `CheckoutPort` after the commit and again, every CHECKOUT_EXPIRE_RETRY_SECONDS,
// until the provider says the session cannot be paid or it has ended on its own. A
// completion that arrives anyway for a withdrawn checkout is declined and refunded by
// payments (worker/payments/in-wallet/declined-purchases.ts), so the row is kept.
// Table `checkout_withdrawals` is documented in storage.ts.
import type { Ledger } from "../../wallet/ledger";

/** An open checkout's hold, as `purchase_holds` keeps it. */
export type OpenCheckout = { id: string; session_id: string; amount_cents: number; expires_at: number };

/**
 * How the wallet's alarm reaches the payment provider (implemented in worker/payments, handed
 * to the wallet at the Worker's root): resolves once the session can no longer be paid
 * (expired now, or already expired or completed); throws when that is not known.
 */
export interface CheckoutPort {
  expireCheckout(sessionId: string): Promise<void>;
}

/** The player's open checkouts whose session exists, newest first. */
export function openCheckoutsInTx(tx: Ledger): OpenCheckout[] {
  return tx.sql
    .exec<OpenCheckout>(
      `SELECT id, session_id, amount_cents, expires_at FROM purchase_holds
        WHERE session_id IS NOT NULL AND expires_at > ? ORDER BY created_at DESC, id DESC`,
      tx.now,
    )
    .toArray();
}

/** Withdraws one open checkout for `reason` (the refusal code it would meet now): its hold stops counting at once. */
export function withdrawCheckoutInTx(tx: Ledger, checkout: OpenCheckout, reason: string): void {
  tx.sql.exec(
    `INSERT OR IGNORE INTO checkout_withdrawals (session_id, amount_cents, reason, withdrawn_at, session_ends_at, next_try_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    checkout.session_id,
    checkout.amount_cents,
    reason,
    tx.now,
    checkout.expires_at,
    tx.now,
  );
  tx.sql.exec("DELETE FROM purchase_holds WHERE id = ?", checkout.id);
}

/** Whether this Checkout Session was withdrawn before it was paid. */
export function checkoutWithdrawn(tx: Ledger, sessionId: string): boolean {
  return tx.sql.exec("SELECT 1 FROM checkout_withdrawals WHERE session_id = ?", sessionId).toArray().length > 0;
}

/** Withdrawn sessions the provider has not yet confirmed closed, still open on their own and due a try now. */
export function dueCheckoutExpiriesInTx(tx: Ledger): string[] {
  return tx.sql
    .exec<{ session_id: string }>(
      `SELECT session_id FROM checkout_withdrawals
        WHERE closed_at IS NULL AND session_ends_at > ? AND next_try_at <= ? ORDER BY next_try_at, session_id`,
      tx.now,
      tx.now,
    )
    .toArray()
    .map((row) => row.session_id);
}

/** Records one try at the provider: closed for good, or tried again `retryMs` later. */
export function checkoutExpiryTriedInTx(tx: Ledger, input: { sessionId: string; closed: boolean; retryMs: number }): { ok: true } {
  if (input.closed) {
    tx.sql.exec("UPDATE checkout_withdrawals SET closed_at = ? WHERE session_id = ? AND closed_at IS NULL", tx.now, input.sessionId);
  } else {
    tx.sql.exec("UPDATE checkout_withdrawals SET next_try_at = ? WHERE session_id = ?", tx.now + input.retryMs, input.sessionId);
  }
  return { ok: true };
}

/** When the alarm should next ask the provider to expire a withdrawn session, or null when none waits. */
export function nextCheckoutExpiryInTx(tx: Ledger): number | null {
  return (
    tx.sql
      .exec<{ next: number | null }>(
        "SELECT MIN(next_try_at) AS next FROM checkout_withdrawals WHERE closed_at IS NULL AND session_ends_at > ?",
        tx.now,
      )
      .one().next ?? null
  );
}
