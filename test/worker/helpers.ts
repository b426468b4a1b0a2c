// Test helpers for Worker tests: call the app in-process and sign players in through
// the same dev-token → session path the SPA uses.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { type AuditFailure, type Refusal, sentenceOf } from "../../src/shared/refusals";
import { refusalError } from "../../worker/http/refusals";
import { currentRules } from "../../worker/sweepstakes/rules-versions";
import { getUserWallet } from "../../worker/user-wallet";
import { getDb } from "../../worker/db/database";
import { claimPerson, personHashes } from "../../worker/identity/document-hash";
import { identityHashKey } from "../../worker/identity/identity-port";

export const BASE = "http://localhost";

export function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  // Each call looks like its own client address so per-IP sign-in limits don't couple
  // unrelated tests; rate-limit tests pass a fixed CF-Connecting-IP themselves.
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", randomClientIp());
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
}

export async function postJson(path: string, body: unknown, token?: string, headers?: Record<string, string>) {
  return api(path, { method: "POST", body: JSON.stringify(body), token, headers });
}

function randomClientIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export type SignedIn = { token: string; userId: string; email: string };

/** A refusal from domain code as a client receives it (worker/http/refusals.ts); throws for an answer that is not one. */
export function sent(result: { ok: true } | Refusal | AuditFailure | null) {
  if (!result || result.ok) throw new Error("expected a refusal");
  const error = refusalError(result);
  return { status: error.status, code: error.code, message: error.message, ...(error.details !== undefined && { details: error.details }) };
}

export async function mintIdToken(email: string, name?: string): Promise<string> {
  const res = await postJson("/api/auth/dev/id-token", { email, name });
  if (res.status !== 200) throw new Error(`dev id-token failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** An adult's date of birth: what every signed-in test player confirms unless told not to. */
export const ADULT_DATE_OF_BIRTH = "1990-04-25";

/**
 * Signs a player in as the SPA does and, like the SPA's first-sign-in form, confirms an
 * adult date of birth (money actions need it); `confirmAge: false` leaves it unconfirmed.
 * The player's identity is marked verified in their wallet (redemptions need it; the
 * verification flow has its own tests in identity-*.test.ts); `verifyIdentity: false` leaves it unverified, and so
 * does `confirmAge: false` (a verified document confirms the date of birth it shows).
 * Like the SPA's rules dialog, it also accepts the Official Sweepstakes Rules in force
 * (Vantage Cash play needs it); `acceptRules: false` leaves them unaccepted.
 */
export async function signIn(
  email = `player-${crypto.randomUUID().slice(0, 8)}@example.com`,
  name?: string,
  options: { confirmAge?: boolean; verifyIdentity?: boolean; acceptRules?: boolean } = {},
): Promise<SignedIn> {
  const idToken = await mintIdToken(email, name);
  const res = await postJson("/api/auth/session", { idToken });
  if (res.status !== 200) throw new Error(`session failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { uid: string; dateOfBirth: string | null } };
  if (options.confirmAge !== false && body.user.dateOfBirth === null) {
    // Straight to the wallet (one call, not PATCH /api/me's full document): the HTTP form of
    // this step has its own tests in protection-age-breaks.test.ts.
    const confirmed = await getUserWallet(env, body.user.uid).confirmDateOfBirth(
      body.user.uid,
      { dateOfBirth: ADULT_DATE_OF_BIRTH, minAge: 18 },
      Date.now(),
    );
    if (!confirmed.ok) throw new Error(`date of birth failed: ${confirmed.code} ${sentenceOf(confirmed)}`);
  }
  // Straight to the wallet too; POST /api/me/rules-acceptance has its own tests (sweepstakes-acceptance.test.ts).
  if (options.acceptRules !== false) await acceptRulesUnder(env, body.user.uid);
  // A verified document confirms the date of birth it shows, so a player left without one is left unverified too.
  if (options.verifyIdentity !== false && options.confirmAge !== false) await verifyIdentityInWallet(body.user.uid);
  return { token: body.accessToken, userId: body.user.uid, email };
}

/**
 * The legal name a test player's verified document shows, and their payout account's holder
 * (test/worker/payout-helpers.ts): one per player, since a person verifies one account. A
 * name is keyed by its letters only, so each character of the id is spelled as two letters.
 */
export function testLegalName(userId: string): string {
  const abc = "abcdefghijklmnopqrstuvwxyz";
  const letters = [...userId].map((c) => abc[Math.floor(c.charCodeAt(0) / 26) % 26]! + abc[c.charCodeAt(0) % 26]!).join("");
  return `Tess ${letters}`;
}

