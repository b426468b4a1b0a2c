// Money that comes back from a paid coin pack, inside the wallet: card disputes and
// refunds reported by the payment provider. Each purchase keeps what it credited and
// what is reversed now; every event only moves the purchase towards what must be
// reversed (the whole pack while a dispute is open or lost, the refunded share
// otherwise), so a replayed, reordered or concurrent delivery moves nothing twice. A
// take-back that finds the balance short records the rest as owed (Ledger.takeBack),
// which later credits repay first. While a dispute is open or anything is owed,
// redemptions are refused (redemption-pause.ts). A dispute opened and each newly refunded
// amount are booked for the reconciliation with the provider (bookings.ts).
import type { WalletKind } from "../../../src/shared/money";
import { REDEMPTION_PAUSE_SENTENCES, type RefusalOf } from "../../../src/shared/refusals";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import { playthroughOnRestore, playthroughOnReversal, type ReversedCredit, unplayedOf } from "../../wallet/playthrough";
import type { LedgerReason, Ledger } from "../../wallet/ledger";
import { writeBookingInTx } from "./bookings";

export const UNDER_REVIEW_MESSAGE = REDEMPTION_PAUSE_SENTENCES.dispute;
export const FRAUD_WARNING_HOLD_MESSAGE = REDEMPTION_PAUSE_SENTENCES["fraud-warning"];
export const OWED_MESSAGE = REDEMPTION_PAUSE_SENTENCES.owed;

type PurchaseRow = {
  checkout_session_id: string;
  payment_intent: string | null;
  amount_cents: number;
  coins: number;
  cash_cents: number;
  reversed_coins: number;
  reversed_cash: number;
  refund_coins: number;
  refund_cash: number;
  refunded_cents: number;
  created_at: number;
};

/** A dispute event: `created` opens it, `closed` ends it with Stripe's final status. */
export type DisputeInput = { disputeId: string; paymentIntent: string; status: string; phase: "created" | "closed" };

/** A `charge.refunded` event: Stripe's cumulative `amount_refunded` of a charge. */
export type RefundInput = { paymentIntent: string; chargeAmountCents: number; amountRefundedCents: number };

/** One currency's movement of a reconciliation (negative `delta` = given back). */
export type PackMovement = { currency: WalletKind; delta: number; taken: number; owed: number };

export type ReversalResult =
  | { ok: true; found: boolean; movements: PackMovement[]; balances: WalletBalances }
  | RefusalOf<"dispute-invalid" | "refund-invalid">;

/** Records a credited pack beside its PaymentIntent (a replay may add the intent later). */
export function recordPackPaymentInTx(
  tx: Ledger,
  input: { checkoutSessionId: string; paymentIntent: string | null; amountCents: number; coins: number; cashCents: number },
): void {
  tx.sql.exec(
    `INSERT INTO purchases (checkout_session_id, payment_intent, amount_cents, coins, cash_cents, created_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (checkout_session_id) DO UPDATE SET payment_intent = COALESCE(purchases.payment_intent, excluded.payment_intent)`,
    input.checkoutSessionId,
    input.paymentIntent,
    input.amountCents,
    input.coins,
    input.cashCents,
    tx.now,
  );
}

/** The pack paid with this PaymentIntent, or null. */
export function purchaseByIntent(tx: Ledger, paymentIntent: string): PurchaseRow | null {
  return (
    tx.sql.exec<PurchaseRow>("SELECT * FROM purchases WHERE payment_intent = ? ORDER BY created_at LIMIT 1", paymentIntent).toArray()[0] ??
    null
  );
}

/** Whether some dispute on this purchase keeps its pack reversed (open, lost, or closed without a win). */
export function disputeHolds(tx: Ledger, checkoutSessionId: string): boolean {
  return tx.sql.exec("SELECT 1 FROM disputes WHERE checkout_session_id = ? AND status != 'won'", checkoutSessionId).toArray().length > 0;
}

