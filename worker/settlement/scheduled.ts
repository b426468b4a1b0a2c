// The cron entry point: one settlement run per trigger with the active feed, kept alive
// with waitUntil. The run sends the ready work to the settlement queue; the Worker's
// queue() handler settles it. A failed run is logged and simply retried by the next trigger.
//
// Development also accepts GET /__scheduled?cron=… (the route `wrangler dev
// --test-scheduled` documents) in the Worker itself: `npm start` serves the pre-built
// bundle, which wrangler does not wrap with its own /__scheduled route.
import { isDevelopment } from "../config";
import { loggerFor } from "../logging/logger";
import { feedNow, getFeedProvider } from "../odds/odds-service";
import { runSettlement, type SettlementRunSummary } from "./settlement-job";

export async function settleOnSchedule(env: Env, cron: string, now: number): Promise<SettlementRunSummary | null> {
  try {
    return await runSettlement(env, now, { provider: getFeedProvider(env), trigger: `cron ${cron}`, feedNow: await feedNow(env, now) });
  } catch (err) {
    loggerFor(env).error("settlement run failed; the next run will resume it", err);
    return null;
  }
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  ctx.waitUntil(settleOnSchedule(env, controller.cron, Date.now()));
};

export function isManualCronRequest(request: Request, env: Env): boolean {
  return isDevelopment(env) && new URL(request.url).pathname === "/__scheduled";
}

/** Runs the cron now (development only) and answers the run's summary. */
export async function manualCron(request: Request, env: Env): Promise<Response> {
  const cron = new URL(request.url).searchParams.get("cron") ?? "manual";
  const summary = await settleOnSchedule(env, cron, Date.now());
  return summary
    ? Response.json({ ran: true, summary })
    : Response.json({ error: { code: "internal", message: "The settlement run failed; see the log." } }, { status: 500 });
}
