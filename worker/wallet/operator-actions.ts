// Operator actions on one player's money, inside the wallet transaction: the
// account freeze, which `gatePlay` checks first in the same synchronous transaction as
// every bet, purchase hold, bonus claim and redemption, and manual adjustments, one
// `admin_adjustment` ledger row per adjustment id that never takes a balance below zero.
// Each action writes its audit row (`operator_actions`, projected to D1 admin_audit by the
// outbox) in the same transaction: when that row cannot be written the action is refused
// and rolled back, so no operator action goes unrecorded.
// Tables `account_freeze`, `admin_adjustments` and `operator_actions` are documented in schema-migrations.ts.
import type { WalletKind } from "../../src/shared/money";
import { type AuditFailure, type RefusalOf, sentenceFor } from "../../src/shared/refusals";
import type { WalletBalances } from "../../src/shared/schemas/user";
import type { Ledger } from "./ledger";
import { writeOutboxRow } from "./outbox";
import { playthroughOnReversal } from "./playthrough";
import type { AuditPayload } from "./projection";

/** Who acts and why, as the operator route hands it in; `details` adds to what the wallet records. */
export type OperatorAudit = { actor: string; reason: string; details?: Record<string, unknown> };

/**
 * An operator action's name as its audit row records it: the kernel's own (adjustment,
 * freeze, unfreeze) or a feature's, which names its actions where it takes them. Lower-case
 * words joined by hyphens, as the console's audit log filters them.
 */
export type WalletAuditAction = Lowercase<string>;

export type { AuditFailure };

/**
 * Writes the action's audit row and its outbox row in the current transaction. Answers a
 * failure when the row cannot be written: the caller returns it, and the transaction
 * (the action with it) is rolled back.
 */
export function auditInTx(
  tx: Ledger,
  action: WalletAuditAction,
  audit: OperatorAudit,
  details: Record<string, unknown>,
): AuditFailure | null {
  const recorded = { ...details, ...audit.details };
  try {
    const { seq } = tx.sql
      .exec<{ seq: number }>(
        "INSERT INTO operator_actions (action, actor, reason, details, created_at) VALUES (?, ?, ?, ?, ?) RETURNING seq",
        action,
        audit.actor,
        audit.reason,
        JSON.stringify(recorded),
        tx.now,
      )
      .one();
    const payload: AuditPayload = {
      ref: `wallet:${tx.userId}:${seq}`,
      at: tx.now,
      actor: audit.actor,
      action,
      target: tx.userId,
      reason: audit.reason,
      details: recorded,
    };
    writeOutboxRow(tx.sql, "audit", payload, tx.now);
  } catch {
    return { ok: false, code: "audit-failed" };
  }
  tx.noteChange();
  return null;
}

/** What a frozen player is told: neutral, the operator's reason stays with operators. */
export const FROZEN_MESSAGE = sentenceFor("account-frozen", undefined);

export type FreezeState = { frozen: boolean; reason: string | null; actor: string | null; updatedAt: number | null };

export function readFreeze(tx: Ledger): FreezeState {
  const row = tx.sql.rows<{ frozen: number; reason: string; actor: string; updated_at: number }>(
    ["account_freeze"],
    "SELECT frozen, reason, actor, updated_at FROM account_freeze WHERE id = 1",
  )[0];
  if (!row) return { frozen: false, reason: null, actor: null, updatedAt: null };
  return { frozen: row.frozen === 1, reason: row.reason, actor: row.actor, updatedAt: row.updated_at };
}

/** The freeze gate: a refusal while an operator holds the account. */
export function gateFreeze(tx: Ledger): RefusalOf<"account-frozen"> | null {
  return readFreeze(tx).frozen ? { ok: false, code: "account-frozen" } : null;
}

/**
 * A freeze, or an unfreeze with `asked`: the freeze it was asked against, by its
 * `updatedAt` (an operator's request, worker/admin/player-admin.ts), or null when the request
 * does not say (one stored before requests recorded it). An unfreeze always names it, so no
 * caller can lift a freeze it did not see.
 */
export type FreezeInput =
  | { frozen: true; reason: string; actor: string }
  | { frozen: false; reason: string; actor: string; asked: { frozenAt: number | null } };

export type FreezeResult = { ok: true; changed: boolean; freeze: FreezeState } | RefusalOf<"freeze-changed"> | AuditFailure;

/**
 * Whether an unfreeze asked against `asked` may lift the freeze in force: only the very freeze
 * it was asked against. A request that does not say which one (null) lifts none, since the
 * account may have been unfrozen and frozen again, for a new reason, since it was asked.
 */
function freezeAskedAgainst(freeze: FreezeState, asked: { frozenAt: number | null }): boolean {
  return asked.frozenAt !== null && freeze.updatedAt === asked.frozenAt;
}

/**
 * Freezes or unfreezes (audited); `changed` is false when the account already was in that
 * state, and nothing is recorded. A freeze of an account already frozen for another reason is
 * a new freeze for what was asked against the old one: it is audited with its own reason and
 * operator and moves `updatedAt`, so an unfreeze asked before it no longer lifts it, while the
 * freeze keeps its first reason and operator, so a later one can never hide why the account
 * was frozen (the audit log has every reason); the same reason again, a retry, changes
 * nothing. An unfreeze lifts only the freeze it was asked against (freeze-changed
 * otherwise); an account already unfrozen still answers `changed: false` (an
 * approval finishing a try that stopped midway). Each change's `updatedAt` is after the one
 * before it, even within one millisecond, so it names one freeze.
 */
