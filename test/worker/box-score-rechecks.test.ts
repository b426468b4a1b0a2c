// An official source's corrections re-grade props: each settlement run asks the source again
// for a few box scores it recorded (games final within PROP_GRADE_HOURS whose props were
// graded), and a different answer is recorded as a correction, re-grading once and moving only
// the difference. The same answer changes nothing; an operator's entry is never asked again.
// A correction that reached only some holders is finished by the scheduled run, window or not.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { BoxScore, PlayerStatLine } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";
import { auditStatement } from "../../worker/approvals/audit-log";
import worker from "../../worker/index";
import { loggerFor } from "../../worker/logging/logger";
import { recheckBoxScores } from "../../worker/settlement/recheck-box-scores";
import { recordBoxScore } from "../../worker/settlement/record-box-score";
import { recordBoxScores } from "../../worker/settlement/settlement-job";
import { eventUpsertStatements } from "../../worker/settlement/settlement-store";
import type { StatsPort } from "../../worker/settlement/stats-port";
import { tunables } from "../../worker/tunables";
import {
  betOf,
  coins,
  drained,
  expectLedgerBalanced,
  HOUR,
  leg,
  newEventId,
  newUserId,
  openBet,
  score,
  seedBets,
  settleAndDrain,
} from "./settlement-fixtures";

