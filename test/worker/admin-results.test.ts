// POST /api/admin/events/:eventId/result: operators (ADMIN_EMAILS) settle or void a
// game by hand through the same path as the cron (the settlement queue, drained here
// by the local queue consumer); everyone else is refused.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { applyResultCorrection } from "../../worker/settlement/result-correction";
import { api, postJson, recordFinal, signIn, type SignedIn } from "./helpers";
import { HOUR, betOf, coins, drained, leg, newEventId, newUserId, openBet, payoutRows, seedBets } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test"; // also in ADMIN_EMAILS: a final the feed has not confirmed needs both

let admin: SignedIn;
let ops: SignedIn;
let player: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Second operator");
  player = await signIn();
});

function resultPath(eventId: string) {
  return `/api/admin/events/${encodeURIComponent(eventId)}/result`;
}

async function eventWithBets(stakes: number[], opts: { startTime?: string; priceAm?: number } = {}) {
  const eventId = newEventId();
  const bets = [];
  for (const stake of stakes) {
    const user = newUserId();
    const bet = openBet(
      [
        leg({
          eventId,
          league: "icehockey_nhl",
          side: "Home",
          priceAm: opts.priceAm ?? 100,
          home: "Oilers",
          away: "Flames",
          startTime: opts.startTime,
        }),
      ],
      { stake },
    );
    await seedBets(user, [bet]);
    bets.push({ user, bet });
  }
  return { eventId, bets };
}

