// In play as the player sees it: a board with a game under way asks again at the live
// cadence without a reload and flashes a moved price (up or down, then calm again);
// an upcoming-only board is not polled; a game any of whose live markets is held back
// shows 'Suspended' with the reason once and every price of it 'Locked'; the betslip counts the live-bet
// delay down on its buttons ("Placing… 5", "4", …) before the usual toast, while a
// pre-game slip just says "Placing…"; and a slip the Worker refuses for a suspended leg
// shows that leg 'Locked' and the spec's sentence plus one naming the leg.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Betslip } from "../../src/features/betslip/components/betslip";
import type { PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";
import { SPORT_KEYS } from "../../src/shared/sports";
import { jsonResponse, renderApp, sessionBody, fakeApi } from "./app-helpers";
import { PickButtons, Providers, betDoc, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc } from "./betslip-harness";

const HOUR = 3_600_000;
const DELAYS = Object.fromEntries(SPORT_KEYS.map((k) => [k, 5])) as Record<SportKey, number>;

function nflGame(id: string, startOffsetMs: number, home: number): Event {
  const live = startOffsetMs <= 0;
  return {
    eventId: id,
    sport: "americanfootball_nfl",
    startTime: new Date(Date.now() + startOffsetMs).toISOString(),
    home: "Kansas City Chiefs",
    away: "Buffalo Bills",
    status: live ? "live" : "scheduled",
    live: live ? { homeScore: 14, awayScore: 10, periodLabel: "Q2", clock: "3:10" } : null,
    markets: { moneyline: { home, away: 150 } },
  };
}

function liveBoardApi(board: () => Event[]) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") {
      return jsonResponse(200, {
        feedNow: Date.now(),
        sports: SPORT_KEYS.map((key) => ({ key, label: key, mapped: true })),
        live: { refreshSeconds: 30, betDelaySeconds: DELAYS },
      });
    }
    if (call.path.startsWith("/api/events")) return jsonResponse(200, board());
    return undefined;
  });
}

beforeEach(() => installFakeSocket());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("live board", () => {
  it("refreshes a board with a game under way at the live cadence and flashes the moved price", async () => {
    let home = -170;
    const calls = liveBoardApi(() => [nflGame("live-1", -HOUR, home)]);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Live" }));
    const price = () => screen.getByRole("button", { name: /Kansas City Chiefs ML/ });
    await waitFor(() => expect(price().textContent).toContain("-170"));
    const asked = () => calls.filter((c) => c.path.startsWith("/api/events")).length;
    const before = asked();

    home = -240;
    await act(async () => vi.advanceTimersByTime(29_000));
    expect(asked()).toBe(before);
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(asked()).toBe(before + 1);
    await waitFor(() => expect(price().textContent).toContain("-240"));
    expect(price().className).toContain("is-moved-down");
    expect(price().textContent).toContain("▼");
    // The flash is brief.
    await waitFor(() => expect(price().className).not.toContain("is-moved"), { timeout: 3_000 });

    home = -120;
    await act(async () => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(price().className).toContain("is-moved-up"));
    expect(price().textContent).toContain("▲");
  });

  it("does not poll a board of upcoming games only", async () => {
    const calls = liveBoardApi(() => [nflGame("later-1", 2 * HOUR, -130)]);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    renderApp("/");
    await screen.findByRole("article");
    const asked = calls.filter((c) => c.path.startsWith("/api/events")).length;
    await act(async () => vi.advanceTimersByTime(5 * 60_000));
    expect(calls.filter((c) => c.path.startsWith("/api/events")).length).toBe(asked);
  });
});

