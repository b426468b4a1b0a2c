// A verification session's outcome the wallet does not record (the check already final, or
// a session the player gave up after it needed input, retired when they began another)
// claims no document and no person in D1: its delivery gives up what it claimed. Otherwise
// another person could complete a spare session with their own document, leave it claimed
// by the player's account (their own verification then `in-use`) and, sharing the player's
// date of birth, pass the payout check in their own name. A session still being checked when
// the player opens another keeps counting, so their verification is not lost.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { IdentityState } from "../../src/shared/schemas/identity";
import { documentHash, personHash, tolerantPersonHash } from "../../worker/identity/document-hash";
import { identityHashKey, identityWebhookSecret } from "../../worker/identity/identity-port";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { ADULT_DATE_OF_BIRTH, api, randomDocument, signIn, type SignedIn, startVerification, submitPage, testLegalName } from "./helpers";
import { buyCash, completeOnboarding, vantageCashOf, withdraw } from "./payout-helpers";

const accountNumber = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`;
const identityOf = async (player: SignedIn) => (await (await api("/api/identity", { token: player.token })).json()) as IdentityState;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error;

/** Opens a verification session as /redeem does; answers its id and the simulated page's path. */
async function startSession(player: SignedIn): Promise<{ id: string; path: string }> {
  const path = await startVerification(player);
  return { id: path.split("/").pop()!, path };
}

type Shown = { document: string; name: string };

/** Ends a session on the simulated page: verified with `shown` (a Texas licence, the confirmed adult date), or needs input. */
async function complete(path: string, outcome: "verified" | "needs-input", shown?: Shown): Promise<void> {
  const done = await submitPage(path, {
    outcome,
    document_type: "driving_license",
    issuing_country: "US",
    document_number: shown?.document ?? randomDocument(),
    date_of_birth: ADULT_DATE_OF_BIRTH,
    residence: "US-TX",
    legal_name: shown?.name ?? "",
  });
  expect(done.status).toBe(303);
  expect(done.headers.get("Location")).toBe("/redeem?identity=return");
}

/** Delivers a session's "verified" event again, signed as Stripe signs it; answers the webhook's body. */
async function deliverVerified(sessionId: string): Promise<unknown> {
  const body = JSON.stringify({ type: "identity.verification_session.verified", data: { object: { id: sessionId } } });
  const signature = await stripeSignatureHeader(body, identityWebhookSecret(env)!, Math.floor(Date.now() / 1000));
  const res = await api("/api/identity/webhook", { method: "POST", body, headers: { "Stripe-Signature": signature } });
  expect(res.status).toBe(200);
  return res.json();
}

/** The document and person keys (the full name's and the tolerant one) `shown` claims in D1, and who holds each (null: nobody). */
async function claimsOf(shown: Shown): Promise<{ document: string | null; person: string | null; tolerant: string | null }> {
  const key = identityHashKey(env)!;
  const document = await documentHash(key, { type: "driving_license", issuingCountry: "US", number: shown.document });
  const person = (await personHash(key, { name: shown.name, dateOfBirth: ADULT_DATE_OF_BIRTH }))!;
  const tolerant = (await tolerantPersonHash(key, { name: shown.name, dateOfBirth: ADULT_DATE_OF_BIRTH }))!;
  const owner = async (sql: string, hash: string) => (await env.DB.prepare(sql).bind(hash).first<{ user_id: string }>())?.user_id ?? null;
  return {
    document: await owner("SELECT user_id FROM identity_documents WHERE document_hash = ?", document),
    person: await owner("SELECT user_id FROM identity_persons WHERE person_hash = ?", person),
    tolerant: await owner("SELECT user_id FROM identity_persons WHERE person_hash = ?", tolerant),
  };
}

/** Every document and person key the player holds in D1 (a test name has two words: two keys of its person). */
async function heldBy(player: SignedIn): Promise<{ documents: number; persons: number }> {
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(player.userId).first<{ n: number }>())!.n;
  return { documents: await count("identity_documents"), persons: await count("identity_persons") };
}

/** A player who has not verified, and what their own licence shows (every test player confirms the same adult date of birth). */
async function newPlayer(): Promise<{ player: SignedIn; own: Shown }> {
  const player = await signIn(undefined, undefined, { verifyIdentity: false });
  return { player, own: { document: randomDocument(), name: testLegalName(player.userId) } };
}

describe("a verification session the player no longer counts on", () => {
  it("claims nothing for another person who completes it, who can verify their own account, and the payout check refuses their name", async () => {
    const { player, own } = await newPlayer();
    // Their twin: another account, the same date of birth.
    const { player: twin, own: twinsOwn } = await newPlayer();

    const spare = await startSession(player);
    const kept = await startSession(player);
    await complete(kept.path, "verified", own);
    expect((await identityOf(player)).status).toBe("verified");
    const before = await heldBy(player);
    expect(before).toEqual({ documents: 1, persons: 2 });

    // The twin completes the spare session with their own licence and selfie.
    await complete(spare.path, "verified", twinsOwn);
    expect(await claimsOf(twinsOwn)).toEqual({ document: null, person: null, tolerant: null });
    expect(await heldBy(player)).toEqual(before);
    expect(await claimsOf(own)).toEqual({ document: player.userId, person: player.userId, tolerant: player.userId });
    expect((await identityOf(player)).status).toBe("verified");
    // Delivered again, it still changes nothing.
    expect(await deliverVerified(spare.id)).toEqual({ received: true, identity: "verified" });
    expect(await claimsOf(twinsOwn)).toEqual({ document: null, person: null, tolerant: null });

    // A payout account in the twin's name is not the player's verified person; their own name is.
    await buyCash(player);
    const account_number = accountNumber();
    await completeOnboarding(player, { account_number, holder_name: testLegalName(twin.userId) });
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "payee-not-verified-person" });
    expect(await vantageCashOf(player)).toBe(4_900);
    await completeOnboarding(player, { account_number, holder_name: own.name });
    expect((await withdraw(player, 20)).status).toBe(200);

    // The twin verifies their own account with the same licence: theirs, not in use.
    const theirs = await startSession(twin);
    await complete(theirs.path, "verified", twinsOwn);
    expect((await identityOf(twin)).status).toBe("verified");
    expect(await claimsOf(twinsOwn)).toEqual({ document: twin.userId, person: twin.userId, tolerant: twin.userId });
  });

  it("keeps counting a session still being checked when the player opens another: its outcome verifies them", async () => {
    const { player, own } = await newPlayer();
    const first = await startSession(player);
    // "Continue verification" while the provider still checks the first.
    const second = await startSession(player);
    await complete(first.path, "verified", own);
    expect((await identityOf(player)).status).toBe("verified");
    expect(await claimsOf(own)).toEqual({ document: player.userId, person: player.userId, tolerant: player.userId });
    // The second, finished later with the same licence, changes nothing and takes nothing away.
    await complete(second.path, "verified", own);
    expect((await identityOf(player)).status).toBe("verified");
    expect(await claimsOf(own)).toEqual({ document: player.userId, person: player.userId, tolerant: player.userId });
  });

  it("retires a session that needed input once the player starts again", async () => {
    const { player, own } = await newPlayer();
    const first = await startSession(player);
    await complete(first.path, "needs-input");
    expect((await identityOf(player)).status).toBe("needs-input");
    const second = await startSession(player);
    expect((await identityOf(player)).status).toBe("pending");

    // The first session, taken up again at the provider and verified: nothing changes.
    await complete(first.path, "verified", own);
    expect((await identityOf(player)).status).toBe("pending");
    expect(await heldBy(player)).toEqual({ documents: 0, persons: 0 });
    await complete(second.path, "verified", own);
    expect((await identityOf(player)).status).toBe("verified");
  });

  it("gives up what an outcome claimed when the wallet declines it, and keeps the document the state holds", async () => {
    const { player, own } = await newPlayer();
    const { player: other, own: othersOwn } = await newPlayer();
    const session = await startSession(player);
    await complete(session.path, "verified", own);
    expect((await identityOf(player)).status).toBe("verified");

    // The same session reported again with another person's licence (the state is final): claimed, declined, given up.
    await complete(session.path, "verified", othersOwn);
    expect(await deliverVerified(session.id)).toEqual({ received: true, identity: "verified" });
    expect(await claimsOf(othersOwn)).toEqual({ document: null, person: null, tolerant: null });
    expect(await claimsOf(own)).toEqual({ document: player.userId, person: player.userId, tolerant: player.userId });
    expect(await heldBy(player)).toEqual({ documents: 1, persons: 2 });
    expect((await identityOf(player)).status).toBe("verified");

    // A replay of the outcome the state holds keeps its claims.
    await complete(session.path, "verified", own);
    expect(await deliverVerified(session.id)).toEqual({ received: true, identity: "verified" });
    expect(await claimsOf(own)).toEqual({ document: player.userId, person: player.userId, tolerant: player.userId });

    const theirs = await startSession(other);
    await complete(theirs.path, "verified", othersOwn);
    expect((await identityOf(other)).status).toBe("verified");
  });
});
