// The operator console's contract: every /api/admin route answers exactly the shape its
// schema in src/shared/schemas/operator-views.ts describes — the schema the console parses
// with — so a field added, dropped or retyped on either side fails here. The lists hold
// real data (bets, a redemption, runs, results, a correction, a dead letter), so every
// element's shape is checked too.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AdjustmentAnswerSchema,
  ApprovalAnswerSchema,
  ApprovalListSchema,
  AuditLogSchema,
  CorrectionAnswerSchema,
  DateOfBirthCorrectionAnswerSchema,
  DeadLetterReplayAnswerSchema,
  DeadLettersSchema,
  FeedStatusSchema,
  FeedViewSchema,
  FreezeAnswerSchema,
  LedgerAuditPageSchema,
  LedgerCheckSchema,
  OperatorAccountAnswerSchema,
  RegionRulesViewSchema,
  OperatorResultAnswerSchema,
  PlayerDetailSchema,
  PlayerSearchSchema,
  PropPlayerNamesAnswerSchema,
  PropPlayerNamesSchema,
  PropStatsViewSchema,
  SettlementRunsSchema,
  SettlementViewSchema,
  StatsAnswerSchema,
} from "../../src/shared/schemas/operator-views";
import { HarmNoteAnswerSchema, PlayerPlayViewSchema } from "../../src/shared/schemas/play";
import { etDayKey } from "../../src/shared/bonus";
import { FreeEntryRecordSchema, type FreeEntryCodes } from "../../src/shared/schemas/sweepstakes";
import { HealthResponseSchema } from "../../src/shared/schemas/health";
import { HouseHoldSchema, HouseLiabilitySchema } from "../../src/shared/schemas/house";
import { ReconciliationAnswerSchema, RunReconciliationAnswerSchema } from "../../src/shared/schemas/reconciliation";
import { GameExposureViewSchema, RiskListSchema } from "../../src/shared/schemas/risk";
import { createApp } from "../../worker/app";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { expectAnswer } from "./contract-helpers";
import { api, signIn, type SignedIn } from "./helpers";
import { HOUR, drained, leg, newEventId, openBet, seedBets } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]

/** Every /api/admin route and the schema of its answer ("METHOD /path", parameters as :x). */
const CONTRACT = {
  "GET /api/admin/feed": FeedViewSchema,
  "GET /api/admin/feed-status": FeedStatusSchema,
  "GET /api/admin/settlement": SettlementViewSchema,
  "GET /api/admin/settlement/runs": SettlementRunsSchema,
  "GET /api/admin/dead-letters": DeadLettersSchema,
  "POST /api/admin/dead-letters/:x/replay": DeadLetterReplayAnswerSchema,
  "GET /api/admin/audit": AuditLogSchema,
  "GET /api/admin/players": PlayerSearchSchema,
  "GET /api/admin/players/:x": PlayerDetailSchema,
  "POST /api/admin/players/:x/freeze": FreezeAnswerSchema,
  "POST /api/admin/players/:x/operator-account": OperatorAccountAnswerSchema,
  "POST /api/admin/players/:x/adjustments": AdjustmentAnswerSchema,
  // Requests for a second operator.
  "POST /api/admin/players/:x/unfreeze": ApprovalAnswerSchema,
  "POST /api/admin/players/:x/identity/reset": ApprovalAnswerSchema,
  "POST /api/admin/players/:x/fraud-warnings/:x/clear": ApprovalAnswerSchema,
  "POST /api/admin/players/:x/payout-identities/release": ApprovalAnswerSchema,
  "POST /api/admin/players/:x/ledger-check": LedgerCheckSchema,
  "PUT /api/admin/players/:x/date-of-birth": DateOfBirthCorrectionAnswerSchema,
  "GET /api/admin/ledger-audit": LedgerAuditPageSchema,
  // A result or a void; with `correction: true` the same route answers CorrectionAnswerSchema (checked below).
  "POST /api/admin/events/:x/result": OperatorResultAnswerSchema,
  "GET /api/admin/approvals": ApprovalListSchema,
  "GET /api/admin/health": HealthResponseSchema,
  "GET /api/admin/house/liability": HouseLiabilitySchema,
  "GET /api/admin/house/hold": HouseHoldSchema,
  "GET /api/admin/risk": RiskListSchema,
  "GET /api/admin/risk/:x/:x": GameExposureViewSchema,
  "POST /api/admin/risk/:x/:x/suspend": GameExposureViewSchema,
  "POST /api/admin/reconciliation/run": RunReconciliationAnswerSchema,
  "GET /api/admin/reconciliation": ReconciliationAnswerSchema,
  "POST /api/admin/approvals/:x/approve": ApprovalAnswerSchema,
  "POST /api/admin/approvals/:x/reject": ApprovalAnswerSchema,
  "GET /api/admin/players/:x/play": PlayerPlayViewSchema,
  "POST /api/admin/players/:x/harm-flags": HarmNoteAnswerSchema,
  "POST /api/admin/free-entry": ApprovalAnswerSchema,
  "GET /api/admin/region-rules": RegionRulesViewSchema,
  "POST /api/admin/region-rules": ApprovalAnswerSchema,
  "GET /api/admin/prop-players": PropPlayerNamesSchema,
  // A request for a second operator; asking for what the map already says answers PropPlayerNamesAnswerSchema (checked below).
  "PUT /api/admin/prop-players": ApprovalAnswerSchema,
  "DELETE /api/admin/prop-players": ApprovalAnswerSchema,
  "GET /api/admin/prop-stats": PropStatsViewSchema,
  // A request for a second operator; the statistics already recorded answer StatsAnswerSchema (checked below).
  "POST /api/admin/events/:x/stats": ApprovalAnswerSchema,
} satisfies Record<string, z.ZodType>;
type Route = keyof typeof CONTRACT;

