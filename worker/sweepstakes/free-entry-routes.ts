// Free entry by post (the no-purchase way in, beside the daily bonus). The player's side:
// GET /api/free-entry/code answers their open request codes, issuing one when they hold
// none; POST /api/free-entry/code issues one more, up to FREE_ENTRY_OPEN_CODES. Both need
// the rules in force accepted and are refused where the region offers no Vantage Cash.
// The operator's side (recording a received card, under four eyes) is
// worker/admin/free-entry-admin.ts.
import { Hono, type Context } from "hono";
import type { FreeEntryCodes } from "../../src/shared/schemas/sweepstakes";
import { SPONSOR_NOT_SET } from "../../src/shared/sweepstakes-rules";
import { requireUser } from "../auth/require-user";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { allowFreeEntryInRegion } from "../protection/request-region";
import { tunables } from "../tunables";
import { protectionWallet } from "../protection/wallet";
import { issueCode, openCodes, toFreeEntryCode } from "./free-entry";
import { currentRules } from "./rules-versions";

/** Requesting a code is taking part: the rules in force must be accepted first (the SPA's dialog asks). */
async function requireAcceptedRules(c: Context<AppEnv>, now: number): Promise<void> {
  const userId = c.var.user.id;
  const [rules, accepted] = await Promise.all([currentRules(c.env), protectionWallet(c.env, userId).getAcceptedRulesVersions(userId, now)]);
  if (!accepted.includes(rules.version)) {
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
    const region = allowFreeEntryInRegion(c).place?.region ?? null;
    // One first code however many pages ask at once: the others find it.
    await issueCode(c.env.DB, { userId, region, validDays: t.FREE_ENTRY_CODE_DAYS, maxOpen: 1 }, now);
    codes = await openCodes(c.env.DB, userId, now);
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
    allowFreeEntryInRegion(c);
    await requireAcceptedRules(c, now);
    c.header("Cache-Control", "private, no-store");
    return c.json(await codesAnswer(c, now, true));
  });

  app.post("/code", async (c) => {
    const now = Date.now();
    const region = allowFreeEntryInRegion(c).place?.region ?? null;
    await requireAcceptedRules(c, now);
    const t = tunables(c.env);
    const issued = await issueCode(
      c.env.DB,
      { userId: c.var.user.id, region, validDays: t.FREE_ENTRY_CODE_DAYS, maxOpen: t.FREE_ENTRY_OPEN_CODES },
      now,
    );
    if (!issued) {
      const open = await openCodes(c.env.DB, c.var.user.id, now);
      throw new ApiError(
        409,
        "too-many-codes",
        `You already hold ${open.length} unused codes. Mail a card with one of them; each code is valid for ${t.FREE_ENTRY_CODE_DAYS} days.`,
      );
    }
    return c.json(await codesAnswer(c, now, false));
  });

  return app;
}
