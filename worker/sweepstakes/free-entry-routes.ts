// Free entry by post (the no-purchase way in, beside the daily bonus). The player's side:
// GET /api/free-entry/code answers their open request codes, issuing one when they hold
// none; POST /api/free-entry/code issues one more, up to FREE_ENTRY_OPEN_CODES. Both need
// the rules in force accepted and are refused where the daily bonus is (BLOCKED_REGIONS).
// The operator's side: POST /api/admin/free-entry {code, postmarkedOn} records a received
// card, crediting through the player's wallet and its usual gates (see free-entry.ts).
import { Hono, type Context } from "hono";
import { normaliseFreeEntryCode } from "../../src/shared/free-entry-codes";
import { type FreeEntryCodes, type FreeEntryRecord, RecordFreeEntryRequestSchema } from "../../src/shared/schemas/sweepstakes";
import { SPONSOR_NOT_SET } from "../../src/shared/sweepstakes-rules";
import { requireAdmin } from "../admin/admin-routes";
import { refuseOwnAccount, requireRecentSignIn } from "../admin/operator-guards";
import { requireUser } from "../auth/require-user";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError, fromErrorResult, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { allowInRegion, playContextFor } from "../protection/request-region";
import { tunables } from "../tunables";
import { getUserWallet } from "../wallet";
import { checkPostmark, findCode, issueCode, markRecorded, openCodes, toFreeEntryCode } from "./free-entry";
import { currentRules } from "./rules-versions";

/** Requesting a code is taking part: the rules in force must be accepted first (the SPA's dialog asks). */
async function requireAcceptedRules(c: Context<AppEnv>, now: number): Promise<void> {
  const userId = c.var.user.id;
  const [rules, accepted] = await Promise.all([currentRules(c.env), getUserWallet(c.env, userId).getAcceptedRulesVersion(userId, now)]);
  if (accepted !== rules.version) {
    throw new ApiError(
      403,
      "rules-not-accepted",
      "Please read and accept the Official Sweepstakes Rules before you ask for a free-entry code.",
      {
        rulesVersion: rules.version,
      },
    );
  }
}

async function codesAnswer(c: Context<AppEnv>, now: number, issueWhenNone: boolean): Promise<FreeEntryCodes> {
  const t = tunables(c.env);
  const userId = c.var.user.id;
  let codes = await openCodes(c.env.DB, userId, now);
  if (codes.length === 0 && issueWhenNone) {
    const region = allowInRegion(c, "bonus").place?.region ?? null;
    codes = [await issueCode(c.env.DB, { userId, region, validDays: t.FREE_ENTRY_CODE_DAYS }, now)];
  }
  return {
    codes: codes.map(toFreeEntryCode),
    maxOpenCodes: t.FREE_ENTRY_OPEN_CODES,
    validDays: t.FREE_ENTRY_CODE_DAYS,
    cashCents: t.FREE_ENTRY_CASH_CENTS,
    mailTo: { name: t.SPONSOR_NAME.trim() || SPONSOR_NOT_SET, address: t.SPONSOR_ADDRESS.trim() || SPONSOR_NOT_SET },
  };
}

export function freeEntryRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser);

  app.get("/code", async (c) => {
    const now = Date.now();
    allowInRegion(c, "bonus");
    await requireAcceptedRules(c, now);
    c.header("Cache-Control", "private, no-store");
    return c.json(await codesAnswer(c, now, true));
  });

  app.post("/code", async (c) => {
    const now = Date.now();
    const region = allowInRegion(c, "bonus").place?.region ?? null;
    await requireAcceptedRules(c, now);
    const t = tunables(c.env);
    const open = await openCodes(c.env.DB, c.var.user.id, now);
    if (open.length >= t.FREE_ENTRY_OPEN_CODES) {
      throw new ApiError(
        409,
        "too-many-codes",
        `You already hold ${open.length} unused codes. Mail a card with one of them; each code is valid for ${t.FREE_ENTRY_CODE_DAYS} days.`,
      );
    }
    await issueCode(c.env.DB, { userId: c.var.user.id, region, validDays: t.FREE_ENTRY_CODE_DAYS }, now);
    return c.json(await codesAnswer(c, now, false));
  });

  return app;
}

/** POST /api/admin/free-entry: an operator records one received card (never for their own account). */
export function freeEntryAdminRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", requireAdmin);

  app.post("/", requireRecentSignIn, async (c) => {
    const body = await readJson(c, RecordFreeEntryRequestSchema);
    const code = normaliseFreeEntryCode(body.code);
    const row = code ? await findCode(c.env.DB, code) : null;
    if (!code || !row)
      throw new ApiError(404, "unknown-code", "No free-entry request code matches. Check the card's code letter by letter.");
    const player = await findUser(getDb(c.env), row.user_id);
    if (!player) throw new ApiError(404, "unknown-code", "The player of this code no longer exists.");
    refuseOwnAccount(c.var.user, player);
    const now = Date.now();
    const postmark = checkPostmark(body.postmarkedOn, row, now);
    if (!postmark.ok) throw fromErrorResult(postmark);

    const t = tunables(c.env);
    // The player's own place when they asked for the code (its region rule and minimum age).
    const play = playContextFor(c.env, row.region);
    const actor = c.var.user.email;
    const result = await getUserWallet(c.env, row.user_id).recordFreeEntry(
      row.user_id,
      { code, postmarkedOn: body.postmarkedOn, amountCents: t.FREE_ENTRY_CASH_CENTS, actor },
      play,
      now,
    );
    if (!result.ok) throw fromErrorResult(result);
    await markRecorded(c.env.DB, { code, actor, postmarkedOn: body.postmarkedOn, outcome: result.refusal?.code ?? "credited" }, now);
    const entry: FreeEntryRecord = {
      code,
      userId: row.user_id,
      postmarkedOn: body.postmarkedOn,
      credited: result.credited,
      amountCents: result.amountCents,
      refusal: result.refusal,
    };
    return c.json({ entry });
  });

  return app;
}
