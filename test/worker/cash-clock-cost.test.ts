// What Vantage Cash's two-minute price clock may cost the feed, through the real routes
// with a scripted feed and a fake clock (worker/bets/cash-clock.ts). A board or props
// fetched early for a cash slip or cash-out is paid for in The Odds API's credits, so it is
// fetched only for one that could really be taken: priced first on the copy kept, then let
// through by the player's wallet (a slip: every check placing it makes, the balance and the
// player's limits and breaks; a cash-out: quotable, the bet open and its gate passed)
// within the player's CASH_CLOCK_FETCHES_PER_HOUR early fetches, and never once the
// credits are below twice FEED_CREDIT_RESERVE, where live refreshes still go on.
// The attacks it stops: cash slips refused anyway (no Vantage Cash, a made-up game in each
// of the eight sports, a stake limit of 0) sent every 121 s, and one small cash bet quoted
// and never cashed out, each buying boards and props, until the credits fell below the
// reserve and live markets locked for everyone.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/shared/betslip";
import type { PlaceBetPick } from "../../src/shared/schemas/bets";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import type { EventProps } from "../../src/shared/schemas/props";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import { createApp } from "../../worker/app";
import { getUserWallet } from "../../worker/user-wallet";
import { ODDS_STALE_MESSAGE } from "../../worker/bets/price-slip";
import type { FeedEvent, FeedResult, OddsFeedProvider, OddsResult } from "../../worker/odds/feed-provider";
import {
  RECORDED_PROPS,
  cashPlayer,
  errorOf,
  fakeClockStart,
  overOf,
  placed,
  playerCaller,
  postSlip,
  recordFeedQuota,
} from "./cash-clock-fixtures";
import { clearBoards } from "./desk-fixtures";
import { signIn, type SignedIn } from "./helpers";
import { buyCash } from "./payout-helpers";

/** A copy this old is fresh by its own clock (10 minutes) and too old for Vantage Cash (120 s). */
const PAST_MAX_AGE_MS = 150_000;
const FEED_CREDIT_RESERVE = 5040;
/** CASH_CLOCK_FETCHES_PER_HOUR's default: copies a player may have fetched early in any hour. */
const EARLY_FETCHES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

type Stage = "upcoming" | "live";
type SingleOptions = { eventId?: string; side?: "Home" | "Draw"; priceAm?: number; amount?: number; wallet?: "coins" | "cash" };

/**
 * The app over a scripted feed with one game per sport named in `games` (six hours away, or
 * under way for half an hour), on a fake clock; every board call is counted per sport, and
 * every props call (the recorded NBA answer, for the NBA game).
 */
