// Paid to a verified person: identity before the first redemption (simulated Stripe
// Identity through the same signed webhook), one verified person per account, a
// document whose date of birth differs from the confirmed one, and how operators resolve a
// blocked check (a reset is asked by one operator and approved by a second).
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IdentityState } from "../../src/shared/schemas/identity";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { createApp } from "../../worker/app";
import worker from "../../worker/index";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { identityWebhookSecret } from "../../worker/identity/identity-port";
import { createStripeIdentity } from "../../worker/identity/stripe-identity";
import { getUserWallet } from "../../worker/user-wallet";
import {
  ADULT_DATE_OF_BIRTH,
  api,
  BASE,
  postJson,
  randomDocument,
  sent,
  signIn,
  type SignedIn,
  startVerification,
  submitPage,
  testLegalName,
} from "./helpers";
import { buyCash, onboardPayouts, vantageCashOf, withdraw } from "./payout-helpers";

/** Goes through the simulated verification page as a player would, ending with `outcome`. */
async function verify(
  player: SignedIn,
  outcome: "verified" | "needs-input" | "mismatch",
  documentNumber = randomDocument(),
  documentDateOfBirth?: string,
  residence?: string,
  legalName?: string,
) {
  const path = await startVerification(player);
  const page = await api(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Verify your identity");
  // The page offers the confirmed date of birth, as the document would show it.
  const dateOfBirth = documentDateOfBirth ?? /name="date_of_birth" type="date" value="([^"]*)"/.exec(html)![1]!;
  const done = await submitPage(path, {
    outcome,
    document_type: "driving_license",
    issuing_country: "US",
    document_number: documentNumber,
    date_of_birth: dateOfBirth,
    // Unless the test names one, the address the page offers: where the browser is (Texas in tests).
    residence: residence ?? /name="residence" value="([^"]*)"/.exec(html)![1]!,
    // Unless the test names one, the player's own test name, which their payout account's holder has too.
    legal_name: legalName ?? testLegalName(player.userId),
  });
  expect(done.status).toBe(303);
  expect(done.headers.get("Location")).toBe("/redeem?identity=return");
}

const identityOf = async (player: SignedIn) => (await (await api("/api/identity", { token: player.token })).json()) as IdentityState;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("the residence on the document", () => {
  it("offers where the browser is, and keeps the address the document shows in the wallet", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "verified", randomDocument(), undefined, "us-ca");
    expect(await identityOf(player)).toMatchObject({ status: "verified" });
    const snapshot = await getUserWallet(env, player.userId).getProtection(player.userId, Date.now());
    expect(snapshot.residence).toBe("US-CA");

    // The page offers the browser's region: Texas, the tests' DEV_REGION (vitest.config.ts).
    const offered = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(offered, "verified");
    expect((await getUserWallet(env, offered.userId).getProtection(offered.userId, Date.now())).residence).toBe("US-TX");
  });

  it("counts a document with no home address as needing another: no redemption until one shows where the player lives", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await buyCash(player, "cs_id_no_address");
    await onboardPayouts(player);
    // A passport: verified by the provider, but with no address, so the state whose rules apply is unknown.
    await verify(player, "verified", randomDocument(), undefined, "");
    expect(await identityOf(player)).toMatchObject({ status: "needs-input", reason: expect.stringContaining("no home address") });
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "identity-unverified", message: expect.stringContaining("try again") });
    expect(await vantageCashOf(player)).toBe(4_900);

    // The player may start again at once, and a licence from Texas, where they play, verifies them.
    await verify(player, "verified", randomDocument(), undefined, "US-TX");
    expect(await identityOf(player)).toMatchObject({ status: "verified" });
    expect((await withdraw(player, 20)).status).toBe(200);
  });

  it("sends a field that is not what it says back to the page, and records nothing", async () => {
    for (const [name, wrong] of [
      ["residence", "California"],
      ["date_of_birth", "2000-13-01"],
      ["date_of_birth", "2001-02-29"],
      ["document_type", "constructor"],
    ] as const) {
      const player = await signIn(undefined, undefined, { verifyIdentity: false });
      const path = await startVerification(player);
      const done = await submitPage(path, {
        outcome: "mismatch",
        document_type: "driving_license",
        issuing_country: "US",
        document_number: randomDocument(),
        date_of_birth: "1990-04-25",
        residence: "US-CA",
        [name]: wrong,
      });
      expect(done.status, wrong).toBe(303);
      expect(done.headers.get("Location"), wrong).toBe(`${path}?error=document`);
      expect((await identityOf(player)).status, wrong).toBe("pending");
    }
  });
});

