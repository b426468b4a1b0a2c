// The operator audit log: who did what, when, to whom and why. One row per
// operator action in D1 `admin_audit` (migration 0015), which triggers keep append-only.
// The row is written with the action, so an action whose row cannot be written does not
// happen: a wallet action (adjustment, freeze, date of birth) writes it in the wallet's
// own transaction, and the outbox brings it here (worker/wallet/operator-actions.ts);
// a D1 action (a result, a correction, an approval's decision, a dead letter's replay) puts
// `auditStatement` in the same batch as its write. Only reads (a ledger check) are
// recorded after the fact, with `writeAudit`.
import type { AuditEntry } from "../../src/shared/schemas/operator-views";

export type AuditAction =
  | "result"
  | "void"
  | "correction"
  | "dead-letter-replay"
  | "check-ledger"
  /** An action that waits for a second operator was asked for (worker/approvals/approvals.ts). */
  | "request"
  | "approve"
  | "reject"
  /** A player account named as an operator's own (worker/admin/player-admin.ts). */
  | "operator-account"
  /** A region rule entry added under four eyes (worker/admin/region-rules-admin.ts). */
  | "region-rule"
  /** A correction of the feed's player names for props, set or removed (worker/admin/prop-names-admin.ts). */
  | "prop-player-name"
  | "prop-player-name-removed"
  /** A final game's players' statistics entered under four eyes, or their correction (worker/admin/prop-stats-admin.ts). */
  | "stats"
  | "stats-correction"
  /** A reconciliation with the payment provider run on demand (worker/reconciliation/reconciliation-routes.ts). */
  | "reconciliation"
  /** A market of a game suspended or resumed from the Risk view (worker/exposure/risk-routes.ts). */
  | "market-suspended"
  | "market-resumed"
  /** A bank account a player's payouts claimed, released under four eyes (worker/admin/payout-identity-admin.ts). */
  | "payout-identity-release";

export type AuditInput = {
  actor: string;
  action: AuditAction;
  target: string;
  reason: string;
  details?: Record<string, unknown>;
};

/**
 * The audit row as a statement for the action's own batch. `afterChange`: it is written
 * only if the statement just before it in the batch changed a row (SQLite's changes()),
 * so a write that turned out to be a no-op (a result already recorded, a request already
 * decided) records nothing.
 */
export function auditStatement(
  db: D1Database,
  entry: AuditInput,
  now: number,
  options: { afterChange?: boolean } = {},
): D1PreparedStatement {
  const values = [now, entry.actor, entry.action, entry.target, entry.reason, JSON.stringify(entry.details ?? {})];
  if (options.afterChange) {
    return db
      .prepare("INSERT INTO admin_audit (at, actor, action, target, reason, details) SELECT ?, ?, ?, ?, ?, ? WHERE changes() = 1")
      .bind(...values);
  }
  return db.prepare("INSERT INTO admin_audit (at, actor, action, target, reason, details) VALUES (?, ?, ?, ?, ?, ?)").bind(...values);
}

export async function writeAudit(db: D1Database, entry: AuditInput, now: number): Promise<void> {
  await auditStatement(db, entry, now).run();
}

type AuditRow = {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  reason: string;
  details: string;
  ref: string | null;
};

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Newest first; `target` narrows to one player, game or letter; `before` pages by id. */
export async function listAudit(db: D1Database, opts: { limit: number; target?: string; before?: number }): Promise<AuditEntry[]> {
  const where: string[] = [];
  const binds: (string | number)[] = [];
  if (opts.target) {
    where.push("target = ?");
    binds.push(opts.target);
  }
  if (opts.before !== undefined) {
    where.push("id < ?");
    binds.push(opts.before);
  }
  const { results } = await db
    .prepare(`SELECT * FROM admin_audit ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`)
    .bind(...binds, opts.limit)
    .all<AuditRow>();
  return results.map(({ ref: _ref, ...r }) => ({ ...r, details: parseDetails(r.details) }));
}
