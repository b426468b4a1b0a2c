// Metrics in development and the tests: Analytics Engine drops writes locally, so points
// go to D1 `metric_points` instead (migration 0022), one row per minute, metric and
// outcome. Recording only adds to this isolate's pending totals, so it never waits on D1;
// the pending totals are written in one D1 batch when they are a second old or many,
// handed to the invocation's waitUntil (or left to finish on their own), and before every
// read. A write that fails loses those points, never the request.
//
// The pending totals are this isolate's (module state, never env or secrets): the same
// isolate serves the requests and the Health view in `npm run dev` and the tests.
import type { MetricPoint, MetricRow, Metrics, MetricsReader } from "./metrics-port";
import { outcomeLabel } from "./metrics-port";
import { isolateMemo } from "../isolate-memos";

const MINUTE_MS = 60_000;
const FLUSH_AFTER_MS = 1_000;
const FLUSH_AT_ROWS = 50;
const KEEP_MS = 2 * 24 * 60 * 60 * 1000;

const pending = new Map<string, MetricRow>();
let oldestPendingAt: number | null = null;
isolateMemo(() => {
  pending.clear();
  oldestPendingAt = null;
});

/** Writes the pending totals to D1 in one batch (upserts), dropping rows older than two days. */
export async function flushEmbeddedMetrics(db: D1Database, now: number): Promise<void> {
  if (pending.size === 0) return;
  const rows = [...pending.values()];
  pending.clear();
  oldestPendingAt = null;
  const upsert = db.prepare(
    `INSERT INTO metric_points (bucket, metric, outcome, count, sum, max) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (bucket, metric, outcome) DO UPDATE SET
       count = count + excluded.count, sum = sum + excluded.sum, max = MAX(max, excluded.max)`,
  );
  await db.batch([
    ...rows.map((r) => upsert.bind(r.bucket, r.metric, r.outcome, r.count, r.sum, r.max)),
    db.prepare("DELETE FROM metric_points WHERE bucket < ?").bind(now - KEEP_MS),
  ]);
}

/**
 * `schedule`: keeps a flush alive past the response (the invocation's waitUntil). With
 * `batch` false every point is written at once (for callers with no invocation to wait
 * on, like a Durable Object, whose pending totals no reader in the Worker would flush).
 */
export function embeddedMetrics(db: D1Database, schedule: (flush: Promise<void>) => void, clock: () => number, batch = true): Metrics {
  return {
    record(point: MetricPoint) {
      const now = clock();
      const bucket = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      const outcome = outcomeLabel(point.outcome);
      const key = `${bucket}\u0000${point.metric}\u0000${outcome}`;
      const value = point.value ?? 0;
      const row = pending.get(key);
      if (row) {
        row.count += point.count ?? 1;
        row.sum += value;
        row.max = Math.max(row.max, value);
      } else {
        pending.set(key, { bucket, metric: point.metric, outcome, count: point.count ?? 1, sum: value, max: value });
      }
      oldestPendingAt ??= now;
      if (!batch || pending.size >= FLUSH_AT_ROWS || now - oldestPendingAt >= FLUSH_AFTER_MS) {
        schedule(flushEmbeddedMetrics(db, now).catch(() => undefined));
      }
    },
  };
}

export function embeddedReader(db: D1Database): MetricsReader {
  return {
    source: "embedded",
    async rows(now, bucketMs) {
      await flushEmbeddedMetrics(db, now).catch(() => undefined);
      const since = Math.floor(now / bucketMs) * bucketMs - 24 * 60 * 60 * 1000;
      const { results } = await db
        .prepare("SELECT bucket, metric, outcome, count, sum, max FROM metric_points WHERE bucket >= ? ORDER BY bucket")
        .bind(since)
        .all<MetricRow>();
      return results;
    },
  };
}
