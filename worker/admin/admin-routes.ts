// Operator endpoints under /api/admin: a game's result and the odds feed's status
// (quota and last error), and the operator console's API (players, feed and
// settlement views, the audit log, approvals, players' markets' names and statistics, the house's book). Only operators may call them — the
// account an ADMIN_EMAILS address was pinned to at its first verified sign-in
// (worker/auth/operators.ts); to everyone else, signed out included, the whole area does
// not exist (404 not-found, as for an unknown route). Every action is audited with the
// action itself; money-moving ones need a fresh sign-in and, where one person must not
// decide alone, a second operator (operator-guards.ts, approvals.ts).
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { isOperator } from "../auth/operators";
import { sha256Hex } from "../digest";
import { adminEmails } from "../config";
import { authenticate, bearerToken } from "../auth/require-user";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError, parseWith, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { readCreditGuard } from "../odds/credit-guard";
import { listFeedStatus } from "../odds/feed-status";
import { feedNow, getFeedProvider, type OddsReader } from "../odds/odds-service";
import { listDeadLetters, replayDeadLetter } from "../settlement/dead-letters";
import {
  applyOperatorResult,
  finalNeedsSecondOperator,
  recordedResult,
  type ReportedFinal,
  voidNeedsSecondOperator,
} from "../settlement/operator-result";
import { applyResultCorrection, voidHoldsProps } from "../settlement/result-correction";
import { recentRuns } from "../settlement/settlement-store";
import { tunables } from "../tunables";
import { protectionWallet } from "../protection/wallet";
import { copyIdentityForConsole } from "./identity-records";
import { approvalRoutes } from "./approval-routes";
import { freeEntryAdminRoutes } from "./free-entry-admin";
import { regionRulesAdminRoutes } from "./region-rules-admin";
import { propNamesAdminRoutes } from "./prop-names-admin";
import { payoutIdentityAdminRoutes } from "./payout-identity-admin";
import { fraudWarningAdminRoutes } from "./fraud-warning-admin";
import { propStatsAdminRoutes } from "./prop-stats-admin";
import { healthRoutes } from "./health-view";
import { houseRoutes } from "../house/house-routes";
import { riskRoutes } from "../exposure/risk-routes";
import { reconciliationRoutes } from "../reconciliation/reconciliation-routes";
import { refusedError, requestApproval } from "../approvals/approvals";
import { auditStatement, listAudit } from "../approvals/audit-log";
import { feedView, settlementView } from "./console-views";
import { betHolderRefusal, refuseOwnAccount, requireRecentSignIn } from "./operator-guards";
import { harmAdminRoutes } from "./harm-admin";
import { playerAdminRoutes } from "./player-admin";
import {
  DateOfBirthCorrectionRequestSchema,
  DeadLetterReplayRequestSchema,
  OperatorResultRequestSchema,
  ResultCorrectionRequestSchema,
  type ResultPayload,
} from "../../src/shared/schemas/operator-actions";
import type {
  ApprovalAnswer,
  AuditEntry,
  CorrectionAnswer,
  DateOfBirthCorrectionAnswerSchema,
  DeadLetterReplayAnswerSchema,
  DeadLettersSchema,
  FeedStatus,
  OperatorResultAnswer,
  SettlementRunsSchema,
} from "../../src/shared/schemas/operator-views";
import { purgeAfterStandingChange } from "../social/privacy-purge";

/** What non-operators get from every /api/admin route: the answer of a route that does not exist. */
const notFound = () => new ApiError(404, "not-found", "No such API route.");

/**
 * An operator is the signed-in account an ADMIN_EMAILS address is pinned to, with that
 * address verified by the identity provider (the account as stored, not the token's
 * claim; worker/auth/operators.ts). Anyone else, signed out included, another account
 * holding an operator's address among them, is told the route does not exist.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c.env, bearerToken(c.req.header("Authorization")), Date.now());
  // Most callers are players: their token's address settles it without a D1 read.
  if (!user || !adminEmails(c.env).has(user.email.trim().toLowerCase())) throw notFound();
  const account = await findUser(getDb(c.env), user.id);
  if (!account || !(await isOperator(c.env, account))) throw notFound();
  c.set("user", { id: user.id, email: account.email, sessionId: user.sessionId });
  await next();
});

const EventIdSchema = z.string().min(1).max(128);
const DeadLetterIdSchema = z.string().min(1).max(128);

const DeadLettersQuerySchema = z.strictObject({
  status: z.enum(["open", "all"]).default("open"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const RunsQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });

const AuditQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  target: z.string().min(1).max(128).optional(),
  before: z.coerce.number().int().min(1).optional(),
});

/** The approval request id of a result asked with the console's retry key: the server's, scoped to the game. */
async function resultRequestIdFor(eventId: string, retryKey: string): Promise<string> {
  return `res_${(await sha256Hex(JSON.stringify(["vantage.result.v1", eventId, retryKey]))).slice(0, 32)}`;
}

