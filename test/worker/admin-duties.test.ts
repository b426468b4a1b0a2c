// Separation of duties in the operator console: nobody acts on their own account, a
// Vantage Cash (or large Coins) adjustment waits for a second operator and only approval
// moves money, a final for a game the feed shows under way waits too, an operator holding
// a bet on a game has no say in its result, the audit row is written with the action (an
// action whose row cannot be written does not happen), operator rights follow the pinned
// Google account rather than the address, and money actions need a fresh sign-in.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { OPENING_COINS } from "../../src/shared/money";
import { isPinnedOperator, pinOperatorAtSignIn } from "../../worker/auth/operators";
import { tunables } from "../../worker/tunables";
import type { UserWallet } from "../../worker/user-wallet";
import { api, postJson, sessionIdOf, signIn, type SignedIn } from "./helpers";
import { callGoogleMode, fakeGoogle, signInWithGoogle } from "./fake-google";
import { HOUR, betOf, cashCents, coins, drained, leg, newEventId, openBet, seedBets, wallet } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";

type ErrorBody = { error: { code: string; message: string; details?: { request?: Request } } };
type Request = { id: string; kind: string; status: string; requestedBy: string; decidedBy: string | null; outcome: unknown };
type AuditEntries = { entries: { actor: string; action: string; target: string; reason: string; details: Record<string, unknown> }[] };

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

async function codeOf(res: Response): Promise<{ status: number; code: string }> {
  return { status: res.status, code: ((await res.json()) as ErrorBody).error.code };
}

async function auditFor(target: string) {
  return ((await (await api(`/api/admin/audit?target=${encodeURIComponent(target)}`, { token: admin.token })).json()) as AuditEntries)
    .entries;
}

const adjust = (uid: string, body: Record<string, unknown>, token = admin.token) =>
  postJson(`/api/admin/players/${uid}/adjustments`, body, token);

async function requested(res: Response): Promise<Request> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: Request }).request;
}

