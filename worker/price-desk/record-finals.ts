// Games a price desk learns are final (the scores say completed): their score goes to D1
// `events` and every open leg on them to the settlement queue at once, through the same
// idempotent statements as the cron's run (settlement-job.ts), so a result recorded twice
// (here and by the next cron tick) changes nothing and pays nothing twice.
import type { EventScore } from "../../src/shared/schemas/events";
import type { Logger } from "../logging/logger";
import { enqueueReadyWork } from "../settlement/settlement-job";
import { eventUpsertStatements } from "../settlement/settlement-store";

export async function recordFinals(env: Env, finals: readonly EventScore[], now: number, log: Logger): Promise<void> {
  const graded = finals.filter((s) => s.completed && s.homeScore !== null && s.awayScore !== null);
  if (graded.length === 0) return;
  await env.DB.batch(eventUpsertStatements(env.DB, graded, now));
  for (const score of graded) await enqueueReadyWork(env, null, score.eventId, log);
}
