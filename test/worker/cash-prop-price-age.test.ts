// Players' markets ("props") of Vantage Cash against the age of the props copy, through the
// real routes with a scripted feed whose per-event answer is the recorded NBA one
// (test/fixtures/odds-api/event-odds-nba.json) and a fake clock: props fresh by their own
// PROP_REFRESH_SECONDS clock but fetched more than PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago
// are fetched again (one call, shared) before a cash prop slip or a cash prop bet's
// cash-out is priced, as the board is (cash-prematch-price-age.test.ts); Coins keep the
// props' own clock; and with no younger props to be had (the feed down, the props guard
// up) the cash slip or quote is a 409 odds-stale. The attack it stops: bet a player's line
// at a price the feed had already moved (an injury), cash out after the refresh at the new
// fair price, a profit locked in whatever he scores.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cashOutFigures } from "../../src/shared/cash-out";
import { decimalOdds } from "../../src/shared/odds";
import type { PlaceBetPick } from "../../src/shared/schemas/bets";
import type { CashOutQuote } from "../../src/shared/schemas/cash-out";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import type { EventProps, Prop } from "../../src/shared/schemas/props";
import { createApp } from "../../worker/app";
import { ODDS_STALE_MESSAGE } from "../../worker/bets/price-slip";
import type { FeedResult, OddsFeedProvider } from "../../worker/odds/feed-provider";
import {
  type MovedLine,
  RECORDED_PROPS as ODDS,
  cashPlayer,
  errorOf,
  fakeClockStart,
  RECORDED_PLAYER as PLAYER,
  RECORDED_SPORT as SPORT,
  recordedPlayerProp as playerProp,
  overOf,
  placed,
  playerCaller,
  postSlip,
  recordFeedQuota,
  recordedPropsFor,
} from "./cash-clock-fixtures";
import { clearBoards } from "./desk-fixtures";
import type { SignedIn } from "./helpers";

/** The default max age, in ms; the props' own clock is PROP_REFRESH_SECONDS, 10 minutes. */
const MAX_AGE_MS = 120_000;
/** Props this old are fresh by their own clock and too old for Vantage Cash. */
const PAST_MAX_AGE_MS = 150_000;
const CASH_OUT_MARGIN = 5;

/**
 * The app over a scripted NBA feed with one game six hours away (its own id, so no copy of
 * another test's props is read): the board prices its moneyline, and its players' markets
 * are the recorded answer, where `movePrices` re-quotes one player's line at every book.
 */
function harness() {
  let now = fakeClockStart();
  const eventId = `nba-cash-props-${crypto.randomUUID()}`;
  const startTime = new Date(now + 6 * 3_600_000).toISOString();
  const moved = new Map<string, MovedLine>();
  const propsCalls: number[] = [];
  const trouble = { propsDown: false };
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(sport) {
      if (sport !== SPORT) return { ok: true, value: [], quota: null };
      return {
        ok: true,
        quota: null,
        value: [
          {
            eventId,
            sport: SPORT,
            startTime,
            home: ODDS.home_team,
            away: ODDS.away_team,
            status: "scheduled",
            live: null,
            markets: { moneyline: { home: -150, away: 130 } },
          },
        ],
      };
    },
    fetchScores: async () => ({ ok: true, value: [], quota: null }),
    async fetchEventOdds(_sport, _eventId, _markets, asked): Promise<FeedResult<EventOdds>> {
      propsCalls.push(asked);
      // Bettors sent together usually meet at the desk while the call is under way; one that
      // comes after it finds the copy young on the fixed fake clock, so the count holds either way.
      await new Promise((r) => setTimeout(r, 20));
      if (trouble.propsDown) return { ok: false, kind: "unavailable", status: 503, message: "down" };
      return { ok: true, value: recordedPropsFor(eventId, startTime, moved), quota: null };
    },
  };
  const app = createApp({ now: () => now, sleep: async () => undefined, feed: () => provider });
  const call = playerCaller(app, "10.9.9.11");
  return {
    propsCalls,
    trouble,
    advance: (ms: number) => (now += ms),
    movePrices: (player: string, quote: MovedLine) => moved.set(player, quote),
    /** The game's props as its page lists them (its first read fetches them). */
    props: async (token: string) => ((await (await call(`/api/events/${eventId}/props?sport=${SPORT}`, token)).json()) as EventProps).props,
    bet: (player: SignedIn, wallet: "coins" | "cash", pick: PlaceBetPick) =>
      // 1,000 minor units either way: 10.00 of Vantage Cash, 1,000 Coins.
      postSlip(call, player.token, { kind: "Singles", wallet, amount: wallet === "cash" ? 10 : 1000, picks: [pick] }),
    quote: (player: SignedIn, betId: string) => call(`/api/bets/${betId}/cash-out`, player.token),
    balances: async (player: SignedIn) =>
      (await (await call("/api/me", player.token)).json()) as { coinBalance: number; vantageCash: number },
  };
}