describe("nobody acts on their own account", () => {
  it("an operator's adjustment, request to unfreeze or date-of-birth change on their own account is 403 own-account, and changes nothing", async () => {
    const before = await coins(admin.userId);
    for (const body of [
      { wallet: "coins", amount: 100, reason: "a little extra" },
      { wallet: "cash", amount: 5_000, reason: "payday" },
    ]) {
      expect(await codeOf(await adjust(admin.userId, body))).toEqual({ status: 403, code: "own-account" });
    }
    expect(await codeOf(await postJson(`/api/admin/players/${admin.userId}/unfreeze`, { reason: "testing" }, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    const dob = await api(`/api/admin/players/${admin.userId}/date-of-birth`, {
      method: "PUT",
      token: admin.token,
      body: JSON.stringify({ dateOfBirth: "1980-01-01", reason: "typo" }),
    });
    expect(await codeOf(dob)).toEqual({ status: 403, code: "own-account" });
    expect(await coins(admin.userId)).toBe(before);
    expect(await cashCents(admin.userId)).toBe(0);
    expect((await api("/api/admin/approvals", { token: ops.token }).then((r) => r.json())) as { requests: Request[] }).toEqual({
      requests: [],
    });
    expect(await auditFor(admin.userId)).toEqual([]);
  });

  it("nor approves a request on their own account, even one another operator asked for", async () => {
    const request = await requested(await adjust(admin.userId, { wallet: "cash", amount: 100, reason: "bonus" }, ops.token));
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    expect(await cashCents(admin.userId)).toBe(0);
    // The requester cannot decide it either; it stays pending.
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/reject`, { reason: "mine" }, ops.token))).toEqual({
      status: 403,
      code: "own-request",
    });
  });
});

describe("a request on an account linked to its requester", () => {
  it("cannot be approved once the player turns out to be the requester's own: another operator may reject it", async () => {
    const player = await signIn();
    const request = await requested(await adjust(player.userId, { wallet: "cash", amount: 100, reason: "goodwill" }, admin.token));
    // After asking, the player is named as the requesting operator's own account.
    const named = await postJson(
      `/api/admin/players/${player.userId}/operator-account`,
      { operatorEmail: ADMIN_EMAIL, reason: "the operator's second account" },
      ops.token,
    );
    expect(named.status).toBe(200);
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "checked" }, ops.token))).toEqual({
      status: 409,
      code: "requester-own-account",
    });
    expect(await cashCents(player.userId)).toBe(0);
    expect((await postJson(`/api/admin/approvals/${request.id}/reject`, { reason: "own account" }, ops.token)).status).toBe(200);
  });
});

describe("four eyes on money", () => {
  it("a cash adjustment moves nothing until a second operator approves; the requester cannot approve; approval moves it once", async () => {
    const player = await signIn();
    const retryKey = crypto.randomUUID();
    const res = await adjust(player.userId, { wallet: "cash", amount: 2_500, reason: "tournament prize", idempotencyKey: retryKey });
    const request = await requested(res);
    expect(request.id).not.toBe(retryKey);
    expect(request).toMatchObject({ kind: "adjustment", status: "pending", requestedBy: ADMIN_EMAIL, decidedBy: null, outcome: null });
    expect(await cashCents(player.userId)).toBe(0);

    const pending = (await (await api("/api/admin/approvals", { token: ops.token })).json()) as { requests: Request[] };
    expect(pending.requests.filter((r) => r.id === request.id)).toEqual([
      expect.objectContaining({
        id: request.id,
        subjectLabel: player.email,
        payload: { wallet: "cash", amount: 2_500 },
        reason: "tournament prize",
        requestedBy: ADMIN_EMAIL,
      }),
    ]);

    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-request",
    });
    expect(await cashCents(player.userId)).toBe(0);

    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "checked the results" }, ops.token);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { request: Request }).request).toMatchObject({
      status: "approved",
      decidedBy: SECOND_OPERATOR,
      outcome: { adjustmentId: request.id, replayed: false, balances: { cash: 2_500 } },
    });
    expect(await cashCents(player.userId)).toBe(2_500);
    // Approving again (a double click, a second operator) moves nothing.
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token))).toEqual({
      status: 409,
      code: "already-decided",
    });
    // The same retry key sent again answers the same request.
    expect(
      (await requested(await adjust(player.userId, { wallet: "cash", amount: 2_500, reason: "again", idempotencyKey: retryKey }))).id,
    ).toBe(request.id);
    const ledger = await wallet(player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((r) => r.reason === "admin_adjustment")).toEqual([
      expect.objectContaining({ currency: "cash", amount: 2_500, reference: `adjustment:${request.id}` }),
    ]);
    // Operator cash is played through like bonus cash: none of it is redeemable yet.
    const me = (await (await api("/api/me", { token: player.token })).json()) as { redeemableCash: number; cashToPlay: number };
    expect(me).toMatchObject({ redeemableCash: 0, cashToPlay: 2_500 });

    expect((await auditFor(player.userId)).map((e) => [e.action, e.actor])).toEqual([
      ["adjustment", SECOND_OPERATOR],
      ["approve", SECOND_OPERATOR],
      ["request", ADMIN_EMAIL],
    ]);
    expect((await auditFor(player.userId))[0]!.details).toMatchObject({ requestId: request.id, requestedBy: ADMIN_EMAIL, amount: 2_500 });
  });

  it("a rejected request moves nothing and cannot be approved afterwards", async () => {
    const player = await signIn();
    const request = await requested(await adjust(player.userId, { wallet: "cash", amount: -100, reason: "claw back" }));
    expect((await postJson(`/api/admin/approvals/${request.id}/reject`, {}, ops.token)).status).toBe(400);
    const rejected = await postJson(`/api/admin/approvals/${request.id}/reject`, { reason: "no grounds" }, ops.token);
    expect(((await rejected.json()) as { request: Request }).request).toMatchObject({ status: "rejected", decidedBy: SECOND_OPERATOR });
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token))).toEqual({
      status: 409,
      code: "already-decided",
    });
    expect(await cashCents(player.userId)).toBe(0);
    expect(await codeOf(await postJson("/api/admin/approvals/no-such-request/approve", {}, ops.token))).toEqual({
      status: 404,
      code: "not-found",
    });
  });

  it("an approved debit the balance cannot cover fails and moves nothing", async () => {
    const player = await signIn();
    const request = await requested(await adjust(player.userId, { wallet: "cash", amount: -100, reason: "claw back" }));
    const res = await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token);
    expect(await codeOf(res)).toEqual({ status: 409, code: "insufficient-funds" });
    const list = (await (await api("/api/admin/approvals?status=all", { token: ops.token })).json()) as { requests: Request[] };
    expect(list.requests.find((r) => r.id === request.id)).toMatchObject({ status: "failed", outcome: { code: "insufficient-funds" } });
  });

  it("Coins above ADJUSTMENT_APPROVAL_COINS wait for approval; up to it they apply at once", async () => {
    const player = await signIn();
    const limit = tunables(env).ADJUSTMENT_APPROVAL_COINS;
    const small = await adjust(player.userId, { wallet: "coins", amount: limit, reason: "goodwill" });
    expect(small.status).toBe(200);
    expect(await coins(player.userId)).toBe(OPENING_COINS + limit);
    const large = await requested(await adjust(player.userId, { wallet: "coins", amount: -(limit + 1), reason: "too generous" }));
    expect(large.kind).toBe("adjustment");
    expect(await coins(player.userId)).toBe(OPENING_COINS + limit);
  });
});

describe("results an operator may not invent", () => {
  async function gameWithBet(stake: number) {
    const player = await signIn();
    const eventId = newEventId();
    const startTime = new Date(Date.now() - 2 * HOUR).toISOString();
    const bet = openBet(
      [leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100, home: "Oilers", away: "Flames", startTime })],
      {
        stake,
      },
    );
    await seedBets(player.userId, [bet]);
    return { player, eventId, bet, startTime };
  }

  it("a final for a game the feed still shows under way waits for a second operator's approval", async () => {
    const { player, eventId, bet, startTime } = await gameWithBet(100);
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'icehockey_nhl', 'Oilers', 'Flames', ?, 'live', 1, 0, NULL, ?)`,
    )
      .bind(eventId, Date.parse(startTime), Date.now())
      .run();
    const path = `/api/admin/events/${eventId}/result`;
    const request = await requested(await postJson(path, { homeScore: 0, awayScore: 99, reason: "final" }, admin.token));
    expect(request).toMatchObject({ kind: "result", status: "pending", subjectLabel: "Flames @ Oilers" });
    const row = await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first();
    expect(row).toEqual({ status: "live" });
    expect((await betOf(player.userId, bet.id)).status).toBe("open");
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-request",
    });

    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "matches the broadcast" }, ops.token);
    expect(approved.status).toBe(200);
    const outcome = ((await approved.json()) as { request: { outcome: { runId: number; status: string } } }).request.outcome;
    expect(outcome).toMatchObject({ status: "final", homeScore: 0, awayScore: 99 });
    await drained(outcome.runId);
    expect(await betOf(player.userId, bet.id)).toMatchObject({ status: "settled", result: "loss" });
    expect((await auditFor(eventId)).map((e) => [e.action, e.actor])).toEqual([
      ["result", SECOND_OPERATOR],
      ["approve", SECOND_OPERATOR],
      ["request", ADMIN_EMAIL],
    ]);
  });

  it("the void of a game under way waits for a second operator: a void leg leaves its parlays, so it can pay a loser", async () => {
    const { player, eventId, bet, startTime } = await gameWithBet(100);
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'icehockey_nhl', 'Oilers', 'Flames', ?, 'live', 1, 0, NULL, ?)`,
    )
      .bind(eventId, Date.parse(startTime), Date.now())
      .run();
    const request = await requested(
      await postJson(`/api/admin/events/${eventId}/result`, { void: true, reason: "abandoned" }, admin.token),
    );
    expect(request).toMatchObject({ kind: "result", status: "pending", requestedBy: ADMIN_EMAIL });
    // Nothing is voided yet, and the operator who asked cannot approve it.
    expect((await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first())?.status).toBe("live");
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-request",
    });
    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token);
    expect(approved.status).toBe(200);
    const { outcome } = ((await approved.json()) as { request: Request }).request as Request & { outcome: { runId: number } };
    await drained(outcome.runId);
    expect(await betOf(player.userId, bet.id)).toMatchObject({ status: "settled", result: "void" });
    expect(await auditFor(eventId)).toContainEqual(
      expect.objectContaining({
        actor: SECOND_OPERATOR,
        action: "void",
        reason: "abandoned",
        details: expect.objectContaining({ requestedBy: ADMIN_EMAIL }),
      }),
    );
  });

  it("an operator holding a bet on a game cannot record, void, correct or approve its result", async () => {
    const { eventId } = await gameWithBet(100);
    // The operator's own bet, not yet in D1: the check drains their wallet first.
    const mine = openBet([leg({ eventId, league: "icehockey_nhl", side: "Away", priceAm: 100, home: "Oilers", away: "Flames" })], {
      stake: 50,
    });
    await seedBets(ops.userId, [mine], { project: false });
    const path = `/api/admin/events/${eventId}/result`;
    for (const body of [{ homeScore: 0, awayScore: 9 }, { void: true }, { homeScore: 0, awayScore: 9, correction: true, reason: "fix" }]) {
      expect(await codeOf(await postJson(path, body, ops.token)), JSON.stringify(body)).toEqual({ status: 403, code: "holds-bet" });
    }
    expect(await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first()).toBeNull();
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'icehockey_nhl', 'Oilers', 'Flames', ?, 'live', 0, 0, NULL, ?)`,
    )
      .bind(eventId, Date.now() - HOUR, Date.now())
      .run();
    const request = await requested(await postJson(path, { homeScore: 0, awayScore: 9, reason: "final" }, admin.token));
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token))).toEqual({
      status: 403,
      code: "holds-bet",
    });
    expect((await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first())?.status).toBe("live");
  });
});

