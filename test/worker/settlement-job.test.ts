// The settlement run: which feeds it asks and when, what it records, and that every
// bet is paid exactly once however runs overlap, repeat or stop half-way.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { SportKey } from "../../src/shared/sports";
import type { OddsFeedProvider } from "../../worker/odds/feed-provider";
import { runSettlement } from "../../worker/settlement/settlement-job";
import type { SettlementMessage } from "../../worker/settlement/settlement-message";
import { applyEventOutcomes } from "../../worker/settlement/in-wallet/settlement";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import {
  HOUR,
  betOf,
  coins,
  d1LegResults,
  expectLedgerBalanced,
  fakeFeed,
  leg,
  newEventId,
  newUserId,
  openBet,
  payoutRows,
  score,
  seedBets,
  settleAndDrain,
  drained,
  wallet,
  walletSqlOf,
} from "./settlement-fixtures";

const MINUTE = 60_000;

beforeEach(async () => {
  // D1 is shared by the tests of a file: start each from no open work.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bet_legs"),
    env.DB.prepare("DELETE FROM bets"),
    env.DB.prepare("DELETE FROM events"),
    env.DB.prepare("DELETE FROM settlement_score_checks"),
  ]);
});

function startedAgo(ms: number, now = Date.now()): string {
  return new Date(now - ms).toISOString();
}

async function singleOn(
  eventId: string,
  league: SportKey,
  startMsAgo: number,
  opts: { priceAm?: number; stake?: number; side?: "Home" | "Away" } = {},
) {
  const user = newUserId();
  const bet = openBet(
    [leg({ eventId, league, side: opts.side ?? "Home", priceAm: opts.priceAm ?? 100, startTime: startedAgo(startMsAgo) })],
    {
      stake: opts.stake ?? 100,
    },
  );
  await seedBets(user, [bet]);
  return { user, bet };
}

async function eventRow(eventId: string) {
  return env.DB.prepare("SELECT status, home_score, away_score, graded_at FROM events WHERE event_id = ?").bind(eventId).first<{
    status: string;
    home_score: number | null;
    away_score: number | null;
    graded_at: number | null;
  }>();
}

async function insertFinal(eventId: string, sport: SportKey, home: number | null, away: number | null, status = "final") {
  await env.DB.prepare(
    `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
     VALUES (?, ?, 'Home Team', 'Away Team', ?, ?, ?, ?, NULL, ?)`,
  )
    .bind(eventId, sport, Date.now() - 3 * HOUR, status, home, away, Date.now())
    .run();
}

