// Free entry by post: a player asks for single-use request codes; an operator records each
// received card and a second operator approves it, crediting FREE_ENTRY_CASH_CENTS once
// per code and at most one card per player per postmark day, through the wallet's usual
// gates, audited; the operators see why a player got nothing, neither may act on their own
// account, and one operator records at most FREE_ENTRY_DAILY_CAP cards a day.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { FreeEntryRecordSchema, type FreeEntryCodes, type FreeEntryRecord } from "../../src/shared/schemas/sweepstakes";
import type { UserDocument } from "../../src/shared/schemas/user";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, signIn, type SignedIn } from "./helpers";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test"; // also in ADMIN_EMAILS: approves what the first records
const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => etDayKey(Date.now());
const daysAgo = (n: number) => etDayKey(Date.now() - n * DAY_MS);

let admin: SignedIn;
let ops: SignedIn;
beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

async function codesOf(player: SignedIn): Promise<FreeEntryCodes> {
  const res = await api("/api/free-entry/code", { token: player.token });
  expect(res.status).toBe(200);
  return (await res.json()) as FreeEntryCodes;
}

/** The first operator records a card: 202 with the request a second operator decides, or a refusal. */
const record = (code: string, postmarkedOn: string, token = admin.token, note = "handwritten, name matches") =>
  postJson("/api/admin/free-entry", { code, postmarkedOn, note }, token);

type DecidedRequest = { status: string; outcome: Record<string, unknown> };

/** The second operator's approval of a recorded card: the request, applied (200) or failed (the wallet's refusal, with the request). */
async function approve(recordedCard: Response, token = ops.token): Promise<DecidedRequest> {
  expect(recordedCard.status).toBe(202);
  const { request } = (await recordedCard.json()) as { request: { id: string } };
  const res = await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "card checked" }, token);
  if (res.status === 200) return ((await res.json()) as { request: DecidedRequest }).request;
  return ((await res.json()) as { error: { details: { request: DecidedRequest } } }).error.details.request;
}