describe("identity before the first redemption", () => {
  it("refuses an unverified player's withdrawal with 403 identity-unverified, then pays once the simulated verification passes", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await buyCash(player, "cs_id_1");
    await onboardPayouts(player);
    expect(await identityOf(player)).toEqual({ status: "none", reason: null, updatedAt: null });

    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe("identity-unverified");
    expect(error.message).toContain("Verify your identity");
    expect(await vantageCashOf(player)).toBe(4_900);
    // The wallet refuses it too, inside the transaction that would hold the amount.
    const direct = await getUserWallet(env, player.userId).requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_unverified" },
      Date.now(),
    );
    expect(sent(direct)).toMatchObject({ status: 403, code: "identity-unverified" });

    await verify(player, "verified");
    expect((await identityOf(player)).status).toBe("verified");
    const paid = await withdraw(player, 20);
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { redemption: Redemption }).redemption.status).toBe("paid");
    expect(await vantageCashOf(player)).toBe(2_900);
    // Verified is final: a new session is refused.
    expect((await postJson("/api/identity/session", {}, player.token)).status).toBe(409);
  });

  it("keeps a player whose document could not be read at needs-input, free to try again", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "needs-input");
    const state = await identityOf(player);
    expect(state.status).toBe("needs-input");
    expect(state.reason).toContain("could not be read");
    await buyCash(player, "cs_id_2");
    await onboardPayouts(player);
    expect(await errorOf(await withdraw(player, 20))).toMatchObject({ code: "identity-unverified" });
    await verify(player, "verified");
    expect((await withdraw(player, 20)).status).toBe(200);
  });

  it("refuses a second account of the same verified person with 403 identity-in-use", async () => {
    const document = randomDocument();
    const first = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(first, "verified", document);
    const second = await signIn(undefined, undefined, { verifyIdentity: false });
    // The same document typed with spaces and lower case is the same document.
    await verify(second, "verified", `${document.slice(0, 4).toLowerCase()} ${document.slice(4)}`);
    expect((await identityOf(first)).status).toBe("verified");
    expect((await identityOf(second)).status).toBe("in-use");
    const admin = await signIn("admin@vantage.test", "Operator");
    const detail = (await (await api(`/api/admin/players/${second.userId}`, { token: admin.token })).json()) as {
      identity: { status: string; ownerUserId: string | null };
    };
    expect(detail.identity).toMatchObject({ status: "in-use", ownerUserId: first.userId });
    await buyCash(second, "cs_id_3");
    await onboardPayouts(second);
    const refused = await withdraw(second, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "identity-in-use" });
    expect(await vantageCashOf(second)).toBe(4_900);
  });

  it("refuses a second account of the same person verified with another document (name and date of birth), with 403 identity-in-use", async () => {
    const surname = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => String.fromCharCode(97 + (b % 26))).join("");
    const first = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(first, "verified", randomDocument(), undefined, undefined, `Ana-María Núñez ${surname}`);
    expect((await identityOf(first)).status).toBe("verified");
    // A passport after a driver's licence: another number, the name printed another way, the same date of birth.
    const second = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(second, "verified", randomDocument(), undefined, undefined, `ANA MARIA NUNEZ ${surname.toUpperCase()}`);
    expect((await identityOf(second)).status).toBe("in-use");
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await consoleIdentityOf(admin, second)).ownerUserId).toBe(first.userId);
    await buyCash(second, "cs_id_person");
    await onboardPayouts(second);
    const refused = await withdraw(second, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "identity-in-use" });
    expect(await vantageCashOf(second)).toBe(4_900);

    // Another person with the same date of birth verifies; the refused account's document stays free for its person.
    const third = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(third, "verified", randomDocument(), undefined, undefined, `Ana Núñez ${surname}x`);
    expect((await identityOf(third)).status).toBe("verified");
    const claimed = await env.DB.prepare("SELECT COUNT(*) AS n FROM identity_documents WHERE user_id = ?").bind(second.userId).first();
    expect(claimed).toEqual({ n: 0 });
    // A reset of the first account releases the person too: the second account then verifies as that person.
    expect((await resetIdentity(admin, first)).outcome).toMatchObject({ previous: "verified", changed: true });
    expect((await resetIdentity(admin, second)).outcome).toMatchObject({ previous: "in-use", changed: true });
    await verify(second, "verified", randomDocument(), undefined, undefined, `Ana María Núñez ${surname}`);
    expect((await identityOf(second)).status).toBe("verified");
  });

  it("refuses a second account of the same person whose other document adds a middle name, keeping none of its claims", async () => {
    const surname = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => String.fromCharCode(97 + (b % 26))).join("");
    const persons = async (player: SignedIn) =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM identity_persons WHERE user_id = ?").bind(player.userId).first<{ n: number }>())!.n;
    const first = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(first, "verified", randomDocument(), undefined, undefined, `John ${surname}`);
    expect((await identityOf(first)).status).toBe("verified");
    // A passport with the middle name the licence left out: another number, the same person.
    const second = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(second, "verified", randomDocument(), undefined, undefined, `John Michael ${surname}`);
    expect((await identityOf(second)).status).toBe("in-use");
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await consoleIdentityOf(admin, second)).ownerUserId).toBe(first.userId);
    await buyCash(second, "cs_id_middle_name");
    await onboardPayouts(second);
    expect(await errorOf(await withdraw(second, 20))).toMatchObject({ code: "identity-in-use" });
    // The refused account keeps neither its document nor its person's full name.
    const documents = await env.DB.prepare("SELECT COUNT(*) AS n FROM identity_documents WHERE user_id = ?").bind(second.userId).first();
    expect(documents).toEqual({ n: 0 });
    expect(await persons(second)).toBe(0);

    // The other way round too: verified with the middle name, a document without it is in use.
    const withMiddle = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(withMiddle, "verified", randomDocument(), undefined, undefined, `Ann Marie ${surname}`);
    const withoutMiddle = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(withoutMiddle, "verified", randomDocument(), undefined, undefined, `ANN ${surname.toUpperCase()}`);
    expect((await identityOf(withoutMiddle)).status).toBe("in-use");
    expect((await consoleIdentityOf(admin, withoutMiddle)).ownerUserId).toBe(withMiddle.userId);

    // Another first name with the same last name and date of birth is another person.
    const sibling = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(sibling, "verified", randomDocument(), undefined, undefined, `Michael ${surname}`);
    expect((await identityOf(sibling)).status).toBe("verified");
    // Once the first account is reset, the second verifies as that person with its passport.
    expect((await resetIdentity(admin, first)).outcome).toMatchObject({ previous: "verified", changed: true });
    expect(await persons(first)).toBe(0);
    expect((await resetIdentity(admin, second)).outcome).toMatchObject({ previous: "in-use", changed: true });
    await verify(second, "verified", randomDocument(), undefined, undefined, `John Michael ${surname}`);
    expect((await identityOf(second)).status).toBe("verified");
  });

  it("blocks redemptions with 403 identity-mismatch when the document's date of birth differs, and shows it to operators", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "mismatch");
    expect((await identityOf(player)).status).toBe("mismatch");
    await buyCash(player, "cs_id_4");
    await onboardPayouts(player);
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "identity-mismatch" });
    // Final: the player cannot verify again with another document.
    expect((await postJson("/api/identity/session", {}, player.token)).status).toBe(409);
    // The operator console's player view shows why redemptions are blocked.
    const admin = await signIn("admin@vantage.test", "Operator");
    const detail = (await (await api(`/api/admin/players/${player.userId}`, { token: admin.token })).json()) as {
      identity: { status: string; reason: string | null };
    };
    expect(detail.identity).toMatchObject({ status: "mismatch", reason: "The document's date of birth differs from the confirmed one." });
  });
});

