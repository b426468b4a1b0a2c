// The hold on fresh purchases: Vantage Cash bought with a card is not redeemable for
// PURCHASE_HOLD_DAYS after it was credited, however it was played, so a card that will be
// charged back cannot be cashed out before the bank's dispute (or Stripe's early fraud
// warning) arrives. What is held is each pack's Vantage Cash credited within the window
// and not reversed (a dispute or refund takes its share off; a won dispute puts it back),
// read from the wallet's `purchases` rows, so it needs no bookkeeping of its own.
//
// Play-through and the hold both keep cash back. A pack not yet played is kept back once
// (its play-through covers its held cash); a pack played through but still held is kept
// back beside what is still to play, which then belongs to newer credits (a bonus, a
// free-entry card): redeemable = balance − min(balance, still to play + what of each held
// pack play-through no longer covers), never less kept back than either alone (the
// redemption rules apply it).
import type { PurchaseHold } from "../../src/shared/schemas/user";
import type { WalletSql } from "./wallet-sql";

export type { PurchaseHold };

/** The part of Ledger the hold needs (structural, so this module does not import it). */
export type PurchaseHoldTx = {
  readonly sql: WalletSql;
  readonly now: number;
  /** Days bought Vantage Cash is held (the PURCHASE_HOLD_DAYS tunable; 0 = off). */
  readonly purchaseHoldDays: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A pack whose Vantage Cash is still held: its Checkout Session, what is held and when it frees up. */
export type HeldPack = PurchaseHold & { checkoutSessionId: string };

/** The packs whose Vantage Cash is still held, soonest to free up first, each with its Checkout Session. */
export function heldPacksInTx(tx: PurchaseHoldTx): HeldPack[] {
  if (tx.purchaseHoldDays <= 0) return [];
  const holdMs = tx.purchaseHoldDays * DAY_MS;
  const heldSince = tx.now - holdMs;
  // Read from the start of the day `heldSince` falls in, so the read is the same all day
  // and the wallet remembers it until a purchase is written (wallet-sql.ts); the packs
  // bought that day before `heldSince` are left out here.
  const fromDay = Math.floor(heldSince / DAY_MS) * DAY_MS;
  return tx.sql
    .rows<{ checkout_session_id: string; held: number; created_at: number }>(
      ["purchases"],
      `SELECT checkout_session_id, cash_cents - reversed_cash AS held, created_at FROM purchases
        WHERE created_at > ? AND cash_cents > reversed_cash ORDER BY created_at, checkout_session_id`,
      fromDay,
    )
    .filter((row) => row.created_at > heldSince)
    .map((row) => ({ checkoutSessionId: row.checkout_session_id, amountCents: row.held, freesAt: row.created_at + holdMs }));
}

/** The packs whose Vantage Cash is still held, soonest to free up first (as players are shown them). */
export function purchaseHoldsInTx(tx: PurchaseHoldTx): PurchaseHold[] {
  return heldPacksInTx(tx).map(({ amountCents, freesAt }) => ({ amountCents, freesAt }));
}

/** Vantage Cash cents held in total. */
export function heldCash(holds: readonly PurchaseHold[]): number {
  return holds.reduce((sum, hold) => sum + hold.amountCents, 0);
}
