// Unfreezing takes two operators: one asks, and until a second approves, the account stays
// frozen (its bets, bonus and redemptions refused as before). The asker cannot approve their
// own request, an account that is not frozen cannot be asked for, and nobody asks or approves
// on their own account (anyone may reject, which leaves the account frozen). A request lifts
// only the freeze it was asked against: never one put on again since, nor any freeze for a
// request that does not say which. Freezing stays immediate for any operator.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlayerDetail } from "../../src/shared/schemas/operator-views";
import { getUserWallet } from "../../worker/user-wallet";
import { FROZEN_MESSAGE } from "../../worker/wallet/operator-actions";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import {
  ADMIN_EMAIL,
  type ApprovalRequest as Request,
  type AuditEntries,
  errorOf,
  type Refused,
  SECOND_OPERATOR,
  signInOperators,
} from "./four-eyes-helpers";

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  ({ admin, ops } = await signInOperators());
});

const detailOf = async (uid: string) => (await (await api(`/api/admin/players/${uid}`, { token: admin.token })).json()) as PlayerDetail;

const freeze = (uid: string, token: string) =>
  postJson(`/api/admin/players/${uid}/freeze`, { reason: "chargeback ring under review" }, token);

const askUnfreeze = (uid: string, token: string, reason = "identity confirmed on a call") =>
  postJson(`/api/admin/players/${uid}/unfreeze`, { reason }, token);

const decide = (request: Request, decision: "approve" | "reject", token: string) =>
  postJson(`/api/admin/approvals/${request.id}/${decision}`, { reason: "read the support ticket" }, token);

async function asked(res: Response): Promise<Request> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: Request }).request;
}

/** A player frozen by the first operator, with a Coins bet on an open game to try. */
async function frozenPlayer(): Promise<{ player: SignedIn; bet: () => Promise<Response> }> {
  const player = await signIn();
  const [event] = await openEvents(1);
  const bet = () => placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(event!, "Moneyline", "Home")] });
  expect((await freeze(player.userId, admin.token)).status).toBe(200);
  return { player, bet };
}

/** What a frozen player is refused with: the neutral frozen refusal. */
async function expectFrozenRefusal(res: Response) {
  expect(await errorOf(res)).toEqual({ status: 403, code: "account-frozen", message: FROZEN_MESSAGE });
}

