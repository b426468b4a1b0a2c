// The operators' tools for players' markets: the corrections of the feed's player names
// under four eyes (a name decides whose statistics grade its props: a second operator holding
// no open prop bet in the sport approves, only over the entry it was asked against; audited,
// read by the next props refresh), and a final game's players' statistics entered by hand
// under four eyes: a second operator holding no bet on the game
// approves, the box score is recorded and the game's props settle; a correction re-grades
// the props once in each wallet, moving only the difference; what is malformed or incomplete
// is refused with a clear message and changes nothing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { PlayerStatLine } from "../../src/shared/schemas/props";
import { readPropPlayerNames } from "../../worker/odds/prop-names";
import { eventUpsertStatements } from "../../worker/settlement/settlement-store";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { tunables } from "../../worker/tunables";
import {
  betOf,
  coins,
  drained,
  expectLedgerBalanced,
  leg,
  newEventId,
  newUserId,
  openBet,
  score,
  seedBets,
  wallet,
} from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";

type ErrorBody = { error: { code: string; message: string } };
type Request = { id: string; kind: string; status: string; payload: Record<string, unknown>; outcome: Record<string, unknown> | null };
type AuditEntries = { entries: { actor: string; action: string; target: string; reason: string; details: Record<string, unknown> }[] };

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const { error } = (await res.json()) as ErrorBody;
  return { status: res.status, code: error.code, message: error.message };
}

async function auditFor(target: string) {
  const res = await api(`/api/admin/audit?target=${encodeURIComponent(target)}`, { token: admin.token });
  return ((await res.json()) as AuditEntries).entries;
}

