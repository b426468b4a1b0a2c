// The slip follows the board the player is looking at: a picked price that moves on the
// board's next read shows at once in the slip, the old price struck through and the move
// said; a side whose line moved reads Locked (never re-pointed) and cannot be placed until
// removed; a board that has not moved since never undoes a 409's newer price; a same-game
// block re-prices from the board's new score model; and a price that moves while the
// confirm step is open shows there, placed only once the player accepts it (a lock there
// holds Confirm back and says why).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatPrice } from "../../src/shared/odds";
import { quoteSameGame } from "../../src/shared/same-game";
import type { PlaceBetRequest, PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import { type FakeCall, fakeApi, jsonResponse, renderApp, sessionBody } from "./app-helpers";
import { installFakeSocket } from "./betslip-harness";

const HOUR = 3_600_000;
/** The live cadence GET /api/sports gives: the board asks again every 30 s while a game is under way. */
const REFRESH_MS = 30_000;

/** A game under way on the board (so the board keeps asking), with all three markets. */
function liveGame(over: { home?: number; totalLine?: number; over?: number } = {}): Event {
  return {
    eventId: "live-1",
    sport: "americanfootball_nfl",
    startTime: new Date(Date.now() - HOUR).toISOString(),
    home: "Kansas City Chiefs",
    away: "Buffalo Bills",
    status: "live",
    live: { homeScore: 14, awayScore: 10, periodLabel: "Q2", clock: "3:10" },
    markets: {
      moneyline: { home: over.home ?? -170, away: 150 },
      spread: { line: -3.5, home: -110, away: -110 },
      total: { line: over.totalLine ?? 47.5, over: over.over ?? -110, under: -110 },
    },
  };
}

/** Serves the board `board()` gives at each read; placeBet answers with `placed` and records the body. */
function boardApi(board: () => Event[], placed?: (call: FakeCall) => Response) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") {
      return jsonResponse(200, {
        feedNow: Date.now(),
        sports: SPORT_KEYS.map((key) => ({ key, label: key, mapped: true })),
        live: { refreshSeconds: REFRESH_MS / 1000, betDelaySeconds: Object.fromEntries(SPORT_KEYS.map((k) => [k, 0])) },
      });
    }
    if (call.path.startsWith("/api/events")) return jsonResponse(200, board());
    if (call.path === "/api/placeBet" && placed) return placed(call);
    return undefined;
  });
}

function placedAnswer(body: PlaceBetRequest): Response {
  const answer: PlaceBetResponse = {
    bets: [
      {
        id: "bet-1",
        slipId: "slip-1",
        wallet: "coins",
        kind: body.kind,
        status: "open",
        result: null,
        stake: 1000,
        toWin: 500,
        payoutPaid: 0,
        createdAt: Date.now(),
        settledAt: null,
        legs: body.picks.map((p) => ({
          ...p,
          home: "Kansas City Chiefs",
          away: "Buffalo Bills",
          startTime: new Date(Date.now() - HOUR).toISOString(),
        })),
        legResults: body.picks.map(() => null),
      },
    ],
    balances: { coinBalance: 4990, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
  };
  return jsonResponse(200, answer);
}

/** The board's next read, at the live cadence. */
const nextBoardRead = () => act(async () => vi.advanceTimersByTime(REFRESH_MS));
const slip = () => screen.getByRole("region", { name: /^Betslip/ });
const selections = () => within(screen.getByRole("list", { name: "Selections" })).getAllByRole("listitem");
const placeBets = (calls: FakeCall[]) => calls.filter((c) => c.path === "/api/placeBet").map((c) => c.body as PlaceBetRequest);

async function openLiveBoard() {
  renderApp("/");
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole("tab", { name: "Live" }));
  return ui;
}

