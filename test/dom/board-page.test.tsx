// The home board as a signed-in player sees it: every loading/empty/error text of
// spec §2, Sports vs Live by start time, favorites, locked prices, 'Coming soon'
// sports, the chosen odds format, picking a price, and the 10-minute session cache.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, type FakeCall } from "./app-helpers";

const HOUR = 3_600_000;

function game(id: string, startOffsetMs: number, overrides: Partial<Event> = {}): Event {
  const live = startOffsetMs <= 0;
  return {
    eventId: id,
    sport: "basketball_nba",
    startTime: new Date(Date.now() + startOffsetMs).toISOString(),
    home: "Boston Celtics",
    away: "Miami Heat",
    status: live ? "live" : "scheduled",
    live: live ? { homeScore: 54, awayScore: 49, periodLabel: "Q3", clock: "7:41" } : null,
    markets: {
      moneyline: { home: -170, away: 150 },
      spread: { line: -4.5, home: -110, away: -110 },
      total: { line: 221.5, over: -105, under: -115 },
    },
    ...overrides,
  };
}

type Setup = { events?: Event[] | (() => Response | Promise<Response>); sports?: Array<{ key: string; label: string; mapped: boolean }> };

function boardApi({ events = [], sports }: Setup) {
  return fakeApi((call: FakeCall) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") {
      return jsonResponse(
        200,
        sportsBody(
          sports ??
            ["NFL", "NBA", "MLB", "NHL", "NCAAF", "NCAAB", "Soccer", "MMA"].map((label, i) => ({ key: KEYS[i]!, label, mapped: true })),
        ),
      );
    }
    if (call.path.startsWith("/api/events")) return typeof events === "function" ? events() : jsonResponse(200, events);
    return undefined;
  });
}

const KEYS = [
  "americanfootball_nfl",
  "basketball_nba",
  "baseball_mlb",
  "icehockey_nhl",
  "americanfootball_ncaaf",
  "basketball_ncaab",
  "soccer_usa_mls",
  "mma_mixed_martial_arts",
];

