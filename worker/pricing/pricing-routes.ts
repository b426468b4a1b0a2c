// GET /api/pricing: public, the figures of the /pricing page (pricing-stats.ts) and the
// rules in force (FAIR_MIN_BOOKS, CASH_OUT_MARGIN, CASH_OUT_QUOTE_SECONDS). Aggregates
// only, nothing of any player. Limited per address like the other public reads, and
// computed at most once a minute per isolate.
import { Hono } from "hono";
import type { PricingStats } from "../../src/shared/schemas/pricing";
import type { AppEnv } from "../http/app-types";
import { cachePublicly } from "../http/cache-control";
import { limitPublicReads } from "../http/rate-limit";
import { tunables } from "../tunables";
import { PRICING_WINDOW_DAYS, pricingKinds, pricingSports } from "./pricing-stats";
import { isolateMemo } from "../isolate-memos";

const MEMO_MS = 60_000;

export function pricingRoutes(now: () => number = Date.now) {
  const app = new Hono<AppEnv>();
  let memo: { until: number; stats: PricingStats } | null = null;
  isolateMemo(() => {
    memo = null;
  });

  app.get("/pricing", limitPublicReads, async (c) => {
    const at = now();
    if (!memo || at >= memo.until) {
      const rules = tunables(c.env);
      const stats: PricingStats = {
        windowDays: PRICING_WINDOW_DAYS,
        fairMinBooks: rules.FAIR_MIN_BOOKS,
        cashOutMarginPercent: rules.CASH_OUT_MARGIN,
        cashOutQuoteSeconds: rules.CASH_OUT_QUOTE_SECONDS,
        sports: await pricingSports(c.env.DB, at),
        kinds: await pricingKinds(c.env.DB, at),
        sameGameMarginPercent: rules.SAME_GAME_MARGIN,
        asOf: at,
      };
      memo = { until: at + MEMO_MS, stats };
    }
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, "pricing");
    return c.json(memo.stats, 200);
  });

  return app;
}