/** The player's newest simulated verification session. */
const sessionOf = async (player: SignedIn) =>
  (await env.DB.prepare("SELECT id FROM sim_identity_sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(player.userId)
    .first<{ id: string }>())!.id;

/** Delivers a session's "verified" event again, signed as Stripe signs it (a late or replayed delivery). */
async function replayVerified(sessionId: string) {
  const body = JSON.stringify({ type: "identity.verification_session.verified", data: { object: { id: sessionId } } });
  const signature = await stripeSignatureHeader(body, identityWebhookSecret(env)!, Math.floor(Date.now() / 1000));
  return api("/api/identity/webhook", { method: "POST", body, headers: { "Stripe-Signature": signature } });
}

const correctDateOfBirth = (admin: SignedIn, player: SignedIn, dateOfBirth: string) =>
  api(`/api/admin/players/${player.userId}/date-of-birth`, {
    method: "PUT",
    token: admin.token,
    body: JSON.stringify({ dateOfBirth, reason: "checked against the document" }),
    headers: { "Content-Type": "application/json" },
  });

type ResetRequest = { id: string; status: string; payload: { status: string }; outcome: Record<string, unknown> | null };

/** One operator asks to reset the player's identity check: 202 with a request for a second operator, or the refusal. */
const askReset = (operator: SignedIn, player: SignedIn, body: unknown = { reason: "player used a relative's licence" }) =>
  postJson(`/api/admin/players/${player.userId}/identity/reset`, body, operator.token);

/** The second operator approves a reset request. */
const approveReset = async (request: { id: string }) =>
  postJson(`/api/admin/approvals/${request.id}/approve`, {}, (await signIn("ops@vantage.test", "Ops")).token);

async function askedReset(res: Response): Promise<ResetRequest> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: ResetRequest }).request;
}