/** The references of a pack's disputes' movements, `dispute:<id>`. */
function disputeReferences(tx: Ledger, purchase: PurchaseRow): Set<string> {
  return new Set(
    tx.sql
      .exec<{ id: string }>("SELECT id FROM disputes WHERE checkout_session_id = ?", purchase.checkout_session_id)
      .toArray()
      .map((d) => `dispute:${d.id}`),
  );
}

/**
 * A pack's own play-through moves: its purchase, and its disputes' and refunds' movements
 * (reversals and restores, referenced `dispute:<id>` and `refund:<payment intent>:<amount>`).
 */
function packCredit(tx: Ledger, purchase: PurchaseRow): ReversedCredit {
  const disputes = packDisputes(tx, purchase);
  const refunds = packRefunds(purchase);
  return {
    owns: (move) =>
      (move.reason === "purchase" && move.reference === purchase.checkout_session_id) ||
      ((move.reason === "reversal" || move.reason === "dispute_restore") && (disputes.owns(move) || refunds.owns(move))),
    firstMove: { reason: "purchase", reference: purchase.checkout_session_id },
  };
}

/** What is still to play of one pack's Vantage Cash (0 for a pack played through, or none). */
export function packUnplayedInTx(tx: Ledger, checkoutSessionId: string): number {
  const purchase = tx.sql.exec<PurchaseRow>("SELECT * FROM purchases WHERE checkout_session_id = ?", checkoutSessionId).toArray()[0];
  return purchase ? unplayedOf(tx, packCredit(tx, purchase)) : 0;
}

/** A pack's disputes' own play-through moves (their reversals and restores): what a won dispute gives back. */
function packDisputes(tx: Ledger, purchase: PurchaseRow): ReversedCredit {
  const disputes = disputeReferences(tx, purchase);
  return { owns: ({ reference }) => disputes.has(reference) };
}

/** A pack's refunds' own play-through moves, and the Vantage Cash its refunded share takes back. */
function packRefunds(purchase: PurchaseRow): ReversedCredit & { dueCents: number } {
  const refunds = purchase.payment_intent === null ? null : `refund:${purchase.payment_intent}:`;
  return { owns: ({ reference }) => refunds !== null && reference.startsWith(refunds), dueCents: purchase.refund_cash };
}

/**
 * The one place a pack's balance moves back or forth. A positive delta is taken back
 * (the rest recorded as owed), a negative one credited again (repaying what is owed
 * first). Taking purchased Vantage Cash back also takes it off what is still to play
 * (playthrough.ts), once per movement reference.
 */
function movePack(
  tx: Ledger,
  purchase: PurchaseRow,
  currency: WalletKind,
  delta: number,
  movement: { takeReason: LedgerReason; restoreReason: LedgerReason; reference: string },
): PackMovement {
  if (delta > 0) {
    const taken = tx.takeBack({ currency, amount: delta, reason: movement.takeReason, reference: movement.reference });
    if (!taken.ok) throw new Error(`reversal ${movement.takeReason} ${movement.reference} (${currency}) refused: ${taken.code}`);
    if (currency === "cash") playthroughOnReversal(tx, delta, movement.reference, packCredit(tx, purchase));
    return { currency, delta, taken: taken.taken, owed: taken.owed };
  }
  const restored = tx.post({ currency, amount: -delta, reason: movement.restoreReason, reference: movement.reference });
  if (!restored.ok) throw new Error(`restore ${movement.restoreReason} ${movement.reference} (${currency}) refused: ${restored.code}`);
  if (currency === "cash") playthroughOnRestore(tx, -delta, movement.reference, packDisputes(tx, purchase), packRefunds(purchase));
  return { currency, delta, taken: 0, owed: 0 };
}

