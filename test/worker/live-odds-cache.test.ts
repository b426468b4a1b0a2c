// Live boards: while a sport has a game under way its board is refreshed at most once per
// LIVE_REFRESH_SECONDS for everyone (twenty readers at once, in one isolate or several,
// make one upstream call per interval: they share the sport's price desk), upcoming-only
// boards keep the 10-minute cache, each price records when we fetched it, a call that
// never answers holds nobody for long, and with the quota guard up live markets are
// locked and no live refresh reaches the feed.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { ODDS_CACHE_MS } from "../../src/shared/odds";
import type { FeedEvent, OddsFeedProvider, OddsResult } from "../../worker/odds/feed-provider";
import type { LoadedEvents } from "../../worker/odds/odds-service";
import { creditGuardFrom, readCreditGuard } from "../../worker/odds/credit-guard";
import { recordFeedStatus } from "../../worker/odds/feed-status";
import { createTheOddsApiProvider } from "../../worker/odds/the-odds-api";
import { clearBoards, testDesk, type DeskSetup } from "./desk-fixtures";

const T0 = Date.UTC(2026, 4, 1, 20, 0, 0);
const LIVE_MS = 30_000;

/** A game `startOffsetMs` from T0 whose book confirmed its prices at `bookAt`. */
function game(id: string, startOffsetMs: number, bookAt: number, home = -150): FeedEvent {
  const started = startOffsetMs <= 0;
  return {
    eventId: id,
    sport: "basketball_nba",
    startTime: new Date(T0 + startOffsetMs).toISOString(),
    home: "Boston Celtics",
    away: "Miami Heat",
    status: started ? "live" : "scheduled",
    live: started ? { homeScore: 50, awayScore: 48, periodLabel: "Q3", clock: "5:00" } : null,
    markets: { moneyline: { home, away: 130 }, total: { line: 221.5, over: -110, under: -110 } },
    book: { key: "draftkings", updatedAt: bookAt, markets: { moneyline: bookAt, total: bookAt } },
  };
}

/** A feed whose every call answers the board `board(callNumber, now)`, after `delayMs`; the book confirms as we ask. */
function scriptedFeed(board: (call: number, now: number) => FeedEvent[], delayMs = 20) {
  const calls: number[] = [];
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(_sport, now): Promise<OddsResult> {
      calls.push(now);
      await new Promise((r) => setTimeout(r, delayMs));
      return { ok: true, value: board(calls.length, now), quota: null };
    },
    async fetchScores() {
      return { ok: true, value: [], quota: null };
    },
  };
  return { provider, calls };
}

function setupWith(provider: OddsFeedProvider, setup: DeskSetup = {}) {
  return testDesk(provider, "basketball_nba", { liveRefreshMs: LIVE_MS, ...setup });
}

const readers = (read: (now: number) => Promise<LoadedEvents>, now: number, count = 20): Promise<LoadedEvents[]> =>
  Promise.all(Array.from({ length: count }, () => read(now)));

beforeEach(() => clearBoards());

