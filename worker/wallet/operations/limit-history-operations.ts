// The history of every limit and break change a player asked for, kept in their wallet
// (table `limit_history`, schema-migrations.ts): when it was asked for and when it took,
// or takes, effect. Written in the transaction that makes the change, so the history is
// never behind the limits; a waiting raise replaced before its time is marked cancelled.
import type { BreakPeriod, NamedLimits } from "../../../src/shared/protection";
import type { Ledger } from "../ledger";

export type LimitHistoryRow = {
  kind: "limit" | "break";
  name: string;
  fromValue: number | null;
  toValue: number | null;
  askedAt: number;
  effectiveAt: number;
  cancelledAt: number | null;
};

function insertRow(tx: Ledger, row: Omit<LimitHistoryRow, "cancelledAt">): void {
  tx.sql.exec(
    "INSERT INTO limit_history (kind, name, from_value, to_value, asked_at, effective_at) VALUES (?, ?, ?, ?, ?, ?)",
    row.kind,
    row.name,
    row.fromValue,
    row.toValue,
    row.askedAt,
    row.effectiveAt,
  );
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