describe("suspended live games", () => {
  it("locks every market of a suspended game alike, its reason shown once for the card", async () => {
    // The spread and total still carry prices: one market held back suspends the whole game.
    liveBoardApi(() => [
      {
        ...nflGame("live-susp", -HOUR, -170),
        markets: {
          moneyline: { home: null, away: null },
          spread: { line: -3.5, home: -110, away: -110 },
          total: { line: 47.5, over: -110, under: -110 },
        },
        suspended: { moneyline: "price-age" },
      },
      nflGame("live-open", -HOUR, -120),
    ]);
    renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Live" }));
    const cards = await screen.findAllByRole("article");
    const [held, open] = [cards[0]!, cards[1]!];
    expect(within(held).getAllByText("Suspended")).toHaveLength(1);
    expect(within(held).getAllByText("Price not current")).toHaveLength(1);
    const prices = [...held.querySelectorAll("button.price-btn")];
    // Each cell reads Locked; the card's label says why once, and each cell tells a screen reader and its title.
    expect(prices.map((p) => p.textContent)).toEqual([
      "Buffalo Bills ML Locked (price not current)",
      "Buffalo Bills +3.5 Locked (price not current)",
      "Total O 47.5 Locked (price not current)",
      "Kansas City Chiefs ML Locked (price not current)",
      "Kansas City Chiefs -3.5 Locked (price not current)",
      "Total U 47.5 Locked (price not current)",
    ]);
    for (const price of prices) {
      expect(price.textContent).toContain("Locked");
      expect(price).toHaveProperty("disabled", true);
    }
    // A card with nothing held back has no label, and its prices are offered.
    expect(within(open).queryByText("Suspended")).toBeNull();
    expect(within(open).getByRole("button", { name: "Kansas City Chiefs ML -120" })).toHaveProperty("disabled", false);
  });

  it("fails a slip with a suspended leg with the spec's sentence plus one naming the leg, and shows the leg Locked", async () => {
    const pick = { ...boardPick("g-susp", "Moneyline", "Home", -150), startTime: new Date(Date.now() - HOUR).toISOString() };
    const message =
      "One or more selections are locked. Home g-susp ML (Away g-susp @ Home g-susp) is closed because live betting on this game has ended for its final minutes.";
    fakeServer(userDoc(), (call) =>
      call.path === "/api/placeBet"
        ? json(409, {
            error: {
              code: "market-suspended",
              message,
              details: {
                picks: [{ eventId: "g-susp", market: "Moneyline", side: "Home", priceAm: null, line: null, locked: true }],
                leg: { eventId: "g-susp", market: "Moneyline", side: "Home", reason: "closing" },
              },
            },
          })
        : undefined,
    );
    const ui = userEvent.setup();
    render(
      <Providers>
        <PickButtons picks={[pick]} />
        <Betslip />
      </Providers>,
    );
    await screen.findByText("Balance: 5,000 Coins");
    await ui.click(screen.getByRole("button", { name: `pick ${pick.uid}` }));
    await ui.type(screen.getByLabelText("Amount"), "100");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(within(screen.getByRole("dialog", { name: "Confirm wager" })).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
    const leg = within(screen.getByRole("list", { name: "Selections" })).getByRole("listitem");
    expect(leg.textContent).toContain("Locked");
    expect(leg.className).toContain("is-locked");
    // Placing again is stopped on the slip itself, with the spec's message.
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    expect(screen.getByRole("alert").textContent).toBe("One or more selections are locked.");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("live-bet countdown", () => {
  const livePick = { ...boardPick("g-live", "Moneyline", "Home", -150), startTime: new Date(Date.now() - HOUR).toISOString() };
  const laterPick = { ...boardPick("g-later", "Moneyline", "Home", -130), startTime: new Date(Date.now() + HOUR).toISOString() };

  async function confirmSlip(pickUid: string, picks = [livePick, laterPick]) {
    let release: (r: Response) => void = () => undefined;
    fakeServer(userDoc(), (call) => (call.path === "/api/placeBet" ? new Promise<Response>((r) => (release = r)) : undefined));
    const ui = userEvent.setup();
    render(
      <Providers>
        <PickButtons picks={picks} />
        <Betslip live={{ betDelaySeconds: DELAYS, skewMs: 0 }} />
      </Providers>,
    );
    await screen.findByText("Balance: 5,000 Coins");
    await ui.click(screen.getByRole("button", { name: `pick ${pickUid}` }));
    await ui.type(screen.getByLabelText("Amount"), "100");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    await ui.click(within(dialog).getByRole("button", { name: "Confirm" }));
    return { dialog, release: (r: Response) => release(r) };
  }

  it("counts the delay down on the buttons of a live slip, then shows the success toast", async () => {
    const { dialog, release } = await confirmSlip(livePick.uid);
    expect(within(dialog).getByRole("button", { name: "Placing… 5" })).toHaveProperty("disabled", true);
    expect(screen.getAllByRole("button", { name: "Placing… 5" })).toHaveLength(2);
    for (const left of [4, 3, 2, 1]) {
      await act(async () => vi.advanceTimersByTime(1_000));
      expect(within(dialog).getByRole("button", { name: `Placing… ${left}` })).toBeTruthy();
    }
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(within(dialog).getByRole("button", { name: "Placing…" })).toBeTruthy();

    const placed: PlaceBetResponse = {
      bets: [betDoc({ kind: "Singles", stake: 100, legs: [legOf(livePick)] })],
      balances: { coinBalance: 4900, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
    };
    await act(async () => release(json(200, placed)));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Singles placed!"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Place bet" })).toBeTruthy();
  });

  it("shows no countdown for a pre-game slip", async () => {
    const { dialog, release } = await confirmSlip(laterPick.uid);
    expect(within(dialog).getByRole("button", { name: "Placing…" })).toBeTruthy();
    await act(async () =>
      release(
        json(409, {
          error: {
            code: "price-changed",
            message: "Odds changed for one or more selections. Review your betslip and place again.",
            details: { picks: [] },
          },
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
