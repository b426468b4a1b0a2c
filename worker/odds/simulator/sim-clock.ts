// The simulator's clock: simulated time = real now + an offset kept in D1 (so every
// isolate agrees). Development demos and tests move it forward with
// POST /api/dev/sim/advance; nothing else changes it.
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/database";
import { simClock } from "../../db/schema";

export async function simOffsetMs(env: Env): Promise<number> {
  const row = await getDb(env).select({ offsetMs: simClock.offsetMs }).from(simClock).where(eq(simClock.id, 1)).get();
  return row?.offsetMs ?? 0;
}

/** Moves the simulated clock forward by `minutes`; answers the new offset. */
export async function advanceSimClock(env: Env, minutes: number, now: number): Promise<number> {
  const delta = Math.round(minutes * 60_000);
  const row = await getDb(env)
    .insert(simClock)
    .values({ id: 1, offsetMs: delta, updatedAt: now })
    .onConflictDoUpdate({ target: simClock.id, set: { offsetMs: sql`${simClock.offsetMs} + ${delta}`, updatedAt: now } })
    .returning({ offsetMs: simClock.offsetMs })
    .get();
  return row.offsetMs;
}