export function setFreezeInTx(tx: Ledger, input: FreezeInput): FreezeResult {
  const before = readFreeze(tx);
  const refreeze = before.frozen && input.frozen && before.reason !== input.reason;
  if (before.frozen === input.frozen && !refreeze) return { ok: true, changed: false, freeze: before };
  if (!input.frozen && !freezeAskedAgainst(before, input.asked)) return { ok: false, code: "freeze-changed" };
  if (refreeze) {
    tx.sql.exec("UPDATE account_freeze SET updated_at = ? WHERE id = 1", Math.max(tx.now, (before.updatedAt ?? 0) + 1));
    const failed = auditInTx(tx, "freeze", { actor: input.actor, reason: input.reason }, {});
    return failed ?? { ok: true, changed: true, freeze: readFreeze(tx) };
  }
  tx.sql.exec(
    `INSERT INTO account_freeze (id, frozen, reason, actor, updated_at) VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET frozen = excluded.frozen, reason = excluded.reason, actor = excluded.actor, updated_at = excluded.updated_at`,
    input.frozen ? 1 : 0,
    input.reason,
    input.actor,
    before.updatedAt === null ? tx.now : Math.max(tx.now, before.updatedAt + 1),
  );
  const failed = auditInTx(tx, input.frozen ? "freeze" : "unfreeze", { actor: input.actor, reason: input.reason }, {});
  return failed ?? { ok: true, changed: true, freeze: readFreeze(tx) };
}

/**
 * `alone`: applied on one operator's word, not by an approved request: allowed only for a
 * Coins adjustment within `approvalCoins` over the last `windowMs` (every Coins adjustment of
 * the player counted, so splitting one large adjustment into small ones still waits for a
 * second operator), and never to credit a player who owes Coins (forgiving what a reversed
 * payment left owed lifts the pause on their redemptions).
 */
export type AdjustmentInput = {
  adjustmentId: string;
  wallet: WalletKind;
  amount: number;
  alone?: { approvalCoins: number; windowMs: number };
};

export type AdjustmentResult =
  | { ok: true; replayed: boolean; balances: WalletBalances; balanceAfter: number }
  | RefusalOf<"adjustment-invalid-amount" | "adjustment-below-zero" | "adjustment-conflict" | "adjustment-needs-approval">
  | AuditFailure;

/** Whether an adjustment on one operator's word must wait for a second operator instead (see AdjustmentInput). */
function needsSecondOperator(tx: Ledger, input: AdjustmentInput): boolean {
  if (!input.alone) return false;
  if (input.wallet === "cash") return true;
  if (input.amount > 0 && tx.owed("coins") > 0) return true;
  const recent =
    tx.sql
      .exec<{ total: number | null }>(
        "SELECT SUM(ABS(amount)) AS total FROM admin_adjustments WHERE currency = 'coins' AND created_at > ?",
        tx.now - input.alone.windowMs,
      )
      .one().total ?? 0;
  return recent + Math.abs(input.amount) > input.alone.approvalCoins;
}

/**
 * One ledger row `admin_adjustment` (reference `adjustment:<id>`) and its audit row. The
 * same id again answers `replayed` and moves nothing; the same id with other figures is a
 * conflict. An approved request applies with its request id as the adjustment id, so an
 * approval retried moves money once. A credit repays what is owed first, like every
 * credit; Vantage Cash credited adds to what is still to play, like bonus cash
 * (playthrough.ts), and cash taken takes unplayed cash first (what is still to play drops
 * by as much, as when a purchase is reversed).
 */
export function adjustBalanceInTx(tx: Ledger, input: AdjustmentInput, audit: OperatorAudit): AdjustmentResult {
  const seen = tx.sql
    .exec<{ currency: string; amount: number }>(
      "SELECT currency, amount FROM admin_adjustments WHERE adjustment_id = ?",
      input.adjustmentId,
    )
    .toArray()[0];
  if (seen) {
    if (seen.currency !== input.wallet || seen.amount !== input.amount) {
      return { ok: false, code: "adjustment-conflict" };
    }
    return { ok: true, replayed: true, balances: tx.balances(), balanceAfter: tx.balance(input.wallet) };
  }
  if (needsSecondOperator(tx, input)) return { ok: false, code: "adjustment-needs-approval" };
  const posted = tx.post({
    currency: input.wallet,
    amount: input.amount,
    reason: "admin_adjustment",
    reference: `adjustment:${input.adjustmentId}`,
  });
  if (!posted.ok) {
    return { ok: false, code: posted.code === "insufficient-funds" ? "adjustment-below-zero" : "adjustment-invalid-amount" };
  }
  if (input.wallet === "cash" && input.amount < 0) playthroughOnReversal(tx, -input.amount, `adjustment:${input.adjustmentId}`);
  tx.sql.exec(
    "INSERT INTO admin_adjustments (adjustment_id, currency, amount, created_at) VALUES (?, ?, ?, ?)",
    input.adjustmentId,
    input.wallet,
    input.amount,
    tx.now,
  );
  const failed = auditInTx(tx, "adjustment", audit, {
    adjustmentId: input.adjustmentId,
    wallet: input.wallet,
    amount: input.amount,
    balanceAfter: posted.balanceAfter,
  });
  return failed ?? { ok: true, replayed: false, balances: tx.balances(), balanceAfter: posted.balanceAfter };
}
