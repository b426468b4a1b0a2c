// A correction recorded in D1 reaches the wallets even when the call that recorded it fails
// right after: its progress row (D1 `correction_progress`) is written in the very batch that
// records it, so the scheduled run finds it and re-grades every holder once. The failure is a
// D1 whose one statement throws (the call's own env, never the scheduled run's). The rows of
// that batch are written together or not at all: a correction refused there leaves none.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { PlayerStatLine } from "../../src/shared/schemas/props";
import { auditStatement } from "../../worker/approvals/audit-log";
import worker from "../../worker/index";
import { recordBoxScore } from "../../worker/settlement/record-box-score";
import { applyResultCorrection } from "../../worker/settlement/result-correction";
import { eventUpsertStatements } from "../../worker/settlement/settlement-store";
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
  settleAndDrain,
  wallet,
} from "./settlement-fixtures";

const OPERATOR = "ops@vantage.test";

/** `env` whose D1 answers `rewrite(sql)` for each statement prepared: throw to fail it, or answer other SQL. */
function envWithDb(rewrite: (sql: string) => string): Env {
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => target.prepare(rewrite(sql));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...env, DB: db };
}

/** `env` whose D1 throws for the statement starting with `failing`, and only for it. */
function envFailingAt(failing: string): Env {
  return envWithDb((sql) => {
    if (sql.trimStart().startsWith(failing)) throw new Error("D1 is unavailable");
    return sql;
  });
}

