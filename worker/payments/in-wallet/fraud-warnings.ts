// Early fraud warnings inside the wallet: the card issuer's warning, days before a
// chargeback, that one of the player's packs was paid with a stolen or misused card
// (Stripe's `radar.early_fraud_warning.created`). Any warning, actionable or not, holds
// all of the player's redemptions for an operator's review (`openFraudWarning`, read by
// redemption-pause.ts) until an operator clears it: a card reported stolen says something
// about the person, not only about one pack, so refunding or losing that charge does not
// end the hold. Where Stripe marks the warning actionable, the caller (worker/payments)
// refunds the charge and reverses the pack through the same path as every refund
// (applyRefundInTx), once per warning: this records the warning once per id and says
// whether a refund is still due.
//
// From an actionable warning until its charge is refunded in full, the refund is owed
// (`fraud_refunds_due`): the webhook asks the provider at once, and should that fail the
// wallet's alarm asks again through `FraudRefundPort`, under the same key
// (`efw-refund-<warning id>`), backing off exactly as a declined pack's owed refund does
// (DECLINED_REFUND_RETRY_*, owedRefundTryFailedInTx). While a dispute of the charge holds
// (open, or lost) nothing is asked, the provider refusing refunds of disputed charges; a lost
// dispute settles what was owed, a won one leaves it owed again. The refund made is applied
// once like any refund of the whole charge (applyRefundInTx), so Stripe's own
// `charge.refunded` moves nothing more. An operator's clearance ends what is owed too (the
// review found the payment good, as it ends the refund a redelivered warning would ask for).
// Tables `fraud_warnings` and `fraud_refunds_due` are documented in storage.ts.
import type { RefusalOf } from "../../../src/shared/refusals";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import type { Ledger } from "../../wallet/ledger";
import { auditInTx, type AuditFailure } from "../../wallet/operator-actions";
import type { DeclinedRefundRetry } from "./declined-purchases";
import { applyRefundInTx, disputeHolds, purchaseByIntent, type ReversalResult } from "./reversals";

/** A `radar.early_fraud_warning.created` event, once its PaymentIntent is known. */
export type FraudWarningInput = {
  warningId: string;
  paymentIntent: string;
  chargeId: string | null;
  actionable: boolean;
  fraudType: string;
};

export type FraudWarningResult =
  | {
      ok: true;
      /** False when this warning was already recorded (a replay). */
      recorded: boolean;
      /** Whether the wallet holds the pack the warning names. */
      found: boolean;
      /** An actionable warning whose pack is not refunded yet: refund the charge, then apply the refund of `amountCents`. */
      refund: { paymentIntent: string; amountCents: number } | null;
      balances: WalletBalances;
    }
  | RefusalOf<"fraud-warning-invalid">;

export type FraudWarning = {
  id: string;
  paymentIntent: string;
  chargeId: string | null;
  actionable: boolean;
  fraudType: string;
  createdAt: number;
  /** Still holding redemptions: not cleared by an operator (a refund of its charge does not clear it). */
  open: boolean;
  /** Its charge was refunded in full, or lost to a dispute. */
  chargeSettled: boolean;
  cleared: { at: number; by: string; reason: string } | null;
  /** An actionable warning's refund still owed at the provider: the alarm's tries so far, its next, and the last failure. */
  refundOwed: { tries: number; nextTryAt: number; lastError: string | null } | null;
};

/**
 * How the wallet's alarm reaches the payment provider for a warning's refund still owed
 * (implemented in worker/payments, handed to the wallet at the Worker's root): the whole
 * payment refunded as fraudulent under the key `efw-refund-<warning id>`; `ok` once the
 * provider has refunded it, now or before.
 */
export interface FraudRefundPort {
  refundWarned(input: { warningId: string; paymentIntent: string }): Promise<{ ok: true } | { ok: false; reason: string }>;
}

type WarningRow = {
  id: string;
  payment_intent: string;
  charge_id: string | null;
  actionable: number;
  fraud_type: string;
  created_at: number;
  cleared_at: number | null;
  cleared_by: string | null;
  cleared_reason: string | null;
};

/**
 * A warning's charge is settled when its pack was refunded in full (and so reversed) or a
 * dispute on it was closed without a win (the bank took the money back; the pack stays reversed).
 */
const SETTLED_CHARGE = `EXISTS (SELECT 1 FROM purchases p WHERE p.payment_intent = w.payment_intent AND (
    p.refunded_cents >= p.amount_cents OR
    EXISTS (SELECT 1 FROM disputes d WHERE d.checkout_session_id = p.checkout_session_id AND d.open = 0 AND d.status != 'won')))`;