describe("unfreezing an account", () => {
  it("waits for a second operator: until then the account stays frozen, and the asker cannot approve", async () => {
    const { player, bet } = await frozenPlayer();
    const uid = player.userId;
    await expectFrozenRefusal(await bet());

    const { freeze: frozen } = await detailOf(uid);
    const request = await asked(await askUnfreeze(uid, admin.token));
    // The request keeps the freeze it was asked against.
    expect(request).toMatchObject({ kind: "unfreeze", status: "pending", subject: uid, subjectLabel: player.email });
    expect(request.payload).toEqual({ frozenAt: frozen.updatedAt });
    // Asking again while it waits answers the same request.
    expect((await asked(await askUnfreeze(uid, admin.token))).id).toBe(request.id);

    // Asked, not approved: the player is still refused and the operators still see a freeze.
    await expectFrozenRefusal(await bet());
    await expectFrozenRefusal(await postJson("/api/withdrawals", { amount: 20 }, player.token));
    expect(await detailOf(uid)).toMatchObject({ frozen: true, freeze: { actor: ADMIN_EMAIL, reason: "chargeback ring under review" } });

    // The asker cannot approve it; the account stays frozen.
    expect(await errorOf(await decide(request, "approve", admin.token))).toMatchObject({ status: 403, code: "own-request" });
    await expectFrozenRefusal(await bet());

    // A second operator approves it: the account is unfrozen, by them, and the bet goes through.
    const approved = await decide(request, "approve", ops.token);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { request: Request }).request).toMatchObject({
      status: "approved",
      outcome: { uid, frozen: false, changed: true },
    });
    expect(await detailOf(uid)).toMatchObject({
      frozen: false,
      freeze: { frozen: false, actor: SECOND_OPERATOR, reason: "identity confirmed on a call" },
    });
    expect((await bet()).status).toBe(200);
    expect(await errorOf(await decide(request, "approve", ops.token))).toMatchObject({ status: 409, code: "already-decided" });
    const audit = (await (await api(`/api/admin/audit?target=${uid}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.map((e) => [e.action, e.actor, e.reason])).toEqual([
      ["unfreeze", SECOND_OPERATOR, "identity confirmed on a call"],
      ["approve", SECOND_OPERATOR, "read the support ticket"],
      ["request", ADMIN_EMAIL, "identity confirmed on a call"],
      ["freeze", ADMIN_EMAIL, "chargeback ring under review"],
    ]);

    // Unfrozen, there is nothing to ask for.
    const again = await errorOf(await askUnfreeze(uid, admin.token));
    expect(again).toMatchObject({ status: 409, code: "not-frozen" });
    expect(again.message).toMatch(/not frozen/);
  });

  it("is not asked for an account that is not frozen, nor for a player who does not exist", async () => {
    const player = await signIn();
    expect(await errorOf(await askUnfreeze(player.userId, admin.token))).toMatchObject({ status: 409, code: "not-frozen" });
    expect(await errorOf(await askUnfreeze("no-such-player", admin.token))).toMatchObject({ status: 404, code: "not-found" });
    const requests = await env.DB.prepare("SELECT COUNT(*) AS n FROM approval_requests WHERE kind = 'unfreeze' AND subject = ?")
      .bind(player.userId)
      .first<{ n: number }>();
    expect(requests?.n).toBe(0);
    expect((await detailOf(player.userId)).frozen).toBe(false);
  });

  it("is neither asked nor approved on the operator's own account; rejecting leaves it frozen, and anyone may reject", async () => {
    const { player, bet } = await frozenPlayer();
    const uid = player.userId;
    const named = await postJson(
      `/api/admin/players/${uid}/operator-account`,
      { operatorEmail: ADMIN_EMAIL, reason: "their own account" },
      ops.token,
    );
    expect(named.status).toBe(200);
    // A freeze, a brake, stays open to the operator whose account it is.
    expect((await freeze(uid, admin.token)).status).toBe(200);

    expect(await errorOf(await askUnfreeze(uid, admin.token))).toMatchObject({ status: 403, code: "own-account" });
    const request = await asked(await askUnfreeze(uid, ops.token));
    expect(await errorOf(await decide(request, "approve", admin.token))).toMatchObject({ status: 403, code: "own-account" });
    await expectFrozenRefusal(await bet());

    // Rejecting only keeps the freeze, so even that operator may.
    const rejected = await decide(request, "reject", admin.token);
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { request: Request }).request).toMatchObject({ status: "rejected", outcome: null });
    expect(await detailOf(uid)).toMatchObject({ frozen: true });
    await expectFrozenRefusal(await bet());
  });

  it("a rejection by a second operator leaves the account frozen, and a new request can be asked", async () => {
    const { player, bet } = await frozenPlayer();
    const uid = player.userId;
    const request = await asked(await askUnfreeze(uid, admin.token));
    const rejected = await decide(request, "reject", ops.token);
    expect(rejected.status).toBe(200);
    expect(await errorOf(await decide(request, "approve", ops.token))).toMatchObject({ status: 409, code: "already-decided" });
    expect((await detailOf(uid)).frozen).toBe(true);
    await expectFrozenRefusal(await bet());
    // Decided, it is not answered again: asking anew makes a new request.
    const anew = await asked(await askUnfreeze(uid, admin.token, "second look: documents in order"));
    expect(anew.id).not.toBe(request.id);
    expect(anew).toMatchObject({ kind: "unfreeze", status: "pending" });
  });

  it("never lifts a freeze put on again since it was asked: approval is refused and the new freeze stands", async () => {
    const { player, bet } = await frozenPlayer();
    const uid = player.userId;
    const request = await asked(await askUnfreeze(uid, admin.token));

    // Meanwhile the account is unfrozen another way, then frozen again by another operator, for a new reason.
    const { updatedAt: frozenAt } = await getUserWallet(env, uid).getFreeze(uid, Date.now());
    const lifted = await getUserWallet(env, uid).setFreeze(
      uid,
      { frozen: false, reason: "cleared on a call", actor: SECOND_OPERATOR, asked: { frozenAt } },
      Date.now(),
    );
    expect(lifted).toMatchObject({ ok: true, changed: true });
    expect((await postJson(`/api/admin/players/${uid}/freeze`, { reason: "a second chargeback" }, ops.token)).status).toBe(200);
    const { freeze: refrozen } = await detailOf(uid);
    expect(refrozen).toMatchObject({ frozen: true, actor: SECOND_OPERATOR, reason: "a second chargeback" });

    // Approving the old request does not lift the new freeze: 409, and the request fails saying why.
    const refused = await decide(request, "approve", ops.token);
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as Refused;
    expect(error.code).toBe("freeze-changed");
    expect(error.message).toMatch(/frozen again since this unfreeze was asked/);
    expect(error.details.request).toMatchObject({ id: request.id, status: "failed", outcome: { code: "freeze-changed" } });
    expect((await detailOf(uid)).freeze).toEqual(refrozen);
    await expectFrozenRefusal(await bet());
    const audit = (await (await api(`/api/admin/audit?target=${uid}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.filter((e) => e.action === "unfreeze").map((e) => e.reason)).toEqual(["cleared on a call"]);

    // Asked anew, against the freeze in force, it is a new request, and approving it lifts that freeze.
    const anew = await asked(await askUnfreeze(uid, admin.token, "second chargeback withdrawn"));
    expect(anew.id).not.toBe(request.id);
    expect(anew.payload).toEqual({ frozenAt: refrozen.updatedAt });
    const approved = await decide(anew, "approve", ops.token);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { request: Request }).request.outcome).toEqual({ uid, frozen: false, changed: true });
    expect((await bet()).status).toBe(200);
  });

  it("a freeze for a new reason on an account already frozen is a new freeze: an unfreeze asked before it is refused", async () => {
    const { player, bet } = await frozenPlayer();
    const uid = player.userId;
    const request = await asked(await askUnfreeze(uid, admin.token));

    // The same reason again (a retry) changes nothing; a new reason is a new freeze, audited,
    // while the freeze keeps its first reason and operator, so none can hide why it was frozen.
    const { freeze: first } = await detailOf(uid);
    expect(await (await freeze(uid, admin.token)).json()).toMatchObject({ frozen: true, changed: false });
    const again = await postJson(`/api/admin/players/${uid}/freeze`, { reason: "stolen cards, a new case" }, ops.token);
    expect(await again.json()).toMatchObject({ frozen: true, changed: true });
    const { freeze: refrozen } = await detailOf(uid);
    expect(refrozen).toMatchObject({ frozen: true, actor: first.actor, reason: "chargeback ring under review" });
    expect(refrozen.updatedAt).toBeGreaterThan(first.updatedAt!);

    const refused = await decide(request, "approve", ops.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Refused).error.code).toBe("freeze-changed");
    expect((await detailOf(uid)).freeze).toEqual(refrozen);
    await expectFrozenRefusal(await bet());
    const audit = (await (await api(`/api/admin/audit?target=${uid}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.filter((e) => e.action === "freeze").map((e) => e.reason)).toEqual(
      expect.arrayContaining(["chargeback ring under review", "stolen cards, a new case"]),
    );
    expect(audit.entries.filter((e) => e.action === "freeze")).toHaveLength(2);
  });

  it("a request stored before requests kept their freeze is listed, and lifts no freeze: operators ask again", async () => {
    const { player, bet } = await frozenPlayer();
    const uid = player.userId;
    const id = `rq-old-unfreeze-${crypto.randomUUID()}`;
    await env.DB.prepare(
      `INSERT INTO approval_requests (id, kind, subject, payload, requested_by, requested_by_id, reason, status, created_at)
       VALUES (?, 'unfreeze', ?, '{}', ?, ?, 'asked before requests kept their freeze', 'pending', ?)`,
    )
      .bind(id, uid, ADMIN_EMAIL, admin.userId, Date.now())
      .run();
    const listed = (await (await api("/api/admin/approvals?status=pending&limit=100", { token: admin.token })).json()) as {
      requests: Request[];
    };
    const old = listed.requests.find((r) => r.id === id);
    expect(old).toMatchObject({ kind: "unfreeze", subject: uid, payload: {} });

    const refused = await decide(old!, "approve", ops.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Refused).error).toMatchObject({ code: "freeze-changed", details: { request: { status: "failed" } } });
    expect((await detailOf(uid)).frozen).toBe(true);
    await expectFrozenRefusal(await bet());
  });
});
