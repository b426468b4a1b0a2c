// Resetting a player's identity check takes two operators: one asks, and until a second
// approves, the check stays as it is and the document and person it verified stay claimed, so
// another account showing that document is still in-use. The asker cannot approve their own
// request; a request asked against a check that moved on since (another state, or a new
// verification that came to the same state) is refused at approval, and so is one that does not
// say which verification it was asked against; nobody asks or approves on their own account
// (anyone may reject, which leaves the check as it is).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { IdentityState } from "../../src/shared/schemas/identity";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, randomDocument, signIn, type SignedIn, startVerification, submitPage, testLegalName } from "./helpers";
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

/** Goes through the simulated verification page as a player would, showing `documentNumber`. */
async function verify(player: SignedIn, outcome: "verified" | "needs-input", documentNumber: string) {
  const path = await startVerification(player);
  const html = await (await api(path)).text();
  const done = await submitPage(path, {
    outcome,
    document_type: "driving_license",
    issuing_country: "US",
    document_number: documentNumber,
    date_of_birth: /name="date_of_birth" type="date" value="([^"]*)"/.exec(html)![1]!,
    residence: /name="residence" value="([^"]*)"/.exec(html)![1]!,
    legal_name: testLegalName(player.userId),
  });
  expect(done.status).toBe(303);
}

/** A player who has not verified yet. */
const unverifiedPlayer = () => signIn(undefined, undefined, { verifyIdentity: false });

/** A player whose check verified `document`. */
async function verifiedPlayer(document: string): Promise<SignedIn> {
  const player = await unverifiedPlayer();
  await verify(player, "verified", document);
  expect((await identityOf(player)).status).toBe("verified");
  return player;
}

const identityOf = async (player: SignedIn) => (await (await api("/api/identity", { token: player.token })).json()) as IdentityState;

const documentClaims = async (player: SignedIn) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM identity_documents WHERE user_id = ?").bind(player.userId).first<{ n: number }>())!.n;

const askReset = (player: SignedIn, token: string, reason = "player keeps their other account") =>
  postJson(`/api/admin/players/${player.userId}/identity/reset`, { reason }, token);

const decide = (request: Request, decision: "approve" | "reject", token: string) =>
  postJson(`/api/admin/approvals/${request.id}/${decision}`, { reason: "read the support ticket" }, token);

async function asked(res: Response): Promise<Request> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: Request }).request;
}

async function decided(res: Response): Promise<Request> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { request: Request }).request;
}

