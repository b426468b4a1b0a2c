// The cron entry point: one settlement run per trigger with the active feed, kept alive
// with waitUntil. The run sends the ready work to the settlement queue; the Worker's
// queue() handler settles it. A failed run is logged and simply retried by the next trigger.
// After it, each trigger asks a stats source again for box scores it recorded
// (worker/settlement/recheck-box-scores.ts), then goes on with every correction a call left
// pending, a page of wallets each: a game's score (worker/settlement/result-correction.ts) or
// its players' statistics (worker/settlement/record-box-score.ts).
// Each trigger also looks for regions whose rules changed and alerts their players
// (worker/protection/region-change-alerts.ts), and the day's first trigger records the
// house's liability for the day (worker/house/house-book.ts); from an hour after midnight
// a trigger reconciles yesterday with the payment provider until one run of it succeeds
// (worker/reconciliation/reconciliation-run.ts). Each trigger also issues missing payout
// receipts and seals the receipts of ended UTC days (worker/receipts/seal-on-schedule.ts).
// And each scores newly settled bets' closing-line value, a batch at a time (worker/clv/bet-clv.ts),
// and asks the price desks for what the closes of games with open bets around their start
// need, so those closes exist even when nobody reads those boards (worker/odds/closes-watch.ts).
// And each asks a few public players' wallets for a standing D1 never had, so a break or
// closure from before its projection keeps them off the social surface too
// (worker/protection/standing-backfill.ts).
//
// Development also accepts GET /__scheduled?cron=… (the route `wrangler dev
// --test-scheduled` documents) in the Worker itself: `npm start` serves the pre-built
// bundle, which wrangler does not wrap with its own /__scheduled route. It runs every step
// the real trigger runs, so `npm run dev`'s local cron keeps the same books.
import { hasLiveStripeKey, isDevelopment } from "../config";
import { scoreSettledBetsOnSchedule } from "../clv/bet-clv";
import { recordLiabilityDay } from "../house/house-book";
import { loggerFor } from "../logging/logger";
import { getPaymentsProvider } from "../payments/configured-provider";
import { reconcileOnSchedule } from "../reconciliation/reconciliation-run";
import { feedNow, getFeedProvider } from "../odds/odds-service";
import { priceDeskObject } from "../odds/price-desk/desk-client";
import { watchCloses } from "../odds/closes-watch";
import { type RegionChangeRun, sendRegionChangeAlerts } from "../protection/region-change-alerts";
import { recheckBoxScores } from "./recheck-box-scores";
import { continueStatsCorrections } from "./record-box-score";
import { continueResultCorrections } from "./result-correction";
import { receiptsOnSchedule } from "../receipts/seal-on-schedule";
import { runSettlement, type SettlementRunSummary } from "./settlement-job";
import { statsPortFor } from "./stats-port";
import { backfillStandings } from "../protection/standing-backfill";

export async function settleOnSchedule(env: Env, cron: string, now: number): Promise<SettlementRunSummary | null> {
  let summary: SettlementRunSummary | null = null;
  try {
    summary = await runSettlement(env, now, { provider: getFeedProvider(env), trigger: `cron ${cron}`, feedNow: await feedNow(env, now) });
  } catch (err) {
    loggerFor(env).error("settlement run failed; the next run will resume it", err);
  }
  // After the run, not inside it: a correction records through record-box-score.ts, which itself uses settlement-job.ts.
  try {
    await recheckBoxScores(env, statsPortFor(env, getFeedProvider(env)), now, loggerFor(env));
  } catch (err) {
    loggerFor(env).error("box score re-check failed; the next run will ask again", err);
  }
  try {
    await continueResultCorrections(env, now, loggerFor(env));
  } catch (err) {
    loggerFor(env).error("result corrections not continued; the next run goes on from where they stopped", err);
  }
  try {
    await continueStatsCorrections(env, now, loggerFor(env));
  } catch (err) {
    loggerFor(env).error("statistics corrections not continued; the next run goes on from where they stopped", err);
  }
  return summary;
}

