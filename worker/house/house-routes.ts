// GET /api/admin/house/liability and /hold: the console's House tab (src/shared/schemas/house.ts),
// mounted under the admin routes so only operators reach them. `?format=csv` answers the
// same figures as a download: the liability's daily history, or the hold table's rows.
import { Hono } from "hono";
import { type HouseHold, type HouseLiability, HouseQuerySchema, LiabilityDaySchema } from "../../src/shared/schemas/house";
import { parseWith } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { houseHold, houseLiability, toCsv, utcDay } from "./house-book";

const LIABILITY_COLUMNS = Object.keys(LiabilityDaySchema.shape) as (keyof HouseLiability["history"][number])[];
const HOLD_COLUMNS = ["day", "sport", "kind", "currency", "bets", "staked", "paid", "hold", "holdPct"] as const;

function csv(text: string, name: string): Response {
  return new Response(text, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` },
  });
}

export function houseRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/liability", async (c) => {
    const query = parseWith(HouseQuerySchema, c.req.query());
    const now = Date.now();
    const liability = await houseLiability(c.env.DB, query.days, now);
    if (query.format === "csv") return csv(toCsv(LIABILITY_COLUMNS, liability.history), `house-liability-${utcDay(now)}.csv`);
    return c.json(liability satisfies HouseLiability);
  });
  app.get("/hold", async (c) => {
    const query = parseWith(HouseQuerySchema, c.req.query());
    const now = Date.now();
    const hold = await houseHold(c.env.DB, query.days, now);
    if (query.format === "csv") return csv(toCsv(HOLD_COLUMNS, hold.rows), `house-hold-${utcDay(now)}.csv`);
    return c.json(hold satisfies HouseHold);
  });
  return app;
}