type Harness = ReturnType<typeof harness>;

/** Injury news: every book re-quotes the player's line, Over now -190. */
function injuryNews(h: Harness, prop: Prop) {
  h.movePrices(PLAYER, { line: prop.line!, over: -190, under: 150 });
}

/** A harness, and a cash player who has read the game's props (their one props call) and found the player's prop. */
async function withProp() {
  const h = harness();
  const player = await cashPlayer();
  const prop = await playerProp(h, player.token);
  return { h, player, prop };
}

// Each test's fake clock starts somewhere else: a board cached by the one before must not look fresh to it.
beforeEach(() => clearBoards());

describe("a Vantage Cash player prop", () => {
  it("on props older than PREMATCH_CASH_PRICE_MAX_AGE_SECONDS makes the desk fetch them again and is priced on them: a price moved meanwhile is a 409 with the new price", async () => {
    const { h, player, prop } = await withProp();
    expect(h.propsCalls).toHaveLength(1);
    const { vantageCash } = await h.balances(player);

    // The feed has the player's Over at -190; our copy, 150 s old, still offers the old price.
    injuryNews(h, prop);
    h.advance(PAST_MAX_AGE_MS);
    const stale = await h.bet(player, "cash", overOf(prop));
    expect(stale.status).toBe(409);
    const error = await errorOf(stale);
    expect(error.code).toBe("price-changed");
    expect(error.details?.picks[0]).toMatchObject({ market: "Prop", priceAm: -190, line: prop.line, locked: false });
    expect(h.propsCalls).toHaveLength(2);
    expect((await h.balances(player)).vantageCash).toBe(vantageCash);

    // At the new price it is taken, on the props just fetched: no further call.
    const bet = await placed(await h.bet(player, "cash", overOf(prop, { priceAm: -190 })));
    expect(bet.legs[0]!.priceAm).toBe(-190);
    expect(bet.legs[0]!.fairP).toBeGreaterThan(prop.fair.over.p);
    expect(h.propsCalls).toHaveLength(2);
  });

  it("on props within the max age is priced on them without a props call", async () => {
    const { h, player, prop } = await withProp();
    h.advance(MAX_AGE_MS);
    await placed(await h.bet(player, "cash", overOf(prop)));
    expect(h.propsCalls).toHaveLength(1);
  });

  it("from bettors arriving together on old props costs one shared props call", async () => {
    const h = harness();
    const players = await Promise.all([cashPlayer(), cashPlayer(), cashPlayer()]);
    const prop = await playerProp(h, players[0]!.token);
    h.advance(PAST_MAX_AGE_MS);
    const answers = await Promise.all(players.map((p) => h.bet(p, "cash", overOf(prop))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(h.propsCalls).toHaveLength(2);
  });

  it("is refused 409 odds-stale when the props feed is down, never priced on the old props; Coins still are", async () => {
    const { h, player, prop } = await withProp();
    const { vantageCash } = await h.balances(player);
    h.trouble.propsDown = true;
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.bet(player, "cash", overOf(prop));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    expect(h.propsCalls).toHaveLength(2);
    expect((await h.balances(player)).vantageCash).toBe(vantageCash);
    // Play money keeps the props' own clock: the copy still serves it, and the failure is remembered (no call).
    await placed(await h.bet(player, "coins", overOf(prop)));
    expect(h.propsCalls).toHaveLength(2);
  });
});

describe("a Coins player prop", () => {
  it("on the same old props is accepted at their price with no props call", async () => {
    const { h, player, prop } = await withProp();
    injuryNews(h, prop);
    h.advance(PAST_MAX_AGE_MS);
    const bet = await placed(await h.bet(player, "coins", overOf(prop)));
    expect(bet.legs[0]).toMatchObject({ priceAm: prop.prices.over, fairP: prop.fair.over.p });
    expect(h.propsCalls).toHaveLength(1);
  });
});

describe("the cash-out quote of a Vantage Cash prop bet", () => {
  it("is priced on props no older than the max age: news since our last fetch is in it, while a Coins bet's quote keeps the copy", async () => {
    const { h, player, prop } = await withProp();
    const cashBet = await placed(await h.bet(player, "cash", overOf(prop)));
    const coinsBet = await placed(await h.bet(player, "coins", overOf(prop)));
    expect(h.propsCalls).toHaveLength(1);

    injuryNews(h, prop);
    h.advance(PAST_MAX_AGE_MS);
    const d = decimalOdds(prop.prices.over!);

    const coinsQuote = (await (await h.quote(player, coinsBet.id)).json()) as CashOutQuote;
    expect(coinsQuote).toMatchObject(cashOutFigures(1000, prop.fair.over.p * d, CASH_OUT_MARGIN));
    expect(h.propsCalls).toHaveLength(1);

    const res = await h.quote(player, cashBet.id);
    expect(res.status).toBe(200);
    expect(h.propsCalls).toHaveLength(2);
    // The props fetched for it are every reader's now.
    const fresh = (await h.props(player.token)).find((p) => p.propId === prop.propId)!;
    expect(fresh.fair.over.p).toBeGreaterThan(prop.fair.over.p);
    expect((await res.json()) as CashOutQuote).toMatchObject(cashOutFigures(1000, fresh.fair.over.p * d, CASH_OUT_MARGIN));
    expect(h.propsCalls).toHaveLength(2);
  });

  it("is refused 409 odds-stale when no fresh props come", async () => {
    const { h, player, prop } = await withProp();
    const bet = await placed(await h.bet(player, "cash", overOf(prop)));
    h.trouble.propsDown = true;
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.quote(player, bet.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    expect(h.propsCalls).toHaveLength(2);
  });
});

describe("with the props guard up", () => {
  afterEach(async () => {
    await env.DB.prepare("DELETE FROM feed_status WHERE sport = ?").bind(SPORT).run();
  });

  it("no props call is made for cash: the prop slip is a 409 odds-stale, Coins keep the copy, and cash is priced once the guard lifts", async () => {
    const { h, player, prop } = await withProp();
    // 8,000 credits left: below twice FEED_CREDIT_RESERVE (the props guard), above the reserve (the board's own guard).
    await recordFeedQuota(SPORT, 8000, 4);
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.bet(player, "cash", overOf(prop));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    expect(h.propsCalls).toHaveLength(1);
    await placed(await h.bet(player, "coins", overOf(prop)));
    expect(h.propsCalls).toHaveLength(1);

    // The guard lifts (the next board call's quota says so): the next cash slip brings fresh props.
    await env.DB.prepare("DELETE FROM feed_status WHERE sport = ?").bind(SPORT).run();
    h.advance(60_000);
    await placed(await h.bet(player, "cash", overOf(prop)));
    expect(h.propsCalls).toHaveLength(2);
  });
});