/**
 * Marks the player's identity verified in their wallet, and claims the person their document
 * shows (both keys of testLegalName and the date of birth) in D1, as the identity webhook does (for wallet-level tests).
 * `residence`: where the document says they live (a Texas licence unless told).
 */
export async function verifyIdentityInWallet(userId: string, now = Date.now(), residence = "US-TX"): Promise<void> {
  const wallet = getUserWallet(env, userId);
  const dateOfBirth = (await wallet.getProtection(userId, now)).state.dateOfBirth ?? ADULT_DATE_OF_BIRTH;
  for (const person of await personHashes(identityHashKey(env)!, { name: testLegalName(userId), dateOfBirth })) {
    const claim = await claimPerson(getDb(env), { personHash: person, userId, now });
    if (claim.owner !== userId) throw new Error("the test person is claimed by another player");
  }
  const recorded = await wallet.recordIdentity(
    userId,
    // A driving licence from Texas unless told, where the tests' requests come from (DEV_REGION, vitest.config.ts).
    { sessionId: "vs_test_helper", outcome: "verified", documentHash: `idh_test_${userId}`, dateOfBirth, minAge: 18, residence },
    now,
  );
  if (recorded.identity.status !== "verified") throw new Error(`identity not verified: ${recorded.identity.status}`);
}

/**
 * Accepts, for the player, the Official Sweepstakes Rules in force under `testEnv`: a test
 * that runs the Worker with tunables the rules mention (CASH_PLAYTHROUGH, BLOCKED_REGIONS…)
 * runs under another rules version, which the player accepts as the SPA's dialog would ask.
 */
export async function acceptRulesUnder(testEnv: Env, userId: string): Promise<void> {
  const { version } = await currentRules(testEnv);
  await getUserWallet(env, userId).acceptRules(userId, version, Date.now());
}

/** A driving licence number nobody has shown yet. */
export const randomDocument = () => `D${crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`;

/** Opens a verification session as /redeem does; answers the simulated verification page's path. */
export async function startVerification(player: SignedIn): Promise<string> {
  const started = await postJson("/api/identity/session", {}, player.token);
  expect(started.status).toBe(200);
  return new URL(((await started.json()) as { url: string }).url).pathname;
}

/**
 * Submits a simulated provider page (identity verification, payout onboarding) at `path` with
 * `fields`, as the browser posts its form; the redirect it answers is not followed.
 */
export const submitPage = (path: string, fields: Record<string, string>) =>
  api(`${path}/complete`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });

/** The sign-in (refresh-token family) an access token belongs to: its `sid` claim. */
export function sessionIdOf(accessToken: string): string {
  const payload = accessToken.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
  return (JSON.parse(atob(payload)) as { sid: string }).sid;
}

/**
 * The rate limiters count in fixed windows aligned to the real clock (as Workers Rate
 * Limiting does); start a burst early in a window so the whole burst lands in one.
 * `burstMs` is a few times what the burst takes on a busy machine: the longer it is, the
 * more often the test waits for the next window.
 */
export async function startOfWindow(periodMs: number, burstMs: number): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < burstMs) await new Promise((r) => setTimeout(r, left + 50));
}

/** What recording a final came to: the applied answer, and whether a second operator had to approve it. */
export type RecordedFinal = { status: number; secondOperator: boolean; answer: Record<string, unknown> };

/**
 * Records a result as operators do: `first` posts it; when it waits for a second operator
 * (a final or correction of a started game whose final the price desk does not report),
 * `second` approves it. Answers the route's body, or the approved request's outcome.
 */
export async function recordFinal(eventId: string, body: object, first: SignedIn, second: SignedIn): Promise<RecordedFinal> {
  const posted = await postJson(`/api/admin/events/${encodeURIComponent(eventId)}/result`, body, first.token);
  const answer = (await posted.json()) as Record<string, unknown>;
  if (posted.status !== 202) return { status: posted.status, secondOperator: false, answer };
  const { request } = answer as { request: { id: string } };
  const approved = await postJson(
    `/api/admin/approvals/${encodeURIComponent(request.id)}/approve`,
    { reason: "final checked" },
    second.token,
  );
  const decided = (await approved.json()) as { request?: { status: string; outcome: Record<string, unknown> } } & Record<string, unknown>;
  if (approved.status !== 200 || !decided.request) return { status: approved.status, secondOperator: true, answer: decided };
  return { status: decided.request.status === "failed" ? 409 : 200, secondOperator: true, answer: decided.request.outcome };
}