beforeEach(() => {
  installFakeSocket();
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the slip follows the board's prices", () => {
  it("shows a picked price that moved on the board at once, the old price struck through and the move said, and places at it", async () => {
    let home = -170;
    const calls = boardApi(
      () => [liveGame({ home })],
      (call) => placedAnswer(call.body as PlaceBetRequest),
    );
    const ui = await openLiveBoard();
    await ui.click(await screen.findByRole("button", { name: "Kansas City Chiefs ML -170" }));
    expect(selections()[0]!.textContent).toContain("-170");
    expect(within(slip()).queryByText(/Price moved/)).toBeNull();

    home = -240;
    await nextBoardRead();
    await waitFor(() => expect(within(slip()).getByText("Price moved from -170 to -240")).toBeTruthy());
    const row = selections()[0]!;
    expect(row.querySelector("s")?.textContent).toBe("-170");
    expect(row.textContent).toContain("▼");
    expect(row.className).not.toContain("is-locked");

    // The confirm step shows the move too; confirming places at the price shown and the move is seen.
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    expect(within(dialog).getByText("Price moved from -170 to -240")).toBeTruthy();
    await ui.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Singles placed!"));
    expect(placeBets(calls)[0]!.picks.map((p) => p.priceAm)).toEqual([-240]);
  });

  it("keeps the newer price a 409 gave while the board has not moved since", async () => {
    const calls = boardApi(
      () => [liveGame()],
      () =>
        jsonResponse(409, {
          error: {
            code: "price-changed",
            message: "Odds changed for one or more selections. Review your betslip and place again.",
            details: { picks: [{ eventId: "live-1", market: "Moneyline", side: "Home", priceAm: -175, line: null, locked: false }] },
          },
        }),
    );
    const ui = await openLiveBoard();
    await ui.click(await screen.findByRole("button", { name: "Kansas City Chiefs ML -170" }));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(within(slip()).getByText("Price moved from -170 to -175")).toBeTruthy());

    // The board still reads -170 (it has not caught up): the slip keeps the server's price.
    const reads = calls.filter((c) => c.path.startsWith("/api/events")).length;
    await nextBoardRead();
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith("/api/events")).length).toBe(reads + 1));
    expect(within(slip()).getByText("Price moved from -170 to -175")).toBeTruthy();
  });

  it("locks a pick whose line moved on the board, keeps it on its own line, and will not place it until it is removed", async () => {
    let totalLine = 47.5;
    const calls = boardApi(() => [liveGame({ totalLine })]);
    const ui = await openLiveBoard();
    await ui.click(await screen.findByRole("button", { name: "Total O 47.5 -110" }));
    await ui.click(screen.getByRole("button", { name: "Kansas City Chiefs ML -170" }));
    await ui.click(screen.getByRole("radio", { name: "Singles" }));

    totalLine = 48.5;
    await nextBoardRead();
    const over = () => selections().find((row) => row.textContent?.includes("Over"))!;
    await waitFor(() => expect(over().textContent).toContain("Locked"));
    expect(over().className).toContain("is-locked");
    // Not quietly pointed at the new line: still the bet the player picked.
    expect(over().textContent).toContain("Over 47.5");
    expect(over().textContent).not.toContain("48.5");

    await ui.type(screen.getByLabelText("Amount per bet"), "10");
    await ui.click(screen.getByRole("button", { name: "Place 2 singles" }));
    expect(screen.getByRole("alert").textContent).toBe("One or more selections are locked.");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(placeBets(calls)).toHaveLength(0);

    // Removed, the rest of the slip can be placed again.
    await ui.click(within(over()).getByRole("button", { name: "Remove Over 47.5 Total" }));
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    expect(screen.getByRole("dialog", { name: "Confirm wager" })).toBeTruthy();
  });

  it("shows a price that moved while the confirm step is open, and places only once the player accepts it", async () => {
    let home = -170;
    const calls = boardApi(
      () => [liveGame({ home })],
      (call) => placedAnswer(call.body as PlaceBetRequest),
    );
    const ui = await openLiveBoard();
    await ui.click(await screen.findByRole("button", { name: "Kansas City Chiefs ML -170" }));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    expect(within(dialog).getByText("-170")).toBeTruthy();

    home = -150;
    await nextBoardRead();
    await waitFor(() => expect(within(dialog).getByText("Price moved from -170 to -150")).toBeTruthy());
    expect(within(dialog).getByRole("status").textContent).toBe("Prices changed. Check them, then accept to continue.");
    // Pressing it accepts the new price; nothing is sent until the player confirms at it.
    await ui.click(within(dialog).getByRole("button", { name: "Accept new prices" }));
    expect(placeBets(calls)).toHaveLength(0);
    await ui.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Singles placed!"));
    expect(placeBets(calls).map((b) => b.picks[0]!.priceAm)).toEqual([-150]);
  });

  it("holds Confirm back, saying why, when a pick's line moves while the confirm step is open", async () => {
    let totalLine = 47.5;
    const calls = boardApi(() => [liveGame({ totalLine })]);
    const ui = await openLiveBoard();
    await ui.click(await screen.findByRole("button", { name: "Total O 47.5 -110" }));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm wager" });

    totalLine = 46.5;
    await nextBoardRead();
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("One or more selections are locked."));
    expect(within(dialog).getByText("Locked")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveProperty("disabled", true);
    expect(placeBets(calls)).toHaveLength(0);
  });
});

