// Bets on players' markets ("props") as a bettor meets them, through the real placement and
// cash-out routes over a scripted feed whose per-event answer is the recorded NBA one
// (test/fixtures/odds-api/event-odds-nba.json), with a fake clock: a prop is taken at the
// price the game page offers and written with the player, the market's label and its fair
// probability; a moved price is a 409 carrying it; a game that started has no props; a
// side the market does not have, a payout above the props cap and a prop beside another
// pick on its game in a parlay are refused with a sentence; a player's market an operator
// suspended shows on the game page and is refused; a live game's pick still goes
// beside a prop; cash-out prices a prop at its fair probability now. The anytime goalscorer,
// the one prop a same-game parlay takes, is played on the embedded simulator's hockey games
// (the recorded answer has no yes market and the scripted board no score model).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cashOutFigures } from "../../src/shared/cash-out";
import { decimalOdds } from "../../src/shared/odds";
import { toWinFor } from "../../src/shared/payout";
import { scoreGrid, scorerShare } from "../../src/shared/game-model";
import { chanceOfBlock } from "../../src/shared/game-model";
import { ANYTIME_SCORER_MARKET, quoteSameGame, SAME_GAME_MESSAGES } from "../../src/shared/same-game";
import type { PlaceBetPick, PlaceBetRequest, PlaceBetResponse, PriceChangedDetails } from "../../src/shared/schemas/bets";
import type { CashOutQuote } from "../../src/shared/schemas/cash-out";
import type { Event, EventScore } from "../../src/shared/schemas/events";
import type { EventProps, Prop } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";
import { createApp } from "../../worker/app";
import type { FeedEvent, OddsFeedProvider } from "../../worker/odds/feed-provider";
import { loadEvents } from "../../worker/odds/odds-service";
import { pickOf, placeBet } from "./bets-helpers";
import {
  type MovedLine,
  RECORDED_PROPS as ODDS,
  errorOf,
  fakeClockStart,
  RECORDED_PLAYER as PLAYER,
  RECORDED_SPORT as SPORT,
  recordedPlayerProp as playerProp,
  overOf,
  playerCaller,
  postSlip,
  recordedPropsFor,
} from "./cash-clock-fixtures";
import { api, postJson, signIn } from "./helpers";
/** A game's props are fetched again after PROP_REFRESH_SECONDS (600 by default). */
const PROP_REFRESH_MS = 600_000;
const MONEYLINE = { home: -150, away: 130 };
const LIVE_MONEYLINE = { home: -120, away: 100 };

/**
 * The app over a scripted NBA feed with one game two hours away (its own id, so no copy
 * of another test's game is read): the board prices its game lines, and its players'
 * markets are the recorded answer, where `movePrices` re-quotes one player's line at every book.
 */