/** Recorded by one operator and approved by the other: what the card came to. */
async function recorded(code: string, postmarkedOn: string): Promise<FreeEntryRecord> {
  const request = await approve(await record(code, postmarkedOn));
  expect(request.status).toBe("approved");
  return FreeEntryRecordSchema.parse(request.outcome);
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

const me = async (player: SignedIn) => (await (await api("/api/me", { token: player.token })).json()) as UserDocument;

let issued = 0;
/** A code the player asked for `days` days ago (written as GET /api/free-entry/code would have). */
async function codeIssued(player: SignedIn, days: number): Promise<string> {
  const code = `VX-${"CDEFGHJK"[issued % 8]}${"MNPQRTUV"[Math.floor(issued / 8) % 8]}AA-${String.fromCharCode(65 + (Math.floor(issued / 64) % 3))}CDE`;
  issued += 1;
  const issuedAt = Date.now() - days * DAY_MS;
  await env.DB.prepare("INSERT INTO free_entry_codes (code, user_id, region, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)")
    .bind(code, player.userId, "US-TX", issuedAt, issuedAt + 30 * DAY_MS)
    .run();
  return code;
}

/** A player holding `count` request codes. */
async function playerWithCodes(count = 1): Promise<{ player: SignedIn; codes: string[] }> {
  const player = await signIn();
  await codesOf(player);
  for (let i = 1; i < count; i++) expect((await postJson("/api/free-entry/code", {}, player.token)).status).toBe(200);
  return { player, codes: (await codesOf(player)).codes.map((c) => c.code) };
}

describe("request codes", () => {
  it("gives a player one code, the same one again, more on request up to FREE_ENTRY_OPEN_CODES, and the address to mail", async () => {
    const player = await signIn();
    const first = await codesOf(player);
    expect(first.codes).toHaveLength(1);
    expect(first.codes[0]!.code).toMatch(/^VX-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(first).toMatchObject({ maxOpenCodes: 3, validDays: 30, cashCents: 500 });
    expect(first.mailTo.address).toBe(env.SPONSOR_ADDRESS);
    expect(Date.parse(first.codes[0]!.expiresAt) - Date.parse(first.codes[0]!.issuedAt)).toBe(30 * DAY_MS);
    expect((await codesOf(player)).codes).toEqual(first.codes);

    expect((await postJson("/api/free-entry/code", {}, player.token)).status).toBe(200);
    const third = await postJson("/api/free-entry/code", {}, player.token);
    expect(((await third.json()) as FreeEntryCodes).codes).toHaveLength(3);
    const fourth = await postJson("/api/free-entry/code", {}, player.token);
    expect(fourth.status).toBe(409);
    expect((await errorOf(fourth)).code).toBe("too-many-codes");
  });

  it("holds FREE_ENTRY_OPEN_CODES however many requests for a code come at once", async () => {
    const player = await signIn();
    await codesOf(player);
    const asked = await Promise.all(Array.from({ length: 6 }, () => postJson("/api/free-entry/code", {}, player.token)));
    expect(asked.filter((r) => r.status === 200)).toHaveLength(2);
    for (const refused of asked.filter((r) => r.status !== 200)) expect((await errorOf(refused)).code).toBe("too-many-codes");
    expect((await codesOf(player)).codes).toHaveLength(3);
  });

  it("asks for the rules to be accepted first", async () => {
    const player = await signIn(undefined, undefined, { acceptRules: false });
    const res = await api("/api/free-entry/code", { token: player.token });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("rules-not-accepted");
    expect((await api("/api/free-entry/code")).status).toBe(401);
  });
});

describe("recording a received card", () => {
  it("credits FREE_ENTRY_CASH_CENTS once per code, with bonus cash's play-through, audited", async () => {
    const { player, codes } = await playerWithCodes();
    const before = await me(player);
    const entry = await recorded(codes[0]!.toLowerCase().replaceAll("-", " "), today());
    expect(entry).toEqual({
      code: codes[0],
      userId: player.userId,
      postmarkedOn: today(),
      credited: true,
      amountCents: 500,
      refusal: null,
      recordedBy: ADMIN_EMAIL,
    });
    const after = await me(player);
    expect(after.vantageCash).toBe(before.vantageCash + 500);
    expect(after.cashToPlay).toBe(before.cashToPlay + 500);
    // The code is used: the player's page no longer lists it, and a new one is issued.
    expect((await codesOf(player)).codes.map((c) => c.code)).not.toContain(codes[0]);

    const again = await record(codes[0]!, today());
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("code-used");
    expect((await me(player)).vantageCash).toBe(before.vantageCash + 500);

    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((row) => row.reason === "free_entry")).toHaveLength(1);
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token })).json()) as {
      entries: { action: string; actor: string; details: Record<string, unknown> }[];
    };
    expect(audit.entries.filter((e) => e.action === "free-entry")).toEqual([
      expect.objectContaining({
        actor: SECOND_OPERATOR,
        details: expect.objectContaining({ code: codes[0], credited: true, amountCents: 500 }),
      }),
    ]);
  });

  it("credits at most one card per player per postmark day", async () => {
    const player = await signIn();
    const [first, second] = [await codeIssued(player, 3), await codeIssued(player, 3)];
    const before = (await me(player)).vantageCash;
    expect((await recorded(first, daysAgo(2))).credited).toBe(true);
    // The wallet refuses the second card of that postmark day when it is approved: the request fails.
    const sameDay = await approve(await record(second, daysAgo(2)));
    expect(sameDay).toMatchObject({ status: "failed", outcome: { code: "already-entered-that-day" } });
    expect((await me(player)).vantageCash).toBe(before + 500);
    // Refused, the second card's code was not used: a card of it posted another day counts.
    expect((await recorded(second, daysAgo(1))).credited).toBe(true);
    expect((await me(player)).vantageCash).toBe(before + 1000);
  });

  it("answers 404 for an unknown or malformed code", async () => {
    for (const code of ["VX-AAAA-AAAA", "hello", "VX-0000-0000"]) {
      const res = await record(code, today());
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("unknown-code");
    }
  });

  it("gives nothing to a frozen player or one on a break, tells the operator why, and uses up the code", async () => {
    const frozen = await playerWithCodes();
    expect((await postJson(`/api/admin/players/${frozen.player.userId}/freeze`, { reason: "looking into it" }, admin.token)).status).toBe(
      200,
    );
    const before = (await me(frozen.player)).vantageCash;
    const entry = await recorded(frozen.codes[0]!, today());
    expect(entry).toMatchObject({ credited: false, amountCents: 0, refusal: { code: "account-frozen" } });
    expect((await me(frozen.player)).vantageCash).toBe(before);
    expect((await errorOf(await record(frozen.codes[0]!, today()))).code).toBe("code-used");

    const resting = await playerWithCodes();
    expect((await postJson("/api/me/break", { period: "24h" }, resting.player.token)).status).toBe(200);
    const rested = await recorded(resting.codes[0]!, today());
    expect(rested).toMatchObject({ credited: false, refusal: { code: "self-excluded" } });
    expect(rested.refusal!.message).toContain("break");
  });

  it("refuses a postmark later than today or before the code existed, and one after the code expired", async () => {
    const { codes } = await playerWithCodes();
    const tomorrow = etDayKey(Date.now() + DAY_MS + 60_000);
    for (const day of [tomorrow, daysAgo(2), "2026-02-30"]) {
      const res = await record(codes[0]!, day);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid-postmark");
    }
    // A code issued 40 days ago expired after 30: a card postmarked 5 days ago is too late.
    const player = await signIn();
    const issuedAt = Date.now() - 40 * DAY_MS;
    await env.DB.prepare("INSERT INTO free_entry_codes (code, user_id, region, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)")
      .bind("VX-CDEF-GHJK", player.userId, "US-TX", issuedAt, issuedAt + 30 * DAY_MS)
      .run();
    const late = await record("VX-CDEF-GHJK", daysAgo(5));
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("code-expired");
    expect((await recorded("VX-CDEF-GHJK", daysAgo(15))).credited).toBe(true);
  });

  it("credits nothing until a second operator approves, whom the recorder cannot stand in for", async () => {
    const { player, codes } = await playerWithCodes();
    const before = (await me(player)).vantageCash;
    const card = await record(codes[0]!, today(), admin.token, "postmark smudged but legible");
    expect(card.status).toBe(202);
    const { request } = (await card.clone().json()) as { request: { id: string; kind: string; reason: string; payload: unknown } };
    expect(request).toMatchObject({
      kind: "free-entry",
      reason: "postmark smudged but legible",
      payload: { code: codes[0], postmarkedOn: today(), amountCents: 500 },
    });
    expect((await me(player)).vantageCash).toBe(before);
    // The same card recorded again (by either operator) is the same request, not a second credit.
    const again = await record(codes[0]!, today(), ops.token);
    expect(((await again.json()) as { request: { id: string } }).request.id).toBe(request.id);
    const own = await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token);
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe("own-request");
    expect((await me(player)).vantageCash).toBe(before);
    expect((await approve(card)).status).toBe("approved");
    expect((await me(player)).vantageCash).toBe(before + 500);
    expect((await errorOf(await record(codes[0]!, today()))).code).toBe("code-used");
  });

  it("stops an operator at FREE_ENTRY_DAILY_CAP cards in 24 hours, counting cards a colleague has yet to decide", async () => {
    const cap = 2;
    const capped = { ...env, FREE_ENTRY_DAILY_CAP: String(cap) } as Env;
    const { createApp } = await import("../../worker/app");
    const app = createApp();
    const players = await Promise.all([playerWithCodes(), playerWithCodes(), playerWithCodes()]);
    const answers = [];
    for (const { codes } of players) {
      const res = await app.request(
        "/api/admin/free-entry",
        {
          method: "POST",
          headers: { Authorization: `Bearer ${ops.token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ code: codes[0], postmarkedOn: today() }),
        },
        capped,
      );
      answers.push({ status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } });
    }
    expect(answers.map((a) => a.status)).toEqual([202, 202, 429]);
    expect(answers[2]!.body.error).toEqual({
      code: "free-entry-cap",
      message: `You have recorded ${cap} free-entry cards in the last 24 hours, the most one operator may. Ask another operator to record the rest.`,
    });
    // Another operator may still record the third.
    expect((await record(players[2]!.codes[0]!, today())).status).toBe(202);
  });

  it("is refused for the operator's own account, and does not exist for players", async () => {
    const mine = await codesOf(admin);
    const own = await record(mine.codes[0]!.code, today());
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe("own-account");
    const { player, codes } = await playerWithCodes();
    const asPlayer = await record(codes[0]!, today(), player.token);
    expect(asPlayer.status).toBe(404);
  });
});