function harness(games: Partial<Record<SportKey, Stage>>) {
  let now = fakeClockStart();
  // Each harness's games are its own: props an earlier test left kept are for other games.
  const tag = crypto.randomUUID().slice(0, 8);
  const game = (sport: SportKey) => `${sport}-game-${tag}`;
  const boardCalls: SportKey[] = [];
  const propsCalls: string[] = [];
  const home = { priceAm: -110 as number | null };
  const upcomingStart = new Date(now + 6 * 3_600_000).toISOString();
  const liveStart = new Date(now - 30 * 60_000).toISOString();
  const gameOf = (sport: SportKey, stage: Stage): FeedEvent => ({
    eventId: game(sport),
    sport,
    startTime: stage === "live" ? liveStart : upcomingStart,
    home: RECORDED_PROPS.home_team,
    away: RECORDED_PROPS.away_team,
    status: stage === "live" ? "live" : "scheduled",
    live: stage === "live" ? { homeScore: 50, awayScore: 48, periodLabel: "Q3", clock: "5:00" } : null,
    markets: { moneyline: { home: home.priceAm, away: -110 } },
    fair: { moneyline: { books: 3, home: { p: 0.5, margin: 0.02 }, away: { p: 0.5, margin: 0.02 } } },
  });
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(sport): Promise<OddsResult> {
      boardCalls.push(sport);
      const stage = games[sport];
      return { ok: true, quota: null, value: stage ? [gameOf(sport, stage)] : [] };
    },
    fetchScores: async () => ({ ok: true, value: [], quota: null }),
    async fetchEventOdds(sport, eventId): Promise<FeedResult<EventOdds>> {
      propsCalls.push(eventId);
      return { ok: true, quota: null, value: { ...RECORDED_PROPS, id: eventId, sport_key: sport, commence_time: upcomingStart } };
    },
  };
  const app = createApp({ now: () => now, sleep: async () => undefined, feed: () => provider });
  const call = playerCaller(app, "10.9.9.12");
  const place = (player: SignedIn, body: { kind: "Singles" | "Parlay"; wallet: "coins" | "cash"; amount: number; picks: PlaceBetPick[] }) =>
    postSlip(call, player.token, body);
  return {
    boardCalls,
    propsCalls,
    home,
    /** The sport's one game's id. */
    game,
    advance: (ms: number) => (now += ms),
    /** The fake clock's time. */
    now: () => now,
    /** Reads a sport's board as a player's page does (its first read fetches it). */
    board: (token: string, sport: SportKey) => call(`/api/events?sport=${sport}`, token),
    /** The NBA game's props as its page lists them (its first read fetches them). */
    props: async (token: string) =>
      ((await (await call(`/api/events/${game("basketball_nba")}/props?sport=basketball_nba`, token)).json()) as EventProps).props,
    /** A single on the sport's game's Home at -110 (10.00 of Vantage Cash), or as `options` say. */
    single: (player: SignedIn, sport: SportKey, options: SingleOptions = {}) =>
      place(player, {
        kind: "Singles",
        wallet: options.wallet ?? "cash",
        amount: options.amount ?? (options.wallet === "coins" ? 1000 : 10),
        picks: [moneyline(sport, options.eventId ?? game(sport), options.side, options.priceAm)],
      }),
    parlay: (player: SignedIn, picks: PlaceBetPick[]) => place(player, { kind: "Parlay", wallet: "cash", amount: 1, picks }),
    prop: (player: SignedIn, pick: PlaceBetPick) => place(player, { kind: "Singles", wallet: "cash", amount: 10, picks: [pick] }),
    quote: (player: SignedIn, betId: string) => call(`/api/bets/${betId}/cash-out`, player.token),
    limits: (player: SignedIn, body: Record<string, number | null>) =>
      call("/api/me/limits", player.token, { method: "PUT", body: JSON.stringify(body) }),
  };
}

function moneyline(sport: SportKey, eventId: string, side: "Home" | "Draw" = "Home", priceAm = -110): PlaceBetPick {
  return { eventId, league: sport, market: "Moneyline", side, line: null, priceAm };
}

/** A harness with one upcoming game of `sport`, and a cash player who has read its board (its one board call). */
async function onBoard(sport: SportKey) {
  const h = harness({ [sport]: "upcoming" });
  const player = await cashPlayer();
  await h.board(player.token, sport);
  return { h, player };
}

/** Expects `res` refused with `status` and the error `code`. */
async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

// Each test's fake clock starts somewhere else: a board cached by the one before must not look fresh to it.
beforeEach(() => clearBoards());

