// Four eyes: an operator action that must not rest on one person waits as a request in
// D1 `approval_requests` (migration 0017) until a second operator — never the requester —
// approves or rejects it; only approval applies it. Each kind of request (worker/admin/approval-kinds.ts)
// says who may decide it (the guard: not on their own account, not holding a bet on the
// game) and how it is applied; a new review (redemptions, say) adds a kind, not a flow.
//
// Life of a request: pending → approved (claimed in one conditional update, so two
// approvers cannot both claim it, and a rejection cannot land after a claim) → applied
// (`outcome` set). The request's id is the idempotency key of what it applies, so when
// applying fails midway (the wallet unreachable, its audit row not written), approving
// again finishes the job and moves money once. An approved request whose action is refused (a debit that would take
// the balance below zero, a game that got another result) becomes failed. Asking,
// approving and rejecting each write their audit row in the same batch as their change. A
// kind may also undo something on rejection (a redemption in review returns its hold to the
// player), idempotently, after the rejection is recorded and again on a repeated rejection.
import { type AuditFailure, type Refusal, sentenceOf } from "../../src/shared/refusals";
import type { ApprovalRequest } from "../../src/shared/schemas/operator-views";
import { ApprovalRequestSchema } from "../../src/shared/schemas/operator-views";
import type { ApiError } from "../http/api-error";
import type { AuthedUser } from "../http/app-types";
import { refusalError, wireCodeOf } from "../http/refusals";
import { auditStatement } from "./audit-log";

export type ApprovalKind = ApprovalRequest["kind"];

/** What the deciding operator does with a request. */
export type Decision = "approve" | "reject";

/** How one kind of request is decided and applied. */
export type ApprovalKindRules = {
  /**
   * A refusal when `operator` may not decide this request (beyond being its requester), or,
   * for an approval, when what the requester did since asking means it may not apply now.
   */
  guard(env: Env, request: ApprovalRequest, operator: AuthedUser, requester: AuthedUser, decision: Decision): Promise<Refusal | null>;
  /** Applies an approved request, idempotently by its id; answers what it did, or a refusal. */
  apply(
    env: Env,
    request: ApprovalRequest,
    approver: AuthedUser,
    now: number,
  ): Promise<{ ok: true; outcome: Record<string, unknown> } | Refusal | AuditFailure>;
  /**
   * What a rejection undoes (a redemption's hold goes back to the player), idempotently by the
   * request's id; run after the rejection is recorded, and again when it is rejected again.
   */
  reject?(env: Env, request: ApprovalRequest, operator: AuthedUser, reason: string, now: number): Promise<void>;
};

export type ApprovalRules = Record<ApprovalKind, ApprovalKindRules>;

type RequestRow = {
  id: string;
  kind: string;
  subject: string;
  payload: string;
  requested_by: string;
  requested_by_id: string;
  reason: string;
  status: ApprovalRequest["status"];
  decided_by: string | null;
  decided_by_id: string | null;
  decided_at: number | null;
  decision_reason: string | null;
  outcome: string | null;
  created_at: number;
  subject_label: string | null;
};

/**
 * Each request with what people read its subject as: the player's e-mail, the game (a
 * result's, or its statistics'), or the feed's spelling of a player's name.
 */
const SELECT_REQUESTS = `SELECT r.*, COALESCE(u.email, CASE WHEN e.event_id IS NOT NULL THEN e.away || ' @ ' || e.home
    WHEN r.kind = 'prop-player-name' THEN json_extract(r.payload, '$.feedName') END) AS subject_label
  FROM approval_requests r
  LEFT JOIN users u ON r.kind IN ('adjustment', 'redemption', 'free-entry', 'payout-identity-release', 'fraud-warning-clear',
    'unfreeze', 'identity-reset') AND u.id = r.subject
  LEFT JOIN events e ON r.kind IN ('result', 'stats') AND e.event_id = r.subject`;

function parseJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function fromRow(row: RequestRow): ApprovalRequest {
  return ApprovalRequestSchema.parse({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    subjectLabel: row.subject_label ?? row.subject,
    payload: parseJson(row.payload),
    requestedBy: row.requested_by,
    reason: row.reason,
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    outcome: parseJson(row.outcome),
    createdAt: row.created_at,
  });
}

async function readRequest(db: D1Database, id: string): Promise<{ request: ApprovalRequest; requesterId: string } | null> {
  const row = await db.prepare(`${SELECT_REQUESTS} WHERE r.id = ?`).bind(id).first<RequestRow>();
  return row ? { request: fromRow(row), requesterId: row.requested_by_id } : null;
}

