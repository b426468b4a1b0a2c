// Pre-match prices of Vantage Cash against the age of the board, through the real routes
// with a scripted feed and a fake clock: a board fresh by its own 10-minute clock but
// fetched more than PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago is fetched again (one call,
// shared) before a cash slip or a cash bet's cash-out is priced, so news the feed has and
// our copy lacks is in the price; Coins keep the board's own clock; and with no younger
// board to be had (the feed down, the quota guard up) the cash slip is a 409 odds-stale.
// The attack it stops: bet cash at a price the feed had already moved, cash out after the
// refresh at the new fair price, a profit locked in whatever the result.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cashOutFigures } from "../../src/shared/cash-out";
import { decimalOdds } from "../../src/shared/odds";
import type { CashOutQuote } from "../../src/shared/schemas/cash-out";
import type { SportKey } from "../../src/shared/sports";
import { createApp } from "../../worker/app";
import { ODDS_STALE_MESSAGE } from "../../worker/bets/price-slip";
import type { OddsFeedProvider, OddsResult } from "../../worker/odds/feed-provider";
import { cashPlayer, errorOf, fakeClockStart, placed, playerCaller, postSlip, recordFeedQuota } from "./cash-clock-fixtures";
import { clearBoards } from "./desk-fixtures";
import type { SignedIn } from "./helpers";

/** The default max age, in ms; the board's own clock is 10 minutes. */
const MAX_AGE_MS = 120_000;
/** A board this old is fresh by its own clock and too old for Vantage Cash. */
const PAST_MAX_AGE_MS = 150_000;
const CASH_OUT_MARGIN = 5;

/** One game 6 hours away (never on the live cadence), its Home price and fair chance moved on cue. */
function preMatchFeed(sport: SportKey, clock: () => number) {
  const calls: number[] = [];
  const home = { priceAm: -110, p: 0.5, awayPriceAm: -110 };
  const trouble = { oddsDown: false };
  const start = clock() + 6 * 3_600_000;
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(asked, now): Promise<OddsResult> {
      if (asked !== sport) return { ok: true, value: [], quota: null };
      calls.push(now);
      // Bettors sent together usually meet at the desk while the call is under way; one that
      // comes after it finds the copy young on the fixed fake clock, so the count holds either way.
      await new Promise((r) => setTimeout(r, 20));
      if (trouble.oddsDown) return { ok: false, kind: "unavailable", status: 503, message: "down" };
      return {
        ok: true,
        quota: null,
        value: [
          {
            eventId: `${sport}-game`,
            sport,
            startTime: new Date(start).toISOString(),
            home: "Denver Nuggets",
            away: "Utah Jazz",
            status: "scheduled",
            live: null,
            markets: { moneyline: { home: home.priceAm, away: home.awayPriceAm } },
            fair: { moneyline: { books: 3, home: { p: home.p, margin: 0.02 }, away: { p: 1 - home.p, margin: 0.02 } } },
          },
        ],
      };
    },
    fetchScores: async () => ({ ok: true, value: [], quota: null }),
  };
  return { provider, calls, home, trouble };
}

/** The app over one scripted pre-match sport, on a fake clock. */
function harness(sport: SportKey) {
  let now = fakeClockStart();
  const feed = preMatchFeed(sport, () => now);
  const app = createApp({ now: () => now, sleep: async () => undefined, feed: () => feed.provider });
  const call = playerCaller(app, "10.9.9.10");
  return {
    feed,
    advance: (ms: number) => (now += ms),
    /** Reads the board as a player's page does (its first read fetches it). */
    board: (token: string) => call(`/api/events?sport=${sport}`, token),
    bet: (player: SignedIn, wallet: "coins" | "cash", priceAm: number) =>
      postSlip(call, player.token, {
        kind: "Singles",
        wallet,
        // 1,000 minor units either way: 10.00 of Vantage Cash, 1,000 Coins.
        amount: wallet === "cash" ? 10 : 1000,
        picks: [{ eventId: `${sport}-game`, league: sport, market: "Moneyline", side: "Home", line: null, priceAm }],
      }),
    quote: (player: SignedIn, betId: string) => call(`/api/bets/${betId}/cash-out`, player.token),
    balances: async (player: SignedIn) =>
      (await (await call("/api/me", player.token)).json()) as { coinBalance: number; vantageCash: number },
  };
}

/** A harness over `sport`, and a cash player who has read its board (its one feed call). */
async function onBoard(sport: SportKey) {
  const h = harness(sport);
  const player = await cashPlayer();
  await h.board(player.token);
  return { h, player };
}

/** Injury news against Home: the feed has it at -175 (fair 0.62), the away side at +140. */
function injuryNews(h: ReturnType<typeof harness>) {
  h.feed.home.priceAm = -175;
  h.feed.home.p = 0.62;
  h.feed.home.awayPriceAm = 140;
}

// Each test's fake clock starts somewhere else: a board cached by the one before must not look fresh to it.
beforeEach(() => clearBoards());