describe("who may post a result", () => {
  it("answers 404 without a token (the operator API does not exist for the signed out)", async () => {
    const res = await postJson(resultPath("any-event"), { homeScore: 1, awayScore: 0 });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such API route." } });
  });

  it("answers 404 to a signed-in player who is not an operator, and settles nothing", async () => {
    const { eventId, bets } = await eventWithBets([100]);
    const res = await postJson(resultPath(eventId), { homeScore: 3, awayScore: 1 }, player.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such API route." } });
    expect((await betOf(bets[0]!.user, bets[0]!.bet.id)).status).toBe("open");
    const row = await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first();
    expect(row).toBeNull();
  });

  it("refuses GET and other verbs on the result route", async () => {
    const res = await api(resultPath("x"), { token: admin.token });
    expect(res.status).toBe(404);
  });
});

describe("what an operator may post", () => {
  it.each([
    ["a string score", { homeScore: "3", awayScore: 1 }],
    ["a negative score", { homeScore: -1, awayScore: 1 }],
    ["a fractional score", { homeScore: 1.5, awayScore: 1 }],
    ["one score only", { homeScore: 1 }],
    ["void false", { void: false }],
    ["a void with a score", { void: true, homeScore: 1, awayScore: 0 }],
    ["nothing", {}],
  ])("refuses %s with 400", async (_label, body) => {
    const { eventId, bets } = await eventWithBets([100]);
    const res = await postJson(resultPath(eventId), body, admin.token);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    expect((await betOf(bets[0]!.user, bets[0]!.bet.id)).status).toBe("open");
  });

  it("answers 404 for a game nobody knows", async () => {
    const res = await postJson(resultPath("no-such-game"), { void: true }, admin.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such event." } });
  });
});

describe("settling by hand", () => {
  it("records a final score and pays every player's winning bet once", async () => {
    const { eventId, bets } = await eventWithBets([100, 250, 40], { priceAm: 150 });
    // The feed never reported this game's final, so a second operator approves it.
    const recorded = await recordFinal(eventId, { homeScore: 4, awayScore: 2 }, admin, ops);
    expect(recorded).toMatchObject({ status: 200, secondOperator: true });
    const body = recorded.answer as { runId: number };
    expect(body).toEqual({
      eventId,
      status: "final",
      homeScore: 4,
      awayScore: 2,
      runId: expect.any(Number),
      messagesEnqueued: 3,
      pending: false,
    });
    expect(await drained(body.runId)).toMatchObject({ trigger: "admin", walletsSettled: 3, legsGraded: 3, betsSettled: 3 });
    for (const { user, bet } of bets) {
      expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "win", payoutPaid: bet.stake * 2.5 });
      expect(await coins(user)).toBe(5000 + bet.stake * 1.5);
    }
    const row = await env.DB.prepare("SELECT home, away, status, home_score, away_score, graded_at FROM events WHERE event_id = ?")
      .bind(eventId)
      .first();
    expect(row).toMatchObject({ home: "Oilers", away: "Flames", status: "final", home_score: 4, away_score: 2 });
    expect(row?.graded_at).not.toBeNull();

    // Posting the same result again (a double click, a retry) pays nothing more.
    const again = await postJson(resultPath(eventId), { homeScore: 4, awayScore: 2 }, admin.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ messagesEnqueued: 0 });
    for (const { user, bet } of bets) expect(await payoutRows(user, bet.id)).toHaveLength(1);
  });

  it("refuses a different result for a game that already has one", async () => {
    const { eventId, bets } = await eventWithBets([100]);
    const first = await recordFinal(eventId, { homeScore: 1, awayScore: 3 }, admin, ops);
    expect(first.status).toBe(200);
    await drained((first.answer as { runId: number }).runId);
    const changed = await postJson(resultPath(eventId), { homeScore: 3, awayScore: 1 }, admin.token);
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: { code: string } }).error.code).toBe("already-settled");
    const voided = await postJson(resultPath(eventId), { void: true }, admin.token);
    expect(voided.status).toBe(409);
    expect(await betOf(bets[0]!.user, bets[0]!.bet.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
  });

  it("voiding a game refunds every stake, even before it started", async () => {
    const { eventId, bets } = await eventWithBets([100, 75], { startTime: new Date(Date.now() + 5 * HOUR).toISOString() });
    const early = await postJson(resultPath(eventId), { homeScore: 1, awayScore: 0 }, admin.token);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("not-started");

    const res = await postJson(resultPath(eventId), { void: true }, admin.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { runId: number };
    expect(body).toMatchObject({ status: "void", homeScore: null, awayScore: null, messagesEnqueued: 2 });
    expect(await drained(body.runId)).toMatchObject({ betsSettled: 2 });
    for (const { user, bet } of bets) {
      expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "void", payoutPaid: bet.stake, legResults: ["void"] });
      expect(await coins(user)).toBe(5000);
    }
  });

  it("a correction reaches every holder, a page of wallets per call, each call going on from the last", async () => {
    const { eventId, bets } = await eventWithBets([100, 100, 100, 100, 100], { priceAm: 100 });
    const recorded = await recordFinal(eventId, { homeScore: 2, awayScore: 1 }, admin, ops);
    expect(await drained((recorded.answer as { runId: number }).runId)).toMatchObject({ betsSettled: 5 });
    // The feed had it wrong: the away side won. Two wallets per call.
    const paged = { ...env, CORRECTION_WALLETS_PER_CALL: "2" } as Env;
    const now = Date.now();
    const correct = () =>
      applyResultCorrection(
        paged,
        eventId,
        { homeScore: 1, awayScore: 2 },
        { operator: ADMIN_EMAIL, reason: "feed fixed" },
        { now, feedNow: now },
        () => env.DB.prepare("SELECT 1"),
      );
    const calls = [await correct(), await correct(), await correct()];
    expect(calls.map((c) => c.ok && [c.walletsCalled, c.pending])).toEqual([
      [2, true],
      [2, true],
      [1, false],
    ]);
    for (const { user, bet } of bets) {
      expect(await betOf(user, bet.id)).toMatchObject({ result: "loss" });
      expect(await coins(user)).toBe(5000 - bet.stake);
    }
    // Sent again once done, it starts over and moves nothing.
    expect(await correct()).toMatchObject({ ok: true, walletsCalled: 2, betsChanged: 0, pending: true });
    for (const { user, bet } of bets) expect(await coins(user)).toBe(5000 - bet.stake);
  });

  it("a void stands while a bet holds a player prop on the game: its prop was settled void, and a score grades no statistics", async () => {
    const eventId = newEventId();
    const [withProp, withMoneyline] = [newUserId(), newUserId()];
    const prop = { playerId: "connor-mcdavid", player: "Connor McDavid", marketKey: "player_points", label: "Points" };
    const propBet = openBet(
      [
        leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: -150 }),
        leg({ eventId, league: "icehockey_nhl", market: "Prop", side: "Over", line: 1.5, priceAm: 250, prop }),
      ],
      { stake: 100 },
    );
    const moneyline = openBet([leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100 })], { stake: 100 });
    await seedBets(withProp, [propBet]);
    await seedBets(withMoneyline, [moneyline]);
    const voided = await recordFinal(eventId, { void: true, reason: "abandoned" }, admin, ops);
    expect(voided.status).toBe(200);
    expect(await drained((voided.answer as { runId: number }).runId)).toMatchObject({ betsSettled: 2 });

    // Neither operator's word, nor a second operator's, turns it into a final.
    const corrected = await postJson(
      resultPath(eventId),
      { correction: true, homeScore: 3, awayScore: 0, reason: "played after all" },
      admin.token,
    );
    expect(corrected.status).toBe(409);
    expect(((await corrected.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "void-holds-props",
      message:
        "This game's void stands: bets on it hold player props, which were settled void and cannot be graded from a corrected score.",
    });
    const now = Date.now();
    const direct = await applyResultCorrection(
      env,
      eventId,
      { homeScore: 3, awayScore: 0 },
      { operator: ADMIN_EMAIL, reason: "played after all" },
      { now, feedNow: now },
      () => env.DB.prepare("SELECT 1"),
    );
    expect(direct).toEqual({ ok: false, code: "void-holds-props" });
    expect(await betOf(withProp, propBet.id)).toMatchObject({ result: "void", payoutPaid: 100, legResults: ["void", "void"] });
    expect(await betOf(withMoneyline, moneyline.id)).toMatchObject({ result: "void", payoutPaid: 100 });
    expect(await coins(withProp)).toBe(5000);
    const row = await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first<{ status: string }>();
    expect(row?.status).toBe("void");
  });

  it("a game voided before its start cannot be corrected to a final score: nobody has played it", async () => {
    const { eventId, bets } = await eventWithBets([100], { startTime: new Date(Date.now() + 5 * HOUR).toISOString() });
    const voided = await postJson(resultPath(eventId), { void: true }, admin.token);
    expect(voided.status).toBe(200);
    expect(await drained(((await voided.json()) as { runId: number }).runId)).toMatchObject({ betsSettled: 1 });

    const corrected = await postJson(resultPath(eventId), { correction: true, homeScore: 3, awayScore: 0, reason: "made up" }, admin.token);
    expect(corrected.status).toBe(409);
    expect(((await corrected.json()) as { error: { code: string } }).error.code).toBe("not-started");
    const { user, bet } = bets[0]!;
    expect(await betOf(user, bet.id)).toMatchObject({ result: "void", payoutPaid: bet.stake });
    expect(await coins(user)).toBe(5000);
    const row = await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(eventId).first<{ status: string }>();
    expect(row?.status).toBe("void");
  });
});