function harness(vars: Record<string, string> = {}) {
  let now = fakeClockStart();
  const eventId = `nba-props-${crypto.randomUUID()}`;
  const startTime = new Date(now + 2 * 3_600_000).toISOString();
  const moved = new Map<string, MovedLine>();
  const liveScore = (asked: number): EventScore => ({
    eventId: `${eventId}-live`,
    sport: SPORT,
    startTime: new Date(asked - 20 * 60_000).toISOString(),
    home: "Boston Celtics",
    away: "Miami Heat",
    completed: false,
    homeScore: 31,
    awayScore: 28,
    updatedAt: null,
  });
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(sport, asked) {
      if (sport !== SPORT) return { ok: true, value: [], quota: null };
      const game: FeedEvent = {
        eventId,
        sport: SPORT,
        startTime,
        home: ODDS.home_team,
        away: ODDS.away_team,
        status: "scheduled",
        live: null,
        markets: {
          moneyline: MONEYLINE,
          spread: { line: -3.5, home: -110, away: -110 },
          total: { line: 221.5, over: -110, under: -110 },
        },
      };
      // Another game, 20 minutes in, its moneyline confirmed by the book as we ask.
      const live: FeedEvent = {
        eventId: `${eventId}-live`,
        sport: SPORT,
        startTime: new Date(asked - 20 * 60_000).toISOString(),
        home: "Boston Celtics",
        away: "Miami Heat",
        status: "live",
        live: { homeScore: 31, awayScore: 28, periodLabel: "Q2", clock: "7:40" },
        markets: { moneyline: LIVE_MONEYLINE },
        book: { key: "draftkings", updatedAt: asked, markets: { moneyline: asked } },
      };
      // The scores feed lists the game under way, as it does for every live game it reports.
      return { ok: true, value: [game, live], quota: null, scores: { value: [liveScore(asked)], fetchedAt: asked } };
    },
    fetchScores: async (_sport, _options, asked) => ({ ok: true, value: [liveScore(asked)], quota: null }),
    fetchEventOdds: async () => ({ ok: true, value: recordedPropsFor(eventId, startTime, moved), quota: null }),
  };
  const app = createApp({ now: () => now, sleep: async () => {}, feed: () => provider });
  const testEnv = { ...env, ...vars } as Env;
  const call = playerCaller(app, "10.9.8.7", testEnv);
  return {
    eventId,
    startTime,
    advance: (ms: number) => (now += ms),
    movePrices: (player: string, quote: MovedLine) => moved.set(player, quote),
    /** The game's props as its page lists them. */
    props: async (token: string) => ((await (await call(`/api/events/${eventId}/props?sport=${SPORT}`, token)).json()) as EventProps).props,
    place: (token: string, body: Omit<PlaceBetRequest, "wallet"> & { wallet?: PlaceBetRequest["wallet"] }) =>
      postSlip(call, token, { wallet: "coins", ...body }),
    quote: (token: string, betId: string) => call(`/api/bets/${betId}/cash-out`, token),
    call,
    /** The live game's home moneyline at the board's price. */
    liveMoneyline: (): PlaceBetPick => ({
      eventId: `${eventId}-live`,
      league: SPORT,
      market: "Moneyline",
      side: "Home",
      line: null,
      priceAm: LIVE_MONEYLINE.home,
    }),
    /** A moneyline pick of the game at the board's price. */
    moneyline: (side: "Home" | "Away"): PlaceBetPick => ({
      eventId,
      league: SPORT,
      market: "Moneyline",
      side,
      line: null,
      priceAm: side === "Home" ? MONEYLINE.home : MONEYLINE.away,
    }),
  };
}

async function coins(token: string): Promise<number> {
  return ((await (await api("/api/me", { token })).json()) as { coinBalance: number }).coinBalance;
}