describe("resetting an identity check", () => {
  it("waits for a second operator: until then the check stands and its document stays claimed", async () => {
    const document = randomDocument();
    const player = await verifiedPlayer(document);

    const request = await asked(await askReset(player, admin.token));
    expect(request).toMatchObject({
      kind: "identity-reset",
      status: "pending",
      subject: player.userId,
      subjectLabel: player.email,
      payload: { status: "verified", sessionId: expect.any(String) },
      outcome: null,
    });
    // Asking again while it waits answers the same request.
    expect((await asked(await askReset(player, admin.token))).id).toBe(request.id);

    // Asked, not approved: the check stands, and the document verifies no other account.
    expect((await identityOf(player)).status).toBe("verified");
    expect(await documentClaims(player)).toBe(1);
    const other = await unverifiedPlayer();
    await verify(other, "verified", document);
    expect((await identityOf(other)).status).toBe("in-use");

    // The asker cannot approve it; still nothing changes.
    expect(await errorOf(await decide(request, "approve", admin.token))).toMatchObject({ status: 403, code: "own-request" });
    expect((await identityOf(player)).status).toBe("verified");
    expect(await documentClaims(player)).toBe(1);

    // A second operator approves it: the check starts again and the document is released, so the
    // person's other account, reset from in-use the same way, verifies with it.
    const approved = await decided(await decide(request, "approve", ops.token));
    expect(approved).toMatchObject({
      status: "approved",
      outcome: { uid: player.userId, previous: "verified", changed: true, releasedDocuments: 1 },
    });
    expect(await identityOf(player)).toEqual({ status: "none", reason: null, updatedAt: null });
    expect(await documentClaims(player)).toBe(0);
    expect(await errorOf(await decide(request, "approve", ops.token))).toMatchObject({ status: 409, code: "already-decided" });
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.map((e) => [e.action, e.actor, e.reason])).toEqual([
      ["identity-reset", SECOND_OPERATOR, "player keeps their other account"],
      ["approve", SECOND_OPERATOR, "read the support ticket"],
      ["request", ADMIN_EMAIL, "player keeps their other account"],
    ]);

    const otherReset = await asked(await askReset(other, admin.token));
    expect(otherReset.payload).toEqual({ status: "in-use", sessionId: expect.any(String) });
    expect((await decided(await decide(otherReset, "approve", ops.token))).outcome).toMatchObject({ previous: "in-use", changed: true });
    await verify(other, "verified", document);
    expect((await identityOf(other)).status).toBe("verified");

    // Reset, there is nothing left to ask for.
    const again = await errorOf(await askReset(player, admin.token));
    expect(again).toMatchObject({ status: 409, code: "identity-not-started" });
  });

  it("is refused at approval when the check moved on since it was asked, and changes nothing", async () => {
    const document = randomDocument();
    const player = await unverifiedPlayer();
    await startVerification(player);
    expect((await identityOf(player)).status).toBe("pending");
    const request = await asked(await askReset(player, admin.token, "stuck check"));
    expect(request.payload).toEqual({ status: "pending", sessionId: expect.any(String) });

    // Meanwhile the player completes a check: the document verifies them.
    await verify(player, "verified", document);
    expect((await identityOf(player)).status).toBe("verified");

    const refused = await decide(request, "approve", ops.token);
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: { code: string; message: string; details: { request: Request } } };
    expect(error.code).toBe("identity-changed");
    expect(error.message).toMatch(/changed since this reset was asked/);
    // The request failed, saying why.
    expect(error.details.request).toMatchObject({ id: request.id, status: "failed", outcome: { code: "identity-changed" } });
    // The verified check and its claim stand: the document verifies no other account.
    expect((await identityOf(player)).status).toBe("verified");
    expect(await documentClaims(player)).toBe(1);
    const other = await unverifiedPlayer();
    await verify(other, "verified", document);
    expect((await identityOf(other)).status).toBe("in-use");
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.map((e) => e.action)).not.toContain("identity-reset");

    // Asked anew, against the check as it is now, it is a new request.
    const anew = await asked(await askReset(player, admin.token));
    expect(anew.id).not.toBe(request.id);
    expect(anew).toMatchObject({ status: "pending", payload: { status: "verified" } });
  });

  it("is refused at approval when the check was reset since and a new verification came to the same state, and changes nothing", async () => {
    const document = randomDocument();
    const holder = await verifiedPlayer(document);
    const player = await unverifiedPlayer();
    await verify(player, "verified", document);
    expect((await identityOf(player)).status).toBe("in-use");
    const request = await asked(await askReset(player, admin.token));
    const { sessionId: askedSession } = request.payload as { status: string; sessionId: string };
    expect(request.payload).toEqual({ status: "in-use", sessionId: expect.any(String) });

    // Meanwhile the check is reset another way, and the player verifies again with the same document:
    // in-use again, in a new verification session.
    const wallet = getUserWallet(env, player.userId);
    const current = await wallet.getIdentityToReset(player.userId, Date.now());
    if (!current.ok) throw new Error(`nothing to reset: ${current.code}`);
    const reset = await wallet.resetIdentity(player.userId, { actor: SECOND_OPERATOR, reason: "reset by hand" }, Date.now(), {
      status: current.status,
      sessionId: current.sessionId,
    });
    expect(reset).toMatchObject({ ok: true });
    await verify(player, "verified", document);
    const before = await identityOf(player);
    expect(before.status).toBe("in-use");

    // The old request does not reset the new verification: 409, and the request fails saying why.
    const refused = await decide(request, "approve", ops.token);
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as Refused;
    expect(error.code).toBe("identity-changed");
    expect(error.details.request).toMatchObject({ id: request.id, status: "failed", outcome: { code: "identity-changed" } });
    expect(await identityOf(player)).toEqual(before);
    expect(await documentClaims(holder)).toBe(1);
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.filter((e) => e.action === "identity-reset").map((e) => e.reason)).toEqual(["reset by hand"]);

    // Asked anew, against the new verification, it is a new request.
    const anew = await asked(await askReset(player, admin.token));
    expect(anew.id).not.toBe(request.id);
    expect(anew.payload).toEqual({ status: "in-use", sessionId: expect.any(String) });
    expect((anew.payload as { sessionId: string }).sessionId).not.toBe(askedSession);
  });

  it("a request stored before requests kept the verification session is listed, and resets no check: operators ask again", async () => {
    const player = await verifiedPlayer(randomDocument());
    const id = `rq-old-identity-reset-${crypto.randomUUID()}`;
    await env.DB.prepare(
      `INSERT INTO approval_requests (id, kind, subject, payload, requested_by, requested_by_id, reason, status, created_at)
       VALUES (?, 'identity-reset', ?, '{"status":"verified"}', ?, ?, 'asked before requests kept the session', 'pending', ?)`,
    )
      .bind(id, player.userId, ADMIN_EMAIL, admin.userId, Date.now())
      .run();
    const listed = (await (await api("/api/admin/approvals?status=pending&limit=100", { token: admin.token })).json()) as {
      requests: Request[];
    };
    const old = listed.requests.find((r) => r.id === id);
    expect(old).toMatchObject({ kind: "identity-reset", subject: player.userId, payload: { status: "verified" } });

    const refused = await decide(old!, "approve", ops.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Refused).error).toMatchObject({
      code: "identity-changed",
      details: { request: { status: "failed" } },
    });
    expect((await identityOf(player)).status).toBe("verified");
    expect(await documentClaims(player)).toBe(1);
  });

  it("is not asked for a check never started, nor for a player who does not exist", async () => {
    const player = await unverifiedPlayer();
    const nothing = await errorOf(await askReset(player, admin.token));
    expect(nothing).toMatchObject({ status: 409, code: "identity-not-started", message: "This player has no identity check to reset." });
    expect(
      await errorOf(await postJson("/api/admin/players/no-such-player/identity/reset", { reason: "checked" }, admin.token)),
    ).toMatchObject({ status: 404, code: "not-found" });
    const requests = await env.DB.prepare("SELECT COUNT(*) AS n FROM approval_requests WHERE kind = 'identity-reset' AND subject = ?")
      .bind(player.userId)
      .first<{ n: number }>();
    expect(requests?.n).toBe(0);
  });

  it("is neither asked nor approved on the operator's own account; rejecting leaves the check as it is, and anyone may reject", async () => {
    const document = randomDocument();
    const player = await verifiedPlayer(document);
    const named = await postJson(
      `/api/admin/players/${player.userId}/operator-account`,
      { operatorEmail: ADMIN_EMAIL, reason: "their own account" },
      ops.token,
    );
    expect(named.status).toBe(200);

    expect(await errorOf(await askReset(player, admin.token))).toMatchObject({ status: 403, code: "own-account" });
    const request = await asked(await askReset(player, ops.token));
    expect(await errorOf(await decide(request, "approve", admin.token))).toMatchObject({ status: 403, code: "own-account" });
    expect((await identityOf(player)).status).toBe("verified");
    expect(await documentClaims(player)).toBe(1);

    // Rejecting only keeps the check and its claims, so even that operator may.
    const rejected = await decided(await decide(request, "reject", admin.token));
    expect(rejected).toMatchObject({ status: "rejected", outcome: null });
    expect((await identityOf(player)).status).toBe("verified");
    expect(await documentClaims(player)).toBe(1);
  });

  it("a rejection by a second operator leaves the check as it is, and a new request can be asked", async () => {
    const player = await unverifiedPlayer();
    await verify(player, "needs-input", randomDocument());
    expect((await identityOf(player)).status).toBe("needs-input");
    const request = await asked(await askReset(player, admin.token));
    expect(request.payload).toEqual({ status: "needs-input", sessionId: expect.any(String) });
    expect((await decided(await decide(request, "reject", ops.token))).status).toBe("rejected");
    expect((await identityOf(player)).status).toBe("needs-input");
    // Decided, it is not answered again: asking anew makes a new request.
    const anew = await asked(await askReset(player, admin.token, "second look"));
    expect(anew.id).not.toBe(request.id);
    expect(anew).toMatchObject({ kind: "identity-reset", status: "pending" });
  });
});
