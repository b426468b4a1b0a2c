// The cron trigger end to end, with the embedded odds simulator as the feed: a bet on a
// game that has ended is settled by the scheduled handler with no manual step, and
// advancing the simulator's clock then triggering the handler settles at once.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { gradeLeg } from "../../src/shared/grading";
import type { EventScore } from "../../src/shared/schemas/events";
import { SPORT_KEYS } from "../../src/shared/sports";
import { gamesBetween, type SimGame } from "../../worker/odds/simulator/sim-games";
import { simulatedScores } from "../../worker/odds/simulator/simulator-provider";
import worker from "../../worker/index";
import { utcDay } from "../../worker/house/house-book";
import { isManualCronRequest } from "../../worker/settlement/scheduled";
import { api, postJson } from "./helpers";
import {
  HOUR,
  betOf,
  coins,
  drained,
  expectLedgerBalanced,
  latestRunId,
  leg,
  newUserId,
  openBet,
  payoutRows,
  seedBets,
} from "./settlement-fixtures";

/** Fires the cron, then waits until the settlement queue has settled what the run sent. */
async function fireCron(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/2 * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
  await drained(await latestRunId());
}

async function simNow(): Promise<number> {
  const row = await env.DB.prepare("SELECT offset_ms FROM sim_clock WHERE id = 1").first<{ offset_ms: number }>();
  return Date.now() + (row?.offset_ms ?? 0);
}

async function scoreOf(game: SimGame): Promise<EventScore> {
  const found = simulatedScores(game.sport, 3, await simNow()).find((s) => s.eventId === game.eventId);
  if (!found) throw new Error(`simulator lost ${game.eventId}`);
  return found;
}

function expectedPayout(final: EventScore, stake: number): number {
  const result = gradeLeg(
    { market: "Moneyline", side: "Home", line: null },
    { homeScore: final.homeScore!, awayScore: final.awayScore! },
    final.sport,
  );
  return result === "win" ? stake * 2 : result === "push" ? stake : 0;
}

describe("the scheduled handler (cron */2) with the simulator", () => {
  it("settles a bet on a game the simulator reports final", async () => {
    const now = await simNow();
    const finished = simulatedScores("basketball_nba", 1, now).find((s) => s.completed);
    if (!finished) throw new Error("the simulator has no finished NBA game in the last day");
    const user = newUserId();
    const bet = openBet(
      [leg({ eventId: finished.eventId, league: "basketball_nba", side: "Home", priceAm: 100, startTime: finished.startTime })],
      { stake: 100 },
    );
    await seedBets(user, [bet]);

    await fireCron();

    const payout = expectedPayout(finished, 100);
    const settled = await betOf(user, bet.id);
    expect(settled.status).toBe("settled");
    expect(settled.payoutPaid).toBe(payout);
    expect(await coins(user)).toBe(4900 + payout);
    const recorded = await env.DB.prepare("SELECT status, home_score, away_score FROM events WHERE event_id = ?")
      .bind(finished.eventId)
      .first();
    expect(recorded).toEqual({ status: "final", home_score: finished.homeScore, away_score: finished.awayScore });

    await fireCron();
    expect(await payoutRows(user, bet.id)).toHaveLength(payout > 0 ? 1 : 0);
    expect(await coins(user)).toBe(4900 + payout);
    await expectLedgerBalanced(user);
  });

  it("leaves a game in progress open, then settles it once the simulator clock passes its end", async () => {
    const now = await simNow();
    const upcoming = SPORT_KEYS.flatMap((sport) => gamesBetween(sport, now + 10 * 60_000, now + 2 * HOUR))[0];
    if (!upcoming) throw new Error("the simulator has no game starting in the next two hours");
    const user = newUserId();
    const bet = openBet(
      [
        leg({
          eventId: upcoming.eventId,
          league: upcoming.sport,
          side: "Home",
          priceAm: 100,
          startTime: new Date(upcoming.startMs).toISOString(),
        }),
      ],
      { stake: 50 },
    );
    await seedBets(user, [bet]);

    await fireCron();
    expect((await betOf(user, bet.id)).status).toBe("open");

    const toStartedMin = Math.ceil((upcoming.startMs - now) / 60_000) + 5;
    expect((await postJson("/api/dev/sim/advance", { minutes: toStartedMin })).status).toBe(200);
    await fireCron();
    expect((await betOf(user, bet.id)).status).toBe("open");
    const live = await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(upcoming.eventId).first<{ status: string }>();
    expect(live?.status).toBe("live");

    const toEndMin = Math.ceil((upcoming.endMs - (await simNow())) / 60_000) + 5;
    expect((await postJson("/api/dev/sim/advance", { minutes: toEndMin })).status).toBe(200);
    await fireCron();

    const final = await scoreOf(upcoming);
    expect(final.completed).toBe(true);
    const payout = expectedPayout(final, 50);
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", payoutPaid: payout });
    expect(await coins(user)).toBe(4950 + payout);
    const run = await env.DB.prepare("SELECT trigger, finished_at FROM settlement_runs ORDER BY id DESC LIMIT 1").first<{
      trigger: string;
      finished_at: number | null;
    }>();
    expect(run?.trigger).toBe("cron */2 * * * *");
    expect(run?.finished_at).not.toBeNull();
  });

  it("GET /__scheduled runs the cron by hand in development and answers the run's summary", async () => {
    const res = await api("/__scheduled?cron=*/2+*+*+*+*");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ran: boolean; summary: { trigger: string; messagesEnqueued: number; pending: boolean } };
    expect(body.ran).toBe(true);
    expect(body.summary).toMatchObject({ trigger: "cron */2 * * * *", pending: false });
  });

  it("GET /__scheduled runs the trigger's other steps too, so a developer's house keeps its day", async () => {
    await env.DB.prepare("DELETE FROM house_liability_days").run();
    const res = await api("/__scheduled?cron=*/2+*+*+*+*");
    expect(res.status).toBe(200);
    const day = await env.DB.prepare("SELECT day FROM house_liability_days").all<{ day: string }>();
    expect(day.results.map((r) => r.day)).toEqual([utcDay(Date.now())]);
  });

  it("GET /__scheduled is no route outside development, nor beside a live Stripe key", () => {
    expect(isManualCronRequest(new Request("http://localhost/__scheduled"), { ...env, APP_ENV: "production" })).toBe(false);
    expect(isManualCronRequest(new Request("http://localhost/__scheduled"), { ...env, STRIPE_SECRET_KEY: "sk_live_real_key" })).toBe(false);
    expect(isManualCronRequest(new Request("http://localhost/__scheduled"), env)).toBe(true);
  });
});