describe("a Vantage Cash slip on a board older than two minutes", () => {
  it("naming a game the board does not list is refused with no feed call", async () => {
    const { h, player } = await onBoard("basketball_nba");
    expect(h.boardCalls).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      h.advance(PAST_MAX_AGE_MS);
      const res = await h.single(player, "basketball_nba", { eventId: "no-such-game" });
      await expectRefused(res, 400, "selection-locked");
    }
    expect(h.boardCalls).toHaveLength(1);
  });

  it("on a side the board shows locked is refused with no feed call", async () => {
    const { h, player } = await onBoard("basketball_nba");
    h.advance(PAST_MAX_AGE_MS);
    // A basketball moneyline has no draw.
    const res = await h.single(player, "basketball_nba", { side: "Draw" });
    await expectRefused(res, 400, "selection-locked");
    expect(h.boardCalls).toHaveLength(1);
  });

  it("from a player whose Vantage Cash does not cover the stake is refused 'Not enough balance.' with no feed call", async () => {
    const h = harness({ icehockey_nhl: "upcoming" });
    const broke = await signIn(); // no pack bought: no Vantage Cash at all
    const short = await cashPlayer(); // 49.99
    await h.board(broke.token, "icehockey_nhl");
    for (const [player, amount] of [
      [broke, 10],
      [short, 50],
    ] as const) {
      h.advance(PAST_MAX_AGE_MS);
      const res = await h.single(player, "icehockey_nhl", { amount });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "insufficient-funds", message: MESSAGES.notEnoughBalance });
    }
    expect(h.boardCalls).toHaveLength(1);
  });

  it("is still priced on a board fetched for it when the player can place it: a moved price is a 409 with the new one, then taken", async () => {
    const { h, player } = await onBoard("baseball_mlb");
    h.home.priceAm = -130;
    h.advance(PAST_MAX_AGE_MS);
    const moved = await h.single(player, "baseball_mlb");
    expect(moved.status).toBe(409);
    const error = await errorOf(moved);
    expect(error.code).toBe("price-changed");
    expect(error.details?.picks[0]).toMatchObject({ priceAm: -130, locked: false });
    expect(h.boardCalls).toHaveLength(2);
    // At the new price it is taken, on the board just fetched.
    const bet = await placed(await h.single(player, "baseball_mlb", { priceAm: -130 }));
    expect(bet.legs[0]!.priceAm).toBe(-130);
    expect(h.boardCalls).toHaveLength(2);
  });
});

describe("one Vantage Cash parlay over all eight sports", () => {
  it("of made-up games buys no board, however often it is sent", async () => {
    const h = harness(Object.fromEntries(SPORT_KEYS.map((sport) => [sport, "upcoming" as const])));
    const player = await cashPlayer();
    for (const sport of SPORT_KEYS) await h.board(player.token, sport);
    expect(h.boardCalls).toHaveLength(8);
    for (let i = 0; i < 3; i++) {
      h.advance(PAST_MAX_AGE_MS);
      const res = await h.parlay(
        player,
        SPORT_KEYS.map((sport, n) => moneyline(sport, `bogus-${n}`, "Home", 100)),
      );
      expect(res.status).toBe(400);
    }
    expect(h.boardCalls).toHaveLength(8);
  });

  it("of real games from a player with no Vantage Cash buys no board either", async () => {
    const h = harness(Object.fromEntries(SPORT_KEYS.map((sport) => [sport, "upcoming" as const])));
    const broke = await signIn();
    for (const sport of SPORT_KEYS) await h.board(broke.token, sport);
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.parlay(
      broke,
      SPORT_KEYS.map((sport) => moneyline(sport, h.game(sport))),
    );
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "insufficient-funds", message: MESSAGES.notEnoughBalance });
    expect(h.boardCalls).toHaveLength(8);
  });
});

describe("a Vantage Cash player prop on props older than two minutes", () => {
  it("naming a player the kept props do not list, or from a player without the stake, buys no props", async () => {
    const h = harness({ basketball_nba: "upcoming" });
    const player = await cashPlayer();
    const broke = await signIn();
    const prop = (await h.props(player.token)).find((p) => p.prices.over !== null)!;
    expect(h.propsCalls).toHaveLength(1);
    const boardCalls = h.boardCalls.length;
    h.advance(PAST_MAX_AGE_MS);

    const madeUp = await h.prop(player, overOf(prop, { playerId: "nobody-at-all" }));
    expect(madeUp.status).toBe(400);
    const unfunded = await h.prop(broke, overOf(prop));
    expect(await errorOf(unfunded)).toMatchObject({ code: "insufficient-funds", message: MESSAGES.notEnoughBalance });
    expect(h.propsCalls).toHaveLength(1);
    expect(h.boardCalls).toHaveLength(boardCalls);

    // The player who can place it still gets props fetched for it.
    await placed(await h.prop(player, overOf(prop)));
    expect(h.propsCalls).toHaveLength(2);
  });
});

