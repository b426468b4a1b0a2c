// The game page's player props: under the game lines, each player's markets at their main
// line grouped by player, with the board's price buttons; the search over players' names
// (accents ignored); a prop taken there is on the slip under its name, sent with its
// player's market, re-priced by a 409, and Over replaces Under; beside another pick on its
// game in a parlay the slip says why they can't combine, save an anytime goalscorer, priced
// with them; the placed leg reads as the slip named it; a market an operator suspended; the
// loading, empty, failed and started states; and the keyboard.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_PROPS, PROPS_STARTED } from "../../src/features/board/components/player-props";
import { SHOW_FAIR_ODDS_KEY } from "../../src/session/fair-odds-setting";
import { ODDS_FORMAT_KEY } from "../../src/session/odds-format";
import { GAME_MODEL_VERSION } from "../../src/shared/game-model";
import { formatPrice } from "../../src/shared/odds";
import { quoteSameGame, SAME_GAME_MESSAGES } from "../../src/shared/same-game";
import type { BetDocument, PlaceBetRequest } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { Prop } from "../../src/shared/schemas/props";
import { SPORT_KEYS } from "../../src/shared/sports";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, type FakeCall } from "./app-helpers";

const HOUR = 3_600_000;
const GAME_PATH = "/game/g1?sport=basketball_nba";
const GAME = "(Orlando Magic @ Cleveland Cavaliers)";

function game(overrides: Partial<Event> = {}): Event {
  return {
    eventId: "g1",
    sport: "basketball_nba",
    startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
    home: "Cleveland Cavaliers",
    away: "Orlando Magic",
    status: "scheduled",
    live: null,
    markets: {
      moneyline: { home: -170, away: 150 },
      spread: { line: -4.5, home: -110, away: -110 },
      total: { line: 221.5, over: -105, under: -115 },
    },
    ...overrides,
  };
}

type Player = Prop["player"];
const banchero: Player = { id: "paolo-banchero", name: "Paolo Banchero", team: "away" };
const doncic: Player = { id: "luka-doncic", name: "Luka Dončić", team: null };
const mitchell: Player = { id: "donovan-mitchell", name: "Donovan Mitchell", team: "home" };

function prop(player: Player, marketKey: string, line: number, over: number | null, under: number | null, books = 4): Prop {
  return {
    propId: `g1:${player.id}:${marketKey}:${line}`,
    eventId: "g1",
    sport: "basketball_nba",
    marketKey,
    kind: "over-under",
    player,
    line,
    prices: { over, under },
    fair: { books, over: { p: 0.5, margin: over === null ? null : 0.02 }, under: { p: 0.5, margin: under === null ? null : 0.02 } },
  };
}

// As the Worker sorts them: by player name, then catalogue order, then line. Banchero's
// points have a second line fewer books quote: the page shows the main one only.
const PROPS: Prop[] = [
  prop(mitchell, "player_points", 27.5, -115, null),
  prop(doncic, "player_assists", 8.5, 120, -150),
  prop(banchero, "player_points", 22.5, -110, -110, 6),
  prop(banchero, "player_points", 24.5, 140, -180, 3),
  prop(banchero, "player_rebounds", 7.5, 105, -125),
];

type Answer = () => Response | Promise<Response>;

/**
 * The fake Worker: every sport carried, `event`'s sport's board holding it, its props from
 * `props` (else PROPS), and `placeBet` for POST /api/placeBet.
 */
function propsApi({ event = game(), props, placeBet }: { event?: Event; props?: Answer; placeBet?: (call: FakeCall) => Response }) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody(SPORT_KEYS.map((key) => ({ key, label: key, mapped: true }))));
    if (call.path === `/api/events/${event.eventId}/props?sport=${event.sport}`) {
      return (props ?? (() => jsonResponse(200, { eventId: event.eventId, props: PROPS, confirmedAt: Date.now() })))();
    }
    if (call.path.startsWith(`/api/events?sport=${event.sport}`)) return jsonResponse(200, [event]);
    if (call.path.startsWith("/api/events?")) return jsonResponse(200, []);
    if (call.path === "/api/placeBet" && placeBet) return placeBet(call);
    return undefined;
  });
}

