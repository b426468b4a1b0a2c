// Glass-box pricing as a player sees it: the fair price under each offered price on the
// board (and soccer's Draw row), each selection's and the parlay's house margin on the
// betslip, and the "Show fair odds" setting that turns both off and on.
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Betslip } from "../../src/features/betslip/components/betslip";
import { setShowFairOdds } from "../../src/session/fair-odds-setting";
import type { Event } from "../../src/shared/schemas/events";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody } from "./app-helpers";
import { PickButtons, Providers, boardPick, fakeServer, installFakeSocket, userDoc } from "./betslip-harness";

const soccerGame: Event = {
  eventId: "mls-1",
  sport: "soccer_usa_mls",
  startTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  home: "Inter Miami CF",
  away: "Toronto FC",
  status: "scheduled",
  live: null,
  markets: { moneyline: { home: -145, away: 360, draw: 290 }, total: { line: 2.5, over: -125, under: 100 } },
  // Fair 0.555 → -125, 0.204 → +390, 0.241 → +315; the total's fair prices are quoted at another line and not shown.
  fair: {
    moneyline: {
      books: 7,
      home: { p: 0.555, margin: 0.0722 },
      away: { p: 0.204, margin: 0.0612 },
      draw: { p: 0.241, margin: 0.0603 },
    },
    total: { books: 6, line: 3.5, over: { p: 0.3, margin: 0.06 }, under: { p: 0.7, margin: 0.05 } },
  },
};

function boardApi(events: Event[]) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody([{ key: "soccer_usa_mls", label: "Soccer", mapped: true }]));
    if (call.path.startsWith("/api/events")) return jsonResponse(200, events);
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setShowFairOdds(true);
});

describe("fair odds on the board", () => {
  it("shows the fair price under each offered one, a Draw row for soccer, and nothing once the setting is off", async () => {
    boardApi([soccerGame]);
    renderApp("/");
    const card = await screen.findByRole("article", { name: "Toronto FC at Inter Miami CF" });
    const homeMl = within(card).getByRole("button", { name: /Inter Miami CF ML -145/ });
    expect(within(homeMl).getByText("fair -125")).toBeTruthy();
    const draw = within(card).getByRole("button", { name: /Draw ML \+290/ });
    expect(within(draw).getByText("fair +315")).toBeTruthy();
    // A fair price quoted at another line than the one offered is not shown.
    expect(within(within(card).getByRole("button", { name: /Total O 2.5/ })).queryByText(/fair/)).toBeNull();

    act(() => setShowFairOdds(false));
    expect(within(card).queryByText(/fair/)).toBeNull();
    expect(localStorage.getItem("vantage.showFairOdds")).toBe("off");
  });

  it("is a setting on /settings, on by default", async () => {
    const user = userEvent.setup();
    fakeApi((call) => (call.path === "/api/auth/refresh" ? jsonResponse(200, sessionBody()) : undefined));
    renderApp("/settings");
    const box = (await screen.findByRole("checkbox", { name: "Show fair odds" })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await user.click(box);
    expect(box.checked).toBe(false);
    expect(localStorage.getItem("vantage.showFairOdds")).toBe("off");
    expect(screen.getByRole("link", { name: "How we price" }).getAttribute("href")).toBe("/pricing");
  });
});

describe("margins on the betslip", () => {
  beforeEach(() => installFakeSocket());

  it("shows each selection's margin and the parlay's", async () => {
    // Two -110 picks on fair coins: each keeps 4.5%, the parlay 1 − (0.5 × 1.909091)² = 8.9%.
    const a = { ...boardPick("g1", "Moneyline", "Home", -110), fairP: 0.5 };
    const b = { ...boardPick("g2", "Moneyline", "Away", -110), fairP: 0.5 };
    const noFair = boardPick("g3", "Moneyline", "Home", 120);
    fakeServer(userDoc());
    const ui = userEvent.setup();
    render(
      <Providers>
        <PickButtons picks={[a, b, noFair]} />
        <Betslip />
      </Providers>,
    );
    await screen.findByText("Balance: 5,000 Coins");
    await ui.click(screen.getByRole("button", { name: `pick ${a.uid}` }));
    await ui.click(screen.getByRole("button", { name: `pick ${b.uid}` }));
    const list = screen.getByRole("list", { name: "Selections" });
    expect(within(list).getAllByText(/House margin 4\.5%/)).toHaveLength(2);
    expect(screen.getByText("Parlay margin").nextElementSibling?.textContent).toBe("8.9%");

    // A pick with no fair price has no margin, and the parlay's cannot be known.
    await ui.click(screen.getByRole("button", { name: `pick ${noFair.uid}` }));
    expect(within(list).getAllByText(/House margin/)).toHaveLength(2);
    expect(screen.queryByText("Parlay margin")).toBeNull();

    act(() => setShowFairOdds(false));
    expect(screen.queryByText(/House margin/)).toBeNull();
  });
});

describe("/pricing", () => {
  it("explains the method with the rules in force and shows each sport's margin and hold", async () => {
    fakeApi((call) => {
      if (call.path === "/api/auth/refresh")
        return jsonResponse(401, { error: { code: "unauthenticated", message: "Please log in again." } });
      if (call.path === "/api/pricing") {
        const hold = (bets: number, staked: number, returned: number) => ({ bets, staked, returned, hold: (staked - returned) / staked });
        const none = { bets: 0, staked: 0, returned: 0, hold: null };
        return jsonResponse(200, {
          windowDays: 30,
          fairMinBooks: 5,
          cashOutMarginPercent: 5,
          cashOutQuoteSeconds: 10,
          asOf: Date.now(),
          sports: [
            { sport: "basketball_nba", legs: 3, averageMargin: 0.0437, coins: hold(2, 200, 250), cash: hold(1, 500, 0) },
            { sport: "icehockey_nhl", legs: 0, averageMargin: null, coins: none, cash: none },
          ],
          kinds: [
            { kind: "single", priced: 1, averageMargin: 0.0455, coins: none, cash: hold(1, 500, 0) },
            { kind: "parlay", priced: 0, averageMargin: null, coins: none, cash: none },
            { kind: "same-game", priced: 2, averageMargin: 0.0791, coins: hold(2, 200, 250), cash: none },
          ],
          sameGameMarginPercent: 8,
        });
      }
      return undefined;
    });
    renderApp("/pricing");
    expect(await screen.findByRole("heading", { name: "How we price", level: 1 })).toBeTruthy();
    expect(await screen.findByText(/at least 5 bookmakers quote that line/)).toBeTruthy();
    expect(screen.getByText(/fee of 5% of it, and the offer holds for 10 seconds/)).toBeTruthy();
    const nba = screen.getByRole("row", { name: /NBA/ });
    expect(
      within(nba)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["4.4%", "−25.0% (2 bets)", "100.0% (1 bet)"]);
    // A sport with nothing settled is left out of the table.
    expect(screen.queryByRole("row", { name: /NHL/ })).toBeNull();
    // Same-game parlays: the method with the margin in force, and their figures beside singles.
    expect(screen.getByText(/carries a margin of 8% on that chance/)).toBeTruthy();
    const sameGame = screen.getByRole("row", { name: /Same-game parlays/ });
    expect(
      within(sameGame)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["7.9%", "−25.0% (2 bets)", "—"]);
    expect(screen.getByRole("row", { name: /^Singles/ })).toBeTruthy();
    expect(screen.queryByRole("row", { name: /^Parlays$/ })).toBeNull();
  });
});