describe("asking the feed for scores", () => {
  it("asks The Odds API once per sport, only when an open game is due to be over, with daysFrom covering it", async () => {
    await singleOn(newEventId(), "basketball_nba", 3 * HOUR);
    await singleOn(newEventId(), "basketball_nba", 2.5 * HOUR);
    await singleOn(newEventId(), "americanfootball_nfl", 1 * HOUR); // not due: an NFL game runs ~3 hours
    await singleOn(newEventId(), "icehockey_nhl", 30 * HOUR);
    await singleOn(newEventId(), "baseball_mlb", -2 * HOUR); // not started
    const feed = fakeFeed("the-odds-api");
    const summary = await settleAndDrain(Date.now(), { provider: feed, trigger: "test" });
    expect(feed.calls.sort((a, b) => a.sport.localeCompare(b.sport))).toEqual([
      { sport: "basketball_nba", daysFrom: 1 },
      { sport: "icehockey_nhl", daysFrom: 2 },
    ]);
    expect(summary.sportsFetched.sort()).toEqual(["basketball_nba", "icehockey_nhl"]);
  });

  it("does not ask for a sport without open bets, nor for games beyond the feed's three days", async () => {
    await singleOn(newEventId(), "soccer_usa_mls", 4 * 24 * HOUR);
    const feed = fakeFeed("the-odds-api");
    const summary = await settleAndDrain(Date.now(), { provider: feed, trigger: "test" });
    expect(feed.calls).toEqual([]);
    expect(summary.staleEvents).toBe(1);
  });

  it("spends paid credits sparingly: the same sport is asked again only after ten minutes", async () => {
    await singleOn(newEventId(), "basketball_nba", 3 * HOUR);
    const feed = fakeFeed("the-odds-api");
    const t0 = Date.now();
    await settleAndDrain(t0, { provider: feed, trigger: "test" });
    await settleAndDrain(t0 + 4 * MINUTE, { provider: feed, trigger: "test" });
    expect(feed.calls).toHaveLength(1);
    await settleAndDrain(t0 + 11 * MINUTE, { provider: feed, trigger: "test" });
    expect(feed.calls).toHaveLength(2);
  });

  it("asks the free simulator as soon as a game has started", async () => {
    await singleOn(newEventId(), "americanfootball_nfl", 5 * MINUTE);
    const feed = fakeFeed("simulator");
    await settleAndDrain(Date.now(), { provider: feed, trigger: "test" });
    expect(feed.calls).toEqual([{ sport: "americanfootball_nfl", daysFrom: 1 }]);
  });

  it("compares start times on the feed's clock (an advanced simulator)", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, league: "basketball_nba", startTime: new Date(Date.now() + 2 * HOUR).toISOString() })]);
    await seedBets(user, [bet]);
    const feed = fakeFeed("simulator");
    const feedNow = Date.now() + 5 * HOUR;
    feed.scores.push(score(eventId, "basketball_nba", 120, 100, { startTime: Date.now() + 2 * HOUR }));
    await settleAndDrain(Date.now(), { provider: feed, trigger: "test", feedNow });
    expect((await betOf(user, bet.id)).result).toBe("win");
  });

  it("records a feed failure and still settles games whose result is known", async () => {
    const { user, bet } = await singleOn(newEventId(), "basketball_nba", 3 * HOUR);
    const known = newEventId();
    const other = await singleOn(known, "basketball_ncaab", 3 * HOUR);
    await insertFinal(known, "basketball_ncaab", 70, 60);
    const broken: OddsFeedProvider = {
      ...fakeFeed("the-odds-api"),
      fetchScores: async () => ({ ok: false, kind: "out-of-credits", status: 401, message: "quota exhausted" }),
    };
    const summary = await settleAndDrain(Date.now(), { provider: broken, trigger: "test" });
    expect(summary.feedErrors).toEqual(["basketball_nba: quota exhausted"]);
    const check = await env.DB.prepare("SELECT ok, message FROM settlement_score_checks WHERE sport = 'basketball_nba'").first();
    expect(check).toEqual({ ok: 0, message: "quota exhausted" });
    expect((await betOf(user, bet.id)).status).toBe("open");
    expect((await betOf(other.user, other.bet.id)).result).toBe("win");
  });

  it("settles operator results even with no feed configured", async () => {
    const eventId = newEventId();
    const { user, bet } = await singleOn(eventId, "mma_mixed_martial_arts", 3 * HOUR, { stake: 40 });
    await insertFinal(eventId, "mma_mixed_martial_arts", null, null, "void");
    await settleAndDrain(Date.now(), { provider: null, trigger: "test" });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "void", payoutPaid: 40 });
    expect(await coins(user)).toBe(5000);
  });
});