// The sports the names' tests use: operators' open prop bets are kept for good in the runtime
// the test files share, and one locks that operator out of the sport's names. Ice hockey: four
// eyes, nobody holds a bet; football: a change asked twice; baseball: the requester's bet;
// basketball: the approver's (ops).
describe("the feed's player names", () => {
  const put = (body: unknown, token = admin.token) => api("/api/admin/prop-players", { method: "PUT", token, body: JSON.stringify(body) });
  const forget = (sport: string, feedName: string, reason: string, token = admin.token) =>
    api(`/api/admin/prop-players?sport=${sport}&feedName=${encodeURIComponent(feedName)}&reason=${encodeURIComponent(reason)}`, {
      method: "DELETE",
      token,
    });
  const list = async (sport: string) =>
    (await (await api(`/api/admin/prop-players?sport=${sport}`, { token: admin.token })).json()) as { names: { feedName: string }[] };
  /** Asks for a change; answers the request waiting for a second operator. */
  const asked = async (res: Response): Promise<Request> => {
    expect(res.status, await res.clone().text()).toBe(202);
    return ((await res.json()) as { request: Request }).request;
  };
  const reject = (id: string, token = ops.token) =>
    postJson(`/api/admin/approvals/${encodeURIComponent(id)}/reject`, { reason: "not this player" }, token);

  it("maps nothing on one operator's word: a bench player's spelling asked as a star's id waits for a second operator", async () => {
    const feedName = `Bench ${crypto.randomUUID().slice(0, 6)}`;
    const res = await put({
      sport: "icehockey_nhl",
      feedName,
      playerId: "connor-mcdavid",
      displayName: "Connor McDavid",
      reason: "same guy",
    });
    const request = await asked(res);
    expect(request).toMatchObject({
      kind: "prop-player-name",
      status: "pending",
      subject: `icehockey_nhl:${feedName}`,
      subjectLabel: feedName,
      payload: {
        sport: "icehockey_nhl",
        feedName,
        entry: { playerId: "connor-mcdavid", displayName: "Connor McDavid", team: null },
        replaces: null,
      },
    });
    // The next props refresh still reads the spelling as its own slug, and the requester cannot approve it.
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).not.toHaveProperty([feedName]);
    expect(await errorOf(await approve(request.id, admin.token))).toMatchObject({ status: 403, code: "own-request" });
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).not.toHaveProperty([feedName]);
    // A second operator rejects it: nothing changes.
    expect((await reject(request.id)).status).toBe(200);
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).not.toHaveProperty([feedName]);
  });

  it("sets, changes and removes a correction once a second operator approves each, with its audit row", async () => {
    const feedName = `J. Isaac ${crypto.randomUUID().slice(0, 6)}`;
    const entry = { sport: "icehockey_nhl", feedName, playerId: "jonathan-isaac", displayName: "Jonathan Isaac", reason: "initial only" };
    const first = await asked(await put(entry));
    // Asking the same again answers the request waiting.
    expect((await asked(await put(entry))).id).toBe(first.id);
    expect(await approved(first.id)).toMatchObject({ changed: true, entry: { playerId: "jonathan-isaac" }, replaces: null });
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).toMatchObject({
      [feedName]: { id: "jonathan-isaac", name: "Jonathan Isaac" },
    });
    expect((await (await api(`/api/admin/prop-players?sport=icehockey_nhl`, { token: admin.token })).json()) as unknown).toMatchObject({
      names: expect.arrayContaining([
        {
          feedName,
          playerId: "jonathan-isaac",
          displayName: "Jonathan Isaac",
          team: null,
          updatedBy: ADMIN_EMAIL,
          updatedAt: expect.any(Number),
        },
      ]),
    });
    // What the map already says asks nobody.
    const same = await put(entry);
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ changed: false });

    // His team is part of the entry; the request says what it replaces.
    const withTeam = { ...entry, playerId: "jonathan-isaac-2", team: "Edmonton Oilers", reason: "his team" };
    const second = await asked(await put(withTeam, ops.token));
    expect(second.payload).toMatchObject({
      entry: { playerId: "jonathan-isaac-2", team: "Edmonton Oilers" },
      replaces: { playerId: "jonathan-isaac", displayName: "Jonathan Isaac", team: null },
    });
    await approved(second.id, admin.token);
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).toMatchObject({
      [feedName]: { id: "jonathan-isaac-2", team: "Edmonton Oilers" },
    });
    // A sport's list holds that sport's corrections only.
    expect((await list("basketball_nba")).names.map((n) => n.feedName)).not.toContain(feedName);

    const removal = await asked(await forget("icehockey_nhl", feedName, "mapped by the feed now"));
    expect(removal.payload).toMatchObject({ entry: null, replaces: { playerId: "jonathan-isaac-2" } });
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).toHaveProperty([feedName]);
    await approved(removal.id);
    expect((await list("icehockey_nhl")).names.map((n) => n.feedName)).not.toContain(feedName);
    expect(await readPropPlayerNames(env.DB, "icehockey_nhl")).not.toHaveProperty([feedName]);
    // Forgetting a spelling without an entry asks nobody.
    const nothing = await forget("icehockey_nhl", feedName, "again");
    expect(nothing.status).toBe(200);
    expect(await nothing.json()).toMatchObject({ changed: false });

    const changes = (await auditFor(`icehockey_nhl:${feedName}`)).filter((e) => e.action.startsWith("prop-player-name"));
    expect(changes.map((e) => [e.action, e.actor, e.reason, e.details.playerId, e.details.requestedBy])).toEqual([
      ["prop-player-name-removed", SECOND_OPERATOR, "mapped by the feed now", "jonathan-isaac-2", ADMIN_EMAIL],
      ["prop-player-name", ADMIN_EMAIL, "his team", "jonathan-isaac-2", SECOND_OPERATOR],
      ["prop-player-name", SECOND_OPERATOR, "initial only", "jonathan-isaac", ADMIN_EMAIL],
    ]);
  });

  it("applies a change only over the entry it was asked against (409 prop-name-changed)", async () => {
    const feedName = `T. Hill ${crypto.randomUUID().slice(0, 6)}`;
    const entry = { sport: "americanfootball_nfl", feedName, displayName: "Tyreek Hill" };
    const one = await asked(await put({ ...entry, playerId: "tyreek-hill" }));
    const other = await asked(await put({ ...entry, playerId: "taysom-hill", displayName: "Taysom Hill" }));
    await approved(one.id);
    const refused = await errorOf(await approve(other.id));
    expect(refused).toEqual({
      status: 409,
      code: "prop-name-changed",
      message:
        "This player name's entry changed since this was asked, so it no longer applies. Look at the names again and send a new request.",
    });
    expect(await readPropPlayerNames(env.DB, "americanfootball_nfl")).toMatchObject({ [feedName]: { id: "tyreek-hill" } });

    // A removal asked, then the entry changed by another approved request: the removal no longer applies.
    const removal = await asked(await forget("americanfootball_nfl", feedName, "feed spells it right"));
    await approved((await asked(await put({ ...entry, playerId: "tyreek-hill-2", reason: "another Tyreek Hill" }))).id);
    expect(await errorOf(await approve(removal.id))).toMatchObject({ status: 409, code: "prop-name-changed" });
    expect(await readPropPlayerNames(env.DB, "americanfootball_nfl")).toMatchObject({ [feedName]: { id: "tyreek-hill-2" } });
  });

  it("is not approved while the operator who asked holds an open player-prop bet in the sport, placed after asking", async () => {
    const feedName = `Bench ${crypto.randomUUID().slice(0, 6)}`;
    const request = await asked(await put({ sport: "baseball_mlb", feedName, playerId: "aaron-judge", displayName: "Aaron Judge" }));
    // Placed moments ago on any prop of the sport: still in the wallet's outbox, not yet in D1.
    const judge = { playerId: "aaron-judge", player: "Aaron Judge", marketKey: "batter_hits", label: "Hits" };
    const hits = leg({ eventId: newEventId(), league: "baseball_mlb", market: "Prop", side: "Over", line: 1.5, priceAm: 100, prop: judge });
    await seedBets(admin.userId, [openBet([hits], { stake: 10 })], { project: false });
    expect(await errorOf(await approve(request.id))).toMatchObject({ status: 409, code: "requester-holds-prop-bet" });
    expect(await readPropPlayerNames(env.DB, "baseball_mlb")).not.toHaveProperty([feedName]);
    // It can still be rejected.
    expect((await reject(request.id)).status).toBe(200);
  });

  it("is neither asked for nor decided by an operator holding an open player-prop bet in the sport, whose grading it would steer", async () => {
    const feedName = `Bench ${crypto.randomUUID().slice(0, 6)}`;
    const entry = { sport: "basketball_nba", feedName, playerId: "franz-wagner", displayName: "Franz Wagner" };
    const request = await asked(await put(entry));
    // Placed moments ago: still in the wallet's outbox, not yet in D1.
    await seedBets(ops.userId, [openBet([propLeg(newEventId(), BANCHERO, "Over")], { stake: 10 })], { project: false });
    expect(await errorOf(await approve(request.id))).toMatchObject({ status: 403, code: "holds-prop-bet" });
    expect(await errorOf(await reject(request.id))).toMatchObject({ status: 403, code: "holds-prop-bet" });
    expect(await errorOf(await put({ ...entry, playerId: "paolo-banchero" }, ops.token))).toMatchObject({
      status: 403,
      code: "holds-prop-bet",
    });
    expect(await errorOf(await forget("basketball_nba", feedName, "x", ops.token))).toMatchObject({ status: 403, code: "holds-prop-bet" });
    expect(await readPropPlayerNames(env.DB, "basketball_nba")).not.toHaveProperty([feedName]);
    // Another sport's names are not held back.
    expect((await put({ ...entry, sport: "icehockey_nhl" }, ops.token)).status).toBe(202);
  });

  it.each([
    [
      "an id that is not a slug",
      { playerId: "Jonathan Isaac" },
      "playerId: write the id as a slug: lower case, words joined by hyphens (jonathan-isaac).",
    ],
    ["a sport without props", { sport: "mma_mixed_martial_arts" }, "sport: this sport has no player props."],
    ["a name without letters", { feedName: "..." }, "feedName: a name needs letters or digits."],
    ["no name to show", { displayName: " " }, "displayName: the name players see."],
    ["an empty team", { team: " " }, "team: the team's full name, as the feed writes it."],
    ["a team's name over 80 characters", { team: "T".repeat(81) }, "team: a team's name is at most 80 characters."],
  ])("refuses %s with 400 and asks nobody", async (_label, change, message) => {
    const feedName = `Bad ${crypto.randomUUID().slice(0, 6)}`;
    const res = await put({ sport: "icehockey_nhl", feedName, playerId: "someone", displayName: "Someone", ...change });
    expect(await errorOf(res)).toEqual({ status: 400, code: "invalid-argument", message });
    const { requests } = (await (await api("/api/admin/approvals?status=pending", { token: admin.token })).json()) as {
      requests: Request[];
    };
    expect(requests.filter((r) => r.kind === "prop-player-name" && (r.payload as { feedName?: string }).feedName === feedName)).toEqual([]);
  });

  it("does not exist for a player", async () => {
    const player = await signIn();
    expect((await api("/api/admin/prop-players?sport=basketball_nba", { token: player.token })).status).toBe(404);
  });
});

