// POST /api/grantDailyBonus (spec §7): the signed-in player's daily claim, decided and
// paid by their wallet Durable Object. The answer keeps the spec's shape
// { ok, alreadyClaimed, milestone } and adds the streak and balances for the panel.
import { Hono } from "hono";
import { z } from "zod";
import type { DailyBonusResponse } from "../../src/shared/schemas/bonus";
import { requireUser } from "../auth/require-user";
import { readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { bonusWallet } from "./wallet";
import { allowInRegion } from "../protection/request-region";
import { withRulesVersion } from "../sweepstakes/rules-gate";

/** The callable takes an empty payload; anything sent is ignored, but it must be JSON. */
const EmptyRequestSchema = z.union([z.object({}), z.null()]);

export function bonusRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser);

  app.post("/", async (c) => {
    await readJson(c, EmptyRequestSchema);
    const play = await withRulesVersion(c.env, allowInRegion(c, "bonus"));
    const userId = c.var.user.id;
    const result = await bonusWallet(c.env, userId).claimDailyBonus(userId, Date.now(), play);
    if (!result.ok) throw refusalError(result);
    const body: DailyBonusResponse = {
      ok: true,
      alreadyClaimed: result.alreadyClaimed,
      milestone: result.milestone,
      streak: result.streak,
      balances: result.balances,
    };
    return c.json(body);
  });

  return app;
}
