// Releasing a bank account a player's payouts claimed (D1 `payout_identities`,
// worker/payments/payout-identity.ts). A claim keeps every other account from redeeming to
// that bank account, which is the point (one person, one Vantage account), but a claim can
// be wrong: a player paid a stranger's numbers under their own name, or a family shared one
// account before each opened their own. A release lets money flow to the bank account for
// someone else, so it is a `payout-identity-release` request a second operator approves
// (four eyes, approvals.ts): POST /api/admin/players/:uid/payout-identities/release
// `{fingerprint, reason}` asks, answering 202 with the request, or 404 when this player holds
// no such claim. Nobody asks or approves on their own account, which counts every account
// linked to the operator's by a shared bank account (operator-guards.ts), nor when an account
// the release would let in (one refused that bank account before) is theirs or the asker's;
// anyone may reject. Approval
// deletes the claim, only if this player still holds it, with its audit row in the same batch;
// the next withdrawal to that bank account claims it again for whoever makes it.
import { Hono } from "hono";
import { PayoutIdentityReleaseRequestSchema } from "../../src/shared/schemas/operator-actions";
import type { ApprovalAnswer } from "../../src/shared/schemas/operator-views";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { auditStatement } from "../approvals/audit-log";
import type { RefusalOf } from "../../src/shared/refusals";
import type { AuthedUser } from "../http/app-types";
import { refusalError } from "../http/refusals";
import { isOwnAccount, moneyDeciderRefusal, ownAccountRefusal, refuseOwnAccount, requireRecentSignIn } from "./operator-guards";

type ClaimRow = { fingerprint: string; account_id: string };

function findClaim(db: D1Database, userId: string, fingerprint: string): Promise<ClaimRow | null> {
  return db
    .prepare("SELECT fingerprint, account_id FROM payout_identities WHERE fingerprint = ? AND user_id = ?")
    .bind(fingerprint, userId)
    .first<ClaimRow>();
}

/**
 * 403 own-account when an account the release would let redeem to the bank account (one that
 * was refused it before) is `operator`'s own: nobody frees a bank account for themselves.
 */
async function beneficiaryRefusal(env: Env, fingerprint: string, operator: AuthedUser): Promise<RefusalOf<"own-account"> | null> {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT u.id, u.email FROM payout_identity_refusals r JOIN users u ON u.id = r.user_id WHERE r.fingerprint = ?`,
  )
    .bind(fingerprint)
    .all<{ id: string; email: string }>();
  for (const account of results) if (await isOwnAccount(env, operator, account)) return ownAccountRefusal();
  return null;
}

/** POST /players/:uid/payout-identities/release; mounted behind requireAdmin. */
export function payoutIdentityAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/players/:uid/payout-identities/release", requireRecentSignIn, async (c) => {
    const { fingerprint, reason } = await readJson(c, PayoutIdentityReleaseRequestSchema);
    const player = await findUser(getDb(c.env), c.req.param("uid"));
    if (!player) throw new ApiError(404, "player-not-found", "No such player.");
    await refuseOwnAccount(c.env, c.var.user, player);
    const claim = await findClaim(c.env.DB, player.id, fingerprint);
    if (!claim) throw new ApiError(404, "payout-identity-not-found", "This player holds no claim on that bank account.");
    const benefits = await beneficiaryRefusal(c.env, fingerprint, c.var.user);
    if (benefits) throw refusalError(benefits);
    const requested = await requestApproval(
      c.env,
      { kind: "payout-identity-release", subject: player.id, payload: { fingerprint, accountId: claim.account_id }, reason },
      c.var.user,
      Date.now(),
    );
    if (!requested.ok) throw refusedError(requested);
    return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
  });

  return app;
}

export const PAYOUT_IDENTITY_RELEASE_APPROVAL: ApprovalKindRules = {
  // Rejecting keeps the claim as it is, so any operator may.
  async guard(env, request, operator, requester, decision) {
    const holder = await moneyDeciderRefusal(env, request.subject, operator, requester, decision, true);
    if (holder || decision === "reject" || request.kind !== "payout-identity-release") return holder;
    const { fingerprint } = request.payload;
    if (await beneficiaryRefusal(env, fingerprint, operator)) return ownAccountRefusal();
    return (await beneficiaryRefusal(env, fingerprint, requester)) ? { ok: false, code: "requester-own-account" } : null;
  },
  async apply(env, request, approver, now) {
    if (request.kind !== "payout-identity-release") throw new Error(`not a payout-identity release: ${request.kind}`);
    const { fingerprint } = request.payload;
    const [released] = await env.DB.batch([
      env.DB.prepare("DELETE FROM payout_identities WHERE fingerprint = ? AND user_id = ?").bind(fingerprint, request.subject),
      auditStatement(
        env.DB,
        {
          actor: approver.email,
          action: "payout-identity-release",
          target: request.subject,
          reason: request.reason,
          details: { fingerprint, accountId: request.payload.accountId, requestId: request.id, requestedBy: request.requestedBy },
        },
        now,
        { afterChange: true },
      ),
    ]);
    return { ok: true, outcome: { uid: request.subject, fingerprint, released: (released?.meta.changes ?? 0) > 0 } };
  },
};