const section = () => screen.getByRole("region", { name: "Player props" });
const playerNames = () =>
  within(section())
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);
const market = (name: string) => within(section()).getByRole("group", { name });
const prices = (name: string) =>
  within(market(name))
    .getAllByRole("button")
    .map((b) => b.textContent);
const slip = () => document.querySelector(".betslip") as HTMLElement;
/** The slip's picks, each with its own remove button (a same-game block's too). */
const selections = () =>
  within(slip())
    .getAllByRole("button", { name: /^Remove / })
    .map((remove) => remove.closest("li")!);

// The fair price under each price is checked once, below; elsewhere the buttons read as on the board with it off.
beforeEach(() => localStorage.setItem(SHOW_FAIR_ODDS_KEY, "off"));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the game page's player props", () => {
  it("lists each player's markets at their main line, grouped by player then market, with the board's prices", async () => {
    propsApi({});
    renderApp(GAME_PATH);
    await within(await screen.findByRole("region", { name: "Player props" })).findByRole("list", { name: "Players" });
    expect(playerNames()).toEqual(["Donovan Mitchell Cleveland Cavaliers", "Luka Dončić", "Paolo Banchero Orlando Magic"]);
    expect(prices("Paolo Banchero Points")).toEqual(["Over 22.5 -110", "Under 22.5 -110"]);
    expect(prices("Paolo Banchero Rebounds")).toEqual(["Over 7.5 +105", "Under 7.5 -125"]);
    expect(prices("Luka Dončić Assists")).toEqual(["Over 8.5 +120", "Under 8.5 -150"]);
    // A price held back reads Locked, says why, and cannot be pressed.
    expect(prices("Donovan Mitchell Points")[0]).toBe("Over 27.5 -115");
    expect(within(market("Donovan Mitchell Points")).getByRole("button", { name: "Under 27.5 Locked No price now" })).toHaveProperty(
      "disabled",
      true,
    );
    // Banchero's points at one line only; his markets in the catalogue's order.
    const banch = within(section())
      .getByRole("heading", { name: /^Paolo Banchero/ })
      .closest("li")!;
    expect(
      within(banch)
        .getAllByRole("group")
        .map((group) => group.querySelector(".game-props-market-name")?.textContent),
    ).toEqual(["Points", "Rebounds"]);
  });

  it("shows a player's market an operator suspended as Suspended, on every side, and nothing else", async () => {
    propsApi({
      props: () =>
        jsonResponse(200, {
          eventId: "g1",
          props: PROPS,
          confirmedAt: Date.now(),
          houseSuspended: [{ marketKey: "player_points", playerId: "paolo-banchero" }],
        }),
    });
    renderApp(GAME_PATH);
    await within(await screen.findByRole("region", { name: "Player props" })).findByRole("list", { name: "Players" });
    expect(prices("Paolo Banchero Points")).toEqual(["Over 22.5 Suspended by Vantage for now", "Under 22.5 Suspended by Vantage for now"]);
    for (const button of within(market("Paolo Banchero Points")).getAllByRole("button")) expect(button).toHaveProperty("disabled", true);
    // His other market, and the other players' same market, are open.
    expect(prices("Paolo Banchero Rebounds")).toEqual(["Over 7.5 +105", "Under 7.5 -125"]);
    expect(prices("Donovan Mitchell Points")[0]).toBe("Over 27.5 -115");
    expect(within(market("Donovan Mitchell Points")).getByRole("button", { name: "Under 27.5 Locked No price now" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("shows prices in the player's odds format, with the fair price under “Show fair odds”", async () => {
    localStorage.setItem(ODDS_FORMAT_KEY, "decimal");
    localStorage.setItem(SHOW_FAIR_ODDS_KEY, "on");
    propsApi({});
    renderApp(GAME_PATH);
    await screen.findByRole("group", { name: "Paolo Banchero Rebounds" });
    expect(prices("Paolo Banchero Rebounds")).toEqual(["Over 7.5 2.05fair 2.00", "Under 7.5 1.80fair 2.00"]);
  });

  it("filters the players by name, accents or not", async () => {
    const user = userEvent.setup();
    propsApi({});
    renderApp(GAME_PATH);
    const search = await screen.findByRole("searchbox", { name: "Search players" });
    await within(section()).findByRole("list", { name: "Players" });
    await user.type(search, "doncic");
    expect(playerNames()).toEqual(["Luka Dončić"]);
    await user.clear(search);
    await user.type(search, "BANCH");
    expect(playerNames()).toEqual(["Paolo Banchero Orlando Magic"]);
    await user.type(search, "x");
    expect(within(section()).getByText("No players match “BANCHx”.")).toBeTruthy();
    await user.clear(search);
    expect(playerNames()).toHaveLength(3);
  });
});

describe("a player prop on the slip", () => {
  it("is added under its name, Under replaces Over, and the same price again takes it off", async () => {
    const user = userEvent.setup();
    propsApi({});
    renderApp(GAME_PATH);
    const over = await screen.findByRole("button", { name: "Over 22.5 -110" });
    await user.click(over);
    await waitFor(() => expect(over.getAttribute("aria-pressed")).toBe("true"));
    expect(selections()).toHaveLength(1);
    expect(within(slip()).getByText(`Paolo Banchero Over 22.5 Points ${GAME}`)).toBeTruthy();
    expect(within(slip()).getByText("Player prop · NBA")).toBeTruthy();

    const under = within(market("Paolo Banchero Points")).getByRole("button", { name: "Under 22.5 -110" });
    await user.click(under);
    expect(selections()).toHaveLength(1);
    expect(within(slip()).getByText(`Paolo Banchero Under 22.5 Points ${GAME}`)).toBeTruthy();
    expect(over.getAttribute("aria-pressed")).toBe("false");
    expect(under.getAttribute("aria-pressed")).toBe("true");

    // Another market of the same player is a pick of its own.
    await user.click(within(market("Paolo Banchero Rebounds")).getByRole("button", { name: "Over 7.5 +105" }));
    expect(selections()).toHaveLength(2);

    await user.click(under);
    expect(selections()).toHaveLength(1);
    expect(under.getAttribute("aria-pressed")).toBe("false");
  });

  it("stays on the slip across a reload", async () => {
    const user = userEvent.setup();
    propsApi({});
    const first = renderApp(GAME_PATH);
    await user.click(await screen.findByRole("button", { name: "Over 22.5 -110" }));
    first.unmount();
    renderApp(GAME_PATH);
    expect((await screen.findByRole("button", { name: "Over 22.5 -110" })).getAttribute("aria-pressed")).toBe("true");
    expect(within(slip()).getByText(`Paolo Banchero Over 22.5 Points ${GAME}`)).toBeTruthy();
  });

  it("is sent with its player's market, and the placed leg reads as the slip named it", async () => {
    const user = userEvent.setup();
    const placed: BetDocument = {
      id: "bet-1",
      slipId: "slip-1",
      wallet: "coins",
      kind: "Singles",
      status: "open",
      result: null,
      stake: 1000,
      toWin: 909,
      payoutPaid: 0,
      createdAt: Date.now(),
      settledAt: null,
      legResults: [null],
      legs: [
        {
          eventId: "g1",
          league: "basketball_nba",
          market: "Prop",
          side: "Over",
          line: 22.5,
          priceAm: -110,
          home: "Cleveland Cavaliers",
          away: "Orlando Magic",
          startTime: game().startTime,
          prop: { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" },
        },
      ],
    };
    const calls = propsApi({
      placeBet: () =>
        jsonResponse(200, { bets: [placed], balances: { coinBalance: 4000, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 } }),
    });
    renderApp(GAME_PATH);
    await user.click(await screen.findByRole("button", { name: "Over 22.5 -110" }));
    await user.type(within(slip()).getByLabelText("Amount"), "10");
    await user.click(within(slip()).getByRole("button", { name: "Place bet" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    expect(within(dialog).getByText(`Paolo Banchero Over 22.5 Points ${GAME}`)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    const receipt = await screen.findByRole("dialog", { name: "Bet placed" });
    expect(within(receipt).getByText(`Paolo Banchero Over 22.5 Points ${GAME}`)).toBeTruthy();
    expect(within(receipt).getByText("Player prop · NBA")).toBeTruthy();
    const request = calls.find((c) => c.path === "/api/placeBet")!.body as PlaceBetRequest;
    expect(request.picks).toEqual([
      {
        eventId: "g1",
        league: "basketball_nba",
        market: "Prop",
        side: "Over",
        line: 22.5,
        priceAm: -110,
        playerMarket: { playerId: "paolo-banchero", marketKey: "player_points" },
      },
    ]);
  });

  it("takes the current price from a 409, as a board pick does", async () => {
    const user = userEvent.setup();
    const message = "Odds changed for one or more selections. Review your betslip and place again.";
    propsApi({
      placeBet: () =>
        jsonResponse(409, {
          error: {
            code: "price-changed",
            message,
            details: { picks: [{ eventId: "g1", market: "Prop", side: "Over", priceAm: -125, line: 22.5, locked: false }] },
          },
        }),
    });
    renderApp(GAME_PATH);
    await user.click(await screen.findByRole("button", { name: "Over 22.5 -110" }));
    await user.type(within(slip()).getByLabelText("Amount"), "10");
    await user.click(within(slip()).getByRole("button", { name: "Place bet" }));
    await user.click(within(screen.getByRole("dialog", { name: "Confirm wager" })).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(within(slip()).getByRole("alert").textContent).toBe(message));
    expect(selections()).toHaveLength(1);
    expect(selections()[0]!.textContent).toContain("-125");
    // Still the same pick: the page's button stays pressed.
    expect(within(market("Paolo Banchero Points")).getByRole("button", { name: "Over 22.5 -110" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("beside another pick on its game in a parlay, says they can't be combined", async () => {
    const user = userEvent.setup();
    propsApi({});
    renderApp(GAME_PATH);
    await user.click(await screen.findByRole("button", { name: "Over 22.5 -110" }));
    await user.click(screen.getByRole("button", { name: "Over 221.5 -105" }));
    expect(selections()).toHaveLength(2);
    const block = within(slip()).getByRole("group", { name: /^Same-game parlay/ });
    expect((await within(block).findByRole("alert")).textContent).toBe(SAME_GAME_MESSAGES.props);
    expect(within(slip()).getByRole("button", { name: "Place parlay" })).toHaveProperty("disabled", true);
  });

  it("as an anytime goalscorer, joins his game's picks in a same-game parlay priced together", async () => {
    const user = userEvent.setup();
    const sameGame = { model: { v: GAME_MODEL_VERSION, sport: "icehockey_nhl" as const, params: [3.3, 2.8] }, margin: 0.08 };
    const hockey = game({
      eventId: "n1",
      sport: "icehockey_nhl",
      home: "Edmonton Oilers",
      away: "Calgary Flames",
      markets: { moneyline: { home: -150, away: 130 } },
      sameGame,
    });
    const mcdavid: Prop = {
      propId: "n1:connor-mcdavid:player_goal_scorer_anytime:yes",
      eventId: "n1",
      sport: "icehockey_nhl",
      marketKey: "player_goal_scorer_anytime",
      kind: "yes",
      player: { id: "connor-mcdavid", name: "Connor McDavid", team: "home" },
      line: null,
      prices: { over: 135, under: null },
      fair: { books: 5, over: { p: 0.4, margin: 0.04 }, under: null },
    };
    propsApi({ event: hockey, props: () => jsonResponse(200, { eventId: "n1", props: [mcdavid], confirmedAt: Date.now() }) });
    renderApp("/game/n1?sport=icehockey_nhl");
    await screen.findByRole("group", { name: "Connor McDavid Anytime goalscorer" });
    expect(prices("Connor McDavid Anytime goalscorer")).toEqual(["Yes +135"]);
    await user.click(within(market("Connor McDavid Anytime goalscorer")).getByRole("button", { name: "Yes +135" }));
    expect(within(slip()).getByText("Connor McDavid Anytime goalscorer (Calgary Flames @ Edmonton Oilers)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Edmonton Oilers -150" }));

    const [quote] = quoteSameGame(
      "Parlay",
      [
        { eventId: "n1", market: "Prop", side: "Yes", line: null, scorer: { team: "home", pScores: 0.4 } },
        { eventId: "n1", market: "Moneyline", side: "Home", line: null },
      ],
      () => ({ sameGame, started: false }),
    );
    if (!quote?.ok) throw new Error("the scorer and his team's win should price together");
    const block = within(slip()).getByRole("group", { name: /^Same-game parlay/ });
    expect(await within(block).findByText(formatPrice(quote.priceAm, "american"))).toBeTruthy();
    expect(within(block).queryByRole("alert")).toBeNull();
  });

  it("is picked and unpicked from the keyboard", async () => {
    const user = userEvent.setup();
    propsApi({});
    renderApp(GAME_PATH);
    const search = await screen.findByRole("searchbox", { name: "Search players" });
    await within(section()).findByRole("list", { name: "Players" });
    await user.type(search, "paolo");
    await user.tab();
    const over = within(market("Paolo Banchero Points")).getByRole("button", { name: "Over 22.5 -110" });
    expect(document.activeElement).toBe(over);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(over.getAttribute("aria-pressed")).toBe("true"));
    expect(within(slip()).getByText(`Paolo Banchero Over 22.5 Points ${GAME}`)).toBeTruthy();
    await user.keyboard(" ");
    await waitFor(() => expect(over.getAttribute("aria-pressed")).toBe("false"));
  });
});

describe("the player props' states", () => {
  it("says loading in the room the props will take, then shows them", async () => {
    let answer: ((r: Response) => void) | null = null;
    propsApi({ props: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp(GAME_PATH);
    const loading = await screen.findByText("Loading player props…");
    expect(loading.getAttribute("role")).toBe("status");
    expect(loading.classList.contains("game-props-loading")).toBe(true);
    // The props are answered once they have been asked for, however long the page took to ask.
    await waitFor(() => expect(answer).not.toBeNull());
    answer!(jsonResponse(200, { eventId: "g1", props: PROPS, confirmedAt: Date.now() }));
    expect(await screen.findByRole("group", { name: "Paolo Banchero Points" })).toBeTruthy();
    expect(screen.queryByText("Loading player props…")).toBeNull();
  });

  it("says when the game has none yet", async () => {
    propsApi({ props: () => jsonResponse(200, { eventId: "g1", props: [], confirmedAt: null }) });
    renderApp(GAME_PATH);
    expect(await within(await screen.findByRole("region", { name: "Player props" })).findByText(NO_PROPS)).toBeTruthy();
    expect(screen.queryByRole("searchbox", { name: "Search players" })).toBeNull();
  });

  it("says props are pre-match only once the game has started, and asks for none", async () => {
    const started = game({
      startTime: new Date(Date.now() - HOUR).toISOString(),
      status: "live",
      live: { homeScore: 54, awayScore: 49, periodLabel: "Q3", clock: "7:41" },
    });
    const calls = propsApi({ event: started });
    renderApp(GAME_PATH);
    expect(await within(await screen.findByRole("region", { name: "Player props" })).findByText(PROPS_STARTED)).toBeTruthy();
    expect(calls.some((c) => c.path.includes("/props"))).toBe(false);
  });

  it("says when they could not load, and tries again", async () => {
    const user = userEvent.setup();
    let fail = true;
    propsApi({
      props: () =>
        fail
          ? jsonResponse(503, { error: { code: "props-unavailable", message: "Player props are unavailable right now." } })
          : jsonResponse(200, { eventId: "g1", props: PROPS, confirmedAt: Date.now() }),
    });
    renderApp(GAME_PATH);
    const region = await screen.findByRole("region", { name: "Player props" });
    expect((await within(region).findByRole("alert")).textContent).toBe("Player props are unavailable right now.");
    fail = false;
    await user.click(within(region).getByRole("button", { name: "Try again" }));
    expect(await within(region).findByRole("group", { name: "Paolo Banchero Points" })).toBeTruthy();
  });
});
