// The live rules at the price desk, as a bettor meets them through the real routes with
// a scripted feed, a fake clock and a fake sleep: a game one of whose markets the book has
// not confirmed for 90 s is refused in every market while our fetch is fresh; a score change during the delay
// suspends the game's markets until the book confirms a newer price; a game the scores
// report completed closes at once and its final is recorded and settled; and readers in
// two isolates plus bettors waiting on their delay share one call per interval.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MarketSuspendedRefusalSchema, type BetsPage, type PlaceBetPick } from "../../src/shared/schemas/bets";
import type { Event, EventScore } from "../../src/shared/schemas/events";
import { createApp } from "../../worker/app";
import type { AppDeps } from "../../worker/http/app-deps";
import type { OddsDeps } from "../../worker/odds/odds-service";
import type { FeedEvent, OddsFeedProvider, OddsResult } from "../../worker/odds/feed-provider";
import { localDesk, type DeskHandle } from "../../worker/odds/price-desk/desk-client";
import { expectConforms } from "./contract-helpers";
import { clearBoards } from "./desk-fixtures";
import { BASE, api, signIn } from "./helpers";

const SPORT = "icehockey_nhl";

type Game = {
  id: string;
  home: number;
  bookLagMs: Partial<Record<"moneyline" | "total", number>>;
  score: [number, number];
  scoredAt: number;
};

/**
 * A feed of games under way: the board call answers each game's prices (confirmed by the
 * book `bookLagMs` before the call) and the scores with it; `game.score` and `scoredAt`
 * change on cue, `completed` ends a game.
 */
function scriptedFeed(clock: { now: number }) {
  const odds: number[] = [];
  const scores: number[] = [];
  const start = clock.now - 40 * 60_000;
  const games = new Map<string, Game & { completed: boolean }>();
  const add = (id: string) => {
    const game = { id, home: -150, bookLagMs: {}, score: [2, 1] as [number, number], scoredAt: start + 20 * 60_000, completed: false };
    games.set(id, game);
    return game;
  };
  const scoreList = (): EventScore[] =>
    [...games.values()].map((g) => ({
      eventId: g.id,
      sport: SPORT,
      startTime: new Date(start).toISOString(),
      home: "Boston Bruins",
      away: "Toronto Maple Leafs",
      completed: g.completed,
      homeScore: g.score[0],
      awayScore: g.score[1],
      updatedAt: g.scoredAt,
    }));
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(asked, now): Promise<OddsResult> {
      if (asked !== SPORT) return { ok: true, value: [], quota: null };
      odds.push(now);
      await new Promise((r) => setTimeout(r, 20));
      const value = [...games.values()]
        .filter((g) => !g.completed)
        .map(
          (g): FeedEvent => ({
            eventId: g.id,
            sport: SPORT,
            startTime: new Date(start).toISOString(),
            home: "Boston Bruins",
            away: "Toronto Maple Leafs",
            status: "live",
            live: { homeScore: g.score[0], awayScore: g.score[1], periodLabel: "2nd Period", clock: "8:00" },
            markets: { moneyline: { home: g.home, away: 125 }, total: { line: 5.5, over: -110, under: -110 } },
            book: {
              key: "draftkings",
              updatedAt: now,
              markets: { moneyline: now - (g.bookLagMs.moneyline ?? 0), total: now - (g.bookLagMs.total ?? 0) },
            },
          }),
        );
      return { ok: true, value, quota: null, scores: { value: scoreList(), fetchedAt: now } };
    },
    async fetchScores(_sport, _options, now) {
      scores.push(now);
      await new Promise((r) => setTimeout(r, 20));
      return { ok: true, value: scoreList(), quota: null };
    },
  };
  return { provider, calls: { odds, scores }, add, games };
}

type Clock = { now: number };

/** One isolate's app over the scripted feed, sharing `clock` (and `desk`, when given). */
/**
 * A gate that opens once `parties` sleepers have arrived (or after 2 s, so a bettor refused
 * before its delay fails the test's assertions rather than hanging it): bettors sent
 * together then all start their delay before any of them moves the shared clock.
 */