/** One operator asks, a second approves: the approved request, whose outcome says what the reset did. */
async function resetIdentity(admin: SignedIn, player: SignedIn): Promise<ResetRequest> {
  const approved = await approveReset(await askedReset(await askReset(admin, player)));
  expect(approved.status).toBe(200);
  return ((await approved.json()) as { request: ResetRequest }).request;
}

type ConsoleIdentity = { status: string; reason: string | null; verifiedDateOfBirth: string | null; ownerUserId: string | null };
const consoleIdentityOf = async (admin: SignedIn, player: SignedIn) =>
  ((await (await api(`/api/admin/players/${player.userId}`, { token: admin.token })).json()) as { identity: ConsoleIdentity }).identity;
const consoleCopyOf = (player: SignedIn) =>
  env.DB.prepare("SELECT status FROM identity_checks WHERE user_id = ?").bind(player.userId).first<{ status: string }>();

describe("operators resolve a blocked identity check", () => {
  it("clears a mismatch by correcting the confirmed date of birth to the document's, and a correction away from it blocks again", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "mismatch");
    const admin = await signIn("admin@vantage.test", "Operator");
    const blocked = await consoleIdentityOf(admin, player);
    expect(blocked.status).toBe("mismatch");
    // The console shows the document's date, so the operator can compare it with the confirmed one.
    const documentDate = blocked.verifiedDateOfBirth!;
    expect(documentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const corrected = await correctDateOfBirth(admin, player, documentDate);
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({ dateOfBirth: documentDate, identity: "verified" });
    expect((await identityOf(player)).status).toBe("verified");
    expect((await consoleCopyOf(player))?.status).toBe("verified");
    await buyCash(player, "cs_id_fix_1");
    await onboardPayouts(player);
    const paid = await withdraw(player, 20);
    expect(paid.status).toBe(200);

    // A correction that no longer agrees with the verified document blocks redemptions again.
    const other = `${Number(documentDate.slice(0, 4)) - 1}${documentDate.slice(4)}`;
    expect(await (await correctDateOfBirth(admin, player, other)).json()).toMatchObject({ identity: "mismatch" });
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "identity-mismatch" });
    expect((await consoleCopyOf(player))?.status).toBe("mismatch");
    // Both corrections are in the audit log with the identity state they left.
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token })).json()) as {
      entries: { action: string; details: { identity?: string } }[];
    };
    const corrections = audit.entries.filter((e) => e.action === "date-of-birth").map((e) => e.details.identity);
    expect(corrections.sort()).toEqual(["mismatch", "verified"]);
  });

  it("a reset starts the check again and releases the document to the person's other account", async () => {
    const document = randomDocument();
    const first = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(first, "verified", document);
    const second = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(second, "verified", document);
    expect((await identityOf(second)).status).toBe("in-use");
    const admin = await signIn("admin@vantage.test", "Operator");

    // The person keeps the second account: the first gives its document up (one operator asks, a second approves).
    const reset = await resetIdentity(admin, first);
    expect(reset).toMatchObject({ status: "approved", payload: { status: "verified" } });
    expect(reset.outcome).toEqual({ uid: first.userId, previous: "verified", changed: true, releasedDocuments: 1 });
    expect(await identityOf(first)).toEqual({ status: "none", reason: null, updatedAt: null });
    expect(await consoleCopyOf(first)).toBeNull();
    await buyCash(first, "cs_id_reset_1");
    await onboardPayouts(first);
    const refused = await withdraw(first, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "identity-unverified" });

    // The second account, reset from in-use, verifies with the same document now…
    expect((await resetIdentity(admin, second)).outcome).toMatchObject({ previous: "in-use", releasedDocuments: 0 });
    await verify(second, "verified", document);
    expect((await identityOf(second)).status).toBe("verified");
    // …and the first cannot take it back.
    await verify(first, "verified", document);
    expect((await identityOf(first)).status).toBe("in-use");
    expect((await consoleIdentityOf(admin, first)).ownerUserId).toBe(second.userId);
  });

  it("ignores a late delivery of a reset session's events, and never gives up the claim of the session after it", async () => {
    const document = randomDocument();
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "verified", document);
    const oldSession = await sessionOf(player);
    const admin = await signIn("admin@vantage.test", "Operator");
    await resetIdentity(admin, player);

    const replayed = await replayVerified(oldSession);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ ignored: "retired session" });
    expect((await identityOf(player)).status).toBe("none");
    const claims = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM identity_documents WHERE user_id = ?").bind(player.userId).first<{ n: number }>();
    expect((await claims())?.n).toBe(0);

    // Verified again in a new session: a replay of the old one leaves the new claim in place.
    await verify(player, "verified", document);
    expect((await identityOf(player)).status).toBe("verified");
    expect((await replayVerified(oldSession)).status).toBe(200);
    expect((await claims())?.n).toBe(1);
    const other = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(other, "verified", document);
    expect((await identityOf(other)).status).toBe("in-use");
  });

  it("an approval whose D1 release failed is finished by approving again: D1 follows the wallet, which has nothing left to reset", async () => {
    const document = randomDocument();
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "verified", document);
    const admin = await signIn("admin@vantage.test", "Operator");
    const request = await askedReset(await askReset(admin, player));
    const claims = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM identity_documents WHERE user_id = ?").bind(player.userId).first<{ n: number }>())!
        .n;
    // The approval reaches the wallet, then D1 fails to release the claim: the request stays approved, not applied.
    await env.DB.prepare(
      "CREATE TRIGGER keep_identity_documents BEFORE DELETE ON identity_documents BEGIN SELECT RAISE(ABORT, 'D1 unavailable'); END",
    ).run();
    try {
      expect((await approveReset(request)).status).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER keep_identity_documents").run();
    }
    expect((await identityOf(player)).status).toBe("none");
    expect(await claims()).toBe(1);
    // Approving again finds the wallet reset already and still releases the claim.
    const finished = await approveReset(request);
    expect(finished.status).toBe(200);
    expect(((await finished.json()) as { request: ResetRequest }).request).toMatchObject({
      status: "approved",
      outcome: { uid: player.userId, previous: "none", changed: false, releasedDocuments: 1 },
    });
    expect(await claims()).toBe(0);
    const other = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(other, "verified", document);
    expect((await identityOf(other)).status).toBe("verified");
  });

  it("refuses to ask for a reset on the operator's own account, without a reason, or with nothing to reset, asking nothing", async () => {
    const admin = await signIn("admin@vantage.test", "Operator");
    const own = await askReset(admin, admin);
    expect(own.status).toBe(403);
    expect(await errorOf(own)).toMatchObject({ code: "own-account" });
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    const nothing = await askReset(admin, player);
    expect(nothing.status).toBe(409);
    expect(await errorOf(nothing)).toMatchObject({ code: "identity-not-started", message: "This player has no identity check to reset." });
    await verify(player, "mismatch");
    const unexplained = await askReset(admin, player, {});
    expect(unexplained.status).toBe(400);
    expect((await identityOf(player)).status).toBe("mismatch");
    const byPlayer = await askReset(player, player);
    expect(byPlayer.status).toBe(404);
    expect((await identityOf(player)).status).toBe("mismatch");
    const requests = await env.DB.prepare("SELECT COUNT(*) AS n FROM approval_requests WHERE kind = 'identity-reset' AND subject = ?")
      .bind(player.userId)
      .first<{ n: number }>();
    expect(requests?.n).toBe(0);
  });
});

