// An operator's own accounts are more than the one they sign in with: a player account that
// shares their verified identity document or payout account, or that the console names as
// theirs, counts as their own for adjustments, approvals, results and free entry.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import type { FreeEntryCodes } from "../../src/shared/schemas/sweepstakes";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { buyCash, history, onboardPayouts, vantageCashOf, withReview } from "./payout-helpers";
import { HOUR, leg, newEventId, openBet, seedBets } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

async function codeOf(res: Response): Promise<{ status: number; code: string }> {
  return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
}

const adjust = (uid: string, token: string) =>
  postJson(`/api/admin/players/${uid}/adjustments`, { wallet: "cash", amount: 2_500, reason: "prize" }, token);

const nameAs = (uid: string, operatorEmail: string, token = ops.token) =>
  postJson(`/api/admin/players/${uid}/operator-account`, { operatorEmail, reason: "the operator's personal account" }, token);

describe("accounts that are an operator's own under another address", () => {
  it("an account that tried the operator's identity document is theirs: no adjustment, no approval of one", async () => {
    const second = await signIn();
    // What the identity check records when a second account shows a document already verifying another.
    await env.DB.prepare(
      "INSERT INTO identity_checks (user_id, status, session_id, provider, reason, owner_user_id, updated_at) VALUES (?, 'in-use', 'vs_x', 'simulated', 'document in use', ?, ?)",
    )
      .bind(second.userId, admin.userId, Date.now())
      .run();
    expect(await codeOf(await adjust(second.userId, admin.token))).toEqual({ status: 403, code: "own-account" });
    // Asked for by the other operator, the operator whose account it is may not approve it.
    const asked = await adjust(second.userId, ops.token);
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string } };
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    const detail = (await (await api(`/api/admin/players/${second.userId}`, { token: admin.token })).json()) as { yours: boolean };
    expect(detail.yours).toBe(true);
    const seenByOps = (await (await api(`/api/admin/players/${second.userId}`, { token: ops.token })).json()) as { yours: boolean };
    expect(seenByOps.yours).toBe(false);
  });

  it("an account refused the operator's payout account is theirs: no unfreezing asked or approved, no free-entry card; a freeze, a brake, stays open", async () => {
    const second = await signIn();
    await env.DB.prepare(
      "INSERT INTO payout_identity_refusals (fingerprint, user_id, owner_user_id, account_id, amount_cents, created_at) VALUES ('fp_x', ?, ?, 'acct_x', 2000, ?)",
    )
      .bind(second.userId, admin.userId, Date.now())
      .run();
    expect((await postJson(`/api/admin/players/${second.userId}/freeze`, { reason: "check" }, admin.token)).status).toBe(200);
    expect(await codeOf(await postJson(`/api/admin/players/${second.userId}/unfreeze`, { reason: "checked" }, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    // Asked for by the other operator, the operator whose account it is may not approve it.
    const asked = await postJson(`/api/admin/players/${second.userId}/unfreeze`, { reason: "checked" }, ops.token);
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string } };
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    const detail = (await (await api(`/api/admin/players/${second.userId}`, { token: ops.token })).json()) as { frozen: boolean };
    expect(detail.frozen).toBe(true);
    const codes = (await (await api("/api/free-entry/code", { token: second.token })).json()) as FreeEntryCodes;
    const card = await postJson("/api/admin/free-entry", { code: codes.codes[0]!.code, postmarkedOn: etDayKey(Date.now()) }, admin.token);
    expect(await codeOf(card)).toEqual({ status: 403, code: "own-account" });
  });

  it("an account named in the console is theirs, audited once, and its bets keep them out of the game's result", async () => {
    const second = await signIn();
    const named = await nameAs(second.userId, ADMIN_EMAIL.toUpperCase());
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({
      uid: second.userId,
      changed: true,
      operatorAccounts: [{ operatorEmail: ADMIN_EMAIL, namedBy: SECOND_OPERATOR, reason: "the operator's personal account" }],
    });
    expect(((await (await nameAs(second.userId, ADMIN_EMAIL)).json()) as { changed: boolean }).changed).toBe(false);
    const audit = (await (await api(`/api/admin/audit?target=${second.userId}`, { token: ops.token })).json()) as {
      entries: { action: string; actor: string }[];
    };
    expect(audit.entries.filter((e) => e.action === "operator-account")).toEqual([expect.objectContaining({ actor: SECOND_OPERATOR })]);
    expect(await codeOf(await adjust(second.userId, admin.token))).toEqual({ status: 403, code: "own-account" });
    expect((await adjust(second.userId, ops.token)).status).toBe(202);

    // A bet of that account on a game: its operator can neither record nor approve the result.
    const eventId = newEventId();
    const startTime = new Date(Date.now() - 3 * HOUR).toISOString();
    await seedBets(second.userId, [openBet([leg({ eventId, league: "icehockey_nhl", startTime })], { stake: 100 })]);
    expect(await codeOf(await postJson(`/api/admin/events/${eventId}/result`, { homeScore: 1, awayScore: 0 }, admin.token))).toEqual({
      status: 403,
      code: "holds-bet",
    });
    const asked = await postJson(`/api/admin/events/${eventId}/result`, { homeScore: 1, awayScore: 0 }, ops.token);
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string } };
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "holds-bet",
    });
  });

  it("shields the account from none of that operator's brakes: a freeze, a rejected redemption or credit stay open to them", async () => {
    const player = await signIn();
    await buyCash(player);
    await onboardPayouts(player);
    // Named as the admin's by the other operator (an accomplice's account, say).
    expect((await nameAs(player.userId, ADMIN_EMAIL)).status).toBe(200);
    const asked = await withReview({ cents: "50000", days: "30" }, "/api/withdrawals", {
      method: "POST",
      token: player.token,
      body: JSON.stringify({ amount: 20 }),
    });
    const { redemption } = (await asked.json()) as { redemption: { id: string; status: string } };
    expect(redemption.status).toBe("pending");
    const review = `review-${redemption.id}`;
    expect(await codeOf(await postJson(`/api/admin/approvals/${review}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    expect((await postJson(`/api/admin/approvals/${review}/reject`, { reason: "Document photo unreadable" }, admin.token)).status).toBe(
      200,
    );
    expect((await history(player)).find((r) => r.id === redemption.id)).toMatchObject({ status: "failed" });
    expect(await vantageCashOf(player)).toBe(4_900);

    // A credit asked by the other operator may be rejected by the admin; a debit may not (it keeps the money).
    const credit = (await (await adjust(player.userId, ops.token)).json()) as { request: { id: string } };
    expect((await postJson(`/api/admin/approvals/${credit.request.id}/reject`, { reason: "no prize" }, admin.token)).status).toBe(200);
    const debit = await postJson(
      `/api/admin/players/${player.userId}/adjustments`,
      { wallet: "cash", amount: -100, reason: "clawback" },
      ops.token,
    );
    const { request } = (await debit.json()) as { request: { id: string } };
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/reject`, { reason: "keep it" }, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });

    expect((await postJson(`/api/admin/players/${player.userId}/freeze`, { reason: "check" }, admin.token)).status).toBe(200);
  });

  it("names only operators' addresses, and only other accounts than the operator's own sign-in", async () => {
    const player = await signIn();
    expect(await codeOf(await nameAs(player.userId, "someone@example.com"))).toEqual({ status: 400, code: "not-an-operator" });
    expect(await codeOf(await nameAs(admin.userId, ADMIN_EMAIL))).toEqual({ status: 409, code: "operator-account" });
    expect(await codeOf(await nameAs(player.userId, "not an address"))).toEqual({ status: 400, code: "invalid-argument" });
    expect((await nameAs(player.userId, ADMIN_EMAIL, player.token)).status).toBe(404);
  });
});
