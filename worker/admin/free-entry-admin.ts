// Free entry by post, the operators' side. One operator records a received card by the
// request code written on it and its postmark (POST /api/admin/free-entry {code,
// postmarkedOn, note?}); nothing is credited then: the card waits in the approvals queue
// for a second operator — never the recorder, never on their own account — who sees the
// code, the postmark, the amount and the recorder's note. Only approval credits, through
// the player's wallet and its usual gates (worker/sweepstakes/in-wallet.ts),
// so one operator and any player account cannot mint Vantage Cash. Each operator records
// at most FREE_ENTRY_DAILY_CAP cards in any 24 hours, counted in the request's own insert.
// The player's side (request codes) is worker/sweepstakes/free-entry-routes.ts.
import { Hono } from "hono";
import { normaliseFreeEntryCode } from "../../src/shared/free-entry-codes";
import type { ApprovalAnswer } from "../../src/shared/schemas/operator-views";
import { RecordFreeEntryRequestSchema } from "../../src/shared/schemas/sweepstakes";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { refusalError } from "../http/refusals";
import { playContextFor, REGION_RULES_UNREAD_MESSAGE } from "../protection/request-region";
import { freshenOperatorRegionEntries } from "../protection/region-entries";
import { checkPostmark, findCode, markRecorded } from "../sweepstakes/free-entry";
import { tunables } from "../tunables";
import { sweepstakesWallet } from "../sweepstakes/wallet";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { moneyDeciderRefusal, refuseOwnAccount, requireRecentSignIn } from "./operator-guards";

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/admin/free-entry: records one received card as a request for a second operator (202); mounted behind requireAdmin. */
export function freeEntryAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/", requireRecentSignIn, async (c) => {
    const body = await readJson(c, RecordFreeEntryRequestSchema);
    const code = normaliseFreeEntryCode(body.code);
    const row = code ? await findCode(c.env.DB, code) : null;
    if (!code || !row)
      throw new ApiError(404, "unknown-code", "No free-entry request code matches. Check the card's code letter by letter.");
    const player = await findUser(getDb(c.env), row.user_id);
    if (!player) throw new ApiError(404, "unknown-code", "The player of this code no longer exists.");
    await refuseOwnAccount(c.env, c.var.user, player);
    if (row.recorded_at !== null) throw refusalError({ ok: false, code: "code-used" });
    const now = Date.now();
    const postmark = checkPostmark(body.postmarkedOn, row, now);
    if (!postmark.ok) throw refusalError(postmark);
    const t = tunables(c.env);
    const note = body.note ?? "";
    const requested = await requestApproval(
      c.env,
      {
        // The server's id, one per card: two operators recording one card ask once.
        id: `fe_${code}_${body.postmarkedOn}`,
        kind: "free-entry",
        subject: row.user_id,
        payload: { code, postmarkedOn: body.postmarkedOn, amountCents: t.FREE_ENTRY_CASH_CENTS },
        reason: note,
        cap: {
          max: t.FREE_ENTRY_DAILY_CAP,
          since: now - DAY_MS,
          refusal: { ok: false, code: "free-entry-cap", details: { max: t.FREE_ENTRY_DAILY_CAP } },
        },
      },
      c.var.user,
      now,
    );
    if (!requested.ok) throw refusedError(requested);
    const { request } = requested;
    if (request.status === "rejected") {
      throw new ApiError(
        409,
        "free-entry-rejected",
        `${request.decidedBy ?? "Another operator"} rejected this card: ${request.decisionReason ?? ""}`,
        {
          request,
        },
      );
    }
    if (request.status !== "pending") throw refusalError({ ok: false, code: "code-used" }, { request });
    return c.json({ request } satisfies ApprovalAnswer, 202);
  });

  return app;
}

/** The approvals queue's rules for a recorded card: decided by anyone but the recorder and the player. */
export const FREE_ENTRY_APPROVAL: ApprovalKindRules = {
  // Rejecting a card credits nothing, so any operator may.
  guard: (env, request, operator, requester, decision) => moneyDeciderRefusal(env, request.subject, operator, requester, decision, true),
  async apply(env, request, approver, now) {
    if (request.kind !== "free-entry") throw new Error(`not a free entry: ${request.kind}`);
    const { code, postmarkedOn, amountCents } = request.payload;
    const row = await findCode(env.DB, code);
    if (!row) return { ok: false, code: "unknown-code" };
    const postmark = checkPostmark(postmarkedOn, row, now);
    if (!postmark.ok) return postmark;
    // The player's own place when they asked for the code (its region rule and minimum age),
    // never judged on the shipped table alone: an entry operators added could be missed.
    if (!(await freshenOperatorRegionEntries(env, now))) throw new ApiError(503, "region-rules-unread", REGION_RULES_UNREAD_MESSAGE);
    const play = playContextFor(env, row.region);
    const result = await sweepstakesWallet(env, row.user_id).recordFreeEntry(
      row.user_id,
      { code, postmarkedOn, amountCents, actor: approver.email },
      play,
      now,
    );
    if (!result.ok) return result;
    await markRecorded(env.DB, { code, actor: approver.email, postmarkedOn, outcome: result.refusal?.code ?? "credited" }, now);
    return {
      ok: true,
      outcome: {
        code,
        userId: row.user_id,
        postmarkedOn,
        credited: result.credited,
        amountCents: result.amountCents,
        refusal: result.refusal,
        recordedBy: request.requestedBy,
      },
    };
  },
};
