// GET /api/admin/health: the console's Health view, the last 24 hours of the Worker's
// metrics in 15-minute buckets (src/shared/schemas/health.ts), read through whichever
// store this deployment has (worker/metrics/metrics.ts): the Analytics Engine SQL API in
// production, the embedded store in development. No reader: 503 not-configured; a reader
// that fails: 503 metrics-unavailable (the console says so and keeps its other tabs).
import { Hono } from "hono";
import type { HealthResponse } from "../../src/shared/schemas/health";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { loggerFor } from "../logging/logger";
import { metricsReaderFor } from "../metrics/metrics";
import { HEALTH_BUCKET_MS, healthFromRows } from "../metrics/metrics-port";

export function healthRoutes(fetcher: typeof fetch = fetch) {
  const app = new Hono<AppEnv>();
  app.get("/health", async (c) => {
    const reader = metricsReaderFor(c.env, fetcher);
    const now = Date.now();
    const rows = await reader.rows(now, HEALTH_BUCKET_MS).catch((err: unknown) => {
      loggerFor(c.env).error("health: reading metrics failed", err);
      throw new ApiError(503, "metrics-unavailable", "Metrics cannot be read right now.");
    });
    return c.json(healthFromRows(rows, now, reader.source) satisfies HealthResponse);
  });
  return app;
}