describe("the audit row is written with the action", () => {
  /** Makes the wallet's audit table refuse every row, as a full or broken disk would. */
  async function breakAuditWrites(uid: string, broken: boolean) {
    await runInDurableObject(wallet(uid), (_instance: UserWallet, state) => {
      state.storage.sql.exec(
        broken
          ? "CREATE TRIGGER refuse_audit BEFORE INSERT ON operator_actions BEGIN SELECT RAISE(ABORT, 'injected audit failure'); END"
          : "DROP TRIGGER refuse_audit",
      );
    });
  }

  it("an adjustment or a freeze whose audit row cannot be written in the wallet does not happen", async () => {
    const player = await signIn();
    const ledgerBefore = await wallet(player.userId).getLedger(player.userId, Date.now());
    await breakAuditWrites(player.userId, true);
    expect(await codeOf(await adjust(player.userId, { wallet: "coins", amount: 300, reason: "goodwill" }))).toEqual({
      status: 503,
      code: "audit-failed",
    });
    expect(await coins(player.userId)).toBe(OPENING_COINS);
    expect(await wallet(player.userId).getLedger(player.userId, Date.now())).toEqual(ledgerBefore);
    expect(await codeOf(await postJson(`/api/admin/players/${player.userId}/freeze`, { reason: "review" }, admin.token))).toEqual({
      status: 503,
      code: "audit-failed",
    });
    expect((await wallet(player.userId).getFreeze(player.userId, Date.now())).frozen).toBe(false);

    // An approved cash credit whose row cannot be written stays approved and unapplied; approving again finishes it, once.
    const request = await requested(await adjust(player.userId, { wallet: "cash", amount: 700, reason: "prize" }));
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token))).toEqual({
      status: 503,
      code: "audit-failed",
    });
    expect(await cashCents(player.userId)).toBe(0);
    await breakAuditWrites(player.userId, false);
    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token)).status).toBe(200);
    expect(await codeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token))).toEqual({
      status: 409,
      code: "already-decided",
    });
    expect(await cashCents(player.userId)).toBe(700);
    expect(await coins(player.userId)).toBe(OPENING_COINS);
    expect((await auditFor(player.userId)).map((e) => e.action)).toEqual(["adjustment", "approve", "request"]);
  });

  it("an approved identity reset whose audit row cannot be written keeps the player's document claimed", async () => {
    const player = await signIn();
    // The claim the verification left in D1 on the document it showed.
    await env.DB.prepare("INSERT INTO identity_documents (document_hash, user_id, created_at) VALUES (?, ?, ?)")
      .bind(`idh_${player.userId}`, player.userId, Date.now())
      .run();
    const claims = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM identity_documents WHERE user_id = ?").bind(player.userId).first<{ n: number }>())!
        .n;
    expect(await claims()).toBe(1);
    const request = await requested(
      await postJson(`/api/admin/players/${player.userId}/identity/reset`, { reason: "wrong document" }, admin.token),
    );
    const approve = () => postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token);
    // Approved while the wallet cannot write the row: nothing is reset, and approving again finishes it, once.
    await breakAuditWrites(player.userId, true);
    expect(await codeOf(await approve())).toEqual({ status: 503, code: "audit-failed" });
    // The wallet still shows the document verified, so no other account may verify with it.
    expect((await wallet(player.userId).getIdentity(player.userId, Date.now())).status).toBe("verified");
    expect(await claims()).toBe(1);
    await breakAuditWrites(player.userId, false);
    expect((await approve()).status).toBe(200);
    expect(await codeOf(await approve())).toEqual({ status: 409, code: "already-decided" });
    expect(await claims()).toBe(0);
    expect((await auditFor(player.userId)).map((e) => e.action)).toEqual(["identity-reset", "approve", "request"]);
  });

  it("a fraud warning's clearance whose audit row cannot be written does not happen", async () => {
    const player = await signIn();
    const recorded = await wallet(player.userId).recordFraudWarning(
      player.userId,
      { warningId: "issfr_audit", paymentIntent: "pi_audit", chargeId: null, actionable: false, fraudType: "made_with_stolen_card" },
      Date.now(),
    );
    expect(recorded.ok).toBe(true);
    const request = await requested(
      await postJson(`/api/admin/players/${player.userId}/fraud-warnings/issfr_audit/clear`, { reason: "checked" }, admin.token),
    );
    const approve = () => postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token);
    // Approved while the wallet cannot write the row: nothing is cleared, and approving again finishes it, once.
    await breakAuditWrites(player.userId, true);
    expect(await codeOf(await approve())).toEqual({ status: 503, code: "audit-failed" });
    expect((await wallet(player.userId).listFraudWarnings(player.userId, Date.now()))[0]).toMatchObject({ open: true, cleared: null });
    await breakAuditWrites(player.userId, false);
    expect((await approve()).status).toBe(200);
    expect(await codeOf(await approve())).toEqual({ status: 409, code: "already-decided" });
    expect((await wallet(player.userId).listFraudWarnings(player.userId, Date.now()))[0]).toMatchObject({ open: false });
    expect((await auditFor(player.userId)).map((e) => e.action)).toEqual(["fraud-warning-clear", "approve", "request"]);
  });

  it("a wallet's audit rows reach D1 once, however often its outbox is replayed", async () => {
    const player = await signIn();
    expect((await adjust(player.userId, { wallet: "coins", amount: 40, reason: "goodwill" })).status).toBe(200);
    const rows = await env.DB.prepare("SELECT ref FROM admin_audit WHERE target = ?").bind(player.userId).all<{ ref: string }>();
    expect(rows.results).toEqual([{ ref: `wallet:${player.userId}:1` }]);
    const again = await env.DB.prepare(
      "INSERT INTO admin_audit (at, actor, action, target, reason, details, ref) VALUES (?, 'x', 'adjustment', ?, '', '{}', ?) ON CONFLICT (ref) DO NOTHING",
    )
      .bind(Date.now(), player.userId, `wallet:${player.userId}:1`)
      .run();
    expect(again.meta.changes).toBe(0);
  });
});