export async function listApprovals(db: D1Database, opts: { pendingOnly: boolean; limit: number }): Promise<ApprovalRequest[]> {
  const { results } = await db
    .prepare(`${SELECT_REQUESTS} ${opts.pendingOnly ? "WHERE r.status = 'pending'" : ""} ORDER BY r.created_at DESC, r.id LIMIT ?`)
    .bind(opts.limit)
    .all<RequestRow>();
  return results.map(fromRow);
}

/**
 * Asking or deciding refused: the approvals' own refusal or a kind's, and, when applying an
 * approved request was refused, the request as it now stands (sent with the refusal).
 */
export type Refused = { ok: false; refusal: Refusal | AuditFailure; request?: ApprovalRequest };

const refused = (refusal: Refusal | AuditFailure, request?: ApprovalRequest): Refused =>
  request ? { ok: false, refusal, request } : { ok: false, refusal };

/** The error a route throws for a refused request or decision. */
export function refusedError(answer: Refused): ApiError {
  return refusalError(answer.refusal, answer.request && { request: answer.request });
}

export type NewRequest = {
  /** The request's id, the server's own (an adjustment's is derived from the player and the console's retry key); fresh when absent. */
  id?: string;
  kind: ApprovalKind;
  subject: string;
  payload: Record<string, unknown>;
  reason: string;
  /**
   * At most `max` requests of this kind by this requester created since `since`: counted
   * in the INSERT itself, so two requests racing cannot both pass it. Refused with `refusal`.
   */
  cap?: { max: number; since: number; refusal: Refusal };
};

/**
 * Asks for a second operator. The same id again answers the request it made; without an
 * id, a pending request asking exactly the same is answered instead of a second one.
 */
export async function requestApproval(
  env: Env,
  input: NewRequest,
  requester: AuthedUser,
  now: number,
): Promise<{ ok: true; request: ApprovalRequest } | Refused> {
  const db = env.DB;
  const payload = JSON.stringify(input.payload);
  const same = (row: ApprovalRequest) =>
    row.kind === input.kind && row.subject === input.subject && JSON.stringify(row.payload) === payload;
  if (!input.id) {
    const open = (await listPendingFor(db, input.subject)).find(same);
    if (open) return { ok: true, request: open };
  }
  const id = input.id ?? crypto.randomUUID();
  const { cap } = input;
  const insert = cap
    ? db
        .prepare(
          `INSERT INTO approval_requests (id, kind, subject, payload, requested_by, requested_by_id, reason, status, created_at)
           SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', ?
            WHERE (SELECT COUNT(*) FROM approval_requests WHERE kind = ? AND requested_by_id = ? AND created_at >= ?) < ?
           ON CONFLICT (id) DO NOTHING`,
        )
        .bind(
          id,
          input.kind,
          input.subject,
          payload,
          requester.email,
          requester.id,
          input.reason,
          now,
          input.kind,
          requester.id,
          cap.since,
          cap.max,
        )
    : db
        .prepare(
          `INSERT INTO approval_requests (id, kind, subject, payload, requested_by, requested_by_id, reason, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT (id) DO NOTHING`,
        )
        .bind(id, input.kind, input.subject, payload, requester.email, requester.id, input.reason, now);
  await db.batch([
    insert,
    auditStatement(
      db,
      {
        actor: requester.email,
        action: "request",
        target: input.subject,
        reason: input.reason,
        details: { requestId: id, kind: input.kind, ...input.payload },
      },
      now,
      { afterChange: true },
    ),
  ]);
  const stored = await readRequest(db, id);
  if (!stored && cap) return refused(cap.refusal);
  if (!stored) throw new Error(`approval request ${id} was not stored`);
  if (!same(stored.request)) return refused({ ok: false, code: "request-conflict" });
  return { ok: true, request: stored.request };
}

async function listPendingFor(db: D1Database, subject: string): Promise<ApprovalRequest[]> {
  const { results } = await db.prepare(`${SELECT_REQUESTS} WHERE r.subject = ? AND r.status = 'pending'`).bind(subject).all<RequestRow>();
  return results.map(fromRow);
}