describe("the cash-out quote of a Vantage Cash bet on a board older than two minutes", () => {
  it("that the kept board would not quote (its side locked now) fetches no board; one it would quote still does", async () => {
    const h = harness({ basketball_ncaab: "upcoming", americanfootball_ncaaf: "upcoming" });
    const player = await cashPlayer();
    await h.board(player.token, "basketball_ncaab");
    await h.board(player.token, "americanfootball_ncaaf");
    const locked = await placed(await h.single(player, "basketball_ncaab"));
    const open = await placed(await h.single(player, "americanfootball_ncaaf"));
    expect(h.boardCalls).toHaveLength(2);

    // The book takes Home off: the next 10-minute refresh of the NCAAB board shows it locked.
    h.home.priceAm = null;
    h.advance(10 * 60_000);
    await h.board(player.token, "basketball_ncaab");
    expect(h.boardCalls).toHaveLength(3);
    h.home.priceAm = -110;
    h.advance(PAST_MAX_AGE_MS);
    const res = await h.quote(player, locked.id);
    await expectRefused(res, 409, "cash-out-suspended");
    expect(h.boardCalls).toHaveLength(3);

    // The NCAAF bet is quotable on its kept board: that board is fetched again for it.
    const quote = await h.quote(player, open.id);
    expect(quote.status).toBe(200);
    expect(h.boardCalls).toEqual(["basketball_ncaab", "americanfootball_ncaaf", "basketball_ncaab", "americanfootball_ncaaf"]);
  });
});