// ---- statistics entered by hand ----

const BANCHERO = { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" };
const WAGNER = { playerId: "franz-wagner", player: "Franz Wagner", marketKey: "player_rebounds", label: "Rebounds" };

function propLeg(eventId: string, prop: BetLeg["prop"], side: "Over" | "Under" = "Over", line = 22.5): BetLeg {
  return leg({ eventId, market: "Prop", side, line, priceAm: 100, prop });
}

function lines(points: number, rebounds: number | null): PlayerStatLine[] {
  return [
    { playerId: "paolo-banchero", name: "Paolo Banchero", team: "away", played: true, stats: { points } },
    rebounds === null
      ? { playerId: "franz-wagner", name: "Franz Wagner", team: "away", played: false, stats: {} }
      : { playerId: "franz-wagner", name: "Franz Wagner", team: "away", played: true, stats: { rebounds } },
  ];
}

/** A final NBA game with bets on two players' props: an Over and an Under on Banchero's points, an Over on Wagner's rebounds. */
async function finalGameWithProps() {
  const eventId = newEventId();
  const [over, under, wagner] = [newUserId(), newUserId(), newUserId()];
  const bets = {
    over: openBet([propLeg(eventId, BANCHERO, "Over")], { stake: 100 }),
    under: openBet([propLeg(eventId, BANCHERO, "Under")], { stake: 100 }),
    wagner: openBet([propLeg(eventId, WAGNER, "Over", 7.5)], { stake: 100 }),
  };
  await seedBets(over, [bets.over]);
  await seedBets(under, [bets.under]);
  await seedBets(wagner, [bets.wagner]);
  await env.DB.batch(eventUpsertStatements(env.DB, [score(eventId, "basketball_nba", 101, 99, { completed: true })], Date.now()));
  return { eventId, users: { over, under, wagner }, bets };
}

const statsPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/stats`;

async function requestStats(eventId: string, players: PlayerStatLine[], token = admin.token): Promise<Request> {
  const res = await postJson(statsPath(eventId), { players, reason: "no stats source for the NBA" }, token);
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: Request }).request;
}

async function approve(id: string, token = ops.token) {
  return postJson(`/api/admin/approvals/${encodeURIComponent(id)}/approve`, { reason: "checked the box score" }, token);
}

async function approved(id: string, token = ops.token): Promise<Record<string, unknown>> {
  const res = await approve(id, token);
  expect(res.status).toBe(200);
  const { request } = (await res.json()) as { request: Request };
  expect(request.status).toBe("approved");
  return request.outcome!;
}

const boxRow = (eventId: string) =>
  env.DB.prepare("SELECT source, version, players FROM box_scores WHERE event_id = ?")
    .bind(eventId)
    .first<{ source: string; version: number; players: string }>();

describe("a game's statistics under four eyes", () => {
  it("wait for a second operator, and one holding a bet on the game cannot approve them", async () => {
    const { eventId, bets, users } = await finalGameWithProps();
    const request = await requestStats(eventId, lines(25, 9));
    expect(request).toMatchObject({ kind: "stats", status: "pending", payload: { players: lines(25, 9) } });
    expect(await errorOf(await approve(request.id, admin.token))).toMatchObject({ status: 403, code: "own-request" });
    // The second operator's own bet on the game, not yet in D1: the guard drains their wallet first.
    await seedBets(ops.userId, [openBet([propLeg(eventId, BANCHERO, "Over")], { stake: 10 })], { project: false });
    expect(await errorOf(await approve(request.id))).toMatchObject({ status: 403, code: "holds-bet" });
    // Nor may they ask for statistics of it.
    expect(await errorOf(await postJson(statsPath(eventId), { players: lines(30, 9), reason: "mine" }, ops.token))).toMatchObject({
      status: 403,
      code: "holds-bet",
    });
    expect(await boxRow(eventId)).toBeNull();
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ status: "open", legResults: [null] });
  });

  it("asked before the props' deadline but approved after it, record nothing: the props are void as overdue", async () => {
    const { eventId, bets, users } = await finalGameWithProps();
    const request = await requestStats(eventId, lines(25, 9));
    // The game went final longer ago than PROP_GRADE_HOURS by the time a colleague looks.
    const hours = tunables(env).PROP_GRADE_HOURS;
    await env.DB.prepare("UPDATE events SET updated_at = ? WHERE event_id = ?")
      .bind(Date.now() - (hours + 1) * 3_600_000, eventId)
      .run();
    expect(await errorOf(await approve(request.id))).toMatchObject({ status: 409, code: "stats-not-awaited" });
    expect(await boxRow(eventId)).toBeNull();
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ status: "open", legResults: [null] });
  });

  it("approved, are recorded as the operator's box score and the game's props settle at once", async () => {
    const { eventId, bets, users } = await finalGameWithProps();
    const request = await requestStats(eventId, lines(25, null));
    const outcome = await approved(request.id);
    expect(outcome).toMatchObject({ eventId, version: 1, recorded: true, messagesEnqueued: 3, walletsCalled: 0, pending: false });
    expect(await drained(outcome.runId as number)).toMatchObject({ trigger: "admin", walletsSettled: 3, betsSettled: 3 });
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ status: "settled", result: "win", payoutPaid: 200 });
    expect(await betOf(users.under, bets.under.id)).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0 });
    // Wagner did not play: his prop is void and returns the stake.
    expect(await betOf(users.wagner, bets.wagner.id)).toMatchObject({ status: "settled", result: "void", payoutPaid: 100 });
    expect(await coins(users.over)).toBe(5100);
    expect(await boxRow(eventId)).toMatchObject({ source: "operator", version: 1 });
    expect((await auditFor(eventId)).map((e) => [e.action, e.actor])).toEqual([
      ["stats", SECOND_OPERATOR],
      ["approve", SECOND_OPERATOR],
      ["request", ADMIN_EMAIL],
    ]);
  });

  it("a correction re-grades the props once, moving only the difference, and a repeat or an older version changes nothing", async () => {
    const { eventId, bets, users } = await finalGameWithProps();
    const first = await approved((await requestStats(eventId, lines(25, 9))).id);
    await drained(first.runId as number);
    expect([await coins(users.over), await coins(users.under), await coins(users.wagner)]).toEqual([5100, 4900, 5100]);
    // The winner staked most of it since: what cannot be taken back becomes owed.
    await seedBets(users.over, [openBet([leg({ eventId: newEventId() })], { stake: 5000 })]);

    // Two corrections asked against version 1; the first approved wins, the second is refused.
    const correction = await requestStats(eventId, lines(20, 9));
    expect(correction.payload).toMatchObject({ correctsVersion: 1 });
    const rival = await requestStats(eventId, lines(27, 9));
    const corrected = await approved(correction.id);
    expect(corrected).toMatchObject({
      version: 2,
      recorded: true,
      walletsCalled: 3,
      walletErrors: 0,
      betsChanged: 2,
      takenBack: { coins: 100, cash: 0 },
      owed: { coins: 100, cash: 0 },
      paid: { coins: 200, cash: 0 },
      pending: false,
    });
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ result: "loss", payoutPaid: 0, legResults: ["loss"] });
    expect(await betOf(users.under, bets.under.id)).toMatchObject({ result: "win", payoutPaid: 200, legResults: ["win"] });
    expect([await coins(users.over), await coins(users.under), await coins(users.wagner)]).toEqual([0, 5100, 5100]);
    expect((await wallet(users.over).getBalances(users.over, Date.now())).owedCoins).toBe(100);
    expect(await boxRow(eventId)).toMatchObject({ source: "operator", version: 2 });
    const refused = await approve(rival.id);
    expect(await errorOf(refused)).toMatchObject({ status: 409, code: "stats-changed" });

    // The same statistics again ask nobody: the wallets are driven again and find nothing to move.
    const again = await postJson(statsPath(eventId), { players: lines(20, 9), reason: "one wallet was down" }, admin.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ version: 2, recorded: false, walletsCalled: 3, betsChanged: 0 });
    // A late message of version 1 (or version 2 again) in a wallet re-grades nothing.
    const late = { eventId, players: lines(25, 9), reference: `stats:${eventId}:v1` };
    expect(await wallet(users.over).applyStatsCorrection(users.over, { ...late, version: 1 }, Date.now())).toMatchObject({
      betsChanged: 0,
    });
    expect(
      await wallet(users.over).applyStatsCorrection(users.over, { ...late, version: 2, reference: `stats:${eventId}:v2` }, Date.now()),
    ).toMatchObject({ betsChanged: 0 });
    expect(await coins(users.over)).toBe(0);
    const corrections = (await wallet(users.over).getLedger(users.over, Date.now())).filter((r) => r.reason === "bet_correction");
    expect(corrections.map((r) => [r.amount, r.reference])).toEqual([[-100, `stats:${eventId}:v2:${bets.over.id}`]]);
    for (const user of Object.values(users)) await expectLedgerBalanced(user);
    expect((await auditFor(eventId)).map((e) => e.action)).toContain("stats-correction");
  });
});

describe("what a statistics request must be", () => {
  const valid = lines(25, 9);
  it.each([
    ["no players", { players: [] }, "players: Enter at least one player's statistics."],
    [
      "a negative statistic",
      { players: [{ ...valid[0]!, stats: { points: -1 } }, valid[1]] },
      "players.0.stats.points: a statistic cannot be negative.",
    ],
    [
      "a fraction",
      { players: [{ ...valid[0]!, stats: { points: 2.5 } }, valid[1]] },
      "players.0.stats.points: a statistic is a whole number.",
    ],
    [
      "a statistic props do not grade on",
      { players: [{ ...valid[0]!, stats: { points: 25, dunks: 3 } }, valid[1]] },
      "players.0.stats.dunks: not a statistic props grade on (pass_yds, rush_yds, rec_yds, receptions, tds, points, rebounds, assists, threes, strikeouts, hits, total_bases, home_runs, shots_on_goal, goals, started).",
    ],
    ["a player twice", { players: [valid[0], valid[0], valid[1]] }, "players.1.playerId: this player is listed twice."],
    ["no team", { players: [{ ...valid[0]!, team: "guests" }, valid[1]] }, "players.0.team: home or away."],
    ["no reason", { reason: undefined }, "reason: A reason is required."],
  ])("refuses %s with 400, asking nobody", async (_label, change, message) => {
    const { eventId } = await finalGameWithProps();
    const res = await postJson(statsPath(eventId), { players: valid, reason: "entered by hand", ...change }, admin.token);
    expect(await errorOf(res)).toEqual({ status: 400, code: "invalid-argument", message });
    expect(await auditFor(eventId)).toEqual([]);
    expect(await boxRow(eventId)).toBeNull();
  });

  it("refuses statistics that leave out a player bet on or the statistic his market grades on", async () => {
    const { eventId } = await finalGameWithProps();
    const res = await postJson(
      statsPath(eventId),
      { players: [{ ...valid[0]!, stats: { rebounds: 4 } }], reason: "entered by hand" },
      admin.token,
    );
    expect(await errorOf(res)).toEqual({
      status: 400,
      code: "stats-incomplete",
      message: "These statistics leave out what the game's player props are graded on: Franz Wagner: not listed; Paolo Banchero: points.",
    });
    expect(await auditFor(eventId)).toEqual([]);
  });

  it("refuses a game with no final score, a game with no props and a game nobody knows", async () => {
    const { eventId } = await finalGameWithProps();
    await env.DB.prepare("UPDATE events SET status = 'live' WHERE event_id = ?").bind(eventId).run();
    expect(await errorOf(await postJson(statsPath(eventId), { players: valid, reason: "too early" }, admin.token))).toMatchObject({
      status: 409,
      code: "stats-need-final",
    });
    const plain = newEventId();
    await seedBets(newUserId(), [openBet([leg({ eventId: plain, side: "Home" })])]);
    await env.DB.batch(eventUpsertStatements(env.DB, [score(plain, "basketball_nba", 101, 99, { completed: true })], Date.now()));
    expect(await errorOf(await postJson(statsPath(plain), { players: valid, reason: "no props" }, admin.token))).toMatchObject({
      status: 409,
      code: "stats-not-awaited",
    });
    expect(await errorOf(await postJson(statsPath("no-such-game"), { players: valid, reason: "nobody" }, admin.token))).toEqual({
      status: 404,
      code: "not-found",
      message: "No such event.",
    });
  });
});

describe("the console's view of statistics", () => {
  it("lists a game waiting for statistics with its players' needs, then its recorded box score", async () => {
    const { eventId } = await finalGameWithProps();
    const read = async () =>
      (await (await api("/api/admin/prop-stats", { token: admin.token })).json()) as {
        awaiting: { eventId: string; openLegs: number; deadline: number; finalAt: number; players: unknown[] }[];
        recorded: { eventId: string; version: number }[];
      };
    const waiting = (await read()).awaiting.find((g) => g.eventId === eventId);
    expect(waiting).toMatchObject({ openLegs: 3 });
    expect(waiting!.deadline - waiting!.finalAt).toBe(36 * 3_600_000);
    expect(waiting!.players).toEqual([
      { playerId: "franz-wagner", name: "Franz Wagner", stats: ["rebounds"], needsStart: false, openLegs: 1 },
      { playerId: "paolo-banchero", name: "Paolo Banchero", stats: ["points"], needsStart: false, openLegs: 2 },
    ]);
    await drained((await approved((await requestStats(eventId, lines(25, 9))).id)).runId as number);
    const after = await read();
    expect(after.awaiting.map((g) => g.eventId)).not.toContain(eventId);
    expect(after.recorded.find((g) => g.eventId === eventId)).toMatchObject({ version: 1 });
  });
});