describe("operators are people, not mailboxes", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("another Google account holding a pinned operator's address gets 404 from the console and is no operator", async () => {
    await fakeGoogle();
    // admin@vantage.test signed in first through the development provider, which pinned that account.
    const impostor = await signInWithGoogle({ sub: `g-${crypto.randomUUID()}`, email: ADMIN_EMAIL, email_verified: true });
    const bearer = { Authorization: `Bearer ${impostor.accessToken}` };
    for (const path of ["/api/admin/players?q=a", "/api/admin/approvals", "/api/admin/audit"]) {
      const res = await callGoogleMode(path, { headers: bearer });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such API route." } });
    }
    const me = (await (await callGoogleMode("/api/me", { headers: bearer })).json()) as { isAdmin: boolean };
    expect(me.isAdmin).toBe(false);
    const pinned = await env.DB.prepare("SELECT google_sub FROM admin_operators WHERE email = ?").bind(ADMIN_EMAIL).first();
    expect(pinned).toEqual({ google_sub: admin.userId });
    expect((await api("/api/admin/approvals", { token: admin.token })).status).toBe(200);
  });

  it("under ADMIN_DOMAIN only an account of that Workspace domain is pinned and counts", async () => {
    const domainEnv = { ...env, ADMIN_EMAILS: "boss@corp.test", ADMIN_DOMAIN: "corp.test" } as Env;
    const claims = { sub: "g-boss", email: "boss@corp.test", emailVerified: true, name: null, picture: null, nonce: null, authTime: null };
    await pinOperatorAtSignIn(domainEnv, { ...claims, hostedDomain: null }, Date.now());
    expect(await env.DB.prepare("SELECT 1 FROM admin_operators WHERE email = 'boss@corp.test'").first()).toBeNull();
    await pinOperatorAtSignIn(domainEnv, { ...claims, hostedDomain: "corp.test" }, Date.now());
    const account = { id: "g-boss", emailVerified: true };
    const pin = { googleSub: "g-boss", hostedDomain: "corp.test" };
    expect(isPinnedOperator(account, pin, "corp.test")).toBe(true);
    expect(isPinnedOperator(account, pin, "other.test")).toBe(false);
    expect(isPinnedOperator({ ...account, id: "g-someone-else" }, pin, "corp.test")).toBe(false);
    expect(isPinnedOperator(account, { googleSub: "g-boss", hostedDomain: null }, "corp.test")).toBe(false);
  });
});

