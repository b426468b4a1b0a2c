// The game page's player props keep current as the board does, and the slip follows them as
// it follows the board: the props are read again at the live cadence while the tab is
// visible; a picked prop whose price moves on the next read shows the move in the slip (and
// in an open confirm step, which asks to accept it); one whose line moved, or whose market
// is suspended, reads Locked and stays on its own line; a failed read leaves the props
// shown; and a props read leaves the slip's game-line picks and other games' props alone.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playersOf } from "../../src/features/board/components/prop-offers";
import { BETSLIP_KEY } from "../../src/session/betslip-provider";
import { SHOW_FAIR_ODDS_KEY } from "../../src/session/fair-odds-setting";
import type { PlaceBetRequest } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { EventProps, Prop, PropMarketRef } from "../../src/shared/schemas/props";
import { SPORT_KEYS } from "../../src/shared/sports";
import { type FakeCall, fakeApi, jsonResponse, renderApp, sessionBody, sportsBody } from "./app-helpers";

const HOUR = 3_600_000;
/** The live cadence sportsBody gives: the game page reads its props again every 30 s. */
const REFRESH_MS = 30_000;
const GAME_PATH = "/game/g1?sport=basketball_nba";

/** An NBA game that has not started (so its board is not read again, and its props are offered). */
function game(eventId = "g1", home = "Cleveland Cavaliers"): Event {
  return {
    eventId,
    sport: "basketball_nba",
    startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
    home,
    away: "Orlando Magic",
    status: "scheduled",
    live: null,
    markets: {
      moneyline: { home: -170, away: 150 },
      spread: { line: -4.5, home: -110, away: -110 },
      total: { line: 221.5, over: -105, under: -115 },
    },
  };
}

/** Paolo Banchero's points on `eventId`'s page, at `line` with these prices. */
function points(line: number, over: number, under: number, eventId = "g1"): Prop {
  return {
    propId: `${eventId}:paolo-banchero:player_points:${line}`,
    eventId,
    sport: "basketball_nba",
    marketKey: "player_points",
    kind: "over-under",
    player: { id: "paolo-banchero", name: "Paolo Banchero", team: "away" },
    line,
    prices: { over, under },
    fair: { books: 5, over: { p: 0.5, margin: 0.02 }, under: { p: 0.5, margin: 0.02 } },
  };
}

type PropsRead = { props: Prop[]; houseSuspended?: PropMarketRef[] } | "fails";

/** The fake Worker: g1 on the NBA board, and its props as `read()` gives them at each read (`fails`: a 503). */
function propsApi(read: () => PropsRead) {
  return fakeApi((call: FakeCall) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody(SPORT_KEYS.map((key) => ({ key, label: key, mapped: true }))));
    if (call.path === "/api/events/g1/props?sport=basketball_nba") {
      const now = read();
      if (now === "fails")
        return jsonResponse(503, { error: { code: "props-unavailable", message: "Player props are unavailable right now." } });
      return jsonResponse(200, { eventId: "g1", confirmedAt: Date.now(), ...now } satisfies EventProps);
    }
    if (call.path.startsWith("/api/events?sport=basketball_nba")) return jsonResponse(200, [game()]);
    if (call.path.startsWith("/api/events?")) return jsonResponse(200, []);
    return undefined;
  });
}

/** The game page's next props read, at the live cadence. */
const nextPropsRead = () => act(async () => vi.advanceTimersByTime(REFRESH_MS));
const propsReads = (calls: FakeCall[]) => calls.filter((c) => c.path.startsWith("/api/events/g1/props")).length;
const slip = () => screen.getByRole("region", { name: /^Betslip/ });
const selections = () => within(screen.getByRole("list", { name: "Selections" })).getAllByRole("listitem");
const row = (text: string) => selections().find((li) => li.textContent?.includes(text))!;
const pointsButtons = () =>
  within(screen.getByRole("group", { name: "Paolo Banchero Points" }))
    .getAllByRole("button")
    .map((b) => b.textContent);

async function pickOver(name = "Over 22.5 -110") {
  renderApp(GAME_PATH);
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole("button", { name }));
  return ui;
}

