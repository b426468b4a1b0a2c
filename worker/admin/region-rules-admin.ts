// The region rules in the console: GET /api/admin/region-rules lists the table Vantage ships
// and the entries operators added; POST /api/admin/region-rules {entry, reason} asks for a new
// entry (a new law, a regulator's order, a redemption window), which waits for a second
// operator in the approvals queue. Approved, it is written to D1 `region_rule_entries` with
// its audit row and takes effect on its own day with no deploy (region-entries.ts). Entries
// are never edited or removed: a change is a newer entry, so the table keeps its history.
import { Hono } from "hono";
import { regionRuleProblem } from "../../src/shared/region-rules";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import { RegionRuleRequestSchema } from "../../src/shared/schemas/operator-actions";
import type { ApprovalAnswer, RegionRulesView } from "../../src/shared/schemas/operator-views";
import { ApiError, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { listAddedRegionEntries, refreshOperatorRegionEntries } from "../protection/region-entries";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { auditStatement } from "../approvals/audit-log";
import { requireRecentSignIn } from "./operator-guards";

export function regionRulesAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) =>
    c.json({ shipped: [...REGION_RULES], added: await listAddedRegionEntries(c.env.DB) } satisfies RegionRulesView),
  );

  app.post("/", requireRecentSignIn, async (c) => {
    const { entry, reason } = await readJson(c, RegionRuleRequestSchema);
    const problem = regionRuleProblem(entry);
    if (problem) throw new ApiError(400, "invalid-argument", problem);
    const requested = await requestApproval(
      c.env,
      { kind: "region-rule", subject: entry.region, payload: entry, reason },
      c.var.user,
      Date.now(),
    );
    if (!requested.ok) throw refusedError(requested);
    return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
  });

  return app;
}

/** The approvals queue's rules for a region rule entry: every operator but the requester may decide; approval writes it once. */
export const REGION_RULE_APPROVAL: ApprovalKindRules = {
  guard: async () => null,
  async apply(env, request, approver, now) {
    if (request.kind !== "region-rule") throw new Error(`not a region rule: ${request.kind}`);
    const entry = request.payload;
    const problem = regionRuleProblem(entry);
    if (problem) return { ok: false, code: "region-rule-invalid", details: { problem } };
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO region_rule_entries (request_id, region, mode, from_day, until_day, covers, min_age, source_title, source_url, requested_by, approved_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING`,
      ).bind(
        request.id,
        entry.region,
        entry.mode,
        entry.from,
        entry.until ?? null,
        entry.covers,
        entry.minAge ?? null,
        entry.source.title,
        entry.source.url,
        request.requestedBy,
        approver.email,
        now,
      ),
      auditStatement(
        env.DB,
        {
          actor: approver.email,
          action: "region-rule",
          target: entry.region,
          reason: request.reason,
          details: { ...entry, requestId: request.id, requestedBy: request.requestedBy },
        },
        now,
        { afterChange: true },
      ),
    ]);
    await refreshOperatorRegionEntries(env, now);
    return { ok: true, outcome: { ...entry } };
  },
};