describe("a Vantage Cash pre-match bet", () => {
  it("on a board older than PREMATCH_CASH_PRICE_MAX_AGE_SECONDS makes the desk fetch a fresh one and is priced on it: a price moved meanwhile is a 409 with the new price", async () => {
    const h = harness("basketball_nba");
    const player = await cashPlayer();
    expect((await h.board(player.token)).status).toBe(200);
    expect(h.feed.calls).toHaveLength(1);
    const { vantageCash } = await h.balances(player);

    // An injury: the feed has Home at -175 (fair 0.62); our copy, 150 s old, still says -110.
    injuryNews(h);
    h.advance(PAST_MAX_AGE_MS);
    const stale = await h.bet(player, "cash", -110);
    expect(stale.status).toBe(409);
    const error = await errorOf(stale);
    expect(error.code).toBe("price-changed");
    expect(error.details?.picks[0]).toMatchObject({ priceAm: -175, locked: false });
    expect(h.feed.calls).toHaveLength(2);
    expect((await h.balances(player)).vantageCash).toBe(vantageCash);

    // At the new price it is taken, on the board just fetched: no further call.
    const bet = await placed(await h.bet(player, "cash", -175));
    expect(bet.legs[0]).toMatchObject({ priceAm: -175, fairP: 0.62 });
    expect(h.feed.calls).toHaveLength(2);
  });

  it("on a board within the max age is priced on it without a feed call", async () => {
    const { h, player } = await onBoard("icehockey_nhl");
    h.advance(MAX_AGE_MS);
    await placed(await h.bet(player, "cash", -110));
    expect(h.feed.calls).toHaveLength(1);
  });

  it("from bettors arriving together on an old board costs one shared feed call", async () => {
    const h = harness("baseball_mlb");
    const players = await Promise.all([cashPlayer(), cashPlayer(), cashPlayer()]);
    await h.board(players[0]!.token);
    h.advance(PAST_MAX_AGE_MS);
    const answers = await Promise.all(players.map((p) => h.bet(p, "cash", -110)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(h.feed.calls).toHaveLength(2);
  });

  it("is refused 409 odds-stale when the feed is down, never priced on the old board; Coins still are", async () => {
    const { h, player } = await onBoard("soccer_usa_mls");
    const { vantageCash } = await h.balances(player);
    h.feed.trouble.oddsDown = true;
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.bet(player, "cash", -110);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    expect(h.feed.calls).toHaveLength(2);
    expect((await h.balances(player)).vantageCash).toBe(vantageCash);
    // Play money keeps the board's 10-minute clock: the copy still serves it.
    await placed(await h.bet(player, "coins", -110));
    expect(h.feed.calls).toHaveLength(2);
  });
});

describe("a Coins pre-match bet", () => {
  it("on the same old board is accepted at the board's price with no feed call", async () => {
    const { h, player } = await onBoard("americanfootball_nfl");
    injuryNews(h);
    h.advance(PAST_MAX_AGE_MS);
    const bet = await placed(await h.bet(player, "coins", -110));
    expect(bet.legs[0]!.priceAm).toBe(-110);
    expect(h.feed.calls).toHaveLength(1);
  });
});

describe("the cash-out quote of a Vantage Cash bet", () => {
  it("is priced on a board no older than the max age: news since our last fetch is in it, while a Coins bet's quote keeps the copy", async () => {
    const { h, player } = await onBoard("basketball_ncaab");
    const cashBet = await placed(await h.bet(player, "cash", -110));
    const coinsBet = await placed(await h.bet(player, "coins", -110));
    expect(h.feed.calls).toHaveLength(1);

    // News against Home: the feed has its fair chance down to 0.40; our copy is 150 s old.
    h.feed.home.priceAm = 130;
    h.feed.home.p = 0.4;
    h.feed.home.awayPriceAm = -160;
    h.advance(PAST_MAX_AGE_MS);

    const coinsQuote = (await (await h.quote(player, coinsBet.id)).json()) as CashOutQuote;
    expect(coinsQuote).toMatchObject(cashOutFigures(1000, 0.5 * decimalOdds(-110), CASH_OUT_MARGIN));
    expect(h.feed.calls).toHaveLength(1);

    const res = await h.quote(player, cashBet.id);
    expect(res.status).toBe(200);
    const cashQuote = (await res.json()) as CashOutQuote;
    expect(cashQuote).toMatchObject(cashOutFigures(1000, 0.4 * decimalOdds(-110), CASH_OUT_MARGIN));
    expect(h.feed.calls).toHaveLength(2);
  });

  it("is refused 409 odds-stale when no fresh board comes", async () => {
    const { h, player } = await onBoard("americanfootball_ncaaf");
    const bet = await placed(await h.bet(player, "cash", -110));
    h.feed.trouble.oddsDown = true;
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.quote(player, bet.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    expect(h.feed.calls).toHaveLength(2);
  });
});

describe("with the quota guard up", () => {
  afterEach(async () => {
    await env.DB.prepare("DELETE FROM feed_status WHERE sport = 'mma_mixed_martial_arts'").run();
  });

  it("no call is made for cash: the slip is a 409 odds-stale until the board's own 10-minute refresh, then priced on it", async () => {
    const { h, player } = await onBoard("mma_mixed_martial_arts");
    await recordFeedQuota("mma_mixed_martial_arts", 4000);
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.bet(player, "cash", -110);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    expect(h.feed.calls).toHaveLength(1);

    // The board's own clock still refreshes it (the guard stops only calls made sooner).
    h.advance(10 * 60_000 - PAST_MAX_AGE_MS);
    await placed(await h.bet(player, "cash", -110));
    expect(h.feed.calls).toHaveLength(2);
  });
});