describe("placing a player prop", () => {
  it("takes a single at the offered price, writing the player, the market's label and the fair probability", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    const res = await h.place(player.token, { kind: "Singles", amount: 100, picks: [overOf(prop)] });
    expect(res.status).toBe(200);
    const { bets, balances } = (await res.json()) as PlaceBetResponse;
    expect(bets[0]!.toWin).toBe(toWinFor(100, [prop.prices.over!]));
    expect(bets[0]!.legs).toEqual([
      {
        eventId: h.eventId,
        league: SPORT,
        market: "Prop",
        side: "Over",
        line: prop.line,
        priceAm: prop.prices.over,
        home: ODDS.home_team,
        away: ODDS.away_team,
        startTime: h.startTime,
        fairP: prop.fair.over.p,
        prop: { playerId: prop.player.id, player: PLAYER, marketKey: "player_points", label: "Points" },
      },
    ]);
    expect(balances.coinBalance).toBe(4900);
  });

  it("answers a moved prop price with 409 and every pick's current price, then takes the slip at the new one", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    h.movePrices(PLAYER, { line: prop.line!, over: -190, under: 150 });
    h.advance(PROP_REFRESH_MS);
    const picks = [h.moneyline("Home"), overOf(prop)];
    const res = await h.place(player.token, { kind: "Singles", amount: 10, picks });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("price-changed");
    expect((error.details as PriceChangedDetails).picks).toEqual([
      { eventId: h.eventId, market: "Moneyline", side: "Home", priceAm: MONEYLINE.home, line: null, locked: false },
      { eventId: h.eventId, market: "Prop", side: "Over", priceAm: -190, line: prop.line, locked: false },
    ]);
    expect(await coins(player.token)).toBe(5000);

    const retry = await h.place(player.token, { kind: "Singles", amount: 10, picks: [picks[0]!, { ...picks[1]!, priceAm: -190 }] });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as PlaceBetResponse).bets.map((bet) => bet.legs[0]!.priceAm)).toEqual([MONEYLINE.home, -190]);
  });

  it("takes a live game's pick beside a prop in one slip of singles, each at its price", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    const res = await h.place(player.token, { kind: "Singles", amount: 10, picks: [h.liveMoneyline(), overOf(prop)] });
    expect(res.status).toBe(200);
    const { bets } = (await res.json()) as PlaceBetResponse;
    expect(bets.map((bet) => [bet.legs[0]!.market, bet.legs[0]!.priceAm])).toEqual([
      ["Moneyline", LIVE_MONEYLINE.home],
      ["Prop", prop.prices.over],
    ]);
  });

  it("refuses a prop once its game has started: its props are gone", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    h.advance(2 * 3_600_000 + 60_000);
    expect(await h.props(player.token)).toEqual([]);
    const res = await h.place(player.token, { kind: "Singles", amount: 10, picks: [overOf(prop)] });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: "selection-locked", message: "One or more selections are locked." });
    expect((error.details as PriceChangedDetails).picks).toEqual([
      { eventId: h.eventId, market: "Prop", side: "Over", priceAm: null, line: null, locked: true },
    ]);
    expect(await coins(player.token)).toBe(5000);
  });

  it("refuses a side the market does not have, and a prop that names no player, with a sentence", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    const yes = await h.place(player.token, { kind: "Singles", amount: 10, picks: [{ ...overOf(prop), side: "Yes", line: null }] });
    expect(yes.status).toBe(400);
    expect(await errorOf(yes)).toMatchObject({ code: "invalid-prop-pick", message: "Points is bet Over or Under its line, not Yes." });
    const anonymous = await h.place(player.token, { kind: "Singles", amount: 10, picks: [{ ...overOf(prop), playerMarket: undefined }] });
    expect(anonymous.status).toBe(400);
    expect((await errorOf(anonymous)).message).toBe("A player prop must name its player and market.");
    expect(await coins(player.token)).toBe(5000);
  });

  it("caps what a bet with a prop may pay, checking each single on its own", async () => {
    const h = harness({ PROP_MAX_PAYOUT_COINS: "100" });
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    const pays = (amount: number) => toWinFor(amount, [prop.prices.over!]) + amount;
    // The largest whole stake whose prop single pays within the cap, and one more.
    let within = 1;
    while (pays(within + 1) <= 100) within += 1;

    // The board single may pay more than the props cap: only the prop's bet is held to it.
    const picks = [h.moneyline("Away"), overOf(prop)];
    expect(toWinFor(within, [MONEYLINE.away]) + within).toBeGreaterThan(100);
    const above = await h.place(player.token, { kind: "Singles", amount: within + 1, picks });
    expect(above.status).toBe(400);
    expect(await errorOf(above)).toMatchObject({
      code: "prop-payout-above-maximum",
      message: "The maximum payout of a bet with a player prop is 100 Coins. Lower the amount.",
    });
    expect(await coins(player.token)).toBe(5000);

    const res = await h.place(player.token, { kind: "Singles", amount: within, picks });
    expect(res.status).toBe(200);
    const { bets } = (await res.json()) as PlaceBetResponse;
    expect(bets.map((bet) => bet.toWin + bet.stake)).toEqual([toWinFor(within, [MONEYLINE.away]) + within, pays(within)]);
  });

  it("shows a player's market an operator suspended on the game page, and refuses its bet with a sentence", async () => {
    const h = harness();
    const player = await signIn();
    const admin = await signIn("admin@vantage.test", "Operator"); // ADMIN_EMAILS in wrangler.toml [vars]
    const prop = await playerProp(h, player.token);
    const market = `Prop:${prop.marketKey}:${prop.player.id}`;
    const suspend = (suspended: boolean) =>
      postJson(
        `/api/admin/risk/${SPORT}/${h.eventId}/suspend`,
        { market, suspended, reason: "Injury news", game: { home: ODDS.home_team, away: ODDS.away_team, startTime: h.startTime } },
        admin.token,
      );
    const page = async () => (await (await h.call(`/api/events/${h.eventId}/props?sport=${SPORT}`, player.token)).json()) as EventProps;
    expect((await page()).houseSuspended).toBeUndefined();
    expect((await suspend(true)).status).toBe(200);
    expect((await page()).houseSuspended).toEqual([{ marketKey: prop.marketKey, playerId: prop.player.id }]);
    const refused = await h.place(player.token, { kind: "Singles", amount: 100, picks: [overOf(prop)] });
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.code).toBe("market-suspended-by-house");
    expect(error.message).toBe(`Betting on ${PLAYER} Points for this game is suspended for now.`);
    expect(await coins(player.token)).toBe(5_000);
    // Lifted: gone from the page, and the bet goes through.
    expect((await suspend(false)).status).toBe(200);
    expect((await page()).houseSuspended).toBeUndefined();
    expect((await h.place(player.token, { kind: "Singles", amount: 100, picks: [overOf(prop)] })).status).toBe(200);
  });

  it("refuses a prop beside another pick on its game in a parlay, with the same-game sentence", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    const res = await h.place(player.token, { kind: "Parlay", amount: 10, picks: [h.moneyline("Home"), overOf(prop)] });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "same-game-refused", message: SAME_GAME_MESSAGES.props });
    expect(await coins(player.token)).toBe(5000);
  });
});