describe("live board cadence", () => {
  it("twenty concurrent readers during live play make one upstream call per interval", async () => {
    const { provider, calls } = scriptedFeed((call, now) => [
      game("live-1", -600_000, now, -150 - call * 10),
      game("later", 3_600_000, now),
    ]);
    const read = setupWith(provider).isolate();
    const first = await readers(read, T0);
    expect(calls).toHaveLength(1);
    for (const answer of first) expect(answer.events[0]!.markets.moneyline?.home).toBe(-160);

    // Within the interval: served from the cache, nobody asks the feed.
    await readers(read, T0 + 10_000);
    await readers(read, T0 + LIVE_MS - 1);
    expect(calls).toHaveLength(1);

    // The next interval: one call for all twenty, and everyone sees the moved price.
    const second = await readers(read, T0 + LIVE_MS);
    expect(calls).toHaveLength(2);
    for (const answer of second) expect(answer.events[0]!.markets.moneyline?.home).toBe(-170);

    // Two minutes of readers every 5 s: one call per 30 s interval.
    for (let t = T0 + LIVE_MS + 5_000; t < T0 + 5 * LIVE_MS; t += 5_000) await readers(read, t);
    expect(calls).toHaveLength(5);
  });

  it("keeps one call per interval across isolates: another isolate's refresh is not repeated", async () => {
    const { provider, calls } = scriptedFeed((_call, now) => [game("live-2", -600_000, now)], 150);
    const desk = setupWith(provider);
    await desk.isolate()(T0);
    // Two isolates (each its own memo) with ten readers each, at the next interval.
    const [isolateA, isolateB] = [desk.isolate(), desk.isolate()];
    const a = readers(isolateA, T0 + LIVE_MS, 10);
    await new Promise((r) => setTimeout(r, 40)); // A's call is under way before B looks
    const b = readers(isolateB, T0 + LIVE_MS, 10);
    await Promise.all([a, b]);
    expect(calls).toHaveLength(2);
  });

  it("stops waiting on a call that never answers, and asks the feed again", async () => {
    const calls: number[] = [];
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      async fetchOdds(_sport, now): Promise<OddsResult> {
        calls.push(now);
        // The first call hangs (a request cancelled mid-way, a socket that never closes).
        if (calls.length === 1) return new Promise<OddsResult>(() => {});
        return { ok: true, value: [game("live-stuck", -600_000, now, -180)], quota: null };
      },
      fetchScores: async () => ({ ok: true, value: [], quota: null }),
    };
    const desk = setupWith(provider, { inflightWaitMs: 300 });
    void desk.isolate()(T0);
    await new Promise((r) => setTimeout(r, 20));
    // A reader arriving meanwhile waits for the stuck call only until it is 300 ms old, then asks the feed itself.
    const started = Date.now();
    const answer = await desk.isolate()(T0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(calls).toHaveLength(2);
    expect(answer.events[0]!.markets.moneyline?.home).toBe(-180);
    // Later readers get that answer without another call.
    expect((await desk.isolate()(T0 + 1)).events[0]!.markets.moneyline?.home).toBe(-180);
    expect(calls).toHaveLength(2);
  });

  it("keeps an upcoming-only board for 10 minutes, and on the live cadence from 15 minutes before a start", async () => {
    // A game 16 minutes away: the copy is kept while the start is more than 15 minutes off.
    const { provider, calls } = scriptedFeed((_call, now) => [game("soon", 16 * 60_000, now)]);
    const read = setupWith(provider).isolate();
    await read(T0);
    await read(T0 + 59_000);
    expect(calls).toHaveLength(1);
    // 15 minutes before the start the copy, 60 s old, is past the live cadence: a kick-off
    // before the listed time shows within one live refresh.
    await read(T0 + 60_000);
    expect(calls).toHaveLength(2);
    await read(T0 + 60_000 + LIVE_MS - 1);
    expect(calls).toHaveLength(2);
    await read(T0 + 60_000 + LIVE_MS);
    expect(calls).toHaveLength(3);

    await clearBoards();
    const later = scriptedFeed((_call, now) => [game("tomorrow", 24 * 3_600_000, now)]);
    const upcoming = setupWith(later.provider).isolate();
    await upcoming(T0);
    await upcoming(T0 + ODDS_CACHE_MS - 1);
    expect(later.calls).toHaveLength(1);
    await upcoming(T0 + ODDS_CACHE_MS);
    expect(later.calls).toHaveLength(2);
  });

  it("records when we fetched each price, and keeps it when a refresh fails", async () => {
    let fail = false;
    const calls: number[] = [];
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      async fetchOdds(_sport, now): Promise<OddsResult> {
        calls.push(now);
        return fail
          ? { ok: false, kind: "unavailable", status: 503, message: "down" }
          : { ok: true, value: [game("live-3", -60_000, now)], quota: null };
      },
      fetchScores: async () => ({ ok: true, value: [], quota: null }),
    };
    const read = setupWith(provider).isolate();
    expect((await read(T0)).events[0]!.confirmedAt).toBe(T0);
    fail = true;
    const stale = await read(T0 + LIVE_MS);
    expect(stale.stale).toBe(true);
    expect(stale.events[0]!.confirmedAt).toBe(T0);
  });

  it("locks a game under way once our prices are older than a bet could be accepted at; upcoming games keep theirs", async () => {
    let fail = false;
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      async fetchOdds(_sport, now): Promise<OddsResult> {
        return fail
          ? { ok: false, kind: "unavailable", status: 503, message: "down" }
          : { ok: true, value: [game("live-6", -60_000, now), game("later-6", 3_600_000, now)], quota: null };
      },
      fetchScores: async () => ({ ok: true, value: [], quota: null }),
    };
    const read = setupWith(provider, { maxAgeMs: 45_000 }).isolate();
    await read(T0);
    fail = true;
    const within = await read(T0 + 45_000);
    expect(within.stale).toBe(true);
    expect(within.events[0]!.markets.moneyline).toEqual({ home: -150, away: 130 });
    const beyond = await read(T0 + 120_001);
    expect(beyond.events[0]!.markets.moneyline).toEqual({ home: null, away: null });
    expect(beyond.events[1]!.markets.moneyline).toEqual({ home: -150, away: 130 });
  });
});

