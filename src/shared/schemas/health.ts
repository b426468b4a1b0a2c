// The operator console's Health view over the API (GET /api/admin/health): the last 24
// hours of the Worker's metrics in fixed buckets, whichever store holds them (Workers
// Analytics Engine in production, the embedded store in development and tests). Each
// series is one metric and outcome; each point says how many events fell in its bucket,
// the sum of their values (latency in ms, cents, credits, lag in ms) and the largest.
import { z } from "zod";

/**
 * What the Worker measures (worker/metrics/): `placement` (value: latency ms; outcome
 * "ok" or the refusal's code, e.g. price-changed, market-suspended), `request-error`
 * (5xx answers by route), `wallet-failure` (a wallet call that threw: in settlement, or under a request's route), `webhook` (Stripe
 * webhook answers by status), `settlement` (messages by outcome: settled, retried,
 * dead-lettered), `settlement-lag` (ms from enqueue to settled), `payout` (transfers by
 * outcome; value: cents), `feed-call` (odds feed calls by outcome), `feed-credits`
 * (credits the feed charged), `alert` (what also raised an alert line).
 */
export const METRIC_NAMES = [
  "placement",
  "request-error",
  "wallet-failure",
  "webhook",
  "settlement",
  "settlement-lag",
  "payout",
  "feed-call",
  "feed-credits",
  "alert",
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export const HealthPointSchema = z.object({
  at: z.number().int(),
  count: z.number().nonnegative(),
  sum: z.number(),
  max: z.number(),
});
export type HealthPoint = z.infer<typeof HealthPointSchema>;

export const HealthSeriesSchema = z.object({
  metric: z.enum(METRIC_NAMES),
  outcome: z.string().max(64),
  points: z.array(HealthPointSchema),
});
export type HealthSeries = z.infer<typeof HealthSeriesSchema>;

export const HealthResponseSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  bucketMs: z.number().int().positive(),
  source: z.enum(["analytics-engine", "embedded"]),
  series: z.array(HealthSeriesSchema),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
