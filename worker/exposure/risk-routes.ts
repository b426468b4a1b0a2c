// The console's Risk view (mounted under the admin routes, so only operators reach it):
// GET /api/admin/risk lists the games the house has bets on, worst cash outcome first, from
// D1's copy (a few seconds behind the objects; `?format=csv` downloads it); GET
// /api/admin/risk/:sport/:eventId reads one game live from its exposure object; POST
// …/suspend stops (or resumes) bets on one market of it, audited before it takes effect.
import { Hono } from "hono";
import {
  type GameExposureView,
  RiskGameParamsSchema,
  type RiskGame,
  type RiskList,
  RiskQuerySchema,
  SuspendMarketRequestSchema,
} from "../../src/shared/schemas/risk";
import { parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { writeAudit } from "../approvals/audit-log";
import { tunables } from "../tunables";
import { toCsv, utcDay } from "../house/house-book";
import { recordHouseSuspension } from "./house-suspensions";
import { exposureObject } from "./reserve";

/** Games listed at most (the worst first). */
const RISK_LIST_LIMIT = 200;

const RISK_COLUMNS = [
  "eventId",
  "sport",
  "home",
  "away",
  "startTime",
  "worstCashCents",
  "worstCoins",
  "stakesCashCents",
  "stakesCoins",
  "openBets",
  "worstMarket",
  "updatedAt",
] as const;

type RiskRow = {
  event_id: string;
  sport: string;
  home: string;
  away: string;
  start_time: string;
  worst_cash_cents: number;
  worst_coins: number;
  stakes_cash_cents: number;
  stakes_coins: number;
  open_bets: number;
  worst_market: string | null;
  suspended_json: string;
  updated_at: number;
};

export async function riskGames(db: D1Database): Promise<RiskGame[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM game_exposure WHERE open_bets > 0 OR suspended_json != '[]'
        ORDER BY worst_cash_cents DESC, worst_coins DESC, event_id LIMIT ?`,
    )
    .bind(RISK_LIST_LIMIT)
    .all<RiskRow>();
  return results.map((r) => ({
    eventId: r.event_id,
    sport: r.sport,
    home: r.home,
    away: r.away,
    startTime: r.start_time,
    worstCashCents: r.worst_cash_cents,
    worstCoins: r.worst_coins,
    stakesCashCents: r.stakes_cash_cents,
    stakesCoins: r.stakes_coins,
    openBets: r.open_bets,
    worstMarket: r.worst_market,
    suspended: JSON.parse(r.suspended_json) as string[],
    updatedAt: r.updated_at,
  }));
}

export function riskRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = parseWith(RiskQuerySchema, c.req.query());
    const now = Date.now();
    const games = await riskGames(c.env.DB);
    if (query.format === "csv") {
      return new Response(toCsv(RISK_COLUMNS, games), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="risk-${utcDay(now)}.csv"` },
      });
    }
    const rules = tunables(c.env);
    return c.json({
      asOf: now,
      limits: { cashCents: rules.MAX_CASH_EXPOSURE_CENTS, coins: rules.MAX_COINS_EXPOSURE },
      games,
    } satisfies RiskList);
  });

  app.get("/:sport/:eventId", async (c) => {
    const { sport, eventId } = parseWith(RiskGameParamsSchema, c.req.param());
    const view = await exposureObject(c.env, sport, eventId).view(Date.now());
    return c.json(view satisfies GameExposureView);
  });

  app.post("/:sport/:eventId/suspend", async (c) => {
    const { sport, eventId } = parseWith(RiskGameParamsSchema, c.req.param());
    const body = await readJson(c, SuspendMarketRequestSchema);
    const now = Date.now();
    const operator = c.var.user.email;
    // Written first: a suspension whose audit row cannot be written does not happen.
    await writeAudit(
      c.env.DB,
      {
        actor: operator,
        action: body.suspended ? "market-suspended" : "market-resumed",
        target: `${sport}:${eventId}`,
        reason: body.reason,
        details: { market: body.market, home: body.game.home, away: body.game.away },
      },
      now,
    );
    const stub = exposureObject(c.env, sport, eventId);
    await stub.suspend({ eventId, sport, ...body.game }, body.market, body.suspended, operator, body.reason, now);
    // The board's copy, so players see the market suspended before they try.
    await recordHouseSuspension(
      c.env.DB,
      { eventId, sport, market: body.market, suspended: body.suspended, by: operator, reason: body.reason },
      now,
    );
    return c.json((await stub.view(now)) satisfies GameExposureView);
  });

  return app;
}