/** Moves what is reversed of this purchase to what its disputes and refunds demand now. */
function reconcile(
  tx: Ledger,
  purchase: PurchaseRow,
  movement: { takeReason: LedgerReason; restoreReason: LedgerReason; reference: string },
): PackMovement[] {
  const held = disputeHolds(tx, purchase.checkout_session_id);
  const target = {
    coins: Math.max(purchase.refund_coins, held ? purchase.coins : 0),
    cash: Math.max(purchase.refund_cash, held ? purchase.cash_cents : 0),
  };
  const movements: PackMovement[] = [];
  const coinsDelta = target.coins - purchase.reversed_coins;
  const cashDelta = target.cash - purchase.reversed_cash;
  if (coinsDelta !== 0) movements.push(movePack(tx, purchase, "coins", coinsDelta, movement));
  if (cashDelta !== 0) movements.push(movePack(tx, purchase, "cash", cashDelta, movement));
  if (movements.length > 0) {
    tx.sql.exec(
      "UPDATE purchases SET reversed_coins = ?, reversed_cash = ? WHERE checkout_session_id = ?",
      target.coins,
      target.cash,
      purchase.checkout_session_id,
    );
  }
  return movements;
}

function validIds(...ids: string[]): boolean {
  return ids.every((id) => id.length > 0 && id.length <= 255);
}

/** `charge.dispute.created` / `charge.dispute.closed`, once per dispute id and phase. */
export function applyDisputeInTx(tx: Ledger, input: DisputeInput): ReversalResult {
  if (!validIds(input.disputeId, input.paymentIntent, input.status)) {
    return { ok: false, code: "dispute-invalid" };
  }
  const purchase = purchaseByIntent(tx, input.paymentIntent);
  if (!purchase) return { ok: true, found: false, movements: [], balances: tx.balances() };
  const existing = tx.sql.exec<{ open: number }>("SELECT open FROM disputes WHERE id = ?", input.disputeId).toArray()[0];
  if (input.phase === "created") {
    // A later `created` delivery (or one arriving after `closed`) changes nothing.
    if (existing) return { ok: true, found: true, movements: [], balances: tx.balances() };
    tx.sql.exec(
      "INSERT INTO disputes (id, checkout_session_id, status, open, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
      input.disputeId,
      purchase.checkout_session_id,
      input.status,
      tx.now,
      tx.now,
    );
    writeBookingInTx(tx, {
      kind: "dispute",
      reference: input.disputeId,
      paymentIntent: input.paymentIntent,
      amountCents: purchase.amount_cents,
    });
  } else {
    if (existing?.open === 0) return { ok: true, found: true, movements: [], balances: tx.balances() };
    tx.sql.exec(
      `INSERT INTO disputes (id, checkout_session_id, status, open, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, open = 0, updated_at = excluded.updated_at`,
      input.disputeId,
      purchase.checkout_session_id,
      input.status,
      tx.now,
      tx.now,
    );
    // A dispute first heard of as closed is booked then.
    if (!existing) {
      writeBookingInTx(tx, {
        kind: "dispute",
        reference: input.disputeId,
        paymentIntent: input.paymentIntent,
        amountCents: purchase.amount_cents,
      });
    }
  }
  const movements = reconcile(tx, purchase, {
    takeReason: "dispute_reversal",
    restoreReason: "dispute_restore",
    reference: `dispute:${input.disputeId}`,
  });
  return { ok: true, found: true, movements, balances: tx.balances() };
}