describe("at payout time", () => {
  it("never sends a held redemption while the player's identity is not verified (a redemption from before identity checks)", async () => {
    const player = await signIn();
    await buyCash(player, "cs_id_5");
    const wallet = getUserWallet(env, player.userId);
    const now = Date.now();
    expect((await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId: "rd_legacy" }, now)).ok).toBe(true);
    // As a wallet migrated from before identity checks has it: a held redemption and no identity.
    await runInDurableObject(wallet, (_object, state) => {
      state.storage.sql.exec("DELETE FROM identity");
    });
    const timing = { retryAfterMs: 60_000, retryMaxMs: 60_000, keyReuseMs: 3_600_000, leaseMs: 60_000 };
    const attempt = await wallet.beginPayoutAttempt(player.userId, { redemptionId: "rd_legacy", timing }, now);
    expect(attempt).toMatchObject({ run: false, redemption: { status: "pending" } });
    expect(attempt.redemption?.hold).toContain("Verify your identity");
  });
});

describe("the identity webhook", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses unsigned and wrongly signed events", async () => {
    expect((await api("/api/identity/webhook", { method: "POST", body: "{}" })).status).toBe(400);
    const body = JSON.stringify({ type: "identity.verification_session.verified", data: { object: { id: "vs_sim_x" } } });
    const forged = await api("/api/identity/webhook", {
      method: "POST",
      body,
      headers: { "Stripe-Signature": await stripeSignatureHeader(body, "whsec_wrong", Math.floor(Date.now() / 1000)) },
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()) as unknown).toMatchObject({ error: { code: "invalid-signature" } });
  });

  it("reads a verified Stripe session's date of birth and document number with the restricted key", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    const seen: { url: string; auth: string | null }[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith("https://api.stripe.com/")) return original(input, init);
      seen.push({ url, auth: new Headers(init?.headers).get("Authorization") });
      const session = {
        id: "vs_test_1",
        object: "identity.verification_session",
        status: "verified",
        client_reference_id: player.userId,
        metadata: { userId: player.userId },
        verified_outputs: { dob: { year: 1990, month: 4, day: 25 }, address: { country: "US", state: "TX" } },
        last_verification_report: { id: "vr_1", document: { type: "driving_license", issuing_country: "US", number: randomDocument() } },
      };
      return Response.json(session, { headers: { "Request-Id": "req_1" } });
    });
    const realEnv = {
      ...env,
      STRIPE_IDENTITY_RESTRICTED_KEY: "rk_test_identity",
      STRIPE_IDENTITY_WEBHOOK_SECRET: "whsec_id",
      IDENTITY_HASH_KEY: "k".repeat(32),
    };
    const body = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "identity.verification_session.verified",
      data: { object: { id: "vs_test_1" } },
    });
    const deliver = async () => {
      const ctx = createExecutionContext();
      const signature = await stripeSignatureHeader(body, "whsec_id", Math.floor(Date.now() / 1000));
      const res = await createApp().fetch(
        new Request(`${BASE}/api/identity/webhook`, {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        }),
        realEnv,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const res = await deliver();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, identity: "verified" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.auth).toBe("Bearer rk_test_identity");
    const url = new URL(seen[0]!.url);
    expect(url.pathname).toBe("/v1/identity/verification_sessions/vs_test_1");
    const expanded = [...url.searchParams.entries()].filter(([name]) => name.startsWith("expand")).map(([, value]) => value);
    expect(expanded).toEqual(expect.arrayContaining(["verified_outputs.dob", "last_verification_report.document.number"]));
    // A replay (Stripe delivers at least once) finds the same document of the same player: still verified.
    const replay = await deliver();
    expect(await replay.json()).toEqual({ received: true, identity: "verified" });
    expect((await getUserWallet(env, player.userId).getIdentity(player.userId, Date.now())).status).toBe("verified");
  });

  it("asks Stripe for a driving licence or a state ID, which show where the player lives", async () => {
    const sent: string[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith("https://api.stripe.com/")) return original(input, init);
      sent.push(decodeURIComponent(String(init?.body ?? "")));
      return Response.json({ id: "vs_test_2", object: "identity.verification_session", url: "https://verify.stripe.com/x" });
    });
    await createStripeIdentity("rk_test_identity").createSession({
      userId: "u_1",
      returnUrl: `${BASE}/redeem?identity=return`,
      now: Date.now(),
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("options[document][allowed_types][0]=driving_license");
    expect(sent[0]).toContain("options[document][allowed_types][1]=id_card");
    expect(sent[0]).not.toContain("passport");
  });

  it("treats a live restricted identity key as real money: the simulated pages are refused", async () => {
    const liveEnv = { ...env, STRIPE_IDENTITY_RESTRICTED_KEY: "rk_live_identity" };
    const ctx = createExecutionContext();
    const res = await createApp().fetch(new Request(`${BASE}/api/identity/sim/vs_sim_${"0".repeat(32)}`), liveEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    const pay = await createApp().fetch(new Request(`${BASE}/api/payments/sim/checkout/cs_sim_${"0".repeat(32)}`), liveEnv, ctx);
    expect(pay.status).toBe(503);
  });
});

