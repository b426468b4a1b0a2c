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
// Table `fraud_warnings` is documented in schema-migrations.ts.
import type { RefusalOf } from "../../../src/shared/refusals";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import type { Ledger } from "../../wallet/ledger";
import { auditInTx, type AuditFailure } from "../../wallet/operator-actions";
import { disputeHolds, purchaseByIntent } from "./reversals";

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
};

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

/** Records the warning once per id; answers whether a refund of its pack is still due. */
export function recordFraudWarningInTx(tx: Ledger, input: FraudWarningInput): FraudWarningResult {
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
  };
}

/** The player's warnings, newest first (operators, the simulator's checkout page). */
export function listFraudWarningsInTx(tx: Ledger, limit = 50): FraudWarning[] {
  return tx.sql
    .exec<WarningRow>("SELECT * FROM fraud_warnings ORDER BY created_at DESC, id LIMIT ?", limit)
    .toArray()
    .map((row) => toWarning(tx, row));
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
  // The clearance's audit row is written with it: if the row cannot be written, it does not happen.
  const failed = auditInTx(tx, "fraud-warning-clear", { actor: input.actor, reason: input.reason }, { warningId: input.warningId });
  if (failed) return failed;
  return {
    ok: true,
    changed: true,
    warning: toWarning(tx, tx.sql.exec<WarningRow>("SELECT * FROM fraud_warnings WHERE id = ?", input.warningId).one()),
  };
}
