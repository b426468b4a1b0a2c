// Resetting a player's identity check takes two operators: one asks, and until a second
// approves, the check stays as it is and the document and person it verified stay claimed, so
// another account showing that document is still in-use. The asker cannot approve their own
// request; a request asked against a check that moved on since is refused at approval; nobody
// asks or approves on their own account (anyone may reject, which leaves the check as it is).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { IdentityState } from "../../src/shared/schemas/identity";
import { api, postJson, signIn, type SignedIn, testLegalName } from "./helpers";
import { ADMIN_EMAIL, SECOND_OPERATOR, errorOf, signInOperators } from "./four-eyes-helpers";

type Request = {
  id: string;
  kind: string;
  status: string;
  subject: string;
  subjectLabel: string;
  payload: unknown;
  outcome: Record<string, unknown> | null;
};
type AuditEntries = { entries: { actor: string; action: string; reason: string }[] };

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  ({ admin, ops } = await signInOperators());
});

const randomDocument = () => `D${crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`;

/** Starts a verification session: the check is pending until the player completes it. */
async function startCheck(player: SignedIn): Promise<string> {
  const started = await postJson("/api/identity/session", {}, player.token);
  expect(started.status).toBe(200);
  return new URL(((await started.json()) as { url: string }).url).pathname;
}

/** Goes through the simulated verification page as a player would, showing `documentNumber`. */
async function verify(player: SignedIn, outcome: "verified" | "needs-input", documentNumber: string) {
  const path = await startCheck(player);
  const html = await (await api(path)).text();
  const form = new URLSearchParams({
    outcome,
    document_type: "driving_license",
    issuing_country: "US",
    document_number: documentNumber,
    date_of_birth: /name="date_of_birth" type="date" value="([^"]*)"/.exec(html)![1]!,
    residence: /name="residence" value="([^"]*)"/.exec(html)![1]!,
    legal_name: testLegalName(player.userId),
  });
  const done = await api(`${path}/complete`, {
    method: "POST",
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
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
      payload: { status: "verified" },
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
    expect(otherReset.payload).toEqual({ status: "in-use" });
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
    await startCheck(player);
    expect((await identityOf(player)).status).toBe("pending");
    const request = await asked(await askReset(player, admin.token, "stuck check"));
    expect(request.payload).toEqual({ status: "pending" });

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
    expect(request.payload).toEqual({ status: "needs-input" });
    expect((await decided(await decide(request, "reject", ops.token))).status).toBe("rejected");
    expect((await identityOf(player)).status).toBe("needs-input");
    // Decided, it is not answered again: asking anew makes a new request.
    const anew = await asked(await askReset(player, admin.token, "second look"));
    expect(anew.id).not.toBe(request.id);
    expect(anew).toMatchObject({ kind: "identity-reset", status: "pending" });
  });
});
