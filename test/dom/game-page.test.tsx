// A game's own page (/game/:eventId): the board's card links to it; it shows the game's
// header and every market in its own row with the board's price buttons, and a pick taken
// there is on the same slip as the board's (on a phone, in the bar at the bottom); a
// suspended game is locked in every market with its reason once; the same-game note; and
// its loading, not-found, failure and signed-out states.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import { SAME_GAME_MESSAGES } from "../../src/shared/same-game";
import { SESSION_HINT_COOKIE } from "../../src/shared/session-hint";
import { SPORT_KEYS } from "../../src/shared/sports";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, type FakeCall } from "./app-helpers";

const HOUR = 3_600_000;
const GAME_PATH = "/game/g1?sport=basketball_nba";

function game(overrides: Partial<Event> = {}): Event {
  return {
    eventId: "g1",
    sport: "basketball_nba",
    startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
    home: "Boston Celtics",
    away: "Miami Heat",
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

/**
 * The fake Worker: every sport carried, `boards` answering GET /api/events by sport (an
 * empty board otherwise), and no player props (test/dom/player-props.test.tsx has them).
 */
function gameApi(boards: Partial<Record<string, () => Response | Promise<Response>>>) {
  return fakeApi((call: FakeCall) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody(SPORT_KEYS.map((key) => ({ key, label: key, mapped: true }))));
    if (call.path.startsWith("/api/events/")) return jsonResponse(200, { eventId: "g1", props: [], confirmedAt: null });
    if (call.path.startsWith("/api/events?")) {
      const sport = new URL(call.path, "http://x").searchParams.get("sport") ?? "";
      return boards[sport]?.() ?? jsonResponse(200, []);
    }
    return undefined;
  });
}

const nbaBoard = (...events: Event[]) => ({ basketball_nba: () => jsonResponse(200, events) });

const market = (name: string) => screen.getByRole("region", { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the board's card", () => {
  it("links to the game's page, which shows the game under the page's own title", async () => {
    const user = userEvent.setup();
    gameApi(nbaBoard(game()));
    const { router } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "NBA" }));
    const card = await screen.findByRole("article", { name: "Miami Heat at Boston Celtics" });
    const link = within(card).getByRole("link", { name: "All markets for Miami Heat at Boston Celtics" });
    expect(link.getAttribute("href")).toBe(GAME_PATH);
    // The link is one stop in the card's tab order, not a wrapper around its price buttons.
    expect(link.querySelector("button")).toBeNull();
    await user.click(link);
    expect(await screen.findByRole("heading", { level: 1, name: "Miami Heat at Boston Celtics" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/game/g1");
    await waitFor(() => expect(document.title).toBe("Game · Vantage"));
  });
});

