// The sweepstakes' public pages' data: GET /api/public/sweepstakes-rules (the Official
// Sweepstakes Rules in force, with their version), GET /api/public/winners (recent paid
// redemptions, never a name or e-mail) and GET /api/public/region-rules (the dated region
// table the rules' "where void" clause is written from, for the page "Where Vantage Cash is
// offered"). All are public and the same for everyone. GET /api/public/redemption-times:
// how long redemptions took, per week, for the winners page (redemption-times.ts).
import { Hono } from "hono";
import { etDayKey } from "../../src/shared/bonus";
import { entryModeOn } from "../../src/shared/region-rules";
import type { RegionOffers, SweepstakesRules } from "../../src/shared/schemas/sweepstakes";
import { regionRules } from "../protection/request-region";
import { isDevelopment } from "../config";
import { ApiError } from "../http/api-error";
import { cachePublicly, WINNERS_TAG } from "../http/cache-control";
import type { AppEnv } from "../http/app-types";
import { limitPublicReads } from "../http/rate-limit";
import { tunables } from "../tunables";
import { currentRules } from "./rules-versions";
import { recentWinners } from "./winners";
import { redemptionTimes } from "./redemption-times";

/** Outside development the rules must name a sponsor and an address (the deploy guard refuses production without them). */
export function assertSponsorConfigured(env: Env): void {
  const t = tunables(env);
  if (isDevelopment(env)) return;
  if (!t.SPONSOR_NAME.trim() || !t.SPONSOR_ADDRESS.trim()) {
    throw new ApiError(503, "not-configured", "The sweepstakes sponsor is not configured.");
  }
}

export function sweepstakesPublicRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/public/sweepstakes-rules", limitPublicReads, async (c) => {
    assertSponsorConfigured(c.env);
    const rules = await currentRules(c.env);
    const body: SweepstakesRules = {
      version: rules.version,
      effectiveAt: new Date(rules.effectiveAt).toISOString(),
      sections: rules.sections,
    };
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, "sweepstakes-rules");
    return c.json(body);
  });

  app.get("/public/region-rules", limitPublicReads, (c) => {
    const now = Date.now();
    const day = etDayKey(now);
    const rules = regionRules(c.env);
    const body: RegionOffers = {
      day,
      entries: rules.entries.map((entry) => ({
        region: entry.region,
        mode: entry.mode,
        modeToday: entry.from > day ? "full" : entryModeOn(entry, day),
        from: entry.from,
        until: entry.until ?? null,
        covers: entry.covers,
        minAge: entry.minAge ?? null,
        source: entry.source,
        upcoming: entry.from > day,
      })),
      operatorLists: { coinsOnly: [...rules.restricted], blocked: [...rules.blocked] },
    };
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, "region-rules");
    return c.json(body);
  });

  app.get("/public/winners", limitPublicReads, async (c) => {
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, WINNERS_TAG);
    return c.json({ winners: await recentWinners(c.env.DB, Date.now()) });
  });

  app.get("/public/redemption-times", limitPublicReads, async (c) => {
    const body = await redemptionTimes(c.env.DB, Date.now());
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, "redemption-times");
    return c.json(body);
  });

  return app;
}
