// Operator endpoints under /api/admin: a game's result and the odds feed's status
// (quota and last error). Only signed-in users whose verified e-mail is listed in
// ADMIN_EMAILS may call them; everyone else gets 403 (401 without a valid token).
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { requireUser } from "../auth/require-user";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { adminEmails } from "../config";
import { ApiError, fromErrorResult, parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { readCreditGuard } from "../odds/credit-guard";
import { listFeedStatus } from "../odds/feed-status";
import { feedNow, getFeedProvider } from "../odds/odds-service";
import { listDeadLetters, replayDeadLetter } from "../settlement/dead-letters";
import { applyOperatorResult } from "../settlement/operator-result";
import { recentRuns } from "../settlement/settlement-store";
import { DateOfBirthSchema } from "../../src/shared/schemas/protection";
import { tunables } from "../tunables";
import { getUserWallet } from "../wallet/get-user-wallet";

/** An operator is an account whose ADMIN_EMAILS address the identity provider verified. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const listed = adminEmails(c.env);
  const account = listed.has(c.var.user.email.trim().toLowerCase()) ? await findUser(getDb(c.env), c.var.user.id) : undefined;
  if (!account?.emailVerified || !listed.has(account.email.trim().toLowerCase())) {
    throw new ApiError(403, "permission-denied", "Only operators can do this.");
  }
  await next();
});

const Score = z.number().int().min(0).max(10_000);

/** `{homeScore, awayScore}` records a final score; `{void: true}` voids the game (stakes refunded). */
export const EventResultSchema = z.union([
  z.strictObject({ homeScore: Score, awayScore: Score }),
  z.strictObject({ void: z.literal(true) }),
]);

const EventIdSchema = z.string().min(1).max(128);
const DeadLetterIdSchema = z.string().min(1).max(128);

const DeadLettersQuerySchema = z.strictObject({
  status: z.enum(["open", "all"]).default("open"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const RunsQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser, requireAdmin);

  app.post("/events/:eventId/result", async (c) => {
    const eventId = parseWith(EventIdSchema, c.req.param("eventId"));
    const result = await readJson(c, EventResultSchema);
    const now = Date.now();
    const clock = { now, feedNow: await feedNow(c.env, now) };
    const answer = await applyOperatorResult(c.env, eventId, result, c.var.user.email, clock);
    if (!answer.ok) throw fromErrorResult(answer);
    const { ok: _ok, ...body } = answer;
    return c.json(body);
  });

  // Player protection (issue 14): a player's date of birth is stored once; correcting a
  // mistyped one is an operator's job. Reopens an account closed only by the age rule.
  app.put("/players/:userId/date-of-birth", async (c) => {
    const userId = parseWith(EventIdSchema, c.req.param("userId"));
    const { dateOfBirth } = await readJson(c, z.strictObject({ dateOfBirth: DateOfBirthSchema }));
    if (!(await findUser(getDb(c.env), userId))) throw new ApiError(404, "not-found", "No such player.");
    const now = Date.now();
    const result = await getUserWallet(c.env, userId).correctDateOfBirth(userId, { dateOfBirth, minAge: tunables(c.env).MIN_AGE }, now);
    if (!result.ok) throw fromErrorResult(result);
    console.log(`protection admin: ${c.var.user.email} set the date of birth of ${userId}`);
    const protection = await getUserWallet(c.env, userId).getProtection(userId, now);
    return c.json({ userId, dateOfBirth: protection.state.dateOfBirth, closed: protection.state.closed });
  });

  app.get("/feed-status", async (c) => {
    const provider = getFeedProvider(c.env);
    const guard = provider?.name === "the-odds-api" ? await readCreditGuard(c.env, Date.now()) : { locked: false };
    return c.json({ provider: provider?.name ?? null, creditGuard: guard, sports: await listFeedStatus(c.env) });
  });

  // Settlement runs, newest first: what each sent to the queue and how far the queue got.
  app.get("/settlement/runs", async (c) => {
    const query = parseWith(RunsQuerySchema, c.req.query());
    return c.json({ runs: await recentRuns(c.env.DB, query.limit) });
  });

  // Settlement messages that exhausted their retries (open = not replayed yet).
  app.get("/dead-letters", async (c) => {
    const query = parseWith(DeadLettersQuerySchema, c.req.query());
    return c.json({ deadLetters: await listDeadLetters(c.env.DB, { open: query.status === "open", limit: query.limit }) });
  });

  // Sends a dead letter's message to the settlement queue again (safe to repeat: wallets pay once).
  app.post("/dead-letters/:id/replay", async (c) => {
    const id = parseWith(DeadLetterIdSchema, c.req.param("id"));
    const answer = await replayDeadLetter(id, { db: c.env.DB, queue: c.env.SETTLEMENT_QUEUE, operator: c.var.user.email, now: Date.now() });
    if (!answer.ok) throw fromErrorResult(answer);
    return c.json({ deadLetter: answer.letter, queued: true }, 202);
  });

  return app;
}
