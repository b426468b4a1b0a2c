// Signs of harm in the console's player view: the player's statement (what they see on
// My statement), the flags read from their history with thresholds from worker/tunables.ts
// (src/shared/harm-signs.ts), and operators' notes on them. Noting a flag, and acting on it
// (a 7-day break), happens in the player's wallet with its audit row; nobody acts on their
// own account.
import { Hono } from "hono";
import { z } from "zod";
import { harmSigns, type HarmThresholds } from "../../src/shared/harm-signs";
import { HarmNoteRequestSchema, type PlayerPlayView } from "../../src/shared/schemas/play";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError, parseWith, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { statementView } from "../play/play-view";
import { tunables, type Tunables } from "../tunables";
import { protectionWallet, type HarmNote } from "../protection/wallet";
import { refuseOwnAccount } from "./operator-guards";
import { purgeAfterStandingChange } from "../social/privacy-purge";

const UidSchema = z.string().min(1).max(128);

export function harmThresholds(t: Tunables): HarmThresholds {
  return {
    raisesCount: t.HARM_RAISES_COUNT,
    raisesDays: t.HARM_RAISES_DAYS,
    chaseMinutes: t.HARM_CHASE_MINUTES,
    chaseCount: t.HARM_CHASE_COUNT,
    chaseDays: t.HARM_CHASE_DAYS,
    nightCount: t.HARM_NIGHT_COUNT,
    nightDays: t.HARM_NIGHT_DAYS,
    nightEndHour: t.HARM_NIGHT_END_HOUR,
  };
}

const iso = (at: number) => new Date(at).toISOString();
const noteView = (n: HarmNote) => ({ flag: n.flag, action: n.action, note: n.note, actor: n.actor, createdAt: iso(n.createdAt) });

async function requirePlayer(env: Env, uid: string) {
  const user = await findUser(getDb(env), uid);
  if (!user) throw new ApiError(404, "not-found", "No such player.");
  return user;
}

export function harmAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/players/:uid/play", async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    await requirePlayer(c.env, uid);
    const now = Date.now();
    const thresholds = harmThresholds(tunables(c.env));
    const days = Math.max(thresholds.raisesDays, thresholds.chaseDays, thresholds.nightDays);
    const wallet = protectionWallet(c.env, uid);
    const [statement, { history, notes }] = await Promise.all([wallet.getStatement(uid, now), wallet.getHarmHistory(uid, days, now)]);
    return c.json({
      statement: statementView(statement),
      signs: harmSigns(history, thresholds, now).map((sign) => ({ ...sign, evidence: sign.evidence.map(iso) })),
      notes: notes.map(noteView),
    } satisfies PlayerPlayView);
  });

  app.post("/players/:uid/harm-flags", async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const input = await readJson(c, HarmNoteRequestSchema);
    await refuseOwnAccount(c.env, c.var.user, await requirePlayer(c.env, uid));
    const wallet = protectionWallet(c.env, uid);
    const result = await wallet.noteHarmFlag(uid, input, { actor: c.var.user.email, reason: input.note }, Date.now());
    if (!result.ok) throw refusalError(result);
    // A break set here takes the player off the public social surface at once, as their own does.
    if (input.action === "break-7d") {
      await wallet.flushOutbox();
      await purgeAfterStandingChange(c, uid);
    }
    return c.json({ notes: result.notes.map(noteView) });
  });

  return app;
}