describe("the game page", () => {
  it("shows the game's header and every market in its own row with the board's prices", async () => {
    gameApi(nbaBoard(game()));
    renderApp(GAME_PATH);
    expect(await screen.findByRole("heading", { level: 1, name: "Miami Heat at Boston Celtics" })).toBeTruthy();
    expect(screen.getByText("NBA")).toBeTruthy();
    expect(
      within(market("Moneyline"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Miami Heat +150", "Boston Celtics -170"]);
    expect(
      within(market("Spread"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Miami Heat +4.5 -110", "Boston Celtics -4.5 -110"]);
    expect(
      within(market("Total"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Over 221.5 -105", "Under 221.5 -115"]);
    // No tabs: the game lines and its player props are one page.
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("shows a game under way with its score, period and clock", async () => {
    const live = game({
      startTime: new Date(Date.now() - HOUR).toISOString(),
      status: "live",
      live: { homeScore: 54, awayScore: 49, periodLabel: "Q3", clock: "7:41" },
    });
    gameApi(nbaBoard(live));
    renderApp(GAME_PATH);
    const header = (await screen.findByRole("heading", { level: 1 })).closest("header")!;
    expect(within(header).getByText("LIVE")).toBeTruthy();
    expect(within(header).getByText("Q3 · 7:41")).toBeTruthy();
    expect(within(header).getByText("Miami Heat 49 · Boston Celtics 54")).toBeTruthy();
  });

  it("puts a pick on the board's own slip", async () => {
    const user = userEvent.setup();
    gameApi(nbaBoard(game()));
    const { router } = renderApp(GAME_PATH);
    const over = await screen.findByRole("button", { name: "Over 221.5 -105" });
    expect(over.getAttribute("aria-pressed")).toBe("false");
    await user.click(over);
    await waitFor(() => expect(screen.getByRole("button", { name: "Over 221.5 -105" }).getAttribute("aria-pressed")).toBe("true"));
    const slip = document.querySelector(".betslip") as HTMLElement;
    expect(within(slip).getByText("Over 221.5")).toBeTruthy();
    expect(JSON.stringify(JSON.parse(localStorage.getItem("vantage.betslip") ?? "null"))).toContain("g1:Total:Over");

    // Back on the board, the same pick is the board's.
    await router.navigate("/");
    await user.click(await screen.findByRole("button", { name: "NBA" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Total O 221.5 -105" }).getAttribute("aria-pressed")).toBe("true"));
  });

  it("on a phone, shows the pick in the slip bar at the bottom", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(max-width: 900px)",
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    gameApi(nbaBoard(game()));
    renderApp(GAME_PATH);
    expect(screen.queryByRole("region", { name: "Betslip bar" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Miami Heat +150" }));
    const bar = await screen.findByRole("region", { name: "Betslip bar" });
    expect(within(bar).getByText("1 pick")).toBeTruthy();
  });

  it("locks every market of a suspended game, its reason shown once", async () => {
    const held = game({
      startTime: new Date(Date.now() - HOUR).toISOString(),
      status: "live",
      live: { homeScore: 54, awayScore: 49, periodLabel: "Q3", clock: "7:41" },
      markets: {
        moneyline: { home: -170, away: 150 },
        spread: { line: -4.5, home: -110, away: -110 },
        total: { line: 221.5, over: null, under: null },
      },
      suspended: { total: "score-change" },
    });
    gameApi(nbaBoard(held));
    renderApp(GAME_PATH);
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getAllByText("Suspended")).toHaveLength(1);
    expect(screen.getAllByText("Score changed")).toHaveLength(1);
    const prices = ["Moneyline", "Spread", "Total"].flatMap((name) => within(market(name)).getAllByRole("button"));
    expect(prices.map((b) => b.textContent)).toEqual([
      "Miami Heat Locked (score changed)",
      "Boston Celtics Locked (score changed)",
      "Miami Heat +4.5 Locked (score changed)",
      "Boston Celtics -4.5 Locked (score changed)",
      "Over 221.5 Locked (score changed)",
      "Under 221.5 Locked (score changed)",
    ]);
    for (const price of prices) expect(price).toHaveProperty("disabled", true);
  });

  it("shows a market the feed does not offer as one locked cell saying so", async () => {
    gameApi(nbaBoard(game({ markets: { moneyline: { home: -200, away: 170 } } })));
    renderApp(GAME_PATH);
    expect(await screen.findByRole("button", { name: "Miami Heat +170" })).toBeTruthy();
    expect(within(market("Spread")).getByText("Not offered for NBA")).toBeTruthy();
    expect(within(market("Total")).getByText("Not offered for NBA")).toBeTruthy();
  });

  it("says whether the game's picks combine into a same-game parlay", async () => {
    const sameGame = { model: { v: 1, sport: "basketball_nba" as const, params: [112, 108] }, margin: 0.05 };
    gameApi(nbaBoard(game(), game({ eventId: "g2", home: "Denver Nuggets", away: "Utah Jazz", sameGame })));
    const { router } = renderApp(GAME_PATH);
    const note = () => screen.getByRole("region", { name: "Same-game parlay" });
    await screen.findByRole("heading", { level: 1, name: "Miami Heat at Boston Celtics" });
    expect(note().textContent).toContain(SAME_GAME_MESSAGES.unavailable);
    await router.navigate("/game/g2?sport=basketball_nba");
    await screen.findByRole("heading", { level: 1, name: "Utah Jazz at Denver Nuggets" });
    expect(note().textContent).toContain("Add two or more picks of this game to your slip and they combine into a same-game parlay");
  });

  it("finds the game through each sport in turn when the link does not name its sport", async () => {
    const calls = gameApi(nbaBoard(game()));
    renderApp("/game/g1");
    expect(await screen.findByRole("heading", { level: 1, name: "Miami Heat at Boston Celtics" })).toBeTruthy();
    const asked = calls.filter((c) => c.path.startsWith("/api/events?")).map((c) => new URL(c.path, "http://x").searchParams.get("sport"));
    expect(asked).toEqual(["americanfootball_nfl", "basketball_nba"]);
  });
});

describe("the game page's states", () => {
  it("shows a loading line until the board answers", async () => {
    let answer: (r: Response) => void = () => undefined;
    gameApi({ basketball_nba: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp(GAME_PATH);
    expect((await screen.findByText("Loading game…")).getAttribute("role")).toBe("status");
    answer(jsonResponse(200, [game()]));
    expect(await screen.findByRole("heading", { level: 1, name: "Miami Heat at Boston Celtics" })).toBeTruthy();
    expect(screen.queryByText("Loading game…")).toBeNull();
  });

  it("says a game no longer on the board (finished, or never there) is not found, with the way back", async () => {
    gameApi(nbaBoard(game({ status: "final" })));
    renderApp(GAME_PATH);
    expect(await screen.findByRole("heading", { level: 1, name: "Game not found" })).toBeTruthy();
    expect(screen.getByText("This game is not on the board: it may have finished, or the link may be out of date.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the board" }).getAttribute("href")).toBe("/");
  });

  it("shows the board's failure message when the odds cannot be loaded", async () => {
    // The page logs the failure; expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    gameApi({ basketball_nba: () => jsonResponse(502, { error: { code: "odds-feed-unavailable", message: "down" } }) });
    renderApp(GAME_PATH);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load events");
    expect(screen.getByRole("link", { name: "Back to the board" }).getAttribute("href")).toBe("/");
  });

  it("shows the sign-in screen to a signed-out visitor, as the board does", async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
    gameApi(nbaBoard(game()));
    renderApp(GAME_PATH);
    expect(await screen.findByText("Sign in to continue using the sportsbook.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Miami Heat at Boston Celtics" })).toBeNull();
  });
});
