// Development-only controls: move the odds simulator's clock forward for demos and
// tests. Outside development with the embedded simulator these routes do not exist (404);
// beside a live Stripe key they are refused (503, worker/http/stand-ins.ts).
import { Hono } from "hono";
import { z } from "zod";
import { oddsFeedMode } from "../config";
import { readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { embeddedOnly } from "../http/stand-ins";
import { advanceSimClock, simOffsetMs } from "../odds/simulator/sim-clock";
import { BOARD_KEY_PREFIX } from "../odds/price-desk/desk-board";

const SIM_CACHE_PREFIX = `${BOARD_KEY_PREFIX}simulator:`;

export const AdvanceSchema = z.strictObject({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});

export function devRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", embeddedOnly(oddsFeedMode));

  app.get("/sim/clock", async (c) => {
    const now = Date.now();
    const offsetMs = await simOffsetMs(c.env);
    return c.json({ offsetMs, simNow: now + offsetMs });
  });

  app.post("/sim/advance", async (c) => {
    const { minutes } = await readJson(c, AdvanceSchema);
    const now = Date.now();
    const offsetMs = await advanceSimClock(c.env, minutes, now);
    // Cache keys carry the offset, so the new clock already misses; drop the old boards too.
    const listed = await c.env.ODDS_CACHE.list({ prefix: SIM_CACHE_PREFIX });
    await Promise.all(listed.keys.map((k) => c.env.ODDS_CACHE.delete(k.name)));
    return c.json({ offsetMs, simNow: now + offsetMs });
  });

  return app;
}
