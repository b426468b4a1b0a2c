// A final (or a correction) for a game whose start time has passed applies on one
// operator's word only when the price desk itself already reports that very final; D1's
// `events` row is settlement's lagging copy of the feed, so a game it does not yet show
// as live is no proof the game has not started. Everything else waits for a second
// operator, and a desk that cannot answer counts as not confirming.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createOddsReader } from "../../worker/odds/odds-service";
import { gameById } from "../../worker/odds/simulator/sim-games";
import { simulatedScores } from "../../worker/odds/simulator/simulator-provider";
import { finalNeedsSecondOperator, type ReportedFinal } from "../../worker/settlement/operator-result";
import { readyWorkPage } from "../../worker/settlement/settlement-store";
import { openEvents } from "./bets-helpers";
import { api, postJson, recordFinal, signIn, type SignedIn } from "./helpers";
import { betOf, drained, HOUR, leg, newEventId, newUserId, openBet, seedBets } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

/** A game that started `startedAgo` ms ago with one player's open bet on the home side; D1 knows nothing of it yet. */
async function startedGameWithBet(startedAgo = 10 * 60_000) {
  const eventId = newEventId();
  const user = newUserId();
  const startTime = new Date(Date.now() - startedAgo).toISOString();
  const bet = openBet([leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100, home: "Oilers", away: "Flames", startTime })], {
    stake: 100,
  });
  await seedBets(user, [bet]);
  return { eventId, user, bet };
}

const eventRow = (eventId: string) =>
  env.DB.prepare("SELECT status, home_score, away_score FROM events WHERE event_id = ?").bind(eventId).first();

describe("a final for a game that has just started", () => {
  it("waits for a second operator while settlement has not copied the game's live status yet, and settles nothing meanwhile", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const res = await postJson(`/api/admin/events/${eventId}/result`, { homeScore: 0, awayScore: 99, reason: "final" }, admin.token);
    expect(res.status).toBe(202);
    const { request } = (await res.json()) as { request: { kind: string; status: string; payload: unknown } };
    expect(request).toMatchObject({ kind: "result", status: "pending", payload: { homeScore: 0, awayScore: 99 } });
    expect(await eventRow(eventId)).toBeNull();
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open" });
  });

  it("applies once a second operator approves it, never on the requester's own approval", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const res = await postJson(`/api/admin/events/${eventId}/result`, { homeScore: 4, awayScore: 1 }, admin.token);
    const { request } = (await res.json()) as { request: { id: string } };
    const own = await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token);
    expect(own.status).toBe(403);
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open" });
    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "box score checked" }, ops.token);
    expect(approved.status).toBe(200);
    const { outcome } = ((await approved.json()) as { request: { outcome: { runId: number } } }).request;
    await drained(outcome.runId);
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "win" });
    expect(await eventRow(eventId)).toMatchObject({ status: "final", home_score: 4, away_score: 1 });
  });

  it("cannot be approved once the operator who asked holds a bet on the game", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const res = await postJson(`/api/admin/events/${eventId}/result`, { homeScore: 2, awayScore: 0 }, admin.token);
    expect(res.status).toBe(202);
    const { request } = (await res.json()) as { request: { id: string } };
    // After asking, the requester's own account backs the very result it asked for.
    const mine = openBet(
      [
        leg({
          eventId,
          league: "icehockey_nhl",
          side: "Home",
          priceAm: 300,
          home: "Oilers",
          away: "Flames",
          startTime: bet.legs[0]!.startTime,
        }),
      ],
      { stake: 100 },
    );
    await seedBets(admin.userId, [mine]);
    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "looks right" }, ops.token);
    expect(approved.status).toBe(409);
    expect(((await approved.json()) as { error: { code: string } }).error.code).toBe("requester-holds-bet");
    expect(await eventRow(eventId)).toBeNull();
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open" });
    expect(await betOf(admin.userId, mine.id)).toMatchObject({ status: "open" });
    // It can still be rejected, so it does not stand in the way of a result asked by someone else.
    const rejected = await postJson(`/api/admin/approvals/${request.id}/reject`, { reason: "asked by a bettor" }, ops.token);
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { request: { status: string } }).request.status).toBe("rejected");
  });

  it("a correction the feed does not report waits for a second operator too", async () => {
    const { eventId, user, bet } = await startedGameWithBet();
    const recorded = await recordFinal(eventId, { homeScore: 4, awayScore: 1 }, admin, ops);
    await drained((recorded.answer as { runId: number }).runId);
    const res = await postJson(
      `/api/admin/events/${eventId}/result`,
      { homeScore: 1, awayScore: 4, correction: true, reason: "scorer's error" },
      admin.token,
    );
    expect(res.status).toBe(202);
    expect(await eventRow(eventId)).toMatchObject({ status: "final", home_score: 4, away_score: 1 });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win" });
  });

  it("a correction back to the feed's final, undoing what two operators changed, waits for a second operator", async () => {
    const { eventId } = await startedGameWithBet();
    const recorded = await recordFinal(eventId, { homeScore: 4, awayScore: 1 }, admin, ops);
    await drained((recorded.answer as { runId: number }).runId);
    const corrected = await recordFinal(eventId, { homeScore: 1, awayScore: 4, correction: true, reason: "scorer's error" }, admin, ops);
    expect(corrected.status).toBe(200);
    // The desk still reports the feed's 4-1, the score the correction replaced.
    const feedsFinal: ReportedFinal = async () => ({ homeScore: 4, awayScore: 1 });
    const back = { homeScore: 4, awayScore: 1, correction: true };
    expect(await finalNeedsSecondOperator(env.DB, eventId, back, feedsFinal, Date.now())).toBe(true);

    // So does a final two operators entered by hand, against the feed's.
    const byHand = await startedGameWithBet();
    expect((await recordFinal(byHand.eventId, { homeScore: 1, awayScore: 4 }, admin, ops)).status).toBe(200);
    expect(await finalNeedsSecondOperator(env.DB, byHand.eventId, back, feedsFinal, Date.now())).toBe(true);

    // And a game two operators voided after its start.
    const voided = await startedGameWithBet();
    expect((await recordFinal(voided.eventId, { void: true, reason: "abandoned" }, admin, ops)).status).toBe(200);
    expect(await finalNeedsSecondOperator(env.DB, voided.eventId, back, feedsFinal, Date.now())).toBe(true);
  });

  it("a void before the start waits for a second operator while a parlay holds the game", async () => {
    const later = new Date(Date.now() + 5 * HOUR).toISOString();
    const [voided, other] = [newEventId(), newEventId()];
    const user = newUserId();
    const parlay = openBet(
      [
        leg({ eventId: voided, league: "icehockey_nhl", side: "Home", priceAm: 100, startTime: later }),
        leg({ eventId: other, league: "icehockey_nhl", side: "Home", priceAm: 100, startTime: later }),
      ],
      { stake: 100 },
    );
    await seedBets(user, [{ ...parlay, kind: "Parlay" }]);
    const res = await postJson(`/api/admin/events/${voided}/result`, { void: true, reason: "postponed" }, admin.token);
    expect(res.status).toBe(202);
    expect(await eventRow(voided)).toBeNull();
    expect(await betOf(user, parlay.id)).toMatchObject({ status: "open", legResults: [null, null] });
  });

  it("a void still applies at once, and a final before the start is refused", async () => {
    const early = await startedGameWithBet(-5 * HOUR);
    const final = await postJson(`/api/admin/events/${early.eventId}/result`, { homeScore: 1, awayScore: 0 }, admin.token);
    expect(final.status).toBe(409);
    const voided = await postJson(`/api/admin/events/${early.eventId}/result`, { void: true, reason: "postponed" }, admin.token);
    expect(voided.status).toBe(200);
  });
});