async function scheduledRun(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/2 * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function progressOf(reference: string): Promise<{ after_user_id: string; failed_json: string } | null> {
  return env.DB.prepare("SELECT after_user_id, failed_json FROM correction_progress WHERE reference = ?")
    .bind(reference)
    .first<{ after_user_id: string; failed_json: string }>();
}

async function auditRows(eventId: string, action: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE target = ? AND action = ?")
    .bind(eventId, action)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The references of a holder's correction ledger rows, sorted. */
async function corrections(user: string): Promise<string[]> {
  const ledger = await wallet(user).getLedger(user, Date.now());
  return ledger
    .filter((row) => row.reason === "bet_correction")
    .map((row) => row.reference)
    .sort();
}

const BANCHERO = { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" };

const lines = (points: number): PlayerStatLine[] => [
  { playerId: "paolo-banchero", name: "Paolo Banchero", team: "away", played: true, stats: { points } },
];

const statsAudit = (eventId: string, now: number) => (version: number, replaced: { version: number; source: string } | null) =>
  auditStatement(
    env.DB,
    { actor: OPERATOR, action: replaced ? "stats-correction" : "stats", target: eventId, reason: "box score", details: { version } },
    now,
    { afterChange: true },
  );

/** A final NBA game with an Over (paid 200) and an Under (lost) on Banchero's 22.5 points, graded from an operator's 25. */
async function propsGradedOn25() {
  const eventId = newEventId();
  const [over, under] = [newUserId(), newUserId()];
  const propLeg = (side: "Over" | "Under"): BetLeg => leg({ eventId, market: "Prop", side, line: 22.5, priceAm: 100, prop: BANCHERO });
  const bets = { over: openBet([propLeg("Over")], { stake: 100 }), under: openBet([propLeg("Under")], { stake: 100 }) };
  await seedBets(over, [bets.over]);
  await seedBets(under, [bets.under]);
  const now = Date.now();
  await env.DB.batch(eventUpsertStatements(env.DB, [score(eventId, "basketball_nba", 101, 99, { completed: true })], now));
  const answer = await recordBoxScore(
    env,
    { eventId, source: "operator", players: lines(25) },
    { expectedVersion: null, audit: statsAudit(eventId, now) },
    now,
  );
  if (!answer.ok) throw new Error(answer.code);
  await drained(answer.runId);
  expect([await coins(over), await coins(under)]).toEqual([5100, 4900]);
  return { eventId, users: { over, under }, bets };
}

describe("a statistics correction whose call failed after recording it", () => {
  it.each([
    ["the settlement run's row", "INSERT INTO settlement_runs"],
    ["the holders query", "SELECT DISTINCT user_id FROM bet_legs"],
  ])("failing at %s, is finished by the scheduled run: each prop re-graded once", async (_where, failing) => {
    const { eventId, users, bets } = await propsGradedOn25();
    const now = Date.now();
    const call = recordBoxScore(
      envFailingAt(failing),
      { eventId, source: "operator", players: lines(20) },
      { expectedVersion: 1, audit: statsAudit(eventId, now) },
      now,
    );
    await expect(call).rejects.toThrow("D1 is unavailable");
    // Recorded, with its audit row and its progress row (not started), and no wallet reached.
    expect(await env.DB.prepare("SELECT version FROM box_scores WHERE event_id = ?").bind(eventId).first()).toEqual({ version: 2 });
    expect(await auditRows(eventId, "stats-correction")).toBe(1);
    expect(await progressOf(`stats:${eventId}:v2`)).toEqual({ after_user_id: "", failed_json: "[]" });
    expect([await coins(users.over), await coins(users.under)]).toEqual([5100, 4900]);

    await scheduledRun();
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
    expect(await betOf(users.under, bets.under.id)).toMatchObject({ result: "win", payoutPaid: 200 });
    expect([await coins(users.over), await coins(users.under)]).toEqual([4900, 5100]);
    expect(await progressOf(`stats:${eventId}:v2`)).toBeNull();

    await scheduledRun();
    expect([await coins(users.over), await coins(users.under)]).toEqual([4900, 5100]);
    expect(await corrections(users.over)).toEqual([`stats:${eventId}:v2:${bets.over.id}`]);
    expect(await corrections(users.under)).toEqual([`stats:${eventId}:v2:${bets.under.id}`]);
    for (const user of Object.values(users)) await expectLedgerBalanced(user);
  });

  it("refused in its batch (the version moved on since it was read), leaves no progress row and no audit row", async () => {
    const { eventId } = await propsGradedOn25();
    const now = Date.now();
    const corrected = await recordBoxScore(
      env,
      { eventId, source: "operator", players: lines(20) },
      { expectedVersion: 1, audit: statsAudit(eventId, now) },
      now,
    );
    // It reached both wallets in this call: its progress row is gone.
    expect(corrected).toMatchObject({ ok: true, version: 2, pending: false });
    expect(await progressOf(`stats:${eventId}:v2`)).toBeNull();
    // This call reads version 2 as 1, as a call that read just before the correction above would.
    const stale = envWithDb((sql) =>
      sql.startsWith("SELECT version, source, players FROM box_scores")
        ? "SELECT 1 AS version, source, players FROM box_scores WHERE event_id = ?"
        : sql,
    );
    const refused = await recordBoxScore(
      stale,
      { eventId, source: "operator", players: lines(30) },
      { expectedVersion: 1, audit: statsAudit(eventId, now) },
      now,
    );
    expect(refused).toEqual({ ok: false, code: "stats-changed" });
    expect(await progressOf(`stats:${eventId}:v2`)).toBeNull();
    expect(await auditRows(eventId, "stats-correction")).toBe(1);
  });
});

/** Three holders of a 100-Coin home win at +100 on a game recorded 2–1, each paid 200. */
async function homeWinsPaid() {
  const eventId = newEventId();
  const holders = [];
  for (let i = 0; i < 3; i++) {
    const user = newUserId();
    const bet = openBet([leg({ eventId, side: "Home", priceAm: 100 })], { stake: 100 });
    await seedBets(user, [bet]);
    holders.push({ user, bet });
  }
  const now = Date.now();
  await env.DB.batch(eventUpsertStatements(env.DB, [score(eventId, "basketball_nba", 2, 1, { completed: true })], now));
  await settleAndDrain(now, { provider: null, trigger: "test" });
  for (const { user } of holders) expect(await coins(user)).toBe(5100);
  return { eventId, holders };
}

function correctScore(runEnv: Env, eventId: string, homeScore: number, awayScore: number) {
  const now = Date.now();
  const audit = (seq: number) =>
    auditStatement(
      env.DB,
      { actor: OPERATOR, action: "correction", target: eventId, reason: "feed fixed", details: { correction: seq } },
      now,
      { afterChange: true },
    );
  return applyResultCorrection(
    runEnv,
    eventId,
    { homeScore, awayScore },
    { operator: OPERATOR, reason: "feed fixed" },
    { now, feedNow: now },
    audit,
  );
}

describe("a score correction whose call failed after recording it", () => {
  it("is finished by the scheduled run: each bet re-graded once", async () => {
    const { eventId, holders } = await homeWinsPaid();
    // The away side won; the call fails reading how far the correction got, before any wallet.
    const call = correctScore(envFailingAt("SELECT after_user_id, failed_json FROM correction_progress"), eventId, 1, 2);
    await expect(call).rejects.toThrow("D1 is unavailable");
    expect(await auditRows(eventId, "correction")).toBe(1);
    expect(await progressOf(`correction:${eventId}:1`)).toEqual({ after_user_id: "", failed_json: "[]" });
    for (const { user } of holders) expect(await coins(user)).toBe(5100);

    await scheduledRun();
    expect(await progressOf(`correction:${eventId}:1`)).toBeNull();
    await scheduledRun();
    for (const { user, bet } of holders) {
      expect(await betOf(user, bet.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
      expect(await coins(user)).toBe(4900);
      expect(await corrections(user)).toEqual([`correction:${eventId}:1:${bet.id}`]);
      await expectLedgerBalanced(user);
    }
  });

  it("refused in its batch (the score moved on since it was read), leaves no progress row and no audit row", async () => {
    const { eventId } = await homeWinsPaid();
    expect(await correctScore(env, eventId, 1, 2)).toMatchObject({ ok: true, correction: 1, pending: false });
    expect(await progressOf(`correction:${eventId}:1`)).toBeNull();
    // This call reads the corrected 1–2 as the 2–1 recorded before, as a call that read just before the correction above would.
    const stale = envWithDb((sql) =>
      sql.startsWith("SELECT event_id, status, home_score, away_score, start_time FROM events")
        ? "SELECT event_id, status, 2 AS home_score, 1 AS away_score, start_time FROM events WHERE event_id = ?"
        : sql,
    );
    expect(await correctScore(stale, eventId, 3, 1)).toEqual({ ok: false, code: "result-changed" });
    expect(await progressOf(`correction:${eventId}:2`)).toBeNull();
    expect(await progressOf(`correction:${eventId}:1`)).toBeNull();
    expect(await auditRows(eventId, "correction")).toBe(1);
    const seqs = await env.DB.prepare("SELECT seq FROM result_corrections WHERE event_id = ?").bind(eventId).all<{ seq: number }>();
    expect(seqs.results).toEqual([{ seq: 1 }]);
  });
});
