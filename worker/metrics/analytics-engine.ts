// Metrics in production: Workers Analytics Engine. A write is `writeDataPoint`, which
// returns at once (the runtime sends it after the response), so recording never delays a
// request. One data point per event: blob1 the metric, blob2 the outcome, double1 the
// value, double2 the count, index1 the metric (the sampling key). Reading goes through
// the Analytics Engine SQL API with the account id and an API token (secrets
// METRICS_ACCOUNT_ID / METRICS_API_TOKEN, "Account Analytics: Read"); sampled rows are
// weighted by `_sample_interval`.
import type { MetricPoint, MetricRow, Metrics, MetricsReader } from "./metrics-port";
import { outcomeLabel } from "./metrics-port";

export function analyticsEngineMetrics(dataset: AnalyticsEngineDataset): Metrics {
  return {
    record(point: MetricPoint) {
      dataset.writeDataPoint({
        indexes: [point.metric],
        blobs: [point.metric, outcomeLabel(point.outcome)],
        doubles: [point.value ?? 0, point.count ?? 1],
      });
    },
  };
}

export type AnalyticsEngineAccess = { accountId: string; apiToken: string; dataset: string };

/** A dataset name as wrangler.toml may give it: nothing that could change the query. */
const DATASET_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export class MetricsReadError extends Error {}

/** The SQL that reads the last day in buckets of `bucketMs`. */
export function lastDayQuery(dataset: string, bucketMs: number): string {
  if (!DATASET_NAME.test(dataset)) throw new MetricsReadError(`METRICS_DATASET ${JSON.stringify(dataset)} is not a dataset name`);
  const seconds = Math.max(60, Math.round(bucketMs / 1000));
  return `SELECT intDiv(toUInt32(timestamp), ${seconds}) * ${seconds} AS bucket, blob1 AS metric, blob2 AS outcome,
  SUM(_sample_interval * double2) AS count, SUM(_sample_interval * double1) AS sum, MAX(double1) AS max
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '1' DAY
GROUP BY bucket, metric, outcome
ORDER BY bucket
FORMAT JSON`;
}

type SqlAnswer = { data?: Record<string, unknown>[] };

export function analyticsEngineReader(access: AnalyticsEngineAccess, fetcher: typeof fetch = fetch): MetricsReader {
  return {
    source: "analytics-engine",
    async rows(_now, bucketMs) {
      const res = await fetcher(
        `https://api.cloudflare.com/client/v4/accounts/${encodeURIComponent(access.accountId)}/analytics_engine/sql`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${access.apiToken}` },
          body: lastDayQuery(access.dataset, bucketMs),
        },
      );
      if (!res.ok) throw new MetricsReadError(`Analytics Engine SQL API answered ${res.status}`);
      const answer = (await res.json()) as SqlAnswer;
      return (answer.data ?? []).map(
        (r): MetricRow => ({
          bucket: Number(r.bucket) * 1000,
          metric: String(r.metric),
          outcome: String(r.outcome),
          count: Number(r.count) || 0,
          sum: Number(r.sum) || 0,
          max: Number(r.max) || 0,
        }),
      );
    },
  };
}