const BANCHERO = { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" };

const lines = (points: number): PlayerStatLine[] => [
  { playerId: "paolo-banchero", name: "Paolo Banchero", team: "away", played: true, stats: { points } },
];

/** A stats source answering `points` for Banchero in `eventId`, and nothing for any other game; it notes what it was asked. */
function scriptedStats(eventId: string, points: () => number) {
  const asked: string[] = [];
  const port: StatsPort = {
    name: "mlb-stats-api",
    async boxScore(_sport: SportKey, id: string): Promise<BoxScore | null> {
      asked.push(id);
      return id === eventId ? { eventId, source: "official", players: lines(points()) } : null;
    },
  };
  return { port, asked };
}

const boxRow = (eventId: string) =>
  env.DB.prepare("SELECT source, version, players, checked_at FROM box_scores WHERE event_id = ?")
    .bind(eventId)
    .first<{ source: string; version: number; players: string; checked_at: number | null }>();

/** The game's corrections still to reach some holder (D1 `correction_progress`). */
async function progressOf(eventId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT reference FROM correction_progress WHERE reference LIKE ? ORDER BY reference")
    .bind(`stats:${eventId}:%`)
    .all<{ reference: string }>();
  return results.map((r) => r.reference);
}

/** One cron trigger through the Worker's scheduled handler, done with everything it started. */
async function scheduledRun(runEnv: Env): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/2 * * * *", scheduledTime: Date.now() }), runEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** A final NBA game with an Over and an Under on Banchero's 22.5 points, graded from a box score of `points`. */
async function gradedGame(points: number, source: "official" | "operator") {
  const eventId = newEventId();
  const [over, under] = [newUserId(), newUserId()];
  const propLeg = (side: "Over" | "Under"): BetLeg => leg({ eventId, market: "Prop", side, line: 22.5, priceAm: 100, prop: BANCHERO });
  const bets = { over: openBet([propLeg("Over")], { stake: 100 }), under: openBet([propLeg("Under")], { stake: 100 }) };
  await seedBets(over, [bets.over]);
  await seedBets(under, [bets.under]);
  const now = Date.now();
  await env.DB.batch(eventUpsertStatements(env.DB, [score(eventId, "basketball_nba", 101, 99, { completed: true })], now));
  if (source === "official") {
    await recordBoxScores(env, scriptedStats(eventId, () => points).port, now, loggerFor(env), [eventId]);
    await settleAndDrain(now, { provider: null, trigger: "test" });
  } else {
    const audit = () =>
      auditStatement(env.DB, { actor: "ops@vantage.test", action: "stats", target: eventId, reason: "entered" }, now, {
        afterChange: true,
      });
    const answer = await recordBoxScore(
      env,
      { eventId, source: "operator", players: lines(points) },
      { expectedVersion: null, audit },
      now,
    );
    if (!answer.ok) throw new Error(answer.code);
    await drained(answer.runId);
  }
  expect(await betOf(over, bets.over.id)).toMatchObject({ status: "settled", result: points > 22.5 ? "win" : "loss" });
  return { eventId, users: { over, under }, bets };
}

describe("an official box score asked again", () => {
  it("re-grades the props once when the source corrected its statistics, moving only the difference", async () => {
    const { eventId, users, bets } = await gradedGame(25, "official");
    expect([await coins(users.over), await coins(users.under)]).toEqual([5100, 4900]);
    const source = scriptedStats(eventId, () => 20);

    expect(await recheckBoxScores(env, source.port, Date.now(), loggerFor(env))).toBe(1);
    expect(source.asked).toContain(eventId);
    expect(await boxRow(eventId)).toMatchObject({ source: "official", version: 2, players: JSON.stringify(lines(20)) });
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ result: "loss", payoutPaid: 0, legResults: ["loss"] });
    expect(await betOf(users.under, bets.under.id)).toMatchObject({ result: "win", payoutPaid: 200, legResults: ["win"] });
    expect([await coins(users.over), await coins(users.under)]).toEqual([4900, 5100]);

    // Asked again, the source says the same: nothing more is recorded or moved.
    expect(await recheckBoxScores(env, source.port, Date.now(), loggerFor(env))).toBe(0);
    expect(await boxRow(eventId)).toMatchObject({ version: 2 });
    expect([await coins(users.over), await coins(users.under)]).toEqual([4900, 5100]);
    for (const user of Object.values(users)) await expectLedgerBalanced(user);
  });

  it("leaves a correction that reached only some holders to the scheduled run, which finishes it past PROP_GRADE_HOURS", async () => {
    const { eventId, users, bets } = await gradedGame(25, "official");
    const source = scriptedStats(eventId, () => 20);
    // One wallet per call: the correction reaches the first holder, then waits.
    const paged = { ...env, CORRECTION_WALLETS_PER_CALL: "1" } as Env;
    expect(await recheckBoxScores(paged, source.port, Date.now(), loggerFor(env))).toBe(1);
    const afterFirst = [await coins(users.over), await coins(users.under)];
    expect(afterFirst.filter((c, i) => c !== [5100, 4900][i])).toHaveLength(1);
    expect(await progressOf(eventId)).toEqual([`stats:${eventId}:v2`]);

    // The game's final is now past the window the recheck looks in; the scheduled run goes on all the same.
    const longAgo = Date.now() - (tunables(env).PROP_GRADE_HOURS + 1) * HOUR;
    await env.DB.prepare("UPDATE events SET updated_at = ? WHERE event_id = ?").bind(longAgo, eventId).run();
    await scheduledRun(paged);
    expect([await coins(users.over), await coins(users.under)]).toEqual([4900, 5100]);
    expect(await betOf(users.over, bets.over.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
    expect(await betOf(users.under, bets.under.id)).toMatchObject({ result: "win", payoutPaid: 200 });
    expect(await progressOf(eventId)).toEqual([]);

    // Nothing is left: a later run moves nothing.
    await scheduledRun(paged);
    expect([await coins(users.over), await coins(users.under)]).toEqual([4900, 5100]);
    for (const user of Object.values(users)) await expectLedgerBalanced(user);
  });

  it("changes nothing when the source answers what was recorded, and notes the check", async () => {
    const { eventId, users } = await gradedGame(25, "official");
    const source = scriptedStats(eventId, () => 25);
    const now = Date.now();
    expect(await recheckBoxScores(env, source.port, now, loggerFor(env))).toBe(0);
    expect(source.asked).toContain(eventId);
    expect(await boxRow(eventId)).toMatchObject({ version: 1, checked_at: now });
    expect([await coins(users.over), await coins(users.under)]).toEqual([5100, 4900]);
  });

  it("leaves an operator's entry alone, whatever the source says", async () => {
    const { eventId, users } = await gradedGame(25, "operator");
    const source = scriptedStats(eventId, () => 20);
    expect(await recheckBoxScores(env, source.port, Date.now(), loggerFor(env))).toBe(0);
    expect(source.asked).not.toContain(eventId);
    expect(await boxRow(eventId)).toMatchObject({ source: "operator", version: 1, checked_at: null });
    expect([await coins(users.over), await coins(users.under)]).toEqual([5100, 4900]);
  });
});
