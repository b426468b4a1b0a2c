// The operator audit log (issue #15): who did what, when, to whom and why. One row per
// operator action in D1 `admin_audit` (migration 0015), which triggers keep append-only.
// Written after the action has taken effect, with the action's answer in `details`.
import type { AuditEntry } from "../../src/shared/schemas/operator-views";

export type AuditAction =
  | "result"
  | "void"
  | "correction"
  | "freeze"
  | "unfreeze"
  | "adjustment"
  | "date-of-birth"
  | "dead-letter-replay"
  | "check-ledger";

export type AuditInput = {
  actor: string;
  action: AuditAction;
  target: string;
  reason: string;
  details?: Record<string, unknown>;
};

export function auditStatement(db: D1Database, entry: AuditInput, now: number): D1PreparedStatement {
  return db
    .prepare("INSERT INTO admin_audit (at, actor, action, target, reason, details) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(now, entry.actor, entry.action, entry.target, entry.reason, JSON.stringify(entry.details ?? {}));
}

export async function writeAudit(db: D1Database, entry: AuditInput, now: number): Promise<void> {
  await auditStatement(db, entry, now).run();
}

type AuditRow = { id: number; at: number; actor: string; action: string; target: string; reason: string; details: string };

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
  return results.map((r) => ({ ...r, details: parseDetails(r.details) }));
}
