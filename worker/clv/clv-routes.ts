// GET /api/closes?eventIds=…: the closing fair prices of the games a signed-in player's
// picks are on, for My Picks and the Statistics card to show each pick's closing-line
// value (src/shared/clv.ts computes it in the SPA from these and the bets it already
// has, so GET /api/bets stays as it was). Closes are market figures, the same for every
// player; a game without one is simply absent.
import { Hono } from "hono";
import { ClosesQuerySchema, type ClosesResponse } from "../../src/shared/schemas/clv";
import { requireUser } from "../auth/require-user";
import { parseWith } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { readCloses } from "./closes-store";

export function clvRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/closes", requireUser, async (c) => {
    const { eventIds } = parseWith(ClosesQuerySchema, c.req.query());
    const found = await readCloses(c.env.DB, eventIds);
    c.header("Cache-Control", "private, no-store");
    return c.json({ closes: [...found.values()] } satisfies ClosesResponse);
  });
  return app;
}
