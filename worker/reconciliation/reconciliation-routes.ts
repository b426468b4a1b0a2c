// GET /api/admin/reconciliation and POST /api/admin/reconciliation/run: the console's
// Reconciliation tab (src/shared/schemas/reconciliation.ts), mounted under the admin
// routes so only operators reach them. GET answers the recent runs and one run's
// differences, or with `?format=csv&view=` one view's differences as a download; POST
// reconciles an ended UTC day now and audits who asked.
import { Hono } from "hono";
import {
  type ReconciliationAnswer,
  type ReconciliationDifference,
  ReconciliationQuerySchema,
  type RunReconciliationAnswer,
  RunReconciliationSchema,
} from "../../src/shared/schemas/reconciliation";
import { writeAudit } from "../approvals/audit-log";
import { ApiError, parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { loggerFor } from "../logging/logger";
import { getPaymentsProvider } from "../payments/configured-provider";
import { publicOrigin } from "../config";
import { DAY_MS, dayStart, readReconciliation, runReconciliation, utcDay } from "./reconciliation-run";
import { csvLines } from "../http/csv";

const CSV_COLUMNS = [
  "view",
  "kind",
  "userId",
  "providerRef",
  "vantageRef",
  "providerCents",
  "vantageCents",
  "at",
  "detail",
] as const satisfies readonly (keyof ReconciliationDifference)[];

export function differencesCsv(differences: readonly ReconciliationDifference[]): string {
  return csvLines([
    CSV_COLUMNS,
    ...differences.map((d) => CSV_COLUMNS.map((column) => (column === "at" ? new Date(d.at).toISOString() : d[column]))),
  ]);
}

export function reconciliationRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = parseWith(ReconciliationQuerySchema, c.req.query());
    const answer = await readReconciliation(c.env.DB, query.day);
    if (query.format === "csv") {
      const rows = query.view ? answer.differences.filter((d) => d.view === query.view) : answer.differences;
      const name = `reconciliation-${answer.run?.day ?? query.day ?? "none"}${query.view ? `-${query.view}` : ""}.csv`;
      return new Response(differencesCsv(rows), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` },
      });
    }
    return c.json(answer satisfies ReconciliationAnswer);
  });

  app.post("/run", async (c) => {
    const body = await readJson(c, RunReconciliationSchema);
    const now = Date.now();
    const from = dayStart(body.day);
    if (!Number.isFinite(from) || utcDay(from) !== body.day) throw new ApiError(400, "invalid-argument", "day: not a calendar day.");
    if (from + DAY_MS > now) throw new ApiError(400, "invalid-argument", "day: only a UTC day that has ended can be reconciled.");
    const provider = await getPaymentsProvider(c.env, publicOrigin(c.env, c.req.url));
    let answer: RunReconciliationAnswer;
    try {
      answer = await runReconciliation(c.env.DB, { day: body.day, trigger: "operator", requestedBy: c.var.user.email, provider }, now);
    } catch (err) {
      loggerFor(c.env).error("reconciliation run failed", body.day, err);
      throw new ApiError(
        503,
        "provider-unavailable",
        "The payment provider could not list its records; the failed run is recorded. Try again later.",
      );
    }
    await writeAudit(
      c.env.DB,
      {
        actor: c.var.user.email,
        action: "reconciliation",
        target: body.day,
        reason: body.reason ?? "",
        details: { runId: answer.run.id, differences: answer.run.differences },
      },
      now,
    );
    return c.json(answer satisfies RunReconciliationAnswer);
  });

  return app;
}