export function adminRoutes(odds: Pick<OddsReader, "reportedFinal">) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAdmin);

  // A game's result. A final or a correction for a game whose start time has passed waits
  // for a second operator unless the price desk already reports that very final
  // (finalNeedsSecondOperator), and so does the void of a started game
  // (voidNeedsSecondOperator); such a request keeps the result it replaces, and approval
  // applies it only to that one. An operator holding a bet on the game can neither record,
  // void nor correct it.
  app.post("/events/:eventId/result", requireRecentSignIn, async (c) => {
    const eventId = parseWith(EventIdSchema, c.req.param("eventId"));
    const raw = await readJson(c, z.unknown());
    const operator = c.var.user;
    const holder = await betHolderRefusal(c.env, operator, eventId);
    if (holder) throw refusalError(holder);
    const now = Date.now();
    const clock = { now, feedNow: await feedNow(c.env, now) };
    const reportedFinal: ReportedFinal = (sport, id) => odds.reportedFinal(c.env, sport, id, now);
    const retryKey = c.req.header("Idempotency-Key");
    // The request records the result it replaces, so approval applies it to that result only.
    const askSecondOperator = async (asked: ResultPayload, reason: string) => {
      const payload: ResultPayload = { ...asked, replaces: await recordedResult(c.env.DB, eventId) };
      const requested = await requestApproval(
        c.env,
        { id: retryKey ? await resultRequestIdFor(eventId, retryKey) : undefined, kind: "result", subject: eventId, payload, reason },
        operator,
        now,
      );
      if (!requested.ok) throw refusedError(requested);
      return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
    };
    if (typeof raw === "object" && raw !== null && "correction" in raw) {
      const { correction: _correction, reason, ...score } = parseWith(ResultCorrectionRequestSchema, raw);
      // Refused before a second operator is asked, as the correction itself would be.
      if (await voidHoldsProps(c.env.DB, eventId)) throw refusalError({ ok: false, code: "void-holds-props" });
      if (await finalNeedsSecondOperator(c.env.DB, eventId, { ...score, correction: true }, reportedFinal, clock.feedNow)) {
        return askSecondOperator({ ...score, correction: true }, reason);
      }
      const audit = (seq: number, from: { status: string; homeScore: number | null; awayScore: number | null }) =>
        auditStatement(
          c.env.DB,
          { actor: operator.email, action: "correction", target: eventId, reason, details: { ...score, correction: seq, from } },
          now,
          { afterChange: true },
        );
      const answer = await applyResultCorrection(c.env, eventId, score, { operator: operator.email, reason }, clock, audit);
      if (!answer.ok) throw refusalError(answer);
      const { ok: _ok, ...corrected } = answer;
      return c.json(corrected satisfies CorrectionAnswer);
    }
    const { reason, ...result } = parseWith(OperatorResultRequestSchema, raw);
    if ("void" in result && (await voidNeedsSecondOperator(c.env.DB, eventId, clock.feedNow))) {
      return askSecondOperator({ void: true }, reason ?? "");
    }
    if (
      !("void" in result) &&
      (await finalNeedsSecondOperator(c.env.DB, eventId, { ...result, correction: false }, reportedFinal, clock.feedNow))
    ) {
      return askSecondOperator({ homeScore: result.homeScore, awayScore: result.awayScore }, reason ?? "");
    }
    const audit = auditStatement(
      c.env.DB,
      { actor: operator.email, action: "void" in result ? "void" : "result", target: eventId, reason: reason ?? "", details: result },
      now,
      { afterChange: true },
    );
    const answer = await applyOperatorResult(c.env, eventId, result, operator.email, clock, audit);
    if (!answer.ok) throw refusalError(answer);
    const { ok: _ok, ...body } = answer;
    return c.json(body satisfies OperatorResultAnswer);
  });

  // Player protection: a player's date of birth is stored once; correcting a
  // mistyped one is an operator's job (never on their own account). Reopens an account
  // closed only by the age rule. The wallet writes the audit row with the correction, and
  // holds a verified identity document to the corrected date (agreeing: verified; not: mismatch).
  // Since that can let redemptions go, it needs a fresh sign-in like the money actions.
  app.put("/players/:userId/date-of-birth", requireRecentSignIn, async (c) => {
    const userId = parseWith(EventIdSchema, c.req.param("userId"));
    const { dateOfBirth, reason } = await readJson(c, DateOfBirthCorrectionRequestSchema);
    const player = await findUser(getDb(c.env), userId);
    if (!player) throw new ApiError(404, "not-found", "No such player.");
    await refuseOwnAccount(c.env, c.var.user, player);
    const now = Date.now();
    const wallet = protectionWallet(c.env, userId);
    const result = await wallet.correctDateOfBirth(
      userId,
      { dateOfBirth, minAge: tunables(c.env).MIN_AGE },
      { actor: c.var.user.email, reason: reason ?? "" },
      now,
    );
    if (!result.ok) throw refusalError(result);
    // A closure as under age, or a reopening, changes who the public social surface shows: at once.
    await wallet.flushOutbox();
    await purgeAfterStandingChange(c, userId);
    const [protection, identity] = await Promise.all([wallet.getProtection(userId, now), wallet.getIdentity(userId, now)]);
    await copyIdentityForConsole(getDb(c.env), userId, identity, now);
    return c.json({
      userId,
      dateOfBirth: protection.state.dateOfBirth,
      closed: protection.state.closed,
      identity: identity.status,
    } satisfies z.infer<typeof DateOfBirthCorrectionAnswerSchema>);
  });

  app.get("/feed-status", async (c) => {
    const provider = getFeedProvider(c.env);
    const guard = provider?.name === "the-odds-api" ? await readCreditGuard(c.env, Date.now()) : { locked: false as const };
    return c.json({ provider: provider?.name ?? null, creditGuard: guard, sports: await listFeedStatus(c.env) } satisfies FeedStatus);
  });

  // ---- the operator console ----
  app.route("/", playerAdminRoutes());
  app.route("/", payoutIdentityAdminRoutes());
  app.route("/", fraudWarningAdminRoutes());
  app.route("/", harmAdminRoutes());
  app.route("/approvals", approvalRoutes());
  app.route("/free-entry", freeEntryAdminRoutes());
  app.route("/region-rules", regionRulesAdminRoutes());
  app.route("/prop-players", propNamesAdminRoutes());
  app.route("/", propStatsAdminRoutes());
  app.route("/", healthRoutes());
  app.route("/house", houseRoutes());
  app.route("/risk", riskRoutes());
  app.route("/reconciliation", reconciliationRoutes());
  app.get("/feed", async (c) => c.json(await feedView(c.env, Date.now())));
  app.get("/settlement", async (c) => c.json(await settlementView(c.env, Date.now())));
  app.get("/audit", async (c) => {
    const query = parseWith(AuditQuerySchema, c.req.query());
    return c.json({ entries: await listAudit(c.env.DB, query) } satisfies { entries: AuditEntry[] });
  });

  // Settlement runs, newest first: what each sent to the queue and how far the queue got.
  app.get("/settlement/runs", async (c) => {
    const query = parseWith(RunsQuerySchema, c.req.query());
    return c.json({ runs: await recentRuns(c.env.DB, query.limit) } satisfies z.infer<typeof SettlementRunsSchema>);
  });

  // Settlement messages that exhausted their retries (open = not replayed yet).
  app.get("/dead-letters", async (c) => {
    const query = parseWith(DeadLettersQuerySchema, c.req.query());
    const deadLetters = await listDeadLetters(c.env.DB, { open: query.status === "open", limit: query.limit });
    return c.json({ deadLetters } satisfies z.infer<typeof DeadLettersSchema>);
  });

  // Sends a dead letter's message to the settlement queue again (safe to repeat: wallets pay once).
  app.post("/dead-letters/:id/replay", requireRecentSignIn, async (c) => {
    const id = parseWith(DeadLetterIdSchema, c.req.param("id"));
    const { reason } = await readJson(c, DeadLetterReplayRequestSchema);
    const now = Date.now();
    const audit = (details: { userId: string | null; replayCount: number }) =>
      auditStatement(c.env.DB, { actor: c.var.user.email, action: "dead-letter-replay", target: id, reason: reason ?? "", details }, now);
    const answer = await replayDeadLetter(id, { db: c.env.DB, queue: c.env.SETTLEMENT_QUEUE, operator: c.var.user.email, now, audit });
    if (!answer.ok) throw refusalError(answer);
    return c.json({ deadLetter: answer.letter, queued: true } satisfies z.infer<typeof DeadLetterReplayAnswerSchema>, 202);
  });

  return app;
}
