// /api/me: the signed-in player's document; PATCH takes partial bodies (username, the
// one-time date of birth, public handle and profile privacy — handle rules in
// src/shared/handles.ts, 409 `handle-taken` — and whether Vantage Cash results are
// public); POST /break and PUT /limits are the player's
// protection tools, stored and enforced by the player's wallet Durable Object;
// POST /rules-acceptance records the sweepstakes rules version the player accepted, and
// GET /export is "Download my data" (data-export.ts): one year's records as JSON or CSV.
// A refused username is a 400 whose message is the shared rule's sentence for a player
// (the same one the account page shows before sending), never a field path.
import { limitProfileChanges } from "../http/rate-limit";
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { LIMIT_NAMES, type LimitName } from "../../src/shared/protection";
import { BreakRequestSchema, LimitsRequestSchema } from "../../src/shared/schemas/protection";
import { RulesAcceptanceRequestSchema } from "../../src/shared/schemas/sweepstakes";
import { DataExportQuerySchema } from "../../src/shared/schemas/data-export";
import { yearOfET, yearPeriodET } from "../../src/shared/money-totals";
import { checkDisplayName, UpdateMeRequestSchema } from "../../src/shared/schemas/user";
import { requireUser } from "../auth/require-user";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { users } from "../db/schema";
import { ApiError, parseWith, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { loggerFor } from "../logging/logger";
import { limitToMinor } from "../protection/protection-view";
import { notePlayerRegion } from "../protection/region-change-alerts";
import { playContextFor, requestRegion } from "../protection/request-region";
import { tunables } from "../tunables";
import { protectionWallet } from "../protection/wallet";
import { exportWallet } from "./wallet";
import { handleRefusal, readProfile, setHandle, setHiddenStatements, setShowCashResultsStatement } from "../social/player-profiles";
import { purgeAfterPrivacyChange, purgeAfterStandingChange } from "../social/privacy-purge";
import { currentRules } from "../sweepstakes/rules-versions";
import { loadUserDocument } from "./user-document";
import { buildDataExport, dataExportCsv } from "./data-export";

const HOUR_MS = 60 * 60 * 1000;

async function currentDocument(c: Context<AppEnv>, now: number) {
  const user = await findUser(getDb(c.env), c.var.user.id);
  if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
  // Where the player plays from, so a change to that region's rules can alert them; a failed write only delays that.
  const noted = notePlayerRegion(c.env.DB, user.id, requestRegion(c.env, c.req.raw), now).catch((err: unknown) =>
    loggerFor(c.env).warn("region alerts: noting where a player plays failed", err),
  );
  const [document] = await Promise.all([loadUserDocument(c.env, user, now, c.req.raw), noted]);
  return c.json(document);
}

export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser);

  app.get("/", (c) => currentDocument(c, Date.now()));

  app.patch("/", limitProfileChanges, async (c) => {
    const { displayName: typedName, dateOfBirth, handle, profileHidden, showCashResults } = await readJson(c, UpdateMeRequestSchema);
    const checked = typedName === undefined ? null : checkDisplayName(typedName);
    if (checked && !checked.ok) throw new ApiError(400, "invalid-argument", checked.message);
    const displayName = checked?.ok ? checked.name : undefined;
    const userId = c.var.user.id;
    const now = Date.now();
    const heldSince = now - tunables(c.env).HANDLE_HOLD_DAYS * 86_400_000;
    // What can be refused comes first (a handle's form, reserved or taken, then the date of
    // birth 409/400, then the handle written), so a refused body leaves the rest unchanged too.
    if (handle !== undefined && dateOfBirth !== undefined) {
      const refused = await handleRefusal(c.env.DB, c.var.user.id, handle, heldSince);
      if (refused) throw refusalError(refused);
    }
    if (dateOfBirth !== undefined) {
      const { minAge } = playContextFor(c.env, requestRegion(c.env, c.req.raw));
      const result = await protectionWallet(c.env, userId).confirmDateOfBirth(userId, { dateOfBirth, minAge }, now);
      if (!result.ok) throw refusalError(result);
      // Closed as under age: the edge's copies of the player's public answers go (social/standing.ts).
      if (result.changed) await purgeAfterStandingChange(c, userId);
    }
    // The profile as the edge may have kept it, to purge what the change below makes stale.
    const touchesProfile = handle !== undefined || profileHidden !== undefined || showCashResults !== undefined;
    const profileBefore = touchesProfile ? await readProfile(c.env.DB, userId) : null;
    if (handle !== undefined) {
      const result = await setHandle(c.env.DB, userId, handle, now, { heldSince, max: tunables(c.env).HANDLE_HOLDS_MAX });
      if (!result.ok) throw refusalError(result);
    }
    const privacy = [
      ...(profileHidden === undefined ? [] : setHiddenStatements(c.env.DB, userId, profileHidden, now)),
      ...(showCashResults === undefined ? [] : [setShowCashResultsStatement(c.env.DB, userId, showCashResults, now)]),
    ];
    if (privacy.length > 0) await c.env.DB.batch(privacy);
    if (profileBefore) await purgeAfterPrivacyChange(c, userId, profileBefore);
    if (displayName !== undefined) {
      const [user] = await getDb(c.env).update(users).set({ displayName }).where(eq(users.id, userId)).returning();
      if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
    }
    return currentDocument(c, now);
  });

  // The player accepts the Official Sweepstakes Rules they were shown: only the version in
  // force (409 rules-changed for another, so a player who read an older text reads the new
  // one); accepting it again changes nothing. Vantage Cash play waits for it (worker/sweepstakes/).
  app.post("/rules-acceptance", async (c) => {
    const { version } = await readJson(c, RulesAcceptanceRequestSchema);
    const rules = await currentRules(c.env);
    if (version !== rules.version) {
      throw new ApiError(
        409,
        "rules-changed",
        "The Official Sweepstakes Rules have changed. Please read the current version and accept it.",
        {
          rulesVersion: rules.version,
        },
      );
    }
    const userId = c.var.user.id;
    const now = Date.now();
    await protectionWallet(c.env, userId).acceptRules(userId, version, now);
    return currentDocument(c, now);
  });

  app.post("/break", async (c) => {
    const { period } = await readJson(c, BreakRequestSchema);
    const userId = c.var.user.id;
    const now = Date.now();
    await protectionWallet(c.env, userId).takeBreak(userId, period, now);
    // Off the public social surface while it holds: the edge's copies go too (social/standing.ts).
    await purgeAfterStandingChange(c, userId);
    return currentDocument(c, now);
  });

  app.put("/limits", async (c) => {
    const body = await readJson(c, LimitsRequestSchema);
    const requested: Partial<Record<LimitName, number | null>> = {};
    for (const name of LIMIT_NAMES) {
      const value = body[name];
      if (value !== undefined) requested[name] = limitToMinor(name, value);
    }
    const userId = c.var.user.id;
    const now = Date.now();
    const delayMs = tunables(c.env).LIMIT_RAISE_DELAY_HOURS * HOUR_MS;
    await protectionWallet(c.env, userId).setLimits(userId, requested, delayMs, now);
    return currentDocument(c, now);
  });

  app.get("/export", async (c) => {
    const query = parseWith(DataExportQuerySchema, c.req.query());
    const now = Date.now();
    const year = query.year ?? yearOfET(now);
    const period = yearPeriodET(year);
    const records = await exportWallet(c.env, c.var.user.id).exportRecords(c.var.user.id, period, now);
    const doc = buildDataExport(records, year, period, now);
    c.header("Cache-Control", "private, no-store");
    c.header("Content-Disposition", `attachment; filename="vantage-${year}.${query.format}"`);
    if (query.format === "json") return c.json(doc);
    return c.body(dataExportCsv(doc), 200, { "Content-Type": "text/csv; charset=utf-8" });
  });

  return app;
}