/** `charge.refunded`: reverses the newly refunded share of the pack, once per refund state. */
export function applyRefundInTx(tx: Ledger, input: RefundInput): ReversalResult {
  if (
    !validIds(input.paymentIntent) ||
    !Number.isSafeInteger(input.amountRefundedCents) ||
    !Number.isSafeInteger(input.chargeAmountCents) ||
    input.amountRefundedCents < 0 ||
    input.chargeAmountCents <= 0
  ) {
    return { ok: false, code: "refund-invalid" };
  }
  const purchase = purchaseByIntent(tx, input.paymentIntent);
  if (!purchase) return { ok: true, found: false, movements: [], balances: tx.balances() };
  if (input.amountRefundedCents <= purchase.refunded_cents) return { ok: true, found: true, movements: [], balances: tx.balances() };
  const full = input.amountRefundedCents >= input.chargeAmountCents;
  const share = (credited: number) => (full ? credited : Math.floor((credited * input.amountRefundedCents) / input.chargeAmountCents));
  const next: PurchaseRow = {
    ...purchase,
    refund_coins: Math.max(purchase.refund_coins, share(purchase.coins)),
    refund_cash: Math.max(purchase.refund_cash, share(purchase.cash_cents)),
    refunded_cents: input.amountRefundedCents,
  };
  tx.sql.exec(
    "UPDATE purchases SET refund_coins = ?, refund_cash = ?, refunded_cents = ? WHERE checkout_session_id = ?",
    next.refund_coins,
    next.refund_cash,
    next.refunded_cents,
    purchase.checkout_session_id,
  );
  writeBookingInTx(tx, {
    kind: "refund",
    reference: `refund:${input.paymentIntent}:${input.amountRefundedCents}`,
    paymentIntent: input.paymentIntent,
    amountCents: input.amountRefundedCents - purchase.refunded_cents,
  });
  const movements = reconcile(tx, next, {
    takeReason: "refund_reversal",
    restoreReason: "dispute_restore",
    reference: `refund:${input.paymentIntent}:${input.amountRefundedCents}`,
  });
  return { ok: true, found: true, movements, balances: tx.balances() };
}

/** Whether any dispute of the player is open (it pauses redemptions, see redemption-pause.ts). */
export function openDispute(tx: Ledger): boolean {
  return tx.sql.exec("SELECT 1 FROM disputes WHERE open = 1 LIMIT 1").toArray().length > 0;
}

/**
 * Whether a card payment the player was credited for was taken back through their bank: a
 * dispute of a credited pack closed with anything but a win (an inquiry that closed without
 * a chargeback moved no money). A declined pack, which credited nothing, does not count.
 */
export function chargebackLostInTx(tx: Ledger): boolean {
  return (
    tx.sql
      .exec(
        `SELECT 1 FROM disputes d JOIN purchases p ON p.checkout_session_id = d.checkout_session_id
          WHERE d.open = 0 AND d.status NOT IN ('won', 'warning_closed') AND (p.coins > 0 OR p.cash_cents > 0)
            AND d.checkout_session_id NOT IN (SELECT checkout_session_id FROM declined_purchases)
          LIMIT 1`,
      )
      .toArray().length > 0
  );
}

/** The player's purchases with what is reversed of each, newest first (the simulator's history page). */
export function listPurchasesInTx(tx: Ledger, limit = 50): (PurchaseRow & { disputes: { id: string; status: string; open: boolean }[] })[] {
  const purchases = tx.sql.exec<PurchaseRow>("SELECT * FROM purchases ORDER BY created_at DESC LIMIT ?", limit).toArray();
  return purchases.map((p) => ({
    ...p,
    disputes: tx.sql
      .exec<{ id: string; status: string; open: number }>(
        "SELECT id, status, open FROM disputes WHERE checkout_session_id = ? ORDER BY created_at",
        p.checkout_session_id,
      )
      .toArray()
      .map((d) => ({ id: d.id, status: d.status, open: d.open === 1 })),
  }));
}

export type DisputeRow = { id: string; checkoutSessionId: string; status: string; open: boolean; createdAt: number; updatedAt: number };

export function listDisputesInTx(tx: Ledger, limit = 50): DisputeRow[] {
  return tx.sql
    .exec<{ id: string; checkout_session_id: string; status: string; open: number; created_at: number; updated_at: number }>(
      "SELECT id, checkout_session_id, status, open, created_at, updated_at FROM disputes ORDER BY created_at DESC LIMIT ?",
      limit,
    )
    .toArray()
    .map((d) => ({
      id: d.id,
      checkoutSessionId: d.checkout_session_id,
      status: d.status,
      open: d.open === 1,
      createdAt: d.created_at,
      updatedAt: d.updated_at,
    }));
}
