// The metrics port: one way for any part of the Worker to count something (a placement's
// latency and outcome, a refused price, a failed wallet call, a webhook's answer, a
// settlement message and its lag, a payout, a feed call and its credits) without ever
// delaying the request it happens in: `record` returns nothing to await. Production writes
// to Workers Analytics Engine (analytics-engine.ts); development and the tests write to
// the embedded store (embedded-store.ts), since Analytics Engine drops writes locally.
// Both are read the same way: rows per bucket, metric and outcome, shaped here into the
// Health view's answer (src/shared/schemas/health.ts).
import type { HealthResponse, HealthSeries, MetricName } from "../../src/shared/schemas/health";
import { METRIC_NAMES } from "../../src/shared/schemas/health";

/** One event: `value` is what it measures (ms, cents, credits; 0 when only counted), `count` how many it stands for (1). */
export type MetricPoint = { metric: MetricName; outcome: string; value?: number; count?: number };

export type Metrics = { record(point: MetricPoint): void };

/** Drops every point: where no store serves (a stand-in refused beside a live Stripe key). */
export const noMetrics: Metrics = { record: () => undefined };

/** One stored aggregate: events of `metric`/`outcome` in the bucket starting at `bucket` (ms). */
export type MetricRow = { bucket: number; metric: string; outcome: string; count: number; sum: number; max: number };

export type MetricsReader = {
  source: HealthResponse["source"];
  /** The rows of the last day, in buckets of `bucketMs`, oldest first. */
  rows(now: number, bucketMs: number): Promise<MetricRow[]>;
};

export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;
export const HEALTH_BUCKET_MS = 15 * 60 * 1000;

const OUTCOME_MAX = 64;

/** An outcome as stored: short and printable (a route, a code, a status). */
export function outcomeLabel(outcome: string): string {
  const clean = outcome.replace(/[^\w:./ -]/g, "?");
  return clean.length > OUTCOME_MAX ? clean.slice(0, OUTCOME_MAX) : clean;
}

const isMetricName = (name: string): name is MetricName => (METRIC_NAMES as readonly string[]).includes(name);

/** The Health view's answer from a store's rows: one series per metric and outcome, every bucket of the last day present. */
export function healthFromRows(
  rows: readonly MetricRow[],
  now: number,
  source: HealthResponse["source"],
  bucketMs = HEALTH_BUCKET_MS,
): HealthResponse {
  const to = Math.floor(now / bucketMs) * bucketMs;
  const from = to - HEALTH_WINDOW_MS + bucketMs;
  const buckets = Math.round((to - from) / bucketMs) + 1;
  const series = new Map<string, HealthSeries>();
  for (const row of rows) {
    if (!isMetricName(row.metric)) continue;
    const bucket = Math.floor(row.bucket / bucketMs) * bucketMs;
    if (bucket < from || bucket > to) continue;
    const key = `${row.metric}\u0000${row.outcome}`;
    let s = series.get(key);
    if (!s) {
      s = {
        metric: row.metric,
        outcome: outcomeLabel(row.outcome),
        points: Array.from({ length: buckets }, (_, i) => ({ at: from + i * bucketMs, count: 0, sum: 0, max: 0 })),
      };
      series.set(key, s);
    }
    const point = s.points[(bucket - from) / bucketMs]!;
    point.count += row.count;
    point.sum += row.sum;
    point.max = Math.max(point.max, row.max);
  }
  const ordered = [...series.values()].sort(
    (a, b) => METRIC_NAMES.indexOf(a.metric) - METRIC_NAMES.indexOf(b.metric) || a.outcome.localeCompare(b.outcome),
  );
  return { from, to, bucketMs, source, series: ordered };
}
