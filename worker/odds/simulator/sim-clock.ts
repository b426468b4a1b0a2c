// The simulator's clock: simulated time = real now + an offset kept in D1 (so every
// isolate agrees). Development demos and tests move it forward with
// POST /api/dev/sim/advance; nothing else changes it.
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/database";
import { simClock } from "../../db/schema";
import { SharedAnswers } from "../../isolate-memos";

// The offset is read on every board request and every bet; this isolate reuses a read for
// 1 s (and learns its own advances at once), and when it runs out one request reads it
// again while the others keep the one they have, so warm requests skip D1. Another
// isolate's advance shows here within a second or so. Only the simulator has an offset;
// the real feed never reads it.
const OFFSET_MEMO_MS = 1_000;
const OFFSET = "offset";
const offsets = new SharedAnswers<number>(1);

export async function simOffsetMs(env: Env, now = Date.now()): Promise<number> {
  return offsets.get(OFFSET, now, OFFSET_MEMO_MS, async () => {
    const row = await getDb(env).select({ offsetMs: simClock.offsetMs }).from(simClock).where(eq(simClock.id, 1)).get();
    return row?.offsetMs ?? 0;
  });
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
  offsets.remember(OFFSET, row.offsetMs, now, OFFSET_MEMO_MS);
  return row.offsetMs;
}