/** The region-change alerts of one trigger; a failed run is logged and the next trigger finds the change again. */
async function alertRegionChanges(env: Env, now: number): Promise<RegionChangeRun | null> {
  try {
    return await sendRegionChangeAlerts(env, now);
  } catch (err) {
    loggerFor(env).error("region-change alerts failed; the next run will look again", err);
    return null;
  }
}

/** The day's liability row; a failed write is logged and the day's next trigger writes it. */
async function recordHouseDay(env: Env, now: number): Promise<void> {
  try {
    await recordLiabilityDay(env.DB, now);
  } catch (err) {
    loggerFor(env).error("house liability: recording the day failed; the next trigger will try again", err);
  }
}

/** Yesterday's reconciliation with the payment provider; a failed run is logged and the next trigger runs it again. */
export async function reconcileYesterday(env: Env, now: number): Promise<void> {
  try {
    const origin = env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.replace(/\/$/, "") : "http://localhost";
    await reconcileOnSchedule(env.DB, env, () => getPaymentsProvider(env, origin), now);
  } catch (err) {
    loggerFor(env).error("reconciliation with the payment provider failed; the next trigger will try again", err);
  }
}

/** The desks asked for the closes of games with open bets around their start; a failure is logged and the next trigger asks again. */
async function watchClosesOnSchedule(env: Env, now: number): Promise<void> {
  try {
    const provider = getFeedProvider(env);
    if (!provider) return;
    const watch = await watchCloses(env.DB, now, await feedNow(env, now), {
      board: (sport, at) => priceDeskObject(env, provider.name, sport).board(at),
      props: (sport, eventId, at) => priceDeskObject(env, provider.name, sport).props(eventId, at),
    });
    if (watch.failed > 0) loggerFor(env).warn(`closes watch: ${watch.failed} desk calls failed; the next trigger asks again`);
  } catch (err) {
    loggerFor(env).error("closes watch: finding the games around their start failed; the next trigger will look again", err);
  }
}

/** Public players' standings D1 never had, a few per trigger; a failure is logged and the next trigger goes on. */
async function backfillStandingsOnSchedule(env: Env, now: number): Promise<void> {
  try {
    await backfillStandings(env, now, loggerFor(env));
  } catch (err) {
    loggerFor(env).error("standings: finding players without one failed; the next trigger will look again", err);
  }
}

/** Every trigger's work besides settlement and the region alerts; each step logs its own failure. */
function upkeep(env: Env, now: number): Promise<void>[] {
  return [
    recordHouseDay(env, now),
    backfillStandingsOnSchedule(env, now),
    reconcileYesterday(env, now),
    scoreSettledBetsOnSchedule(env, now, () => feedNow(env, now)),
    receiptsOnSchedule(env, now),
    watchClosesOnSchedule(env, now),
  ];
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  const now = Date.now();
  ctx.waitUntil(settleOnSchedule(env, controller.cron, now));
  ctx.waitUntil(alertRegionChanges(env, now));
  for (const step of upkeep(env, now)) ctx.waitUntil(step);
};

/** `/__scheduled` runs the cron by hand: development only, and refused beside a live Stripe key like every stand-in. */
export function isManualCronRequest(request: Request, env: Env): boolean {
  return isDevelopment(env) && !hasLiveStripeKey(env) && new URL(request.url).pathname === "/__scheduled";
}

/** Runs every step of the cron now (development only) and answers, once all are done, the settlement run's summary. */
export async function manualCron(request: Request, env: Env): Promise<Response> {
  const cron = new URL(request.url).searchParams.get("cron") ?? "manual";
  const now = Date.now();
  const [summary, regionAlerts] = await Promise.all([
    settleOnSchedule(env, cron, now),
    alertRegionChanges(env, now),
    Promise.all(upkeep(env, now)),
  ]);
  return summary
    ? Response.json({ ran: true, summary, regionAlerts })
    : Response.json({ error: { code: "internal", message: "The settlement run failed; see the log." } }, { status: 500 });
}