beforeEach(() => {
  localStorage.setItem(SHOW_FAIR_ODDS_KEY, "off");
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the slip follows the game page's player props", () => {
  it("shows a picked prop's price that moved on the next props read, the old price struck through and the move said", async () => {
    let over = -110;
    propsApi(() => ({ props: [points(22.5, over, -110)] }));
    await pickOver();
    expect(within(slip()).queryByText(/Price moved/)).toBeNull();

    over = -130;
    await nextPropsRead();
    await waitFor(() => expect(within(slip()).getByText("Price moved from -110 to -130")).toBeTruthy());
    const picked = row("Paolo Banchero Over 22.5 Points");
    expect(picked.querySelector("s")?.textContent).toBe("-110");
    expect(picked.textContent).toContain("▼");
    expect(picked.className).not.toContain("is-locked");
    // The page shows the new price, still the pick on the slip.
    expect(screen.getByRole("button", { name: "Over 22.5 -130" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("locks a picked prop whose line moved, keeps it on its own line, and will not place it", async () => {
    let line = 22.5;
    propsApi(() => ({ props: [points(line, -110, -110)] }));
    const ui = await pickOver();

    line = 23.5;
    await nextPropsRead();
    await waitFor(() => expect(row("Paolo Banchero").textContent).toContain("Locked"));
    const picked = row("Paolo Banchero");
    expect(picked.className).toContain("is-locked");
    // Not quietly pointed at the new line: still the bet the player picked.
    expect(picked.textContent).toContain("Over 22.5");
    expect(picked.textContent).not.toContain("23.5");
    expect(screen.getByRole("button", { name: "Over 23.5 -110" }).getAttribute("aria-pressed")).toBe("false");

    await ui.type(within(slip()).getByLabelText("Amount"), "10");
    await ui.click(within(slip()).getByRole("button", { name: "Place bet" }));
    expect(within(slip()).getByRole("alert").textContent).toBe("One or more selections are locked.");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("locks a picked prop while its player's market is suspended, and opens it once it is offered again", async () => {
    let suspended = false;
    propsApi(() => ({
      props: [points(22.5, -110, -110)],
      ...(suspended && { houseSuspended: [{ marketKey: "player_points", playerId: "paolo-banchero" }] }),
    }));
    await pickOver();

    suspended = true;
    await nextPropsRead();
    await waitFor(() => expect(row("Paolo Banchero").textContent).toContain("Locked"));
    expect(pointsButtons()).toEqual(["Over 22.5 Suspended by Vantage for now", "Under 22.5 Suspended by Vantage for now"]);

    suspended = false;
    await nextPropsRead();
    await waitFor(() => expect(row("Paolo Banchero").textContent).not.toContain("Locked"));
    expect(row("Paolo Banchero").className).not.toContain("is-locked");
  });

  it("shows a prop's price that moved while the confirm step is open, and asks the player to accept it first", async () => {
    let over = -110;
    const calls = propsApi(() => ({ props: [points(22.5, over, -110)] }));
    const ui = await pickOver();
    await ui.type(within(slip()).getByLabelText("Amount"), "10");
    await ui.click(within(slip()).getByRole("button", { name: "Place bet" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm wager" });

    over = -125;
    await nextPropsRead();
    await waitFor(() => expect(within(dialog).getByText("Price moved from -110 to -125")).toBeTruthy());
    expect(within(dialog).getByRole("status").textContent).toBe("Prices changed. Check them, then accept to continue.");
    await ui.click(within(dialog).getByRole("button", { name: "Accept new prices" }));
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/placeBet").map((c) => c.body as PlaceBetRequest)).toHaveLength(0);
  });

  it("leaves the game's line picks and another game's prop alone when the props move", async () => {
    // Banchero's points on another game, picked on its page before: the same market, side and line.
    const otherGame = playersOf(game("g2", "Boston Celtics"), [points(22.5, -110, -110, "g2")])[0]!.markets[0]!.sides[0]!.pick!;
    localStorage.setItem(BETSLIP_KEY, JSON.stringify({ picks: [otherGame], mode: "Singles", amount: "" }));
    let over = -110;
    propsApi(() => ({ props: [points(22.5, over, -110)] }));
    const ui = await pickOver();
    await ui.click(screen.getByRole("button", { name: "Over 221.5 -105" }));
    await ui.click(screen.getByRole("radio", { name: "Singles" }));

    over = -140;
    await nextPropsRead();
    await waitFor(() => expect(within(slip()).getByText("Price moved from -110 to -140")).toBeTruthy());
    expect(within(slip()).getAllByText(/Price moved/)).toHaveLength(1);
    const gameLine = row("Over 221.5");
    expect(gameLine.textContent).toContain("-105");
    expect(gameLine.className).not.toContain("is-locked");
    const elsewhere = row("Boston Celtics");
    expect(elsewhere.textContent).toContain("-110");
    expect(elsewhere.textContent).not.toContain("Locked");
  });
});

describe("the game page's props read again", () => {
  it("keeps the props shown through a failed read, and takes the next one", async () => {
    let now: PropsRead = { props: [points(22.5, -110, -110)] };
    propsApi(() => now);
    await pickOver();

    now = "fails";
    await nextPropsRead();
    expect(screen.getByRole("button", { name: "Over 22.5 -110" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Under 22.5 -110" })).toBeTruthy();
    expect(screen.queryByText("Loading player props…")).toBeNull();
    expect(within(screen.getByRole("region", { name: "Player props" })).queryByRole("alert")).toBeNull();

    now = { props: [points(22.5, -120, -100)] };
    await nextPropsRead();
    await waitFor(() => expect(within(slip()).getByText("Price moved from -110 to -120")).toBeTruthy());
    expect(screen.getByRole("button", { name: "Over 22.5 -120" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Under 22.5 -100" })).toBeTruthy();
  });

  it("reads nothing while the tab is hidden, and catches up as it is shown again", async () => {
    let visibility: DocumentVisibilityState = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    let over = -110;
    const calls = propsApi(() => ({ props: [points(22.5, over, -110)] }));
    await pickOver();
    const reads = propsReads(calls);

    visibility = "hidden";
    over = -150;
    await act(async () => vi.advanceTimersByTime(3 * REFRESH_MS));
    expect(propsReads(calls)).toBe(reads);

    visibility = "visible";
    await act(async () => document.dispatchEvent(new window.Event("visibilitychange")));
    expect(propsReads(calls)).toBe(reads + 1);
    await waitFor(() => expect(within(slip()).getByText("Price moved from -110 to -150")).toBeTruthy());
  });
});