describe("cashing out a player prop", () => {
  it("quotes an open prop single at the prop's fair probability now, and none once the game has started", async () => {
    const h = harness();
    const player = await signIn();
    const prop = await playerProp(h, player.token);
    const placed = await h.place(player.token, { kind: "Singles", amount: 100, picks: [overOf(prop)] });
    const bet = ((await placed.json()) as PlaceBetResponse).bets[0]!;

    // The line is re-quoted since: the quote takes the fair probability the props carry now.
    h.movePrices(PLAYER, { line: prop.line!, over: -190, under: 150 });
    h.advance(PROP_REFRESH_MS);
    const now = (await h.props(player.token)).find((p) => p.propId === prop.propId)!;
    expect(now.fair.over.p).toBeGreaterThan(prop.fair.over.p);
    const res = await h.quote(player.token, bet.id);
    expect(res.status).toBe(200);
    const quote = (await res.json()) as CashOutQuote;
    expect(quote).toMatchObject(cashOutFigures(100, now.fair.over.p * decimalOdds(prop.prices.over!), 5));

    h.advance(2 * 3_600_000);
    const started = await h.quote(player.token, bet.id);
    expect(started.status).toBe(409);
    expect(await errorOf(started)).toMatchObject({
      code: "cash-out-unavailable",
      message: `Cash-out isn’t available on a player prop once its game has started: ${PLAYER} Over ${prop.line} Points (${ODDS.away_team} @ ${ODDS.home_team}).`,
    });
  });
});

describe("an anytime goalscorer in a same-game parlay", () => {
  it("is priced with his game's moneyline as one block, and cashed out at his fair chance now", async () => {
    const player = await signIn();
    const sport: SportKey = "icehockey_nhl";
    const board = await loadEvents(env, sport, Date.now());
    const games = board.events.filter((e) => e.sameGame && Date.parse(e.startTime) > board.feedNow + 3_600_000);
    let found: { event: Event; scorer: Prop } | undefined;
    for (const event of games) {
      const res = await api(`/api/events/${event.eventId}/props?sport=${sport}`, { token: player.token });
      const props = ((await res.json()) as EventProps).props;
      const scorer = props.find((p) => p.marketKey === ANYTIME_SCORER_MARKET && p.player.team !== null && p.prices.over !== null);
      if (scorer) {
        found = { event, scorer };
        break;
      }
    }
    if (!found) throw new Error("the simulator offered no anytime goalscorer on an upcoming game with a model");
    const { event, scorer } = found;
    const team = scorer.player.team!;
    const picks: PlaceBetPick[] = [pickOf(event, "Moneyline", team === "home" ? "Home" : "Away"), { ...overOf(scorer), side: "Yes" }];
    // The slip's own quote of the block, from the shared rules and the game's model.
    const quote = quoteSameGame(
      "Parlay",
      picks.map((p, i) => ({ ...p, ...(i === 1 && { scorer: { team, pScores: scorer.fair.over.p } }) })),
      () => ({ sameGame: event.sameGame, started: false }),
    )[0]!;
    if (!quote.ok) throw new Error(quote.message);
    const res = await placeBet(player.token, {
      kind: "Parlay",
      wallet: "coins",
      amount: 20,
      picks,
      sameGame: [{ eventId: event.eventId, priceAm: quote.priceAm }],
    });
    expect(res.status).toBe(200);
    const bet = ((await res.json()) as PlaceBetResponse).bets[0]!;
    expect(bet.toWin).toBe(toWinFor(20, [quote.priceAm]));
    expect(bet.sameGame).toEqual([
      expect.objectContaining({ legs: [0, 1], priceAm: quote.priceAm, scorer: { leg: 1, team, share: expect.any(Number) } }),
    ]);

    const cashOut = await api(`/api/bets/${bet.id}/cash-out`, { token: player.token });
    expect(cashOut.status).toBe(200);
    const model = event.sameGame!.model;
    const share = scorerShare(scoreGrid(model), team, scorer.fair.over.p)!;
    const chance = chanceOfBlock(model, bet.legs, [0, 1], { leg: 1, team, share });
    expect((await cashOut.json()) as CashOutQuote).toMatchObject(cashOutFigures(20, chance * decimalOdds(quote.priceAm), 5));
  });
});