/** Who may decide: anyone but the requester (by account or address), then the kind's own guard. */
async function mayDecide(
  env: Env,
  stored: { request: ApprovalRequest; requesterId: string },
  operator: AuthedUser,
  rules: ApprovalRules,
  decision: Decision,
): Promise<Refused | null> {
  const { request, requesterId } = stored;
  if (requesterId === operator.id || request.requestedBy.trim().toLowerCase() === operator.email.trim().toLowerCase()) {
    return refused({ ok: false, code: "own-request" });
  }
  const requester: AuthedUser = { id: requesterId, email: request.requestedBy, sessionId: "" };
  const guarded = await rules[request.kind].guard(env, request, operator, requester, decision);
  return guarded ? refused(guarded) : null;
}

function alreadyDecided(request: ApprovalRequest): Refused {
  return refused({ ok: false, code: "already-decided", details: { request } });
}

const notFound = () => refused({ ok: false, code: "request-not-found" });

/** Approves and applies a request (or finishes applying one already approved). */
export async function approveRequest(
  env: Env,
  id: string,
  operator: AuthedUser,
  note: string | undefined,
  rules: ApprovalRules,
  now: number,
): Promise<{ ok: true; request: ApprovalRequest } | Refused> {
  const db = env.DB;
  const stored = await readRequest(db, id);
  if (!stored) return notFound();
  const refusal = await mayDecide(env, stored, operator, rules, "approve");
  if (refusal) return refusal;
  let { request } = stored;
  if (request.status === "pending") {
    const [claim] = await db.batch([
      db
        .prepare(
          `UPDATE approval_requests SET status = 'approved', decided_by = ?, decided_by_id = ?, decided_at = ?, decision_reason = ?
            WHERE id = ? AND status = 'pending'`,
        )
        .bind(operator.email, operator.id, now, note ?? null, id),
      auditStatement(
        db,
        {
          actor: operator.email,
          action: "approve",
          target: request.subject,
          reason: note ?? request.reason,
          details: { requestId: id, kind: request.kind, requestedBy: request.requestedBy, ...request.payload },
        },
        now,
        { afterChange: true },
      ),
    ]);
    request = (await readRequest(db, id))?.request ?? request;
    if (!claim?.meta.changes && request.status !== "approved") return alreadyDecided(request);
  }
  if (request.status !== "approved" || request.outcome !== null) return alreadyDecided(request);

  const applied = await rules[request.kind].apply(env, request, operator, now);
  // A passing failure (the audit row could not be written) leaves it approved and unapplied, for another try.
  if (!applied.ok && applied.code === "audit-failed") return refused(applied);
  // A refusal is kept as the operators saw it: its code and sentence.
  const outcome = applied.ok ? applied.outcome : { code: wireCodeOf(applied), message: sentenceOf(applied) };
  await db
    .prepare(`UPDATE approval_requests SET outcome = ?, status = ? WHERE id = ? AND outcome IS NULL`)
    .bind(JSON.stringify(outcome), applied.ok ? "approved" : "failed", id)
    .run();
  const after = (await readRequest(db, id))?.request ?? request;
  if (!applied.ok) return refused(applied, after);
  return { ok: true, request: after };
}

/** Rejects a pending request: nothing is applied. */
export async function rejectRequest(
  env: Env,
  id: string,
  operator: AuthedUser,
  reason: string,
  rules: ApprovalRules,
  now: number,
): Promise<{ ok: true; request: ApprovalRequest } | Refused> {
  const db = env.DB;
  const stored = await readRequest(db, id);
  if (!stored) return notFound();
  const refusal = await mayDecide(env, stored, operator, rules, "reject");
  if (refusal) return refusal;
  const { request } = stored;
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE approval_requests SET status = 'rejected', decided_by = ?, decided_by_id = ?, decided_at = ?, decision_reason = ?
          WHERE id = ? AND status = 'pending'`,
      )
      .bind(operator.email, operator.id, now, reason, id),
    auditStatement(
      db,
      {
        actor: operator.email,
        action: "reject",
        target: request.subject,
        reason,
        details: { requestId: id, kind: request.kind, requestedBy: request.requestedBy, ...request.payload },
      },
      now,
      { afterChange: true },
    ),
  ]);
  const after = (await readRequest(db, id))?.request ?? request;
  const undo = rules[request.kind].reject;
  // Rejected now, or rejected before by someone whose undo may not have finished: undo (again; it is idempotent).
  if (undo && after.status === "rejected") await undo(env, after, operator, after.decisionReason ?? reason, now);
  if (!update?.meta.changes) return alreadyDecided(after);
  return { ok: true, request: after };
}