describe("money actions need a fresh sign-in", () => {
  it("after ADMIN_STEP_UP_MINUTES the console's money actions answer 403 step-up-required until the operator signs in again", async () => {
    const operator = await signIn(SECOND_OPERATOR, "Ops");
    const player = await signIn();
    const minutes = tunables(env).ADMIN_STEP_UP_MINUTES;
    // The operator last authenticated to the identity provider a minute longer ago than allowed.
    await env.DB.prepare("UPDATE refresh_tokens SET authenticated_at = ? WHERE family_id = ?")
      .bind(Date.now() - (minutes + 1) * 60_000, sessionIdOf(operator.token))
      .run();
    const stale = [
      await adjust(player.userId, { wallet: "coins", amount: 10, reason: "goodwill" }, operator.token),
      await postJson(`/api/admin/events/${newEventId()}/result`, { void: true }, operator.token),
      await postJson("/api/admin/approvals/any/approve", {}, operator.token),
      await postJson("/api/admin/dead-letters/any/replay", {}, operator.token),
      await api(`/api/admin/players/${player.userId}/date-of-birth`, {
        method: "PUT",
        token: operator.token,
        body: JSON.stringify({ dateOfBirth: "1990-04-26", reason: "document checked" }),
      }),
      await postJson(`/api/admin/players/${player.userId}/identity/reset`, { reason: "wrong document" }, operator.token),
      await postJson(`/api/admin/players/${player.userId}/unfreeze`, { reason: "checked" }, operator.token),
    ];
    for (const res of stale) expect(await codeOf(res)).toEqual({ status: 403, code: "step-up-required" });
    expect(await coins(player.userId)).toBe(OPENING_COINS);
    expect((await (await api("/api/me", { token: player.token })).json()) as { dateOfBirth: string }).toMatchObject({
      dateOfBirth: "1990-04-25",
    });
    // Looking and freezing need no fresh sign-in.
    expect((await api(`/api/admin/players/${player.userId}`, { token: operator.token })).status).toBe(200);
    expect((await postJson(`/api/admin/players/${player.userId}/freeze`, { reason: "looks odd" }, operator.token)).status).toBe(200);
    const fresh = await signIn(SECOND_OPERATOR, "Ops");
    expect((await adjust(player.userId, { wallet: "coins", amount: 10, reason: "goodwill" }, fresh.token)).status).toBe(200);
  });

  it("a sign-in that says nothing of when the person authenticated passes no step-up, however new", async () => {
    const operator = await signIn(SECOND_OPERATOR, "Ops");
    const player = await signIn();
    await env.DB.prepare("UPDATE refresh_tokens SET authenticated_at = NULL WHERE family_id = ?").bind(sessionIdOf(operator.token)).run();
    expect(await codeOf(await adjust(player.userId, { wallet: "coins", amount: 10, reason: "goodwill" }, operator.token))).toEqual({
      status: 403,
      code: "step-up-required",
    });
  });

  it("Google's own re-authentication (max_age=0) is what a step-up sign-in records; reusing its session records none", async () => {
    await fakeGoogle();
    try {
      const account = {
        sub: `g-${crypto.randomUUID()}`,
        email: `stepper-${crypto.randomUUID().slice(0, 8)}@example.com`,
        email_verified: true,
      };
      const authenticatedAt = async (accessToken: string | null) =>
        (
          await env.DB.prepare("SELECT MAX(authenticated_at) AS at FROM refresh_tokens WHERE family_id = ?")
            .bind(sessionIdOf(accessToken!))
            .first<{ at: number | null }>()
        )?.at ?? null;
      const plain = await signInWithGoogle(account);
      expect(await authenticatedAt(plain.accessToken)).toBeNull();
      const before = Date.now();
      const stepped = await signInWithGoogle(account, "/admin", { reauth: true });
      expect(stepped.location).toBe("/admin");
      expect(await authenticatedAt(stepped.accessToken)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