function sleepers(parties: number): () => Promise<void> {
  let waiting: (() => void)[] = [];
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      const open = () => {
        const all = waiting;
        waiting = [];
        for (const wake of all) wake();
      };
      if (waiting.length === parties) open();
      else setTimeout(open, 2_000);
    });
}

function isolate(
  clock: Clock,
  feed: OddsFeedProvider,
  vars: Record<string, string>,
  desk?: DeskHandle,
  onSleep?: () => void,
  gate: () => Promise<void> = () => new Promise((r) => setTimeout(r, 20)),
) {
  const slept: number[] = [];
  const deps: AppDeps & OddsDeps = {
    now: () => clock.now,
    sleep: async (ms) => {
      // Bettors held together wake together: the shared clock moves to the end of the delay, not by each delay.
      const until = clock.now + ms;
      slept.push(ms);
      await gate();
      clock.now = Math.max(clock.now, until);
      onSleep?.();
    },
    feed: () => feed,
    ...(desk && { desk: () => desk }),
  };
  const app = createApp(deps);
  const testEnv = { ...env, ...vars } as Env;
  const call = async (path: string, init: RequestInit & { token: string }) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${init.token}`);
    headers.set("CF-Connecting-IP", "10.7.7.7");
    if (init.body) headers.set("Content-Type", "application/json");
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return {
    slept,
    board: async (token: string) => (await (await call(`/api/events?sport=${SPORT}`, { token })).json()) as Event[],
    bet: (token: string, pick: PlaceBetPick) =>
      call("/api/placeBet", {
        method: "POST",
        token,
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ kind: "Singles", wallet: "coins", amount: 100, picks: [pick] }),
      }),
  };
}

const start = () => ({ now: Date.now() + 3_600_000 * (1 + Math.floor(Math.random() * 1000)) });
const ml = (eventId: string, priceAm = -150): PlaceBetPick => ({
  eventId,
  league: SPORT,
  market: "Moneyline",
  side: "Home",
  line: null,
  priceAm,
});
const over = (eventId: string): PlaceBetPick => ({ eventId, league: SPORT, market: "Total", side: "Over", line: 5.5, priceAm: -110 });

async function coins(token: string): Promise<number> {
  return ((await (await api("/api/me", { token })).json()) as { coinBalance: number }).coinBalance;
}

/** A 409 `market-suspended`, checked against the schema the betslip parses it with. */
async function refusal(res: Response) {
  return expectConforms(MarketSuspendedRefusalSchema, await res.json(), "POST /api/placeBet (market suspended)").error;
}

beforeEach(() => clearBoards());

describe("the book's clock", () => {
  it("refuses every leg of a live game one of whose markets the book last confirmed 90 s ago, until it confirms again", async () => {
    const clock = start();
    const feed = scriptedFeed(clock);
    const lagging = feed.add("nhl-lagging");
    lagging.bookLagMs = { moneyline: 90_000 };
    const app = isolate(clock, feed.provider, { LIVE_BET_DELAY_SECONDS: "0" });
    const player = await signIn();

    const [game] = await app.board(player.token);
    expect(game!.confirmedAt).toBe(clock.now);
    expect(game!.markets.moneyline).toEqual({ home: null, away: null });
    expect(game!.suspended).toEqual({ moneyline: "price-age" });
    // The total, confirmed just now, is held back with the game.
    expect(game!.markets.total).toEqual({ line: 5.5, over: null, under: null });

    const res = await app.bet(player.token, ml("nhl-lagging"));
    expect(res.status).toBe(409);
    const error = await refusal(res);
    expect(error.code).toBe("market-suspended");
    expect(error.message).toBe(
      "One or more selections are locked. Boston Bruins ML (Toronto Maple Leafs @ Boston Bruins) is suspended because the bookmaker has not confirmed its price recently.",
    );
    expect(error.details?.leg).toEqual({ eventId: "nhl-lagging", market: "Moneyline", side: "Home", reason: "price-age" });
    expect(error.details?.picks[0]).toMatchObject({ locked: true, priceAm: null });
    const onTotal = await refusal(await app.bet(player.token, over("nhl-lagging")));
    expect(onTotal.message).toBe(
      "One or more selections are locked. Over 5.5 (Toronto Maple Leafs @ Boston Bruins) is suspended because the bookmaker has not confirmed its price recently.",
    );
    expect(onTotal.details?.leg).toEqual({ eventId: "nhl-lagging", market: "Total", side: "Over", reason: "price-age" });
    expect(await coins(player.token)).toBe(5000);

    // The book confirms the moneyline again: at the next refresh the whole game is offered.
    lagging.bookLagMs = {};
    clock.now += 31_000;
    const [again] = await app.board(player.token);
    expect(again!.suspended).toBeUndefined();
    expect(again!.markets.total).toEqual({ line: 5.5, over: -110, under: -110 });
    expect((await app.bet(player.token, over("nhl-lagging"))).status).toBe(200);
    expect(await coins(player.token)).toBe(4900);
  });
});

describe("a held slip is judged when its fresh scores come", () => {
  it("refuses a price the book's clock retired while the scores call after the delay was under way", async () => {
    const clock = start();
    const feed = scriptedFeed(clock);
    const game = feed.add("nhl-slow-scores");
    // Confirmed by the book 35 s before our fetch: offered now, 10 s under the 45 s limit.
    game.bookLagMs = { moneyline: 35_000 };
    // The scores call after the delay takes 12 s to answer.
    const slowScores: OddsFeedProvider = {
      ...feed.provider,
      fetchScores: async (...args) => {
        const answered = await feed.provider.fetchScores(...args);
        clock.now += 12_000;
        return answered;
      },
    };
    const app = isolate(clock, slowScores, { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    expect((await app.board(player.token))[0]!.markets.moneyline?.home).toBe(-150);

    const res = await app.bet(player.token, ml("nhl-slow-scores"));
    expect(app.slept).toEqual([5_000]);
    expect(feed.calls.scores.length).toBeGreaterThan(0);
    // By the time the scores came the price was 52 s old on the book's clock.
    expect(res.status).toBe(409);
    const error = await refusal(res);
    expect(error.details?.leg).toEqual({ eventId: "nhl-slow-scores", market: "Moneyline", side: "Home", reason: "price-age" });
    expect(await coins(player.token)).toBe(5000);
  });

  it("refuses a board the desk serves stale because its odds call failed during the delay, though the scores came", async () => {
    const clock = start();
    const feed = scriptedFeed(clock);
    feed.add("nhl-odds-down");
    let oddsDown = false;
    const flaky: OddsFeedProvider = {
      ...feed.provider,
      fetchOdds: async (...args) =>
        oddsDown ? { ok: false, kind: "unavailable", status: 503, message: "down" } : feed.provider.fetchOdds(...args),
    };
    const app = isolate(clock, flaky, { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    expect((await app.board(player.token))[0]!.markets.moneyline?.home).toBe(-150);

    // 27 s on, the board is still fresh when the slip comes; it falls due during the delay,
    // and the feed's odds call then fails while its scores call answers.
    clock.now += 27_000;
    oddsDown = true;
    const res = await app.bet(player.token, ml("nhl-odds-down"));
    expect(app.slept).toEqual([5_000]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("odds-stale");
    expect(await coins(player.token)).toBe(5000);
  });
});

describe("suspension on scoring", () => {
  it("suspends the game's markets from a score change during the delay until the book confirms a newer price", async () => {
    const clock = start();
    const feed = scriptedFeed(clock);
    const game = feed.add("nhl-goal");
    const app = isolate(clock, feed.provider, { LIVE_BET_DELAY_SECONDS: "5" }, undefined, () => {
      // A goal during the delay, two seconds after the board was fetched; the price has not moved yet.
      game.score = [3, 1];
      game.scoredAt = clock.now - 3_000;
    });
    const player = await signIn();
    expect((await app.board(player.token))[0]!.markets.moneyline?.home).toBe(-150);

    const res = await app.bet(player.token, ml("nhl-goal"));
    expect(app.slept).toEqual([5_000]);
    expect(res.status).toBe(409);
    const error = await refusal(res);
    expect(error).toMatchObject({ code: "market-suspended" });
    expect(error.message).toBe(
      "One or more selections are locked. Boston Bruins ML (Toronto Maple Leafs @ Boston Bruins) is suspended because the score changed after its price.",
    );
    expect(await coins(player.token)).toBe(5000);

    // The board shows it too, score and all, with every market suspended until a newer price.
    const [suspended] = await app.board(player.token);
    expect(suspended!.live).toMatchObject({ homeScore: 3, awayScore: 1 });
    expect(suspended!.suspended).toEqual({ moneyline: "score-change", total: "score-change" });
    expect(suspended!.markets.moneyline).toEqual({ home: null, away: null });

    // The next refresh brings prices the book confirmed after the goal: offered again.
    game.home = -190;
    clock.now += 30_000;
    const [reopened] = await app.board(player.token);
    expect(reopened!.suspended).toBeUndefined();
    expect(reopened!.markets.moneyline?.home).toBe(-190);
    expect((await app.bet(player.token, ml("nhl-goal", -190))).status).toBe(200);
  });
});

describe("a game the scores report completed", () => {
  it("closes at once, and its final is recorded and settled without waiting for the cron", { timeout: 20_000 }, async () => {
    const clock = start();
    const feed = scriptedFeed(clock);
    const game = feed.add(`nhl-final-${crypto.randomUUID().slice(0, 8)}`);
    const app = isolate(clock, feed.provider, { LIVE_BET_DELAY_SECONDS: "5" });
    const winner = await signIn();
    await app.board(winner.token);
    expect((await app.bet(winner.token, ml(game.id))).status).toBe(200);
    // The wallet writes the bet to D1 (where settlement finds it) within WALLET_OUTBOX_FLUSH_DELAY_MS.
    await vi.waitUntil(
      async () =>
        (await env.DB.prepare("SELECT COUNT(*) AS n FROM bet_legs WHERE event_id = ?").bind(game.id).first<{ n: number }>())?.n === 1,
      { timeout: 10_000, interval: 50 },
    );

    // The game ends 4-1; a late bettor sends the last price shown.
    game.completed = true;
    game.score = [4, 1];
    game.scoredAt = clock.now;
    const late = await signIn();
    const res = await app.bet(late.token, ml(game.id));
    expect(res.status).toBe(409);
    expect((await refusal(res)).message).toBe(
      "One or more selections are locked. Boston Bruins ML (Toronto Maple Leafs @ Boston Bruins) is closed because the game is over.",
    );
    expect(await coins(late.token)).toBe(5000);
    expect((await app.board(late.token)).map((e) => e.eventId)).not.toContain(game.id);

    const recorded = await env.DB.prepare("SELECT status, home_score, away_score FROM events WHERE event_id = ?").bind(game.id).first();
    expect(recorded).toEqual({ status: "final", home_score: 4, away_score: 1 });
    await vi.waitUntil(
      async () => ((await (await api("/api/bets", { token: winner.token })).json()) as BetsPage).bets[0]?.status === "settled",
      { timeout: 10_000, interval: 100 },
    );
    expect(await coins(winner.token)).toBeGreaterThan(5000);
  });
});

describe("one upstream call per interval", () => {
  it("20 readers across two isolates and bettors waiting on their delay share the desk's calls", async () => {
    const clock = start();
    const feed = scriptedFeed(clock);
    feed.add("nhl-busy");
    const desk = localDesk(env, feed.provider, SPORT);
    const vars = { LIVE_BET_DELAY_SECONDS: "5" };
    const gate = sleepers(4);
    const [a, b] = [isolate(clock, feed.provider, vars, desk, undefined, gate), isolate(clock, feed.provider, vars, desk, undefined, gate)];
    const bettors = await Promise.all([signIn(), signIn(), signIn(), signIn()]);
    const reader = await signIn();

    for (let interval = 0; interval < 3; interval++) {
      const at = clock.now;
      const reads = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).board(reader.token));
      const bets = bettors.map((p, i) => (i % 2 === 0 ? a : b).bet(p.token, ml("nhl-busy")));
      const [boards, placed] = await Promise.all([Promise.all(reads), Promise.all(bets)]);
      for (const board of boards) expect(board[0]!.markets.moneyline?.home).toBe(-150);
      // Every bettor was held, then judged on scores read after the board: accepted.
      expect(placed.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      // One board call for everyone this interval; the bettors' delay ended together and shared one scores call.
      expect(feed.calls.odds).toHaveLength(interval + 1);
      expect(feed.calls.scores).toHaveLength(interval + 1);
      clock.now = at + 30_000;
    }
  });
});