/** Whether any warning still holds redemptions: one no operator has cleared. */
export function openFraudWarning(tx: Ledger): boolean {
  return tx.sql.exec("SELECT 1 FROM fraud_warnings WHERE cleared_at IS NULL LIMIT 1").toArray().length > 0;
}

const validId = (id: string) => id.length > 0 && id.length <= 255;

/**
 * Records the warning once per id; answers whether a refund of its pack is still due. An
 * actionable one's refund is owed from now; the alarm's first try is `retry.firstMs` away, after the caller's own.
 */
export function recordFraudWarningInTx(tx: Ledger, input: FraudWarningInput, retry: DeclinedRefundRetry): FraudWarningResult {
  if (
    !validId(input.warningId) ||
    !validId(input.paymentIntent) ||
    !validId(input.fraudType) ||
    (input.chargeId !== null && !validId(input.chargeId))
  ) {
    return { ok: false, code: "fraud-warning-invalid" };
  }
  const inserted = tx.sql
    .exec(
      `INSERT INTO fraud_warnings (id, payment_intent, charge_id, actionable, fraud_type, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      input.warningId,
      input.paymentIntent,
      input.chargeId,
      input.actionable ? 1 : 0,
      input.fraudType,
      tx.now,
    )
    .toArray();
  const row = tx.sql.exec<WarningRow>("SELECT * FROM fraud_warnings WHERE id = ?", input.warningId).one();
  const purchase = purchaseByIntent(tx, row.payment_intent);
  // Owed from the first delivery that finds the pack (a warning kept before its payment, from then).
  if (row.actionable === 1 && row.cleared_at === null && purchase !== null && purchase.refunded_cents < purchase.amount_cents) {
    tx.sql.exec("INSERT OR IGNORE INTO fraud_refunds_due (warning_id, next_try_at) VALUES (?, ?)", row.id, tx.now + retry.firstMs);
    fraudRefundsSettledInTx(tx);
  }
  // Stripe refunds a charge only while it is not disputed (or after the dispute was won).
  const refundDue =
    row.actionable === 1 &&
    row.cleared_at === null &&
    purchase !== null &&
    purchase.refunded_cents < purchase.amount_cents &&
    !disputeHolds(tx, purchase.checkout_session_id);
  return {
    ok: true,
    recorded: inserted.length > 0,
    found: purchase !== null,
    refund: refundDue ? { paymentIntent: row.payment_intent, amountCents: purchase.amount_cents } : null,
    balances: tx.balances(),
  };
}

function toWarning(tx: Ledger, row: WarningRow): FraudWarning {
  const settled = tx.sql.exec(`SELECT 1 FROM fraud_warnings w WHERE w.id = ? AND ${SETTLED_CHARGE}`, row.id).toArray().length > 0;
  const owed = tx.sql
    .exec<{ tries: number; next_try_at: number; last_error: string | null }>(
      "SELECT tries, next_try_at, last_error FROM fraud_refunds_due WHERE warning_id = ?",
      row.id,
    )
    .toArray()[0];
  return {
    id: row.id,
    paymentIntent: row.payment_intent,
    chargeId: row.charge_id,
    actionable: row.actionable === 1,
    fraudType: row.fraud_type,
    createdAt: row.created_at,
    open: row.cleared_at === null,
    chargeSettled: settled,
    cleared: row.cleared_at === null ? null : { at: row.cleared_at, by: row.cleared_by ?? "", reason: row.cleared_reason ?? "" },
    refundOwed: owed ? { tries: owed.tries, nextTryAt: owed.next_try_at, lastError: owed.last_error } : null,
  };
}

/** The player's warnings, newest first (operators, the simulator's checkout page). */
export function listFraudWarningsInTx(tx: Ledger, limit = 50): FraudWarning[] {
  return tx.sql
    .exec<WarningRow>("SELECT * FROM fraud_warnings ORDER BY created_at DESC, id LIMIT ?", limit)
    .toArray()
    .map((row) => toWarning(tx, row));
}

/** One of the player's warnings by id, or null when the player has none of that id. */
export function fraudWarningInTx(tx: Ledger, warningId: string): FraudWarning | null {
  const row = tx.sql.exec<WarningRow>("SELECT * FROM fraud_warnings WHERE id = ?", warningId).toArray()[0];
  return row ? toWarning(tx, row) : null;
}

export type ClearFraudWarningResult =
  | { ok: true; changed: boolean; warning: FraudWarning }
  | RefusalOf<"fraud-warning-not-found">
  | AuditFailure;

/** An operator's clearance: the warning stops holding redemptions; once, the first clearance stands. */
export function clearFraudWarningInTx(tx: Ledger, input: { warningId: string; actor: string; reason: string }): ClearFraudWarningResult {
  const row = tx.sql.exec<WarningRow>("SELECT * FROM fraud_warnings WHERE id = ?", input.warningId).toArray()[0];
  if (!row) return { ok: false, code: "fraud-warning-not-found" };
  if (row.cleared_at !== null) return { ok: true, changed: false, warning: toWarning(tx, row) };
  tx.sql.exec(
    "UPDATE fraud_warnings SET cleared_at = ?, cleared_by = ?, cleared_reason = ? WHERE id = ?",
    tx.now,
    input.actor,
    input.reason,
    input.warningId,
  );
  // The operator's review ends a refund still owed.
  tx.sql.exec("DELETE FROM fraud_refunds_due WHERE warning_id = ?", input.warningId);
  // The clearance's audit row is written with it: if the row cannot be written, it does not happen.
  const failed = auditInTx(tx, "fraud-warning-clear", { actor: input.actor, reason: input.reason }, { warningId: input.warningId });
  if (failed) return failed;
  return {
    ok: true,
    changed: true,
    warning: toWarning(tx, tx.sql.exec<WarningRow>("SELECT * FROM fraud_warnings WHERE id = ?", input.warningId).one()),
  };
}

/**
 * Owed refunds that are no longer owed: the charge refunded in full (whoever made it: the
 * webhook, the alarm, or Stripe's dashboard) or lost to a dispute (the bank returned it).
 * Run with every refund and dispute applied; cheap, the table holds few rows.
 */
export function fraudRefundsSettledInTx(tx: Ledger): void {
  tx.sql.exec(
    `DELETE FROM fraud_refunds_due
      WHERE EXISTS (SELECT 1 FROM fraud_warnings w WHERE w.id = fraud_refunds_due.warning_id AND ${SETTLED_CHARGE})`,
  );
}

/** A warning's owed refund, with the pack it refunds; only while no dispute of the charge holds (open or lost). */
const ASKABLE = `SELECT r.warning_id, r.next_try_at, p.payment_intent, p.amount_cents, p.refunded_cents
   FROM fraud_refunds_due r
   JOIN fraud_warnings w ON w.id = r.warning_id
   JOIN purchases p ON p.payment_intent = w.payment_intent
  WHERE NOT EXISTS (SELECT 1 FROM disputes ds WHERE ds.checkout_session_id = p.checkout_session_id AND ds.status != 'won')`;

/** Owed refunds whose try at the provider is due now (the alarm's), oldest first. */
export function dueFraudRefundsInTx(tx: Ledger): { warningId: string; paymentIntent: string }[] {
  return tx.sql
    .exec<{ warning_id: string; payment_intent: string }>(
      `SELECT warning_id, payment_intent FROM (${ASKABLE}) WHERE next_try_at <= ? ORDER BY next_try_at, warning_id`,
      tx.now,
    )
    .toArray()
    .map((row) => ({ warningId: row.warning_id, paymentIntent: row.payment_intent }));
}

/** When the alarm should next try a warning's owed refund, or null when none it may ask for waits. */
export function nextFraudRefundInTx(tx: Ledger): number | null {
  return tx.sql.exec<{ next: number | null }>(`SELECT MIN(next_try_at) AS next FROM (${ASKABLE})`).one().next ?? null;
}

/**
 * The provider has refunded a warning's charge in full (the alarm's try): applied as a refund
 * of the whole charge, once per refund state, and no longer owed. `recorded` false when nothing was owed.
 */
export function fraudRefundMadeInTx(
  tx: Ledger,
  warningId: string,
): { ok: true; recorded: boolean } | Extract<ReversalResult, { ok: false }> {
  const owed = tx.sql
    .exec<{ payment_intent: string; amount_cents: number; refunded_cents: number }>(
      `SELECT payment_intent, amount_cents, refunded_cents FROM (${ASKABLE}) WHERE warning_id = ?`,
      warningId,
    )
    .toArray()[0];
  if (!owed) return { ok: true, recorded: false };
  if (owed.refunded_cents < owed.amount_cents) {
    const applied = applyRefundInTx(tx, {
      paymentIntent: owed.payment_intent,
      chargeAmountCents: owed.amount_cents,
      amountRefundedCents: owed.amount_cents,
    });
    if (!applied.ok) return applied;
  }
  tx.sql.exec("DELETE FROM fraud_refunds_due WHERE warning_id = ?", warningId);
  fraudRefundsSettledInTx(tx);
  return { ok: true, recorded: true };
}
