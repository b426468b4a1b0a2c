// /api/play: responsible play's second step for the signed-in player. Loss limits,
// the daily play-time limit and the reality-check interval (stricter at once, looser after
// LIMIT_RAISE_DELAY_HOURS), heartbeats from visible tabs (the minutes played), answers to
// reality checks, nudges near a limit, and My statement. Stored and enforced by the
// player's wallet Durable Object (worker/protection/in-wallet/play.ts).
import { Hono } from "hono";
import { PLAY_LIMIT_NAMES, type PlayLimitName } from "../../src/shared/play-limits";
import {
  NudgesSeenRequestSchema,
  PlayLimitsRequestSchema,
  RealityCheckAnswerRequestSchema,
  type PlayView,
  type Statement,
} from "../../src/shared/schemas/play";
import { requireUser } from "../auth/require-user";
import { readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { tunables } from "../tunables";
import { protectionWallet } from "../protection/wallet";
import { playLimitToMinor, playView, statementView } from "./play-view";
import { purgeAfterStandingChange } from "../social/privacy-purge";

const HOUR_MS = 60 * 60 * 1000;

export function playRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser);

  app.get("/", async (c) => {
    const now = Date.now();
    const userId = c.var.user.id;
    return c.json(playView(await protectionWallet(c.env, userId).getPlay(userId, now), now) satisfies PlayView);
  });

  // Sent once a minute by each visible, signed-in tab; the wallet counts a minute once.
  app.post("/heartbeat", async (c) => {
    const now = Date.now();
    const userId = c.var.user.id;
    return c.json(playView(await protectionWallet(c.env, userId).heartbeat(userId, now), now) satisfies PlayView);
  });

  app.put("/limits", async (c) => {
    const body = await readJson(c, PlayLimitsRequestSchema);
    const requested: Partial<Record<PlayLimitName, number | null>> = {};
    for (const name of PLAY_LIMIT_NAMES) {
      const value = body[name];
      if (value !== undefined) requested[name] = playLimitToMinor(name, value);
    }
    const now = Date.now();
    const userId = c.var.user.id;
    const delayMs = tunables(c.env).LIMIT_RAISE_DELAY_HOURS * HOUR_MS;
    return c.json(playView(await protectionWallet(c.env, userId).setPlayLimits(userId, requested, delayMs, now), now) satisfies PlayView);
  });

  app.post("/reality-check", async (c) => {
    const { answer } = await readJson(c, RealityCheckAnswerRequestSchema);
    const now = Date.now();
    const userId = c.var.user.id;
    const snapshot = await protectionWallet(c.env, userId).answerRealityCheck(userId, answer, now);
    // A break taken here takes the player off the public social surface: the edge's copies go too.
    if (answer === "take-break") await purgeAfterStandingChange(c, userId);
    return c.json(playView(snapshot, now) satisfies PlayView);
  });

  app.post("/nudges/seen", async (c) => {
    const { ids } = await readJson(c, NudgesSeenRequestSchema);
    const now = Date.now();
    const userId = c.var.user.id;
    const wallet = protectionWallet(c.env, userId);
    await wallet.markNudgesSeen(userId, ids, now);
    return c.json(playView(await wallet.getPlay(userId, now), now) satisfies PlayView);
  });

  app.get("/statement", async (c) => {
    const userId = c.var.user.id;
    return c.json(statementView(await protectionWallet(c.env, userId).getStatement(userId, Date.now())) satisfies Statement);
  });

  return app;
}
