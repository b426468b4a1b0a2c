// A result request waiting for a second operator keeps the result it replaces (the game's
// status and score when it was asked, or "none"), and approval applies it only to that
// result: a leftover duplicate "correct to Y", approved after others corrected the score to
// Z, is refused (409 result-changed) instead of taking the score back to Y and re-grading
// every wallet. Requests stored before they kept it: a final is held to "none" (it was only
// ever asked of a game with no result), a correction is refused unless its score already stands.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { postJson, recordFinal, signIn, type SignedIn } from "./helpers";
import { betOf, drained, leg, newEventId, newUserId, openBet, seedBets } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";
const CHANGED =
  "This game's result changed since this was asked, so it no longer applies. Look at the result again and send a new request.";

type Request = { id: string; status: string; payload: Record<string, unknown>; outcome: Record<string, unknown> | null };

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

/** A game that started 10 minutes ago, with one player's open bet on the home side at evens. */
async function startedGameWithBet() {
  const eventId = newEventId();
  const user = newUserId();
  const startTime = new Date(Date.now() - 10 * 60_000).toISOString();
  const bet = openBet([leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100, home: "Oilers", away: "Flames", startTime })], {
    stake: 100,
  });
  await seedBets(user, [bet]);
  return { eventId, user, bet };
}

const resultPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/result`;

/** Asks for a result that waits for a second operator, under its own retry key; answers the request. */
async function ask(eventId: string, body: object, key = crypto.randomUUID()): Promise<Request> {
  const res = await postJson(resultPath(eventId), body, admin.token, { "Idempotency-Key": key });
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: Request }).request;
}

const approve = (id: string) => postJson(`/api/admin/approvals/${encodeURIComponent(id)}/approve`, { reason: "checked" }, ops.token);

/** The refusal a response carries (nothing but the status when it was not refused). */
async function errorOf(res: Response) {
  const body = (await res.json()) as { error?: { code: string; message: string; details?: { request?: Request } } };
  return { status: res.status, code: body.error?.code, message: body.error?.message, request: body.error?.details?.request };
}

const eventRow = (eventId: string) =>
  env.DB.prepare("SELECT status, home_score, away_score FROM events WHERE event_id = ?").bind(eventId).first();

const correctionCount = async (eventId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM result_corrections WHERE event_id = ?").bind(eventId).first<{ n: number }>())?.n;

/** Drops what a request records of the result it replaces, as requests stored before this rule were. */
const storedWithoutStartingPoint = (id: string) =>
  env.DB.prepare("UPDATE approval_requests SET payload = json_remove(payload, '$.replaces') WHERE id = ?").bind(id).run();

describe("a result request keeps the result it replaces", () => {
  it("records the game's result when asked: the score a correction replaces, none for a final", async () => {
    const { eventId } = await startedGameWithBet();
    const final = await ask(eventId, { homeScore: 4, awayScore: 1, reason: "final" });
    expect(final.payload).toEqual({ homeScore: 4, awayScore: 1, replaces: "none" });
    expect((await approve(final.id)).status).toBe(200);
    const correction = await ask(eventId, { homeScore: 1, awayScore: 4, correction: true, reason: "scorer's error" });
    expect(correction.payload).toEqual({
      homeScore: 1,
      awayScore: 4,
      correction: true,
      replaces: { status: "final", homeScore: 4, awayScore: 1 },
    });
  });

  it("refuses a leftover duplicate correction approved after others corrected the score again, and re-grades nobody", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const recorded = await recordFinal(eventId, { homeScore: 4, awayScore: 1 }, admin, ops);
    await drained((recorded.answer as { runId: number }).runId);
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win" });

    // "Correct to 1–4" asked twice, under two retry keys: two requests.
    const correction = { homeScore: 1, awayScore: 4, correction: true, reason: "scorer's error" };
    const first = await ask(eventId, correction);
    const leftover = await ask(eventId, correction);
    expect(leftover.id).not.toBe(first.id);
    expect((await approve(first.id)).status).toBe(200);
    expect(await betOf(user, bet.id)).toMatchObject({ result: "loss" });
    // Then the score is corrected again, to 5–2.
    const again = await ask(eventId, { homeScore: 5, awayScore: 2, correction: true, reason: "video review" });
    expect((await approve(again.id)).status).toBe(200);
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win" });

    const refused = await errorOf(await approve(leftover.id));
    expect(refused).toMatchObject({ status: 409, code: "result-changed", message: CHANGED });
    expect(refused.request).toMatchObject({ status: "failed", outcome: { code: "result-changed", message: CHANGED } });
    expect(await eventRow(eventId)).toMatchObject({ status: "final", home_score: 5, away_score: 2 });
    expect(await correctionCount(eventId)).toBe(2);
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win" });
  });

  it("refuses a final approved after the game got another result, with the same sentence", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const asked = await ask(eventId, { homeScore: 0, awayScore: 3, reason: "final" });
    // Meanwhile a colleague's request for another final is approved first.
    const other = await ask(eventId, { homeScore: 2, awayScore: 1, reason: "final from the league" });
    const applied = await approve(other.id);
    await drained(((await applied.json()) as { request: { outcome: { runId: number } } }).request.outcome.runId);

    expect(await errorOf(await approve(asked.id))).toMatchObject({ status: 409, code: "result-changed", message: CHANGED });
    expect(await eventRow(eventId)).toMatchObject({ status: "final", home_score: 2, away_score: 1 });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win" });
  });

  it("applies a correction whose starting point still stands, and finishes one whose score already does", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const recorded = await recordFinal(eventId, { homeScore: 4, awayScore: 1 }, admin, ops);
    await drained((recorded.answer as { runId: number }).runId);
    const correction = { homeScore: 1, awayScore: 4, correction: true, reason: "scorer's error" };
    const [first, second] = [await ask(eventId, correction), await ask(eventId, correction)];
    expect((await approve(first.id)).status).toBe(200);
    // The same score standing already: answered again, moving nothing.
    const res = await approve(second.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { request: Request }).request).toMatchObject({
      status: "approved",
      outcome: { homeScore: 1, awayScore: 4, correction: 1, recorded: false },
    });
    expect(await correctionCount(eventId)).toBe(1);
    expect(await betOf(user, bet.id)).toMatchObject({ result: "loss" });
  });
});

describe("a result request stored before requests kept what they replace", () => {
  it("a correction is refused unless its score already stands", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const recorded = await recordFinal(eventId, { homeScore: 4, awayScore: 1 }, admin, ops);
    await drained((recorded.answer as { runId: number }).runId);
    const correction = { homeScore: 1, awayScore: 4, correction: true, reason: "scorer's error" };
    const old = await ask(eventId, correction);
    await storedWithoutStartingPoint(old.id);

    expect(await errorOf(await approve(old.id))).toMatchObject({ status: 409, code: "result-changed", message: CHANGED });
    expect(await eventRow(eventId)).toMatchObject({ status: "final", home_score: 4, away_score: 1 });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win" });

    // One whose score already stands (an approval that stopped midway) is finished, moving nothing.
    const applied = await ask(eventId, correction);
    const finishing = await ask(eventId, { ...correction, reason: "the same, asked again" });
    await storedWithoutStartingPoint(finishing.id);
    expect((await approve(applied.id)).status).toBe(200);
    expect((await approve(finishing.id)).status).toBe(200);
    expect(await correctionCount(eventId)).toBe(1);
  });

  it("a final, asked only of a game with no result, applies as before", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const old = await ask(eventId, { homeScore: 3, awayScore: 0, reason: "final" });
    await storedWithoutStartingPoint(old.id);
    const res = await approve(old.id);
    expect(res.status).toBe(200);
    await drained(((await res.json()) as { request: { outcome: { runId: number } } }).request.outcome.runId);
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "win" });
  });
});