let admin: SignedIn;
/** A second operator: approvals need someone other than the requester. */
let ops: SignedIn;
let player: SignedIn;
const checked = new Set<string>();

type CallOptions = { body?: unknown; status?: number; token?: string };

/** Calls an admin route as the operator and checks its answer against `schema` (the route's, unless it answers two shapes). */
async function call<S extends z.ZodType>(schema: S, route: Route, path: string, options: CallOptions = {}): Promise<z.infer<S>> {
  const method = route.slice(0, route.indexOf(" "));
  const res = await api(path, {
    method,
    token: options.token ?? admin.token,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (Object.is(schema, CONTRACT[route])) checked.add(route);
  return expectAnswer(res, options.status ?? 200, schema, `${method} ${path}`);
}

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn("ops@vantage.test", "Ops");
  player = await signIn(`contract-${crypto.randomUUID().slice(0, 8)}@example.com`, "Contract Player");
});

describe("the operator console's contract", () => {
  it("names a schema for every /api/admin route the Worker mounts", () => {
    const mounted = createApp()
      .routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/"))
      .map((r) => `${r.method} ${r.path.replace(/:[A-Za-z]+/g, ":x")}`);
    expect(mounted.filter((route) => !(route in CONTRACT))).toEqual([]);
  });

  // Builds a player with every kind of row and reads every operator route: a timeout to match on a busy machine.
  it("every route answers its schema, with real rows in every list", async () => {
    const uid = player.userId;
    // A placed bet, a pending redemption and an adjustment give the player's lists rows.
    const [event] = await openEvents(1);
    expect(
      (await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(event!, "Moneyline", "Home")] })).status,
    ).toBe(200);
    const wallet = getUserWallet(env, uid);
    const now = Date.now();
    const bought = await wallet.creditPurchase(
      uid,
      { checkoutSessionId: `cs_contract_${uid}`, amountCents: 4999, cashPlaythrough: 0 },
      now,
    );
    expect(bought.ok).toBe(true);
    expect((await wallet.requestRedemption(uid, { amountCents: 2_000, redemptionId: `rd_contract_${uid}` }, now)).ok).toBe(true);

    const adjusted = await call(
      CONTRACT["POST /api/admin/players/:x/adjustments"],
      "POST /api/admin/players/:x/adjustments",
      `/api/admin/players/${uid}/adjustments`,
      {
        body: { wallet: "coins", amount: 25, reason: "contract check", idempotencyKey: crypto.randomUUID() },
      },
    );
    expect(adjusted.replayed).toBe(false);
    await call(CONTRACT["POST /api/admin/players/:x/freeze"], "POST /api/admin/players/:x/freeze", `/api/admin/players/${uid}/freeze`, {
      body: { reason: "contract check" },
    });
    // Unfreezing is asked for, then approved by the second operator.
    const unfreezeAsked = await call(
      CONTRACT["POST /api/admin/players/:x/unfreeze"],
      "POST /api/admin/players/:x/unfreeze",
      `/api/admin/players/${uid}/unfreeze`,
      { body: { reason: "contract check" }, status: 202 },
    );
    expect(unfreezeAsked.request).toMatchObject({ kind: "unfreeze", subjectLabel: player.email, payload: {} });
    const unfreezeApproved = await call(
      CONTRACT["POST /api/admin/approvals/:x/approve"],
      "POST /api/admin/approvals/:x/approve",
      `/api/admin/approvals/${unfreezeAsked.request.id}/approve`,
      { body: { reason: "contract check" }, token: ops.token },
    );
    expect(unfreezeApproved.request.outcome).toEqual({ uid, frozen: false, changed: true });
    // Another account, named as the other operator's own (so it stays out of what follows).
    const theirs = await signIn();
    const named = await call(
      CONTRACT["POST /api/admin/players/:x/operator-account"],
      "POST /api/admin/players/:x/operator-account",
      `/api/admin/players/${theirs.userId}/operator-account`,
      { body: { operatorEmail: "ops@vantage.test", reason: "contract check" } },
    );
    expect(named.operatorAccounts.map((a) => a.operatorEmail)).toEqual(["ops@vantage.test"]);
    const warningId = `efw_contract_${uid}`;
    const warned = await wallet.recordFraudWarning(
      uid,
      { warningId, paymentIntent: `pi_contract_${uid}`, chargeId: null, actionable: false, fraudType: "made_with_stolen_card" },
      now,
    );
    expect(warned.ok).toBe(true);
    // Clearing it is asked for, then approved by the second operator.
    const clearAsked = await call(
      CONTRACT["POST /api/admin/players/:x/fraud-warnings/:x/clear"],
      "POST /api/admin/players/:x/fraud-warnings/:x/clear",
      `/api/admin/players/${uid}/fraud-warnings/${warningId}/clear`,
      { body: { reason: "contract check" }, status: 202 },
    );
    expect(clearAsked.request).toMatchObject({ kind: "fraud-warning-clear", subjectLabel: player.email, payload: { warningId } });
    const clearApproved = await call(
      CONTRACT["POST /api/admin/approvals/:x/approve"],
      "POST /api/admin/approvals/:x/approve",
      `/api/admin/approvals/${clearAsked.request.id}/approve`,
      { body: { reason: "contract check" }, token: ops.token },
    );
    expect(clearApproved.request.outcome).toEqual({ uid, warningId, changed: true });
    await call(
      CONTRACT["PUT /api/admin/players/:x/date-of-birth"],
      "PUT /api/admin/players/:x/date-of-birth",
      `/api/admin/players/${uid}/date-of-birth`,
      {
        body: { dateOfBirth: "1990-04-25", reason: "contract check" },
      },
    );

    const found = await call(
      CONTRACT["GET /api/admin/players"],
      "GET /api/admin/players",
      `/api/admin/players?q=${encodeURIComponent(player.email)}`,
    );
    expect(found.players.map((p) => p.uid)).toContain(uid);
    const detail = await call(CONTRACT["GET /api/admin/players/:x"], "GET /api/admin/players/:x", `/api/admin/players/${uid}`);
    expect([detail.ledger.length > 0, detail.bets.length, detail.redemptions.length]).toEqual([true, 1, 1]);
    const check = await call(
      CONTRACT["POST /api/admin/players/:x/ledger-check"],
      "POST /api/admin/players/:x/ledger-check",
      `/api/admin/players/${uid}/ledger-check`,
      { body: {} },
    );
    expect(check.userId).toBe(uid);
    const audit = await call(
      CONTRACT["GET /api/admin/ledger-audit"],
      "GET /api/admin/ledger-audit",
      `/api/admin/ledger-audit?after=${encodeURIComponent(uid.slice(0, -1))}&limit=5`,
    );
    expect(audit.checked).toBeGreaterThan(0);

    // Settlement: one game voided, one recorded and then corrected, one still past due, one dead letter.
    const startTime = new Date(Date.now() - 30 * HOUR).toISOString();
    const [voided, corrected, late] = [newEventId(), newEventId(), newEventId()];
    // The voided game has not started (the void of a started one waits for a second operator, like a final).
    const notStarted = new Date(Date.now() + 30 * HOUR).toISOString();
    await seedBets(
      uid,
      [voided, corrected, late].map((eventId) =>
        openBet(
          [
            leg({
              eventId,
              league: "icehockey_nhl",
              home: "Oilers",
              away: "Flames",
              startTime: eventId === voided ? notStarted : startTime,
            }),
          ],
          {
            stake: 10,
          },
        ),
      ),
    );
    const voidAnswer = await call(
      CONTRACT["POST /api/admin/events/:x/result"],
      "POST /api/admin/events/:x/result",
      `/api/admin/events/${voided}/result`,
      {
        body: { void: true, reason: "contract check" },
      },
    );
    // A final or correction the feed has not reported waits for a second operator, whose
    // approval's outcome is the route's own answer.
    const approvedOutcome = async (requestId: string) =>
      (
        await call(
          CONTRACT["POST /api/admin/approvals/:x/approve"],
          "POST /api/admin/approvals/:x/approve",
          `/api/admin/approvals/${requestId}/approve`,
          { body: { reason: "contract check" }, token: ops.token },
        )
      ).request.outcome;
    const scoreRequest = await call(ApprovalAnswerSchema, "POST /api/admin/events/:x/result", `/api/admin/events/${corrected}/result`, {
      body: { homeScore: 3, awayScore: 1, reason: "contract check" },
      status: 202,
    });
    const scoreAnswer = OperatorResultAnswerSchema.parse(await approvedOutcome(scoreRequest.request.id));
    await drained(voidAnswer.runId);
    await drained(scoreAnswer.runId);
    const correctionRequest = await call(
      ApprovalAnswerSchema,
      "POST /api/admin/events/:x/result",
      `/api/admin/events/${corrected}/result`,
      {
        body: { homeScore: 1, awayScore: 3, correction: true, reason: "contract check" },
        status: 202,
      },
    );
    expect(correctionRequest.request.payload).toEqual({
      homeScore: 1,
      awayScore: 3,
      correction: true,
      replaces: { status: "final", homeScore: 3, awayScore: 1 },
    });
    const correction = CorrectionAnswerSchema.parse(await approvedOutcome(correctionRequest.request.id));
    expect(correction.recorded).toBe(true);

    const letterId = `dl-contract-${crypto.randomUUID()}`;
    const message = JSON.stringify({ v: 1, userId: uid, outcomes: [{ eventId: late, homeScore: 2, awayScore: 0 }], runId: null });
    await env.DB.prepare(
      "INSERT INTO settlement_dead_letters (id, user_id, body, reason, attempts, run_id, received_at) VALUES (?, ?, ?, 'wallet unavailable', 10, NULL, ?)",
    )
      .bind(letterId, uid, message, Date.now())
      .run();
    const view = await call(CONTRACT["GET /api/admin/settlement"], "GET /api/admin/settlement", "/api/admin/settlement");
    expect(view.pastDue.map((g) => g.eventId)).toContain(late);
    expect(view.recentResults.map((g) => g.eventId)).toEqual(expect.arrayContaining([voided, corrected]));
    expect(view.deadLetters.map((l) => l.id)).toContain(letterId);
    expect(view.runs.length).toBeGreaterThan(0);
    const runs = await call(CONTRACT["GET /api/admin/settlement/runs"], "GET /api/admin/settlement/runs", "/api/admin/settlement/runs");
    expect(runs.runs.length).toBeGreaterThan(0);
    const letters = await call(CONTRACT["GET /api/admin/dead-letters"], "GET /api/admin/dead-letters", "/api/admin/dead-letters");
    expect(letters.deadLetters.map((l) => l.id)).toContain(letterId);
    await call(
      CONTRACT["POST /api/admin/dead-letters/:x/replay"],
      "POST /api/admin/dead-letters/:x/replay",
      `/api/admin/dead-letters/${letterId}/replay`,
      {
        body: { reason: "contract check" },
        status: 202,
      },
    );

    // Four eyes: a cash adjustment and a final for a game under way answer 202 with the request.
    const adjustments = `/api/admin/players/${uid}/adjustments`;
    const credit = await call(ApprovalAnswerSchema, "POST /api/admin/players/:x/adjustments", adjustments, {
      body: { wallet: "cash", amount: 500, reason: "contract check" },
      status: 202,
    });
    const debit = await call(ApprovalAnswerSchema, "POST /api/admin/players/:x/adjustments", adjustments, {
      body: { wallet: "cash", amount: -5, reason: "contract check" },
      status: 202,
    });
    const underway = newEventId();
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'icehockey_nhl', 'Oilers', 'Flames', ?, 'live', 1, 1, NULL, ?)`,
    )
      .bind(underway, Date.now() - HOUR, Date.now())
      .run();
    const final = await call(ApprovalAnswerSchema, "POST /api/admin/events/:x/result", `/api/admin/events/${underway}/result`, {
      body: { homeScore: 2, awayScore: 1, reason: "contract check" },
      status: 202,
    });
    const approvals = await call(CONTRACT["GET /api/admin/approvals"], "GET /api/admin/approvals", "/api/admin/approvals");
    expect(approvals.requests.map((r) => r.kind).sort()).toEqual(["adjustment", "adjustment", "result"]);
    for (const { request } of [credit, final]) {
      const approved = await call(
        CONTRACT["POST /api/admin/approvals/:x/approve"],
        "POST /api/admin/approvals/:x/approve",
        `/api/admin/approvals/${request.id}/approve`,
        { body: { reason: "contract check" }, token: ops.token },
      );
      expect(approved.request.outcome).not.toBeNull();
    }
    await call(
      CONTRACT["POST /api/admin/approvals/:x/reject"],
      "POST /api/admin/approvals/:x/reject",
      `/api/admin/approvals/${debit.request.id}/reject`,
      {
        body: { reason: "contract check" },
        token: ops.token,
      },
    );

    const noted = await call(
      CONTRACT["POST /api/admin/players/:x/harm-flags"],
      "POST /api/admin/players/:x/harm-flags",
      `/api/admin/players/${uid}/harm-flags`,
      {
        body: { flag: "raises", action: "note", note: "contract check" },
        token: ops.token,
      },
    );
    expect(noted.notes).toHaveLength(1);
    const play = await call(CONTRACT["GET /api/admin/players/:x/play"], "GET /api/admin/players/:x/play", `/api/admin/players/${uid}/play`);
    expect(play.signs.map((s) => s.flag)).toEqual(["raises", "chasing", "nights"]);
    expect(play.statement.months.length).toBeGreaterThan(0);
    // A free-entry card for the player, by the request code their page gave them.
    const codes = (await (await api("/api/free-entry/code", { token: player.token })).json()) as FreeEntryCodes;
    const card = await call(CONTRACT["POST /api/admin/free-entry"], "POST /api/admin/free-entry", "/api/admin/free-entry", {
      body: { code: codes.codes[0]!.code, postmarkedOn: etDayKey(Date.now()), note: "contract check" },
      status: 202,
    });
    const entry = FreeEntryRecordSchema.parse(await approvedOutcome(card.request.id));
    expect(entry.credited).toBe(true);
    // A region rule entry, dated far ahead so nothing changes today.
    const rule = await call(CONTRACT["POST /api/admin/region-rules"], "POST /api/admin/region-rules", "/api/admin/region-rules", {
      body: {
        entry: {
          region: "US-VT",
          mode: "coins-only",
          from: "2031-01-01",
          covers: "sweepstakes-sports",
          source: { title: "Vermont Act", url: "https://example.org/vt" },
        },
        reason: "contract check",
      },
      status: 202,
    });
    await approvedOutcome(rule.request.id);
    const regions = await call(CONTRACT["GET /api/admin/region-rules"], "GET /api/admin/region-rules", "/api/admin/region-rules");
    expect(regions.added.map((a) => a.entry.region)).toEqual(["US-VT"]);
    // Players' markets: a name corrected, asked again and forgotten (each change approved by a second operator), and a final
    // game's statistics entered, approved and sent again. Ice hockey: no operator's open prop bet there keeps them out of its names.
    const names = "/api/admin/prop-players";
    const feedName = `Contract ${uid.slice(-6)}`;
    const name = { sport: "icehockey_nhl", feedName, playerId: "contract-player", displayName: "Contract Player" };
    const nameSet = await call(CONTRACT["PUT /api/admin/prop-players"], "PUT /api/admin/prop-players", names, { body: name, status: 202 });
    expect(nameSet.request.kind).toBe("prop-player-name");
    expect(await approvedOutcome(nameSet.request.id)).toMatchObject({ changed: true });
    const listed = await call(CONTRACT["GET /api/admin/prop-players"], "GET /api/admin/prop-players", `${names}?sport=icehockey_nhl`);
    expect(listed.names.map((n) => n.feedName)).toContain(feedName);
    const unchanged = await call(PropPlayerNamesAnswerSchema, "PUT /api/admin/prop-players", names, { body: name });
    expect(unchanged.changed).toBe(false);
    const nameRemoval = await call(
      CONTRACT["DELETE /api/admin/prop-players"],
      "DELETE /api/admin/prop-players",
      `${names}?sport=icehockey_nhl&feedName=${encodeURIComponent(feedName)}`,
      { status: 202 },
    );
    expect(await approvedOutcome(nameRemoval.request.id)).toMatchObject({ changed: true, entry: null });
    const propGame = newEventId();
    const prop = { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" };
    await seedBets(uid, [
      openBet([leg({ eventId: propGame, market: "Prop", side: "Over", line: 22.5, priceAm: 100, prop })], { stake: 10 }),
    ]);
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'basketball_nba', 'Magic', 'Heat', ?, 'final', 101, 99, NULL, ?)`,
    )
      .bind(propGame, Date.now() - 4 * HOUR, Date.now())
      .run();
    const statsView = await call(CONTRACT["GET /api/admin/prop-stats"], "GET /api/admin/prop-stats", "/api/admin/prop-stats");
    expect(statsView.awaiting.map((g) => g.eventId)).toContain(propGame);
    const box = [{ playerId: "paolo-banchero", name: "Paolo Banchero", team: "home", played: true, stats: { points: 25 } }];
    const statsPath = `/api/admin/events/${propGame}/stats`;
    const statsRequest = await call(CONTRACT["POST /api/admin/events/:x/stats"], "POST /api/admin/events/:x/stats", statsPath, {
      body: { players: box, reason: "contract check" },
      status: 202,
    });
    const recordedStats = StatsAnswerSchema.parse(await approvedOutcome(statsRequest.request.id));
    await drained(recordedStats.runId);
    await call(StatsAnswerSchema, "POST /api/admin/events/:x/stats", statsPath, { body: { players: box, reason: "contract check" } });
    // A bank account the player's payouts claimed: an operator asks a second one to release it.
    const fingerprint = `fp_contract_${uid}`;
    await env.DB.prepare(
      "INSERT INTO payout_identities (fingerprint, user_id, provider, account_id, created_at) VALUES (?, ?, 'simulated', 'acct_sim_contract', ?)",
    )
      .bind(fingerprint, uid, Date.now())
      .run();
    const releaseAsked = await call(
      CONTRACT["POST /api/admin/players/:x/payout-identities/release"],
      "POST /api/admin/players/:x/payout-identities/release",
      `/api/admin/players/${uid}/payout-identities/release`,
      { body: { fingerprint, reason: "contract check" }, status: 202 },
    );
    expect(releaseAsked.request).toMatchObject({ kind: "payout-identity-release", payload: { fingerprint } });
    // Last of the player's actions: their identity check starts again, asked for, then approved by the second operator.
    const resetAsked = await call(
      CONTRACT["POST /api/admin/players/:x/identity/reset"],
      "POST /api/admin/players/:x/identity/reset",
      `/api/admin/players/${uid}/identity/reset`,
      { body: { reason: "contract check" }, status: 202 },
    );
    expect(resetAsked.request).toMatchObject({ kind: "identity-reset", subjectLabel: player.email, payload: { status: "verified" } });
    expect(await approvedOutcome(resetAsked.request.id)).toEqual({ uid, previous: "verified", changed: true, releasedDocuments: 0 });

    const feed = await call(CONTRACT["GET /api/admin/feed"], "GET /api/admin/feed", "/api/admin/feed");
    expect(feed.sports.length).toBeGreaterThan(0);
    const status = await call(CONTRACT["GET /api/admin/feed-status"], "GET /api/admin/feed-status", "/api/admin/feed-status");
    expect(status.sports.length).toBeGreaterThan(0);
    const health = await call(CONTRACT["GET /api/admin/health"], "GET /api/admin/health", "/api/admin/health");
    expect(health.series.find((s) => s.metric === "placement")?.points.length).toBe(96);
    const liability = await call(
      CONTRACT["GET /api/admin/house/liability"],
      "GET /api/admin/house/liability",
      "/api/admin/house/liability",
    );
    expect(liability.players).toBeGreaterThan(0);
    const hold = await call(CONTRACT["GET /api/admin/house/hold"], "GET /api/admin/house/hold", "/api/admin/house/hold?days=7");
    expect(hold.rows.length).toBeGreaterThan(0);
    const risk = await call(CONTRACT["GET /api/admin/risk"], "GET /api/admin/risk", "/api/admin/risk");
    expect(risk.limits.cashCents).toBeGreaterThan(0);
    const suspended = await call(
      CONTRACT["POST /api/admin/risk/:x/:x/suspend"],
      "POST /api/admin/risk/:x/:x/suspend",
      "/api/admin/risk/basketball_nba/evt-contract/suspend",
      {
        body: {
          market: "Total",
          suspended: true,
          reason: "contract check",
          game: { home: "A", away: "B", startTime: "2026-01-05T00:00:00Z" },
        },
      },
    );
    expect(suspended.suspended.map((s) => s.market)).toEqual(["Total"]);
    const game = await call(
      CONTRACT["GET /api/admin/risk/:x/:x"],
      "GET /api/admin/risk/:x/:x",
      "/api/admin/risk/basketball_nba/evt-contract",
    );
    expect(game.game?.eventId).toBe("evt-contract");
    const reconciled = await call(
      CONTRACT["POST /api/admin/reconciliation/run"],
      "POST /api/admin/reconciliation/run",
      "/api/admin/reconciliation/run",
      { body: { day: "2026-01-05", reason: "contract check" } },
    );
    expect(reconciled.run.status).toBe("ok");
    const reconciliation = await call(
      CONTRACT["GET /api/admin/reconciliation"],
      "GET /api/admin/reconciliation",
      "/api/admin/reconciliation",
    );
    expect(reconciliation.runs.length).toBeGreaterThan(0);
    const log = await call(CONTRACT["GET /api/admin/audit"], "GET /api/admin/audit", `/api/admin/audit?target=${uid}`);
    expect(log.entries.length).toBeGreaterThan(0);

    expect(Object.keys(CONTRACT).filter((route) => !checked.has(route))).toEqual([]);
  }, 60_000);
});
