// Betting in play as a bettor meets it, through the real placement route with a scripted
// feed, a fake clock and a fake sleep: a live board past its cadence is fetched again
// before a live price is accepted, a moved live price is a 409 carrying the new price,
// live bets are held for the delay and re-priced at its end, pre-game bets are not
// held, an Idempotency-Key places once across the delay, and with the credit reserve
// reached live markets are locked without calling the feed.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { PlaceBetPick, PlaceBetResponse, PriceChangedDetails } from "../../src/shared/schemas/bets";
import type { CashOutQuote } from "../../src/shared/schemas/cash-out";
import type { Event, EventScore } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";
import { createApp } from "../../worker/app";
import type { OddsFeedProvider, OddsResult } from "../../worker/odds/feed-provider";
import { BASE, api, signIn } from "./helpers";
import { recordFeedQuota } from "./cash-clock-fixtures";
import { clearBoards } from "./desk-fixtures";

/**
 * `trouble`: the odds calls fail (`oddsDown`), each scores call takes `scoresTakeMs` of the
 * fake clock, or the scores leave the game under way out (`unlisted`).
 */
type Feed = {
  provider: OddsFeedProvider;
  calls: number[];
  scoreCalls: number[];
  price: { home: number };
  trouble: { oddsDown: boolean; scoresTakeMs: number; unlisted: boolean };
};

function liveFeed(sport: SportKey, clock: () => number, advance: (ms: number) => void): Feed {
  const calls: number[] = [];
  const scoreCalls: number[] = [];
  const price = { home: -150 };
  const trouble = { oddsDown: false, scoresTakeMs: 0, unlisted: false };
  // The scores feed lists the game under way (a live game it did not list would not be offered).
  const liveScore = (): EventScore => ({
    eventId: `${sport}-live`,
    sport,
    startTime: new Date(clock() - 20 * 60_000).toISOString(),
    home: "Boston Celtics",
    away: "Miami Heat",
    completed: false,
    homeScore: 61,
    awayScore: 58,
    updatedAt: null,
  });
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(asked, now): Promise<OddsResult> {
      if (asked !== sport) return { ok: true, value: [], quota: null };
      calls.push(now);
      if (trouble.oddsDown) return { ok: false, kind: "unavailable", status: 503, message: "down" };
      const start = clock();
      return {
        ok: true,
        quota: null,
        scores: { value: trouble.unlisted ? [] : [liveScore()], fetchedAt: now },
        value: [
          {
            eventId: `${sport}-live`,
            sport,
            startTime: new Date(start - 20 * 60_000).toISOString(),
            home: "Boston Celtics",
            away: "Miami Heat",
            status: "live",
            live: { homeScore: 61, awayScore: 58, periodLabel: "Q3", clock: "4:12" },
            markets: { moneyline: { home: price.home, away: 120 } },
            // Fair figures from enough books, so a cash-out of a bet on it can be priced.
            fair: { moneyline: { books: 3, home: { p: 0.58, margin: 0.02 }, away: { p: 0.42, margin: 0.02 } } },
            // The book confirmed its price as we asked.
            book: { key: "draftkings", updatedAt: now, markets: { moneyline: now } },
          },
          {
            eventId: `${sport}-later`,
            sport,
            startTime: new Date(start + 6 * 3_600_000).toISOString(),
            home: "New York Knicks",
            away: "Chicago Bulls",
            status: "scheduled",
            live: null,
            markets: { moneyline: { home: -130, away: 110 } },
            fair: { moneyline: { books: 3, home: { p: 0.55, margin: 0.02 }, away: { p: 0.45, margin: 0.02 } } },
          },
        ],
      };
    },
    fetchScores: async (_sport, _options, now) => {
      scoreCalls.push(now);
      advance(trouble.scoresTakeMs);
      return { ok: true, value: trouble.unlisted ? [] : [liveScore()], quota: null };
    },
  };
  return { provider, calls, scoreCalls, price, trouble };
}