describe("what the price desk reports", () => {
  const score = { homeScore: 3, awayScore: 2, correction: false };

  it("lets one operator's final apply only when the desk reports that very final", async () => {
    const eventId = newEventId();
    await seedBets(newUserId(), [openBet([leg({ eventId, startTime: new Date(Date.now() - HOUR).toISOString() })])]);
    const feedNow = Date.now();
    const desk =
      (reported: { homeScore: number; awayScore: number } | null): ReportedFinal =>
      async () =>
        reported;
    expect(await finalNeedsSecondOperator(env.DB, eventId, score, desk({ homeScore: 3, awayScore: 2 }), feedNow)).toBe(false);
    expect(await finalNeedsSecondOperator(env.DB, eventId, score, desk({ homeScore: 2, awayScore: 3 }), feedNow)).toBe(true);
    expect(await finalNeedsSecondOperator(env.DB, eventId, score, desk(null), feedNow)).toBe(true);
    // A game unknown everywhere needs no approval: the route answers 404.
    expect(await finalNeedsSecondOperator(env.DB, newEventId(), score, desk(null), feedNow)).toBe(false);
  });

  it("reads a simulator game's final from its desk once the feed's scores say it completed, and not before", async () => {
    const [event] = await openEvents(1);
    const game = gameById(event!.eventId)!;
    const reader = createOddsReader();
    expect(await reader.reportedFinal(env, event!.sport, event!.eventId, Date.now())).toBeNull();
    const offset = async () =>
      (await env.DB.prepare("SELECT offset_ms FROM sim_clock WHERE id = 1").first<{ offset_ms: number }>())?.offset_ms ?? 0;
    const minutes = Math.ceil((game.endMs - (Date.now() + (await offset()))) / 60_000) + 5;
    expect((await postJson("/api/dev/sim/advance", { minutes })).status).toBe(200);
    // The board is read again on the new clock (the desk merges the feed's scores with it).
    expect((await api(`/api/events?sport=${event!.sport}`, { token: ops.token })).status).toBe(200);
    const simNow = Date.now() + (await offset());
    const final = simulatedScores(event!.sport, 3, simNow).find((s) => s.eventId === event!.eventId)!;
    expect(final.completed).toBe(true);
    expect(await reader.reportedFinal(env, event!.sport, event!.eventId, Date.now())).toEqual({
      homeScore: final.homeScore,
      awayScore: final.awayScore,
    });
    expect(await reader.reportedFinal(env, "no_such_sport", event!.eventId, Date.now())).toBeNull();
    // The desk sent the games it found final to the settlement queue: the file ends once their
    // bets are settled, so no queue delivery runs on into the next file's fresh storage.
    await vi.waitUntil(async () => (await readyWorkPage(env.DB, null, 100, null, 0)).rows.length === 0, { timeout: 20_000, interval: 50 });
  });
});
