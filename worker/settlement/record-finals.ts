// Games a price desk learns are final (the scores say completed): their score goes to D1
// `events` and every open leg on them to the settlement queue at once, through the same
// idempotent statements as the cron's run (settlement-job.ts), so a result recorded twice
// (here and by the next cron tick) changes nothing and pays nothing twice. Their players'
// statistics are asked for at once too, so props settle with the game when the source has
// them. The desk does not import this: worker/index.ts and worker/app.ts hand it to the
// desks they build.
import type { RecordFinals } from "../odds/price-desk/desk-deps";
import { loggerFor } from "../logging/logger";
import { getFeedProvider } from "../odds/odds-service";
import { enqueueReadyWork, recordBoxScores } from "./settlement-job";
import { statsPortFor } from "./stats-port";
import { eventUpsertStatements } from "./settlement-store";

export const recordFinals: RecordFinals = async (env, finals, now) => {
  const graded = finals.filter((s) => s.completed && s.homeScore !== null && s.awayScore !== null);
  if (graded.length === 0) return;
  const log = loggerFor(env);
  await env.DB.batch(eventUpsertStatements(env.DB, graded, now));
  await recordBoxScores(
    env,
    statsPortFor(env, getFeedProvider(env)),
    now,
    log,
    graded.map((s) => s.eventId),
  );
  for (const score of graded) await enqueueReadyWork(env, null, score.eventId, log, now);
};
