// Clearing an early fraud warning (worker/payments/in-wallet/fraud-warnings.ts). A warning
// holds all of the player's redemptions until it is cleared, and clearing an actionable one
// also ends the refund still owed for its charge: it lets money reach a player whose card was
// reported stolen, so it is a `fraud-warning-clear` request a second operator approves (four
// eyes, approvals.ts). POST /api/admin/players/:uid/fraud-warnings/:warningId/clear
// `{reason}` asks, answering 202 with the request; 404 for an unknown player or a warning the
// player does not have, 409 `fraud-warning-cleared` for one cleared already. Nobody asks or
// approves on their own account (operator-guards.ts), nor approves what they asked; anyone
// may reject, which leaves the warning holding. Approval clears it in the player's wallet,
// whose transaction writes the audit row (`fraud-warning-clear`, by the approver, with the
// request's reason); a warning cleared meanwhile is answered `changed: false`.
import { Hono } from "hono";
import { z } from "zod";
import { FraudWarningClearRequestSchema } from "../../src/shared/schemas/operator-actions";
import type { ApprovalAnswer } from "../../src/shared/schemas/operator-views";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError, parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { refusalError } from "../http/refusals";
import { paymentsWallet } from "../payments/wallet";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { moneyDeciderRefusal, refuseOwnAccount, requireRecentSignIn } from "./operator-guards";

const UidSchema = z.string().min(1).max(128);
const WarningIdSchema = z.string().min(1).max(255);

/** POST /players/:uid/fraud-warnings/:warningId/clear; mounted behind requireAdmin. */
export function fraudWarningAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/players/:uid/fraud-warnings/:warningId/clear", requireRecentSignIn, async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const warningId = parseWith(WarningIdSchema, c.req.param("warningId"));
    const { reason } = await readJson(c, FraudWarningClearRequestSchema);
    const player = await findUser(getDb(c.env), uid);
    if (!player) throw new ApiError(404, "not-found", "No such player.");
    await refuseOwnAccount(c.env, c.var.user, player);
    const now = Date.now();
    const warning = await paymentsWallet(c.env, uid).getFraudWarning(uid, warningId, now);
    if (!warning) throw refusalError({ ok: false, code: "fraud-warning-not-found" });
    if (!warning.open) throw new ApiError(409, "fraud-warning-cleared", "This fraud warning was cleared already.");
    const requested = await requestApproval(
      c.env,
      { kind: "fraud-warning-clear", subject: uid, payload: { warningId }, reason },
      c.var.user,
      now,
    );
    if (!requested.ok) throw refusedError(requested);
    return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
  });

  return app;
}

export const FRAUD_WARNING_CLEAR_APPROVAL: ApprovalKindRules = {
  // Rejecting leaves the warning holding the player's redemptions, so any operator may.
  guard: (env, request, operator, requester, decision) => moneyDeciderRefusal(env, request.subject, operator, requester, decision, true),
  async apply(env, request, approver, now) {
    if (request.kind !== "fraud-warning-clear") throw new Error(`not a fraud-warning clearance: ${request.kind}`);
    const uid = request.subject;
    const { warningId } = request.payload;
    const answer = await paymentsWallet(env, uid).clearFraudWarning(uid, { warningId, actor: approver.email, reason: request.reason }, now);
    if (!answer.ok) return answer;
    return { ok: true, outcome: { uid, warningId, changed: answer.changed } };
  },
};