async function openNba(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "NBA" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("board texts", () => {
  it("shows 'Loading live odds…' until the odds arrive", async () => {
    // Every request for the board waits until the test answers them all (the page may ask
    // more than once while it starts), and any asked later is answered at once.
    const odds = () => jsonResponse(200, [game("g1", 2 * HOUR)]);
    const waiting: ((r: Response) => void)[] = [];
    let answered = false;
    boardApi({ events: () => (answered ? odds() : new Promise<Response>((r) => waiting.push(r))) });
    renderApp("/");
    expect(await screen.findByText("Loading live odds…")).toBeTruthy();
    answered = true;
    for (const answer of waiting.splice(0)) answer(odds());
    expect(await screen.findByRole("article", { name: "Miami Heat at Boston Celtics" })).toBeTruthy();
    expect(screen.queryByText("Loading live odds…")).toBeNull();
  });

  it("shows 'Failed to load events' in red with an empty list when the feed fails", async () => {
    // The board logs the failure; expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    boardApi({ events: () => jsonResponse(502, { error: { code: "odds-feed-unavailable", message: "down" } }) });
    renderApp("/");
    const error = await screen.findByText("Failed to load events");
    expect(error.className).toContain("board-error");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });

  it("sorts games into Sports (future) and Live (started), with the empty text of each", async () => {
    const user = userEvent.setup();
    boardApi({ events: [game("live-1", -HOUR)] });
    renderApp("/");
    expect(await screen.findByText("No upcoming games.")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Live" }));
    const card = await screen.findByRole("article", { name: "Miami Heat at Boston Celtics" });
    expect(within(card).getByText("LIVE")).toBeTruthy();
    expect(within(card).getByText("Q3 · 7:41")).toBeTruthy();
    expect(within(card).getByText("54")).toBeTruthy();
    expect(within(card).getByText("49")).toBeTruthy();
  });

  it("says 'No live games right now.' when nothing has started", async () => {
    const user = userEvent.setup();
    boardApi({ events: [game("later", 3 * HOUR)] });
    renderApp("/");
    await screen.findByRole("article");
    await user.click(screen.getByRole("tab", { name: "Live" }));
    expect(await screen.findByText("No live games right now.")).toBeTruthy();
  });

  it("guides favorites: none yet, then a favorite team's game, then none for this sport", async () => {
    const user = userEvent.setup();
    boardApi({ events: [game("g1", 2 * HOUR)] });
    renderApp("/");
    await user.click(await screen.findByRole("tab", { name: "Favorites" }));
    expect(await screen.findByText("Add favorites to see games here.")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Sports" }));
    const bubble = await screen.findByRole("button", { name: /Add Miami Heat to favorites/ });
    // A visible star says what the bubble does: empty, then filled once a favourite.
    expect(bubble.textContent).toMatch(/^☆MIA/);
    await user.click(bubble);
    const favourite = screen.getByRole("button", { name: /Remove Miami Heat from favorites/ });
    expect(favourite.getAttribute("aria-pressed")).toBe("true");
    expect(favourite.textContent).toMatch(/^★MIA/);
    expect(JSON.parse(localStorage.getItem("vantage.favorites") ?? "[]")).toEqual(["Miami Heat"]);

    await user.click(screen.getByRole("tab", { name: "Favorites" }));
    expect(await screen.findByRole("article", { name: "Miami Heat at Boston Celtics" })).toBeTruthy();

    localStorage.setItem("vantage.favorites", JSON.stringify(["Denver Nuggets"]));
    window.dispatchEvent(new StorageEvent("storage", { key: "vantage.favorites" }));
    expect(await screen.findByText("No favorite-team games for this sport right now.")).toBeTruthy();
  });
});

describe("board cards", () => {
  it("shows prices, lines and 'Locked' (disabled, saying why) for locked prices; a dash for a market not offered", async () => {
    boardApi({
      events: [
        game("g1", 2 * HOUR, {
          markets: { moneyline: { home: null, away: 150 }, spread: { line: -4.5, home: -110, away: null } },
        }),
      ],
    });
    renderApp("/");
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("button", { name: "Miami Heat ML +150" })).toBeTruthy();
    // A price beyond the book's range: nothing else on the card explains it, so the cell does.
    const locked = within(card).getByRole("button", { name: "Boston Celtics ML Locked No price now" }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(locked.title).toBe("No price now");
    expect(within(locked).getByText("No price now")).toBeTruthy();
    expect((within(card).getByRole("button", { name: "Miami Heat +4.5 Locked No price now" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByRole("button", { name: "Boston Celtics -4.5 -110" })).toBeTruthy();
    expect(within(card).getAllByText("Total not offered")).toHaveLength(2);
  });

  it("a market the house suspended reads 'Suspended' and cannot be picked; the game's other markets still can", async () => {
    boardApi({ events: [game("g1", 2 * HOUR, { houseSuspended: ["Moneyline"] })] });
    renderApp("/");
    const card = await screen.findByRole("article");
    const suspended = within(card).getByRole("button", { name: "Boston Celtics ML Suspended by Vantage for now" }) as HTMLButtonElement;
    expect(suspended.disabled).toBe(true);
    expect(suspended.title).toBe("Suspended by Vantage for now");
    expect((within(card).getByRole("button", { name: /^Miami Heat ML Suspended/ }) as HTMLButtonElement).disabled).toBe(true);
    const spread = within(card).getByRole("button", { name: "Boston Celtics -4.5 -110" }) as HTMLButtonElement;
    expect(spread.disabled).toBe(false);
  });

  it("a game with the moneyline only reads as one locked cell saying why, not four empty boxes", async () => {
    boardApi({ events: [game("g1", 2 * HOUR, { markets: { moneyline: { home: -200, away: 170 } } })] });
    renderApp("/");
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("button", { name: "Miami Heat ML +170" })).toBeTruthy();
    expect(within(card).getAllByText("Not offered for NBA")).toHaveLength(1);
    expect(within(card).queryByText("Spread not offered")).toBeNull();
    expect(within(card).queryByText("Total not offered")).toBeNull();
  });

  it("puts a full pick on the betslip and shows it selected", async () => {
    const user = userEvent.setup();
    boardApi({ events: [game("g1", 2 * HOUR)] });
    renderApp("/");
    const over = await screen.findByRole("button", { name: "Total O 221.5 -105" });
    expect(over.getAttribute("aria-pressed")).toBe("false");
    await user.click(over);
    await waitFor(() => expect(screen.getByRole("button", { name: "Total O 221.5 -105" }).getAttribute("aria-pressed")).toBe("true"));
    const slip = JSON.parse(localStorage.getItem("vantage.betslip") ?? "null");
    expect(JSON.stringify(slip)).toContain("g1:Total:Over");
  });

  it("shows prices in Decimal when the player chose it", async () => {
    localStorage.setItem("vantage.oddsFormat", "decimal");
    boardApi({ events: [game("g1", 2 * HOUR)] });
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Miami Heat ML 2.50" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Boston Celtics ML 1.59" })).toBeTruthy();
  });

  it("switches to Fractional in Settings and shows −150, +130, −110, +250 on the UK ladder as 4/6, 5/4, 10/11, 5/2", async () => {
    const user = userEvent.setup();
    const markets = {
      moneyline: { home: -150, away: 130 },
      spread: { line: -2.5, home: -110, away: -110 },
      total: { line: 220.5, over: 250, under: -400 },
    };
    // Two games, so the two picks make an ordinary parlay (two on one game would be a same-game block).
    const other = game("g2", 3 * HOUR, {
      home: "Denver Nuggets",
      away: "Utah Jazz",
      markets: { ...markets, moneyline: { home: -200, away: 130 }, total: { line: 215.5, over: -110, under: -110 } },
    });
    boardApi({ events: [game("g1", 2 * HOUR, { markets }), other] });
    const { router } = renderApp("/settings");
    await user.click(await screen.findByRole("radio", { name: /Fractional/ }));
    expect(localStorage.getItem("vantage.oddsFormat")).toBe("fractional");
    await router.navigate("/");
    expect(await screen.findByRole("button", { name: "Boston Celtics ML 4/6" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Miami Heat ML 5/4" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Boston Celtics -2.5 10/11" })).toBeTruthy();
    const over = screen.getByRole("button", { name: "Total O 220.5 5/2" });
    await user.click(over);
    await user.click(screen.getByRole("button", { name: "Utah Jazz ML 5/4" }));
    const slip = document.querySelector(".betslip") as HTMLElement;
    await waitFor(() => expect(within(slip).getByText("5/2")).toBeTruthy());
    expect(within(slip).getByText("5/4")).toBeTruthy();
    // Parlay odds: 3.5 × 2.3 = 8.05 → +705: the ladder's 7/1 reads, the true 8.05 pays.
    expect(within(slip).getByText("7/1")).toBeTruthy();
  });

  it("keeps a toast started on the board on screen after the player moves to another page", async () => {
    const user = userEvent.setup();
    boardApi({ events: [game("g1", 2 * HOUR)] });
    const { router } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Miami Heat ML +150" }));
    await user.click(screen.getByRole("button", { name: "Miami Heat +4.5 -110" }));
    const message = "Can’t add Moneyline and Spread for the same team.";
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    await router.navigate("/settings");
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("disables sports without a feed and marks them 'Coming soon'", async () => {
    boardApi({
      events: [game("g1", 2 * HOUR)],
      sports: KEYS.map((key, i) => ({
        key,
        label: ["NFL", "NBA", "MLB", "NHL", "NCAAF", "NCAAB", "Soccer", "MMA"][i]!,
        mapped: key !== "mma_mixed_martial_arts",
      })),
    });
    renderApp("/");
    const mma = (await screen.findByRole("button", { name: /MMA/ })) as HTMLButtonElement;
    await waitFor(() => expect(mma.disabled).toBe(true));
    expect(within(mma).getByText("Coming soon")).toBeTruthy();
    expect((screen.getByRole("button", { name: "NBA" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows an empty list, not endless loading, when the feed carries no sport at all", async () => {
    boardApi({
      events: [game("g1", 2 * HOUR)],
      sports: KEYS.map((key, i) => ({ key, label: ["NFL", "NBA", "MLB", "NHL", "NCAAF", "NCAAB", "Soccer", "MMA"][i]!, mapped: false })),
    });
    renderApp("/");
    expect(await screen.findByText("No upcoming games.")).toBeTruthy();
    expect(screen.queryByText("Loading live odds…")).toBeNull();
    expect(screen.getAllByText("Coming soon")).toHaveLength(8);
  });

  it("filters games by the team search", async () => {
    const user = userEvent.setup();
    boardApi({ events: [game("g1", 2 * HOUR), game("g2", 3 * HOUR, { home: "Denver Nuggets", away: "Utah Jazz" })] });
    renderApp("/");
    await screen.findByRole("article", { name: "Utah Jazz at Denver Nuggets" });
    await user.type(screen.getByRole("searchbox", { name: "Search teams" }), "jazz");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(screen.getByRole("article", { name: "Utah Jazz at Denver Nuggets" })).toBeTruthy();
  });
});

describe("client odds cache", () => {
  it("asks the server once per sport within 10 minutes and uses the spec's query", async () => {
    const user = userEvent.setup();
    const calls = boardApi({ events: [game("g1", 2 * HOUR)] });
    renderApp("/");
    await screen.findByRole("article");
    await openNba(user);
    await screen.findByRole("article");
    await user.click(screen.getByRole("button", { name: "NFL" }));
    await screen.findByRole("article");
    const eventCalls = calls.filter((c) => c.path.startsWith("/api/events"));
    expect(eventCalls.map((c) => new URL(c.path, "http://x").searchParams.get("sport"))).toEqual([
      "americanfootball_nfl",
      "basketball_nba",
    ]);
    const q = new URL(eventCalls[0]!.path, "http://x").searchParams;
    expect(Object.fromEntries(q)).toEqual({
      sport: "americanfootball_nfl",
      markets: "h2h,spreads,totals",
      regions: "us,us2",
      oddsFormat: "american",
    });
    expect(eventCalls[0]!.authorization).toBe("Bearer access-1");
  });
});