describe("with the feed's credits below twice FEED_CREDIT_RESERVE", () => {
  afterEach(async () => {
    await env.DB.prepare("DELETE FROM feed_status WHERE sport = 'soccer_usa_mls'").run();
  });

  it("no board is fetched early for Vantage Cash (the slip and the quote are 409 odds-stale) while live refreshes go on", async () => {
    const h = harness({ soccer_usa_mls: "upcoming", mma_mixed_martial_arts: "live" });
    const player = await cashPlayer();
    await h.board(player.token, "soccer_usa_mls");
    await h.board(player.token, "mma_mixed_martial_arts");
    const bet = await placed(await h.single(player, "soccer_usa_mls"));
    expect(h.boardCalls).toHaveLength(2);

    // Above the reserve, below twice it: the live guard is down, the cash clock's guard up.
    await recordFeedQuota("soccer_usa_mls", 2 * FEED_CREDIT_RESERVE - 1);
    h.advance(PAST_MAX_AGE_MS);
    const slip = await h.single(player, "soccer_usa_mls");
    expect(slip.status).toBe(409);
    expect(await errorOf(slip)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    const quote = await h.quote(player, bet.id);
    await expectRefused(quote, 409, "odds-stale");
    expect(h.boardCalls).toHaveLength(2);
    // Coins keep the copy's own clock, and the live board its 30 s refresh.
    await placed(await h.single(player, "soccer_usa_mls", { wallet: "coins" }));
    expect((await h.board(player.token, "mma_mixed_martial_arts")).status).toBe(200);
    expect(h.boardCalls).toEqual(["soccer_usa_mls", "mma_mixed_martial_arts", "mma_mixed_martial_arts"]);

    // At twice the reserve the cash clock runs again.
    await recordFeedQuota("soccer_usa_mls", 2 * FEED_CREDIT_RESERVE);
    h.advance(10_000);
    await placed(await h.single(player, "soccer_usa_mls"));
    expect(h.boardCalls).toEqual(["soccer_usa_mls", "mma_mixed_martial_arts", "mma_mixed_martial_arts", "soccer_usa_mls"]);
  });
});

describe("a Vantage Cash slip the player's wallet would refuse anyway, on a board older than two minutes", () => {
  it("from a player whose daily cash stake limit is 0 is refused for that limit with no feed call", async () => {
    const h = harness({ basketball_nba: "upcoming" });
    const player = await cashPlayer();
    expect((await h.limits(player, { dailyStakeCash: 0 })).status).toBe(200);
    await h.board(player.token, "basketball_nba");
    expect(h.boardCalls).toHaveLength(1);
    // Three slips within the board's own 10 minutes: each would have bought a board call.
    for (let i = 0; i < 3; i++) {
      h.advance(PAST_MAX_AGE_MS);
      const res = await h.single(player, "basketball_nba");
      await expectRefused(res, 403, "stake-limit");
    }
    expect(h.boardCalls).toHaveLength(1);
  });

  it("from a player on a break is refused for the break with no feed call, and so is a cash-out quote of their bet", async () => {
    const { h, player } = await onBoard("icehockey_nhl");
    const bet = await placed(await h.single(player, "icehockey_nhl"));
    expect((await getUserWallet(env, player.userId).takeBreak(player.userId, "24h", h.now())).ok).toBe(true);
    for (let i = 0; i < 3; i++) {
      h.advance(PAST_MAX_AGE_MS);
      const slip = await h.single(player, "icehockey_nhl");
      await expectRefused(slip, 403, "self-excluded");
      const quote = await h.quote(player, bet.id);
      await expectRefused(quote, 403, "self-excluded");
    }
    expect(h.boardCalls).toHaveLength(1);
  });
});

describe("each player's budget of early fetches (CASH_CLOCK_FETCHES_PER_HOUR)", () => {
  const FIVE_SPORTS: SportKey[] = ["basketball_nba", "baseball_mlb", "icehockey_nhl", "americanfootball_ncaaf", "soccer_usa_mls"];
  const upcoming = (sports: readonly SportKey[]) => Object.fromEntries(sports.map((sport) => [sport, "upcoming" as const]));

  it("stops repeated cash-out quotes of one small bet from fetching once it is spent: 409 odds-stale, no call", async () => {
    const h = harness(upcoming(SPORT_KEYS));
    const player = await cashPlayer();
    for (const sport of SPORT_KEYS) await h.board(player.token, sport);
    const bet = await placed(
      await h.parlay(
        player,
        SPORT_KEYS.map((sport) => moneyline(sport, h.game(sport))),
      ),
    );
    expect(bet.stake).toBe(100);
    const before = h.boardCalls.length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      h.advance(PAST_MAX_AGE_MS);
      const res = await h.quote(player, bet.id);
      statuses.push(res.status);
      if (res.status !== 200) expect(await errorOf(res)).toMatchObject({ code: "odds-stale", message: ODDS_STALE_MESSAGE });
    }
    // Eight boards a quote: two quotes fit in 20, the third would pass it.
    expect(statuses).toEqual([200, 200, 409, 409, 409]);
    expect(h.boardCalls.length - before).toBe(16);
  });

  it("stops a cash prop bet's quotes from fetching its game's props and board once it is spent", async () => {
    const h = harness({ basketball_nba: "upcoming" });
    const player = await cashPlayer();
    const prop = (await h.props(player.token)).find((p) => p.prices.over !== null)!;
    const bet = await placed(await h.prop(player, overOf(prop)));
    const props = h.propsCalls.length;
    const boards = h.boardCalls.length;
    // Each quote needs the game's props and its sport's board younger: two copies.
    for (let i = 0; i < EARLY_FETCHES_PER_HOUR / 2; i++) {
      h.advance(PAST_MAX_AGE_MS);
      expect((await h.quote(player, bet.id)).status).toBe(200);
    }
    expect(h.propsCalls.length - props).toBe(EARLY_FETCHES_PER_HOUR / 2);
    expect(h.boardCalls.length - boards).toBe(EARLY_FETCHES_PER_HOUR / 2);
    h.advance(PAST_MAX_AGE_MS);
    const spent = await h.quote(player, bet.id);
    await expectRefused(spent, 409, "odds-stale");
    expect(h.propsCalls.length - props).toBe(EARLY_FETCHES_PER_HOUR / 2);
    expect(h.boardCalls.length - boards).toBe(EARLY_FETCHES_PER_HOUR / 2);
  });

  it("leaves a genuine cash bettor fresh prices: each slip on an old board is priced on one fetched for it", async () => {
    const { h, player } = await onBoard("baseball_mlb");
    await placed(await h.single(player, "baseball_mlb", { amount: 1 }));
    for (let i = 1; i <= 5; i++) {
      h.home.priceAm = -110 - 5 * i;
      h.advance(PAST_MAX_AGE_MS);
      // The old price is refused with the price of a board fetched for this slip, which then takes it.
      const moved = await h.single(player, "baseball_mlb", { amount: 1, priceAm: -110 - 5 * (i - 1) });
      expect(moved.status).toBe(409);
      expect((await errorOf(moved)).details?.picks[0]).toMatchObject({ priceAm: -110 - 5 * i });
      const bet = await placed(await h.single(player, "baseball_mlb", { amount: 1, priceAm: -110 - 5 * i }));
      expect(bet.legs[0]!.priceAm).toBe(-110 - 5 * i);
      expect(h.boardCalls).toHaveLength(1 + i);
    }
  });

  it("takes nothing for a slip priced on copies already young enough, whoever had them fetched", async () => {
    const h = harness(upcoming(FIVE_SPORTS));
    const spender = await cashPlayer();
    const other = await cashPlayer();
    for (const sport of FIVE_SPORTS) await h.board(spender.token, sport);
    const parlay = await placed(
      await h.parlay(
        spender,
        FIVE_SPORTS.map((sport) => moneyline(sport, h.game(sport))),
      ),
    );
    // Five boards a quote: four quotes spend the whole budget, the fifth is refused.
    for (let i = 0; i < 4; i++) {
      h.advance(PAST_MAX_AGE_MS);
      expect((await h.quote(spender, parlay.id)).status).toBe(200);
    }
    h.advance(PAST_MAX_AGE_MS);
    expect((await h.quote(spender, parlay.id)).status).toBe(409);
    expect((await h.single(spender, "basketball_nba")).status).toBe(409);
    const calls = h.boardCalls.length;

    // Another player's slip has the NBA board fetched (from their own budget)...
    await placed(await h.single(other, "basketball_nba"));
    expect(h.boardCalls).toHaveLength(calls + 1);
    // ...and on that young board the spender's slip asks nothing of theirs.
    await placed(await h.single(spender, "basketball_nba"));
    expect(h.boardCalls).toHaveLength(calls + 1);
  });

  it("takes nothing for a slip the wallet refuses: more refusals than the budget, then a slip it takes is still priced fresh", async () => {
    const h = harness({ americanfootball_nfl: "upcoming" });
    const player = await signIn(); // no Vantage Cash yet
    await h.board(player.token, "americanfootball_nfl");
    h.advance(PAST_MAX_AGE_MS);
    for (let i = 0; i <= EARLY_FETCHES_PER_HOUR; i++) {
      expect((await errorOf(await h.single(player, "americanfootball_nfl"))).code).toBe("insufficient-funds");
    }
    await buyCash(player);
    await placed(await h.single(player, "americanfootball_nfl"));
    expect(h.boardCalls).toHaveLength(2);
  });

  it("refills over the hour: each early fetch comes back an hour after it was used", async () => {
    const h = harness(upcoming(SPORT_KEYS));
    const player = await cashPlayer();
    const readAll = async () => {
      for (const sport of SPORT_KEYS) await h.board(player.token, sport);
    };
    await readAll();
    const bet = await placed(
      await h.parlay(
        player,
        SPORT_KEYS.map((sport) => moneyline(sport, h.game(sport))),
      ),
    );
    const start = h.now();
    h.advance(PAST_MAX_AGE_MS);
    expect((await h.quote(player, bet.id)).status).toBe(200); // 8 of 20, taken at start + 150 s
    h.advance(PAST_MAX_AGE_MS);
    expect((await h.quote(player, bet.id)).status).toBe(200); // 16 of 20
    h.advance(PAST_MAX_AGE_MS);
    expect((await h.quote(player, bet.id)).status).toBe(409);

    // Nearly an hour on, the boards' own 10-minute clock has them read again by the page;
    // 140 s later they are too old for Vantage Cash, and the first quote's fetches are not back yet.
    h.advance(start + HOUR_MS + PAST_MAX_AGE_MS - 150_000 - h.now());
    await readAll();
    const calls = h.boardCalls.length;
    h.advance(140_000);
    expect((await h.quote(player, bet.id)).status).toBe(409);
    expect(h.boardCalls).toHaveLength(calls);
    // An hour after the first quote's fetches they are back: the next quote fetches again.
    h.advance(start + HOUR_MS + PAST_MAX_AGE_MS - h.now());
    expect((await h.quote(player, bet.id)).status).toBe(200);
    expect(h.boardCalls).toHaveLength(calls + SPORT_KEYS.length);
  });
});
