// The history of every limit and break change a player asked for, kept in their wallet
// (table `limit_history`, schema-migrations.ts): when it was asked for and when it took,
// or takes, effect. Written in the transaction that makes the change, so the history is
// never behind the limits; a waiting raise replaced before its time is marked cancelled.
//
// Each change is also an alert waiting for its moment (`limit_alerts_due`): a stricter
// limit or a break is due at once, a looser limit when its waiting time has passed. A
// looser limit takes effect by time alone (the stored limits are resolved on read), so no
// request marks that moment: every wallet transaction announces what came due
// (`announceDueLimitChangesInTx`, called by the wallet's `transact`), and the wallet's
// alarm is set for the next one (`nextLimitChangeAt`), so the alert goes out on time
// even when the player does nothing. Announcing writes a `notice` outbox row (the push
// queue's "limit-changed" alert) and drops the due row, in the same transaction.
import { limitTookEffectNotice } from "../../../src/shared/push-notices";
import type { BreakPeriod, NamedLimits } from "../../../src/shared/protection";
import type { Ledger } from "../../wallet/ledger";
import { writeOutboxRow } from "../../wallet/outbox";

export type LimitHistoryRow = {
  kind: "limit" | "break";
  name: string;
  fromValue: number | null;
  toValue: number | null;
  askedAt: number;
  effectiveAt: number;
  cancelledAt: number | null;
};

/** Records one change, and its alert as due when it takes effect. */
function insertRow(tx: Ledger, row: Omit<LimitHistoryRow, "cancelledAt">): void {
  const { seq } = tx.sql
    .exec<{ seq: number }>(
      "INSERT INTO limit_history (kind, name, from_value, to_value, asked_at, effective_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING seq",
      row.kind,
      row.name,
      row.fromValue,
      row.toValue,
      row.askedAt,
      row.effectiveAt,
    )
    .one();
  tx.sql.exec("INSERT INTO limit_alerts_due (history_seq, due_at) VALUES (?, ?)", seq, row.effectiveAt);
}

/** Records what a change of `requested` limits did, from `before` (resolved at tx.now) to `after`. */
export function recordLimitChanges<N extends string>(
  tx: Ledger,
  names: readonly N[],
  requested: Partial<Record<N, unknown>>,
  before: NamedLimits<N>,
  after: NamedLimits<N>,
): void {
  for (const name of names) {
    if (!(name in requested)) continue;
    const was = before.pending[name];
    const now = after.pending[name];
    const pendingChanged = was?.value !== now?.value || was?.effectiveAt !== now?.effectiveAt;
    if (was && pendingChanged) {
      tx.sql.exec(
        "UPDATE limit_history SET cancelled_at = ? WHERE kind = 'limit' AND name = ? AND effective_at > ? AND cancelled_at IS NULL",
        tx.now,
        name,
        tx.now,
      );
    }
    if (before.effective[name] !== after.effective[name]) {
      insertRow(tx, {
        kind: "limit",
        name,
        fromValue: before.effective[name],
        toValue: after.effective[name],
        askedAt: tx.now,
        effectiveAt: tx.now,
      });
    }
    if (now && pendingChanged) {
      insertRow(tx, {
        kind: "limit",
        name,
        fromValue: after.effective[name],
        toValue: now.value,
        askedAt: tx.now,
        effectiveAt: now.effectiveAt,
      });
    }
  }
}

/** A break taken now: its end (null when permanent). */
export function recordBreak(tx: Ledger, period: BreakPeriod, until: number | null): void {
  insertRow(tx, { kind: "break", name: period, fromValue: null, toValue: until, askedAt: tx.now, effectiveAt: tx.now });
}

/** Every change, oldest first. */
export function limitHistoryInTx(tx: Ledger): LimitHistoryRow[] {
  return tx.sql
    .exec<{
      kind: "limit" | "break";
      name: string;
      from_value: number | null;
      to_value: number | null;
      asked_at: number;
      effective_at: number;
      cancelled_at: number | null;
    }>("SELECT kind, name, from_value, to_value, asked_at, effective_at, cancelled_at FROM limit_history ORDER BY seq")
    .toArray()
    .map((r) => ({
      kind: r.kind,
      name: r.name,
      fromValue: r.from_value,
      toValue: r.to_value,
      askedAt: r.asked_at,
      effectiveAt: r.effective_at,
      cancelledAt: r.cancelled_at,
    }));
}

/**
 * Announces every change that has taken effect by tx.now and was not announced yet, oldest
 * first, one `notice` outbox row each; a waiting raise cancelled before its time is dropped
 * unannounced. Reads one (usually empty) table when nothing is due.
 */
export function announceDueLimitChangesInTx(tx: Ledger): void {
  // Every waiting announcement (a few at most), remembered until one is written or
  // announced; those due by now are picked here.
  const due = tx.sql
    .rows<{ seq: number; kind: "limit" | "break"; name: string; to_value: number | null; cancelled_at: number | null; due_at: number }>(
      ["limit_alerts_due", "limit_history"],
      `SELECT h.seq, h.kind, h.name, h.to_value, h.cancelled_at, d.due_at FROM limit_alerts_due d
        JOIN limit_history h ON h.seq = d.history_seq ORDER BY h.seq`,
    )
    .filter((row) => row.due_at <= tx.now);
  if (due.length === 0) return;
  for (const row of due) {
    tx.sql.exec("DELETE FROM limit_alerts_due WHERE history_seq = ?", row.seq);
    if (row.cancelled_at !== null) continue;
    const notice = limitTookEffectNotice(tx.userId, { seq: row.seq, kind: row.kind, name: row.name, toValue: row.to_value });
    if (notice) writeOutboxRow(tx.sql, "notice", notice, tx.now);
  }
  tx.noteChange();
}

/** When the next waiting change takes effect (null: none waits), for the wallet's alarm. */
export function nextLimitChangeAt(tx: Ledger): number | null {
  return tx.sql
    .exec<{ at: number | null }>(
      `SELECT MIN(d.due_at) AS at FROM limit_alerts_due d JOIN limit_history h ON h.seq = d.history_seq WHERE h.cancelled_at IS NULL`,
    )
    .one().at;
}
