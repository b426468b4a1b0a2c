// /api/admin/approvals: the requests waiting for a second operator, and their decision
// (approvals.ts; the kinds in approval-kinds.ts). Approving moves money, so it needs a
// fresh sign-in; rejecting moves nothing. Mounted behind requireAdmin.
import { Hono } from "hono";
import { z } from "zod";
import { ApproveRequestSchema, RejectRequestSchema } from "../../src/shared/schemas/operator-actions";
import type { ApprovalAnswer, ApprovalListSchema } from "../../src/shared/schemas/operator-views";
import { parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { APPROVAL_RULES } from "./approval-kinds";
import { approveRequest, listApprovals, refusedError, rejectRequest } from "../approvals/approvals";
import { requireRecentSignIn } from "./operator-guards";

const RequestIdSchema = z.string().min(1).max(128);
const ListQuerySchema = z.strictObject({
  status: z.enum(["pending", "all"]).default("pending"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export function approvalRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = parseWith(ListQuerySchema, c.req.query());
    const requests = await listApprovals(c.env.DB, { pendingOnly: query.status === "pending", limit: query.limit });
    return c.json({ requests } satisfies z.infer<typeof ApprovalListSchema>);
  });

  app.post("/:id/approve", requireRecentSignIn, async (c) => {
    const id = parseWith(RequestIdSchema, c.req.param("id"));
    const { reason } = await readJson(c, ApproveRequestSchema);
    const answer = await approveRequest(c.env, id, c.var.user, reason || undefined, APPROVAL_RULES, Date.now());
    if (!answer.ok) throw refusedError(answer);
    return c.json({ request: answer.request } satisfies ApprovalAnswer);
  });

  app.post("/:id/reject", async (c) => {
    const id = parseWith(RequestIdSchema, c.req.param("id"));
    const { reason } = await readJson(c, RejectRequestSchema);
    const answer = await rejectRequest(c.env, id, c.var.user, reason, APPROVAL_RULES, Date.now());
    if (!answer.ok) throw refusedError(answer);
    return c.json({ request: answer.request } satisfies ApprovalAnswer);
  });

  return app;
}
