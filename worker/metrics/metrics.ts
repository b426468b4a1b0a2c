// Which metrics store this deployment writes to and reads from. Writing: the Analytics
// Engine binding (METRICS) outside development; the embedded store in development, unless
// a live Stripe key refuses every stand-in (then points are dropped). Reading: the
// Analytics Engine SQL API when METRICS_ACCOUNT_ID and METRICS_API_TOKEN are set, the
// embedded store in development, otherwise 503 not-configured (worker/config.ts metricsMode).
import { hasLiveStripeKey, isDevelopment, metricsMode } from "../config";
import { ApiError } from "../http/api-error";
import { STAND_IN_REFUSED_MESSAGE } from "../http/stand-ins";
import type { WaitUntil } from "../http/wait-until";
import { analyticsEngineMetrics, analyticsEngineReader } from "./analytics-engine";
import { embeddedMetrics, embeddedReader } from "./embedded-store";
import { noMetrics, type Metrics, type MetricsReader } from "./metrics-port";

export type { MetricPoint, Metrics } from "./metrics-port";
export type { WaitUntil };

/** Lets a promise finish on its own (Durable Objects and code with no invocation context at hand). */
const unattended: WaitUntil = (promise) => {
  promise.catch(() => undefined);
};

/**
 * The port to record through; `waitUntil` keeps the embedded store's writes alive past the
 * response (without one, each point is written at once and left to finish on its own).
 */
export function metricsFor(env: Env, waitUntil?: WaitUntil, clock: () => number = Date.now): Metrics {
  if (!isDevelopment(env)) return env.METRICS ? analyticsEngineMetrics(env.METRICS) : noMetrics;
  if (hasLiveStripeKey(env)) return noMetrics;
  return embeddedMetrics(env.DB, waitUntil ?? unattended, clock, waitUntil !== undefined);
}

/** The reader behind the Health view, or the 503 that says why there is none. */
export function metricsReaderFor(env: Env, fetcher: typeof fetch = fetch): MetricsReader {
  const mode = metricsMode(env);
  if (mode === "real") {
    if (!env.METRICS_DATASET) throw new ApiError(503, "not-configured", "Metrics are not configured: set METRICS_DATASET.");
    return analyticsEngineReader(
      { accountId: env.METRICS_ACCOUNT_ID ?? "", apiToken: env.METRICS_API_TOKEN ?? "", dataset: env.METRICS_DATASET },
      fetcher,
    );
  }
  if (mode === "embedded") return embeddedReader(env.DB);
  if (mode === "refused") throw new ApiError(503, "not-configured", STAND_IN_REFUSED_MESSAGE);
  throw new ApiError(503, "not-configured", "Metrics are not configured: set METRICS_ACCOUNT_ID and METRICS_API_TOKEN.");
}
