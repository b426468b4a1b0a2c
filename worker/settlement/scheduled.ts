// The cron entry point: one settlement run per trigger with the active feed, kept alive
// with waitUntil. A failed run is logged and simply retried by the next trigger.
import { feedNow, getFeedProvider } from "../odds/odds-service";
import { runSettlement } from "./settlement-job";

export async function settleOnSchedule(env: Env, cron: string, now: number): Promise<void> {
  try {
    await runSettlement(env, now, { provider: getFeedProvider(env), trigger: `cron ${cron}`, feedNow: await feedNow(env, now) });
  } catch (err) {
    console.error("settlement run failed; the next run will resume it", err);
  }
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  ctx.waitUntil(settleOnSchedule(env, controller.cron, Date.now()));
};