describe("a same-game block follows the board's model", () => {
  const sport: SportKey = "soccer_usa_mls";
  const fitted = (home: number, away: number): GameModel => ({ v: 1, sport, params: [home, away] });

  /** An MLS game not yet started, its model as the board last fitted it, beside one under way (so the board keeps asking). */
  function mlsBoard(homePrice: number, model: GameModel): Event[] {
    const game = (id: string, startOffsetMs: number): Event => ({
      eventId: id,
      sport,
      startTime: new Date(Date.now() + startOffsetMs).toISOString(),
      home: `Home ${id}`,
      away: `Away ${id}`,
      status: startOffsetMs < 0 ? "live" : "scheduled",
      live: null,
      markets: { moneyline: { home: 105, away: 250, draw: 230 }, total: { line: 2.5, over: -110, under: -110 } },
    });
    return [
      game("under-way", -HOUR),
      {
        ...game("s1", 48 * HOUR),
        markets: { moneyline: { home: homePrice, away: 250, draw: 230 }, total: { line: 2.5, over: -110, under: -110 } },
        sameGame: { model, margin: 0.05 },
      },
    ];
  }

  const blockPrice = (model: GameModel) => {
    const [quote] = quoteSameGame(
      "Parlay",
      [
        { eventId: "s1", market: "Moneyline", side: "Home", line: null },
        { eventId: "s1", market: "Total", side: "Over", line: 2.5 },
      ],
      () => ({ sameGame: { model, margin: 0.05 }, started: false }),
    );
    if (!quote?.ok) throw new Error("expected a priced block");
    return quote.priceAm;
  };

  it("re-prices the block from the board's new model when a leg's price moves, showing the move", async () => {
    let board = mlsBoard(105, fitted(1.4, 1.1));
    boardApi(() => board);
    renderApp("/");
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Home s1 ML +105" }));
    await ui.click(screen.getByRole("button", { name: "Total O 2.5 -110" }));
    const group = () => screen.getByRole("group", { name: /^Same-game parlay/ });
    const before = blockPrice(fitted(1.4, 1.1));
    await waitFor(() => expect(within(group()).getByText(formatPrice(before, "american"))).toBeTruthy());

    // The home side shortens and the board's refit expects more home goals.
    board = mlsBoard(-120, fitted(1.8, 1.0));
    const after = blockPrice(fitted(1.8, 1.0));
    expect(after).not.toBe(before);
    await nextBoardRead();
    const moved = `Price moved from ${formatPrice(before, "american")} to ${formatPrice(after, "american")}`;
    await waitFor(() => expect(within(group()).getByText(moved)).toBeTruthy());
    expect(within(group()).getByText(formatPrice(after, "american"))).toBeTruthy();
  });
});