describe("IDENTITY_HASH_KEY strength", () => {
  it("a key shorter than 32 bytes stops the Worker with 503 not-configured, naming the key", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await worker.fetch(
        new Request("http://x/api/health"),
        { ...env, IDENTITY_HASH_KEY: "k".repeat(31) } as Env,
        {} as ExecutionContext,
      );
      expect(res.status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain("IDENTITY_HASH_KEY");
  });
});

describe("identity is a person of age, once", () => {
  it("never verifies a minor's document: a mismatch that holds redemptions, and the account closes for play", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false, verifyIdentity: false });
    await verify(player, "verified", randomDocument(), "2012-06-01");
    expect(await identityOf(player)).toMatchObject({
      status: "mismatch",
      reason: "The document shows someone under the minimum age to play.",
    });
    // Confirming an adult date afterwards changes nothing: the identity stays held, play stays closed.
    const patched = await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ dateOfBirth: "1990-02-02" }) });
    expect(patched.status).toBeLessThan(500);
    expect((await identityOf(player)).status).toBe("mismatch");
    const wallet = getUserWallet(env, player.userId);
    const redemption = await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId: "rd_minor" }, Date.now());
    expect(sent(redemption)).toMatchObject({ status: 403 });
    expect((await wallet.getProtection(player.userId, Date.now())).state.closed).toBe("under-age");
  });

  it("keeps a minor's account closed and unverified whatever date of birth an operator corrects it to", async () => {
    // A minor types an adult date; the document shows 2012.
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "verified", randomDocument(), "2012-06-01");
    expect((await identityOf(player)).status).toBe("mismatch");
    const admin = await signIn("admin@vantage.test", "Operator");
    // The adult date already on file, then the document's own: neither reopens play nor verifies the document.
    for (const dateOfBirth of [ADULT_DATE_OF_BIRTH, "2012-06-01"]) {
      const corrected = await correctDateOfBirth(admin, player, dateOfBirth);
      expect(corrected.status).toBe(200);
      expect(await corrected.json()).toMatchObject({ dateOfBirth, closed: "under-age", identity: "mismatch" });
    }
    expect((await identityOf(player)).status).toBe("mismatch");
    const wallet = getUserWallet(env, player.userId);
    expect((await wallet.getProtection(player.userId, Date.now())).state.closed).toBe("under-age");
    // No Vantage Cash to buy or bet with.
    const checkout = await postJson("/api/checkout/session", { amountCents: 999 }, player.token);
    expect(checkout.status).toBe(403);
  });

  it("never resets a check whose document showed a minor, so no adult's document and date correction can reopen the account", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(player, "verified", randomDocument(), "2012-06-01");
    const admin = await signIn("admin@vantage.test", "Operator");
    const reset = await askReset(admin, player, { reason: "player says it was the wrong document" });
    expect(reset.status).toBe(409);
    expect(await errorOf(reset)).toEqual({
      code: "identity-shows-minor",
      message: "This player's verified document showed a minor: the check cannot be reset, and the account stays closed for play.",
    });
    // The record stands: a later correction of the date of birth still keeps the account closed.
    const corrected = await correctDateOfBirth(admin, player, ADULT_DATE_OF_BIRTH);
    expect(await corrected.json()).toMatchObject({ closed: "under-age", identity: "mismatch" });
    expect((await identityOf(player)).status).toBe("mismatch");
  });

  it("closes a second account that shows a minor's document another account already verified", async () => {
    const document = randomDocument();
    const first = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(first, "verified", document, "2012-06-01");
    expect((await identityOf(first)).status).toBe("mismatch");
    // The same minor opens another account, types an adult's date, and shows the same licence.
    const second = await signIn(undefined, undefined, { verifyIdentity: false });
    await verify(second, "verified", document, "2012-06-01");
    expect(await identityOf(second)).toMatchObject({
      status: "mismatch",
      reason: "The document shows someone under the minimum age to play.",
    });
    const wallet = getUserWallet(env, second.userId);
    expect((await wallet.getProtection(second.userId, Date.now())).state.closed).toBe("under-age");
    expect((await postJson("/api/checkout/session", { amountCents: 999 }, second.token)).status).toBe(403);
    // An operator cannot reset it either.
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await askReset(admin, second, { reason: "player says it was the wrong document" })).status).toBe(409);
  });

  it("confirms the date of birth from an adult's document when none was confirmed, and the player cannot change it afterwards", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false, verifyIdentity: false });
    await verify(player, "verified", randomDocument(), "1988-03-03");
    expect((await identityOf(player)).status).toBe("verified");
    const me = (await (await api("/api/me", { token: player.token })).json()) as { dateOfBirth: string | null };
    expect(me.dateOfBirth).toBe("1988-03-03");
    const patched = await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ dateOfBirth: "1990-02-02" }) });
    expect(patched.status).toBe(409);
    expect((await errorOf(patched)).code).toBe("date-of-birth-set");
    expect((await identityOf(player)).status).toBe("verified");
  });
});