/** The app with a fake clock and sleep over one scripted live sport. */
function harness(sport: SportKey, vars: Record<string, string> = {}) {
  let now = Date.now() + 3_600_000 * (1 + Math.floor(Math.random() * 1000));
  const slept: number[] = [];
  let duringSleep: (() => void | Promise<void>) | null = null;
  const feed = liveFeed(
    sport,
    () => now,
    (ms) => (now += ms),
  );
  const app = createApp({
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      await new Promise((r) => setTimeout(r, 20));
      now += ms;
      await duringSleep?.();
    },
    feed: () => feed.provider,
  });
  const testEnv = { ...env, ...vars } as Env;
  /** Work handed to the invocations' waitUntil that has not finished yet (it outlives a client that hangs up). */
  let keptRunning = 0;
  const call = async (path: string, init: RequestInit & { token: string }) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${init.token}`);
    headers.set("CF-Connecting-IP", "10.9.9.9");
    if (init.body) headers.set("Content-Type", "application/json");
    const ctx = createExecutionContext();
    const recording = {
      props: {},
      passThroughOnException: () => ctx.passThroughOnException(),
      waitUntil: (promise: Promise<unknown>) => {
        keptRunning++;
        ctx.waitUntil(promise.finally(() => keptRunning--));
      },
    } as unknown as ExecutionContext;
    const res = await app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), testEnv, recording);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return {
    feed,
    slept,
    keptRunning: () => keptRunning,
    advance: (ms: number) => (now += ms),
    now: () => now,
    onSleep: (fn: () => void | Promise<void>) => (duringSleep = fn),
    board: async (token: string) => (await (await call(`/api/events?sport=${sport}`, { token })).json()) as Event[],
    /** A cash-out quote, then its accept for the whole bet under `key`. */
    quote: async (token: string, betId: string) => (await (await call(`/api/bets/${betId}/cash-out`, { token })).json()) as CashOutQuote,
    cashOut: (token: string, betId: string, quoteId: string, key: string) =>
      call(`/api/bets/${betId}/cash-out`, {
        method: "POST",
        token,
        headers: { "Idempotency-Key": key },
        body: JSON.stringify({ quoteId, fraction: 1 }),
      }),
    bet: (token: string, pick: PlaceBetPick, key: string = crypto.randomUUID()) =>
      call("/api/placeBet", {
        method: "POST",
        token,
        headers: { "Idempotency-Key": key },
        body: JSON.stringify({ kind: "Singles", wallet: "coins", amount: 100, picks: [pick] }),
      }),
  };
}

const pick = (sport: SportKey, which: "live" | "later", priceAm: number): PlaceBetPick => ({
  eventId: `${sport}-${which}`,
  league: sport,
  market: "Moneyline",
  side: "Home",
  line: null,
  priceAm,
});

async function coins(token: string): Promise<number> {
  return ((await (await api("/api/me", { token })).json()) as { coinBalance: number }).coinBalance;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; details?: PriceChangedDetails } }).error;
}

// Each test's fake clock starts somewhere else: a board cached by the one before must not look fresh to it.
beforeEach(() => clearBoards());

describe("live prices at placement", () => {
  it("refreshes a live board past its cadence before accepting a live price, and readers then share that copy", async () => {
    const h = harness("basketball_nba", { LIVE_BET_DELAY_SECONDS: "0" });
    const player = await signIn();
    expect((await h.board(player.token))[0]!.markets.moneyline?.home).toBe(-150);
    expect(h.feed.calls).toHaveLength(1);

    // Past the 30 s cadence, nobody has read the board: the bettor's desk asks the feed first.
    h.advance(31_000);
    const res = await h.bet(player.token, pick("basketball_nba", "live", -150));
    expect(res.status).toBe(200);
    expect(h.feed.calls).toHaveLength(2);
    const placed = (await res.json()) as PlaceBetResponse;
    expect(placed.bets[0]!.legs[0]!.priceAm).toBe(-150);
    // Board readers get the copy the bettor's refresh fetched, without another call.
    expect((await h.board(player.token))[0]!.confirmedAt).toBe(h.feed.calls[1]);
    expect(h.feed.calls).toHaveLength(2);
  });

  it("answers a live price that moved since the board was shown with 409 and the new price, debiting nothing", async () => {
    const h = harness("icehockey_nhl", { LIVE_BET_DELAY_SECONDS: "0" });
    const player = await signIn();
    await h.board(player.token);
    // The feed moved from -150 to -400; 75 seconds later the bettor tries the old price.
    h.feed.price.home = -400;
    h.advance(75_000);
    const res = await h.bet(player.token, pick("icehockey_nhl", "live", -150));
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("price-changed");
    expect(error.details?.picks[0]).toMatchObject({ priceAm: -400, locked: false });
    expect(await coins(player.token)).toBe(5000);
    expect((await h.board(player.token))[0]!.markets.moneyline?.home).toBe(-400);
  });
});

describe("live-bet delay", () => {
  it("holds a live bet for the delay, then re-prices it: a move during the delay is a 409 with the new price", async () => {
    const h = harness("basketball_ncaab", { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    await h.board(player.token);
    h.advance(27_000); // the board is 27 s old; the next refresh falls due during the delay
    h.onSleep(() => {
      h.feed.price.home = -220;
    });
    const res = await h.bet(player.token, pick("basketball_ncaab", "live", -150));
    expect(h.slept).toEqual([5_000]);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).details?.picks[0]).toMatchObject({ priceAm: -220 });
    expect(h.feed.calls).toHaveLength(2);
    expect(await coins(player.token)).toBe(5000);
  });

  it("refuses a live bet on a game the scores feed does not list: it could have scored, or ended, unseen", async () => {
    const h = harness("basketball_ncaab", { LIVE_BET_DELAY_SECONDS: "5" });
    // Later than any clock another test of this sport's desk ran on, so its board is read afresh.
    h.advance(2_000 * 3_600_000);
    h.feed.trouble.unlisted = true;
    const player = await signIn();
    const live = (await h.board(player.token)).find((e) => e.eventId === "basketball_ncaab-live")!;
    expect(live.suspended).toMatchObject({ moneyline: "no-score" });
    const res = await h.bet(player.token, pick("basketball_ncaab", "live", -150));
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { code: string; message: string; details: { leg: { reason: string } } } };
    expect(error.code).toBe("market-suspended");
    expect(error.details.leg.reason).toBe("no-score");
    expect(error.message).toContain("is suspended because the game's live score is not coming in.");
    expect(await coins(player.token)).toBe(5000);

    // Listed again by the scores: offered, and taken after the delay.
    h.feed.trouble.unlisted = false;
    h.advance(60_000);
    expect((await h.board(player.token)).find((e) => e.eventId === "basketball_ncaab-live")!.suspended).toBeUndefined();
    expect((await h.bet(player.token, pick("basketball_ncaab", "live", -150))).status).toBe(200);
  });

  it("accepts a live bet after the delay when the price held, at the per-sport delay", async () => {
    const h = harness("soccer_usa_mls", { LIVE_BET_DELAY_SECONDS: "5", LIVE_BET_DELAY_BY_SPORT: "soccer_usa_mls:8" });
    const player = await signIn();
    await h.board(player.token);
    const res = await h.bet(player.token, pick("soccer_usa_mls", "live", -150));
    expect(res.status).toBe(200);
    expect(h.slept).toEqual([8_000]);
    expect(await coins(player.token)).toBe(4900);
  });

  it("judges a live bet on scores read after it arrived, however short the delay beside the refresh window", async () => {
    // No hold and a 1 s window: the scores read for one bet would still look fresh for the next.
    const h = harness("soccer_usa_mls", { LIVE_BET_DELAY_SECONDS: "0", LIVE_BET_REFRESH_SECONDS: "1" });
    const player = await signIn();
    await h.board(player.token);
    expect((await h.bet(player.token, pick("soccer_usa_mls", "live", -150))).status).toBe(200);
    h.advance(500);
    const arrived = h.now();
    const readBefore = h.feed.scoreCalls.length;
    const res = await h.bet(player.token, pick("soccer_usa_mls", "live", -150));
    expect(res.status).toBe(200);
    expect(h.feed.scoreCalls.slice(readBefore).some((at) => at >= arrived)).toBe(true);
  });

  it("judges a live bet to its end however the connection fares: the held work outlives a client that hangs up", async () => {
    const h = harness("icehockey_nhl", { LIVE_BET_DELAY_SECONDS: "5" });
    // Later than any clock another test of this sport's desk ran on, so its board is read afresh.
    h.advance(1_100 * 3_600_000);
    const player = await signIn();
    await h.board(player.token);
    let keptDuringDelay = 0;
    h.onSleep(() => {
      keptDuringDelay = h.keptRunning();
    });
    const res = await h.bet(player.token, pick("icehockey_nhl", "live", -150));
    expect(res.status).toBe(200);
    expect(h.slept).toEqual([5_000]);
    expect(keptDuringDelay).toBeGreaterThan(0);
    expect(await coins(player.token)).toBe(4900);
  });

  it("does not hold a pre-game bet", async () => {
    const h = harness("baseball_mlb", { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    await h.board(player.token);
    const res = await h.bet(player.token, pick("baseball_mlb", "later", -130));
    expect(res.status).toBe(200);
    expect(h.slept).toEqual([]);
  });

  it("holds its key through the delay: another bet under it meanwhile is refused, so the held slip cannot be called off", async () => {
    const h = harness("americanfootball_nfl", { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    await h.board(player.token);
    const key = crypto.randomUUID();
    let meanwhile: Response | null = null;
    // The play turns during the hold: the player sends a pre-game bet under the same key.
    h.onSleep(async () => {
      meanwhile = await h.bet(player.token, pick("americanfootball_nfl", "later", -130), key);
    });
    const held = await h.bet(player.token, pick("americanfootball_nfl", "live", -150), key);
    expect(meanwhile!.status).toBe(422);
    expect(((await meanwhile!.json()) as { error: { code: string } }).error.code).toBe("idempotency-key-reused");
    expect(held.status).toBe(200);
    expect(await coins(player.token)).toBe(4900);
  });

  it("holds a live cash-out's key through its delay: another cash-out under it meanwhile is refused", async () => {
    const h = harness("americanfootball_nfl", { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    await h.board(player.token);
    const live = ((await (await h.bet(player.token, pick("americanfootball_nfl", "live", -150))).json()) as PlaceBetResponse).bets[0]!;
    const later = ((await (await h.bet(player.token, pick("americanfootball_nfl", "later", -130))).json()) as PlaceBetResponse).bets[0]!;
    const key = crypto.randomUUID();
    const liveQuote = await h.quote(player.token, live.id);
    const laterQuote = await h.quote(player.token, later.id);
    let meanwhile: Response | null = null;
    // During the live cash-out's hold the player cashes out the pre-game bet under the same key.
    h.onSleep(async () => {
      meanwhile = await h.cashOut(player.token, later.id, laterQuote.quoteId, key);
    });
    const held = await h.cashOut(player.token, live.id, liveQuote.quoteId, key);
    expect(meanwhile!.status).toBe(422);
    expect(held.status).toBe(200);
  });

  it("answers a live cash-out sent twice under one key with one answer, however the two meet in the delay", async () => {
    // A quote that outlives both delays.
    const h = harness("americanfootball_nfl", { LIVE_BET_DELAY_SECONDS: "5", CASH_OUT_QUOTE_SECONDS: "60" });
    const player = await signIn();
    await h.board(player.token);
    const live = ((await (await h.bet(player.token, pick("americanfootball_nfl", "live", -150))).json()) as PlaceBetResponse).bets[0]!;
    const quote = await h.quote(player.token, live.id);
    const key = crypto.randomUUID();
    let retry: Response | null = null;
    // The client sends it again while the first waits out the delay; the retry settles the bet first.
    h.onSleep(async () => {
      if (retry === null) {
        retry = new Response(null);
        retry = await h.cashOut(player.token, live.id, quote.quoteId, key);
      }
    });
    const first = await h.cashOut(player.token, live.id, quote.quoteId, key);
    expect([first.status, retry!.status]).toEqual([200, 200]);
    expect(first.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("prices a live cash-out when its fresh scores come: a price the book's clock retired meanwhile is refused", async () => {
    const h = harness("americanfootball_nfl", { LIVE_BET_DELAY_SECONDS: "5", CASH_OUT_QUOTE_SECONDS: "120" });
    const player = await signIn();
    await h.board(player.token);
    const live = ((await (await h.bet(player.token, pick("americanfootball_nfl", "live", -150))).json()) as PlaceBetResponse).bets[0]!;
    const quote = await h.quote(player.token, live.id);
    // 15 s on the board is still fresh, and still is after the delay; the scores call then takes
    // 25 s to answer, so the price is 50 s old when the cash-out could be taken (the limit is 45 s).
    h.advance(15_000);
    h.feed.trouble.scoresTakeMs = 25_000;
    const res = await h.cashOut(player.token, live.id, quote.quoteId, crypto.randomUUID());
    expect(h.slept.at(-1)).toBe(5_000);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "cash-out-suspended",
      message: "Cash-out is suspended right now. Boston Celtics ML (Miami Heat @ Boston Celtics) is locked.",
    });
    expect(await coins(player.token)).toBe(4900);
  });

  it("refuses a live cash-out on a board served stale because the odds call failed during its delay", async () => {
    const h = harness("americanfootball_nfl", { LIVE_BET_DELAY_SECONDS: "5", CASH_OUT_QUOTE_SECONDS: "120" });
    const player = await signIn();
    await h.board(player.token);
    const live = ((await (await h.bet(player.token, pick("americanfootball_nfl", "live", -150))).json()) as PlaceBetResponse).bets[0]!;
    const quote = await h.quote(player.token, live.id);
    // The board (fetched with the bet, 5 s before the quote) is fresh when the cash-out comes,
    // falls due during its delay, and the feed's odds call then fails (its scores still answer).
    h.advance(22_000);
    h.feed.trouble.oddsDown = true;
    const res = await h.cashOut(player.token, live.id, quote.quoteId, crypto.randomUUID());
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("odds-stale");
    expect(await coins(player.token)).toBe(4900);
  });

  it("places once for one Idempotency-Key, whether retried during the delay or after it", async () => {
    const h = harness("americanfootball_nfl", { LIVE_BET_DELAY_SECONDS: "5" });
    const player = await signIn();
    await h.board(player.token);
    const key = crypto.randomUUID();
    const [first, retry] = await Promise.all([
      h.bet(player.token, pick("americanfootball_nfl", "live", -150), key),
      h.bet(player.token, pick("americanfootball_nfl", "live", -150), key),
    ]);
    expect([first.status, retry.status]).toEqual([200, 200]);
    const [a, b] = [(await first.json()) as PlaceBetResponse, (await retry.json()) as PlaceBetResponse];
    expect(b.bets.map((bet) => bet.id)).toEqual(a.bets.map((bet) => bet.id));
    expect(await coins(player.token)).toBe(4900);

    const sleeps = h.slept.length;
    const later = await h.bet(player.token, pick("americanfootball_nfl", "live", -150), key);
    expect(later.status).toBe(200);
    expect(later.headers.get("Idempotent-Replayed")).toBe("true");
    expect(h.slept).toHaveLength(sleeps);
    expect(await coins(player.token)).toBe(4900);
  });
});

describe("quota guard at the board and the slip", () => {
  it("below FEED_CREDIT_RESERVE: live markets show locked, a live bet is refused, and the feed is not called", async () => {
    const h = harness("americanfootball_ncaaf", { FEED_CREDIT_RESERVE: "5040", LIVE_BET_DELAY_SECONDS: "0" });
    const player = await signIn();
    await h.board(player.token);
    expect(h.feed.calls).toHaveLength(1);
    await recordFeedQuota("americanfootball_ncaaf", 4000, 7);
    h.advance(40_000); // past the live cadence and any remembered guard reading

    const [live, later] = await h.board(player.token);
    expect(live!.markets.moneyline).toEqual({ home: null, away: null });
    expect(later!.markets.moneyline).toEqual({ home: -130, away: 110 });
    const res = await h.bet(player.token, pick("americanfootball_ncaaf", "live", -150));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "selection-locked", message: "One or more selections are locked." });
    expect(h.feed.calls).toHaveLength(1);
    // Upcoming games are still taken from the cached board.
    expect((await h.bet(player.token, pick("americanfootball_ncaaf", "later", -130))).status).toBe(200);
    expect(h.feed.calls).toHaveLength(1);
  });
});