describe("recording scores", () => {
  it("records finals and live scores, settles only the finished game, and marks it graded", async () => {
    const [done, live, later] = [newEventId(), newEventId(), newEventId()];
    const a = await singleOn(done, "basketball_nba", 3 * HOUR, { priceAm: -150, stake: 150 });
    const b = await singleOn(live, "basketball_nba", 2.2 * HOUR);
    const c = await singleOn(later, "basketball_nba", 2.1 * HOUR);
    const feed = fakeFeed("the-odds-api", [
      score(done, "basketball_nba", 112, 104),
      score(live, "basketball_nba", 88, 90, { completed: false }),
      score(later, "basketball_nba", null, null, { completed: false }),
    ]);
    const summary = await settleAndDrain(Date.now(), { provider: feed, trigger: "test" });
    expect(summary).toMatchObject({ eventsRecorded: 3, messagesEnqueued: 1, walletsSettled: 1, betsSettled: 1 });

    expect(await betOf(a.user, a.bet.id)).toMatchObject({ status: "settled", result: "win", payoutPaid: 250 });
    expect(await coins(a.user)).toBe(5100);
    expect((await betOf(b.user, b.bet.id)).status).toBe("open");
    expect((await betOf(c.user, c.bet.id)).status).toBe("open");

    expect(await eventRow(done)).toMatchObject({ status: "final", home_score: 112, away_score: 104 });
    expect((await eventRow(done))?.graded_at).not.toBeNull();
    expect(await eventRow(live)).toMatchObject({ status: "live", home_score: 88, away_score: 90, graded_at: null });
    expect(await eventRow(later)).toMatchObject({ status: "scheduled", home_score: null });
  });

  it("a completed game without scores is not graded", async () => {
    const eventId = newEventId();
    const { user, bet } = await singleOn(eventId, "basketball_nba", 3 * HOUR);
    const feed = fakeFeed("the-odds-api", [score(eventId, "basketball_nba", null, null, { completed: true })]);
    await settleAndDrain(Date.now(), { provider: feed, trigger: "test" });
    expect((await betOf(user, bet.id)).status).toBe("open");
    expect((await eventRow(eventId))?.status).not.toBe("final");
  });

  it("never changes a game that already has a result", async () => {
    const eventId = newEventId();
    const { user, bet } = await singleOn(eventId, "icehockey_nhl", 3 * HOUR, { side: "Away" });
    await insertFinal(eventId, "icehockey_nhl", 2, 4);
    const feed = fakeFeed("simulator", [score(eventId, "icehockey_nhl", 5, 4, { completed: false })]);
    await settleAndDrain(Date.now(), { provider: feed, trigger: "test" });
    expect(await eventRow(eventId)).toMatchObject({ status: "final", home_score: 2, away_score: 4 });
    expect((await betOf(user, bet.id)).result).toBe("win");
  });
});

