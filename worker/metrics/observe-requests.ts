// One middleware that sees every /api request: its request id (Cloudflare's Ray ID, or
// a fresh one), how long it took, and how it ended. Placements and Stripe webhooks are
// counted as metrics with their outcome (a refusal's code: price-changed,
// market-suspended, …), answers of 500 and above as request errors (and as wallet failures
// when the player's own wallet is what failed); and every refusal or
// failure, and outside development every write, is one structured log line (event,
// request id, player id, outcome, duration). Nothing here is awaited: recording adds to the metrics port, which
// writes after the response.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { isDevelopment } from "../config";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { loggerFor } from "../logging/logger";
import { isWalletError } from "../wallet";
import { waitUntilOf } from "../http/wait-until";
import { metricsFor } from "./metrics";

/** The outcome of an answer: "ok", or the error code it carries (from the thrown ApiError), or its status. */
function outcomeOf(status: number, error: Error | undefined): string {
  if (status < 400) return "ok";
  if (error instanceof ApiError) return error.code;
  return String(status);
}

/** The route as registered (`/api/bets/:betId/share`), so metrics do not split by id; the path where Hono cannot say. */
function routeOf(c: Context<AppEnv>): string {
  try {
    const path = routePath(c, -1);
    return path.endsWith("*") ? c.req.path : path;
  } catch {
    return c.req.path;
  }
}

export const observeRequests = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  const durationMs = Date.now() - started;
  const status = c.res.status;
  const route = `${c.req.method} ${routeOf(c)}`;
  const outcome = outcomeOf(status, c.error);
  const metrics = metricsFor(c.env, waitUntilOf(c));
  if (route === "POST /api/placeBet") metrics.record({ metric: "placement", outcome, value: durationMs });
  else if (route === "POST /api/stripe/webhook") metrics.record({ metric: "webhook", outcome: String(status), value: durationMs });
  if (status >= 500) metrics.record({ metric: "request-error", outcome: route, value: durationMs });
  const player = c.get("user");
  if (status >= 500 && player && isWalletError(c.env, player.id, c.error)) metrics.record({ metric: "wallet-failure", outcome: route });
  // Reads that succeeded are left to the platform's invocation logs; in development so are
  // successful writes (the terminal shows what went wrong, and a load test is not slowed by it).
  if (status < 400 && (c.req.method === "GET" || isDevelopment(c.env))) return;
  loggerFor(c.env).event({
    event: "request",
    requestId: c.req.header("cf-ray") ?? crypto.randomUUID(),
    playerId: c.get("user")?.id ?? null,
    route,
    status,
    outcome,
    durationMs,
    level: status >= 500 ? "error" : status >= 400 ? "warn" : "info",
  });
});