describe("quota guard", () => {
  it("locks live markets and makes no live upstream call while below the reserve; upcoming games keep their prices", async () => {
    const { provider, calls } = scriptedFeed((_call, now) => [game("live-5", -600_000, now), game("later-5", 3_600_000, now)]);
    let guarded = false;
    const desk = setupWith(provider, { liveGuard: async () => guarded });
    const read = desk.isolate();
    await read(T0);
    expect(calls).toHaveLength(1);

    guarded = true;
    for (let t = T0 + LIVE_MS; t < T0 + ODDS_CACHE_MS; t += LIVE_MS) {
      const answer = await read(t);
      const [live, later] = answer.events;
      expect(live!.markets).toEqual({ moneyline: { home: null, away: null }, total: { line: 221.5, over: null, under: null } });
      expect(later!.markets.moneyline).toEqual({ home: -150, away: 130 });
    }
    expect(calls).toHaveLength(1);

    // A bettor asking the desk for fresh scores does not make a call either.
    expect(await desk.desk.freshScores(T0 + 5 * 60_000, T0 + 5 * 60_000 - 3_000, T0 + 5 * 60_000 + 10_000)).toBeNull();
    expect(calls).toHaveLength(1);

    // The upcoming board's own 10-minute refresh still runs; its live games stay locked.
    const refreshed = await read(T0 + ODDS_CACHE_MS);
    expect(calls).toHaveLength(2);
    expect(refreshed.events[0]!.markets.moneyline).toEqual({ home: null, away: null });
    const soonAfter = await read(T0 + ODDS_CACHE_MS + 1_000);
    expect(soonAfter.events[0]!.markets.moneyline).toEqual({ home: null, away: null });

    // Credits back: the next interval refreshes and unlocks.
    guarded = false;
    const back = await read(T0 + ODDS_CACHE_MS + LIVE_MS);
    expect(calls).toHaveLength(3);
    expect(back.events[0]!.markets.moneyline?.home).toBe(-150);
  });

  it("is up below the reserve and on 401 / OUT_OF_USAGE_CREDITS, and down otherwise", () => {
    const call = (requestsRemaining: number | null, lastStatus: number | null = 200, lastError: string | null = null) => ({
      requestsRemaining,
      lastStatus,
      lastError,
    });
    expect(creditGuardFrom(null, 5040)).toEqual({ locked: false });
    expect(creditGuardFrom(call(5040), 5040)).toEqual({ locked: false });
    expect(creditGuardFrom(call(5039), 5040)).toEqual({ locked: true, reason: "reserve", remaining: 5039 });
    expect(creditGuardFrom(call(null, null, "unavailable: odds feed timed out"), 5040)).toEqual({ locked: false });
    expect(creditGuardFrom(call(0, 401, "out-of-credits: Usage quota has been reached"), 5040)).toMatchObject({
      locked: true,
      reason: "out-of-credits",
    });
    expect(creditGuardFrom(call(null, 401, "unauthorized: Invalid API key"), 5040)).toMatchObject({ locked: true, reason: "unauthorized" });
  });

  it("goes up when The Odds API answers OUT_OF_USAGE_CREDITS or reports credits below the reserve, as recorded in feed_status", async () => {
    let answer = () =>
      new Response(JSON.stringify({ message: "Usage quota has been reached", error_code: "OUT_OF_USAGE_CREDITS" }), {
        status: 401,
        headers: { "x-requests-remaining": "0", "x-requests-used": "20000", "x-requests-last": "0" },
      });
    const feed = createTheOddsApiProvider({
      apiKey: "test-key",
      baseUrl: "https://odds.test",
      fetcher: async () => answer(),
      record: (update) => recordFeedStatus(env, update, T0 + 1),
    });
    expect(await feed.fetchOdds("icehockey_nhl", T0)).toMatchObject({ ok: false, kind: "out-of-credits" });
    expect(await readCreditGuard(env, T0 + 10 * 60_000)).toMatchObject({ locked: true, reason: "out-of-credits" });

    answer = () =>
      new Response("[]", { status: 200, headers: { "x-requests-remaining": "5039", "x-requests-used": "14961", "x-requests-last": "6" } });
    const later = createTheOddsApiProvider({
      apiKey: "k",
      baseUrl: "https://odds.test",
      fetcher: async () => answer(),
      record: (u) => recordFeedStatus(env, u, T0 + 2),
    });
    expect(await later.fetchOdds("icehockey_nhl", T0)).toMatchObject({ ok: true });
    expect(await readCreditGuard(env, T0 + 20 * 60_000)).toEqual({ locked: true, reason: "reserve", remaining: 5039 });

    answer = () =>
      new Response("[]", { status: 200, headers: { "x-requests-remaining": "19000", "x-requests-used": "1000", "x-requests-last": "6" } });
    const renewed = createTheOddsApiProvider({
      apiKey: "k",
      baseUrl: "https://odds.test",
      fetcher: async () => answer(),
      record: (u) => recordFeedStatus(env, u, T0 + 3),
    });
    await renewed.fetchOdds("icehockey_nhl", T0);
    expect(await readCreditGuard(env, T0 + 30 * 60_000)).toEqual({ locked: false });
  });
});