describe("paying exactly once", () => {
  it("three concurrent runs and a later one pay every bet once", async () => {
    const eventId = newEventId();
    const players = await Promise.all(
      [1, 2, 3, 4].map((i) => singleOn(eventId, "baseball_mlb", 4 * HOUR, { priceAm: 100 + i * 10, stake: 100 })),
    );
    const parlayUser = newUserId();
    const second = newEventId();
    const parlay = openBet([
      leg({ eventId, league: "baseball_mlb", priceAm: 100 }),
      leg({ eventId: second, league: "baseball_mlb", priceAm: 100 }),
    ]);
    await seedBets(parlayUser, [parlay]);
    const feed = fakeFeed("simulator", [score(eventId, "baseball_mlb", 6, 2), score(second, "baseball_mlb", 5, 1)]);

    const runs = await Promise.all([1, 2, 3].map(() => settleAndDrain(Date.now(), { provider: feed, trigger: "test" })));
    const later = await settleAndDrain(Date.now() + 10 * MINUTE, { provider: feed, trigger: "test" });

    expect(runs.reduce((n, r) => n + r.betsSettled, 0)).toBe(5);
    expect(later.messagesEnqueued).toBe(0);
    for (const [i, p] of players.entries()) {
      expect(await payoutRows(p.user, p.bet.id)).toHaveLength(1);
      expect(await coins(p.user)).toBe(5000 - 100 + 200 + (i + 1) * 10);
      await expectLedgerBalanced(p.user);
    }
    expect(await payoutRows(parlayUser, parlay.id)).toHaveLength(1);
    expect(await coins(parlayUser)).toBe(5000 - 100 + 400);
  });

  it("a run whose sending failed part-way is finished by the next without paying twice", async () => {
    const eventId = newEventId();
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => singleOn(eventId, "americanfootball_nfl", 4 * HOUR, { priceAm: 150 })));
    await insertFinal(eventId, "americanfootball_nfl", 31, 17);

    // Two messages per sendBatch; only the first call reaches the queue.
    let calls = 0;
    const flaky: Queue<SettlementMessage> = {
      send: (body, options) => env.SETTLEMENT_QUEUE.send(body, options),
      sendBatch: async (messages, options) => {
        calls += 1;
        if (calls > 1) throw new Error("queue unavailable");
        return env.SETTLEMENT_QUEUE.sendBatch(messages, options);
      },
      metrics: () => env.SETTLEMENT_QUEUE.metrics(),
    };
    const first = await runSettlement({ ...env, SETTLEMENT_QUEUE: flaky, SETTLEMENT_SEND_BATCH: "2" } as Env, Date.now(), {
      provider: null,
      trigger: "test",
    });
    expect(first).toMatchObject({ readyLegs: 5, messagesEnqueued: 2, sendFailures: 3, pending: true });
    expect(await drained(first.runId)).toMatchObject({ walletsSettled: 2, betsSettled: 2, pending: true });
    const paidFirst: string[] = [];
    for (const p of players) paidFirst.push((await betOf(p.user, p.bet.id)).status);
    expect(paidFirst.filter((s) => s === "settled")).toHaveLength(2);
    expect((await eventRow(eventId))?.graded_at).toBeNull();

    // A wallet that settled but whose projection never reached D1 (the run died there).
    const crashed = players.find((_, i) => paidFirst[i] === "open")!;
    await runInDurableObject(wallet(crashed.user), (walletObject: UserWallet, state) => {
      state.storage.transactionSync(() => {
        const tx = new Ledger(walletSqlOf(walletObject), crashed.user, Date.now());
        applyEventOutcomes(tx, [{ eventId, homeScore: 31, awayScore: 17 }]);
        tx.finish();
      });
    });

    const second = await settleAndDrain(Date.now(), { provider: null, trigger: "test" });
    expect(second).toMatchObject({ messagesEnqueued: 3, walletsSettled: 3, betsSettled: 2, pending: false });
    const third = await settleAndDrain(Date.now(), { provider: null, trigger: "test" });
    expect(third.messagesEnqueued).toBe(0);

    for (const p of players) {
      expect(await betOf(p.user, p.bet.id)).toMatchObject({ status: "settled", result: "win", payoutPaid: 250 });
      expect(await payoutRows(p.user, p.bet.id)).toHaveLength(1);
      expect(await coins(p.user)).toBe(5150);
      expect(await d1LegResults(p.bet.id)).toEqual(["win"]);
    }
    expect((await eventRow(eventId))?.graded_at).not.toBeNull();
  });

  it("a leg that reaches D1 after its game was graded is still settled", async () => {
    const eventId = newEventId();
    const early = await singleOn(eventId, "soccer_usa_mls", 3 * HOUR, { side: "Away", priceAm: 200 });
    await insertFinal(eventId, "soccer_usa_mls", 0, 1);
    await settleAndDrain(Date.now(), { provider: null, trigger: "test" });
    expect((await betOf(early.user, early.bet.id)).result).toBe("win");
    expect((await eventRow(eventId))?.graded_at).not.toBeNull();

    // A bet whose projection lagged: in the wallet, not yet in D1.
    const lateUser = newUserId();
    const late = openBet([leg({ eventId, league: "soccer_usa_mls", side: "Away", priceAm: 200, startTime: startedAgo(3 * HOUR) })]);
    await seedBets(lateUser, [late], { project: false });
    await settleAndDrain(Date.now(), { provider: null, trigger: "test" });
    expect((await betOf(lateUser, late.id)).status).toBe("open");

    await runInDurableObject(wallet(lateUser), (instance: UserWallet) => instance.flushOutbox());
    const caughtUp = await settleAndDrain(Date.now(), { provider: null, trigger: "test" });
    expect(caughtUp.betsSettled).toBe(1);
    expect(await betOf(lateUser, late.id)).toMatchObject({ result: "win", payoutPaid: 300 });
    expect(await coins(lateUser)).toBe(5200);
  });

  it("logs each run in settlement_runs", async () => {
    const eventId = newEventId();
    await singleOn(eventId, "basketball_nba", 3 * HOUR);
    await insertFinal(eventId, "basketball_nba", 1, 0);
    const startedAt = Date.now() + 7;
    await settleAndDrain(startedAt, { provider: null, trigger: "test-log" });
    const row = await env.DB.prepare("SELECT * FROM settlement_runs WHERE trigger = 'test-log' AND started_at = ?").bind(startedAt).first();
    expect(row).toMatchObject({ messages_enqueued: 1, wallets_called: 1, bets_settled: 1, legs_graded: 1, pending: 0 });
    expect(row?.drained_at).not.toBeNull();
    expect(row?.finished_at).not.toBeNull();
    expect(String(row?.summary)).toContain("enqueued=1");
  });
});
