// The console's Risk tab: games listed worst cash outcome first with the limits in force, a
// game opened with its markets as its exposure object holds them, and a market suspended
// with the operator's reason, from fixture answers of /api/admin/risk….
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameExposureView, RiskList } from "../../src/shared/schemas/risk";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Admin", isAdmin: true });

const game = (eventId: string, home: string, away: string, worstCashCents: number) => ({
  eventId,
  sport: "soccer_usa_mls",
  home,
  away,
  startTime: "2026-11-28T20:00:00Z",
  worstCashCents,
  worstCoins: -500,
  stakesCashCents: 12_000,
  stakesCoins: 2_000,
  openBets: 7,
  worstMarket: "Moneyline",
  suspended: [],
  updatedAt: Date.parse("2026-11-28T12:00:00Z"),
});

const LIST: RiskList = {
  asOf: Date.parse("2026-11-28T12:00:00Z"),
  limits: { cashCents: 2_000_000, coins: 250_000_000 },
  games: [game("evt-busy", "LA Galaxy", "Inter Miami", 84_250), game("evt-quiet", "Austin FC", "Seattle Sounders", -1_200)],
};

function detail(suspended: boolean): GameExposureView {
  const markets: GameExposureView["cash"]["markets"] = [
    {
      market: "Moneyline",
      label: "Moneyline",
      stakes: 10_000,
      payouts: { Home: 94_250, Away: 3_000 },
      worst: 84_250,
      worstSelection: "Home",
    },
    { market: "Total", label: "Total", stakes: 2_000, payouts: { Over: 1_900 }, worst: -100, worstSelection: "Over" },
  ];
  return {
    game: { eventId: "evt-busy", sport: "soccer_usa_mls", home: "LA Galaxy", away: "Inter Miami", startTime: "2026-11-28T20:00:00Z" },
    cash: { currency: "cash", positions: 6, stakes: 12_000, worst: 84_250, bound: false, markets },
    coins: { currency: "coins", positions: 1, stakes: 2_000, worst: -500, bound: false, markets: [] },
    suspended: suspended
      ? [
          {
            market: "Moneyline",
            label: "Moneyline",
            at: Date.parse("2026-11-28T12:01:00Z"),
            by: "admin@vantage.test",
            reason: "Crowd on one side",
          },
        ]
      : [],
    reserved: 0,
    at: Date.parse("2026-11-28T12:00:00Z"),
  };
}

function serveRisk() {
  let suspended = false;
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
    if (call.method === "GET" && call.path === "/api/admin/risk") return jsonResponse(200, LIST);
    if (call.method === "GET" && call.path === "/api/admin/risk/soccer_usa_mls/evt-busy") return jsonResponse(200, detail(suspended));
    if (call.method === "POST" && call.path === "/api/admin/risk/soccer_usa_mls/evt-busy/suspend") {
      suspended = true;
      return jsonResponse(200, detail(true));
    }
    return undefined;
  });
}

describe("the Risk tab", () => {
  it("lists games worst cash outcome first, with the limits in force", async () => {
    serveRisk();
    renderApp("/admin?tab=risk");
    expect(await screen.findByText("Games by worst cash outcome")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Risk", selected: true })).toBeTruthy();
    expect(screen.getByText(/Limit per market: 20,000 Vantage Cash, 250,000,000 Coins/)).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByText("Inter Miami at LA Galaxy")).toBeTruthy();
    expect(within(rows[0]!).getByText("842.50").className).toContain("admin-bad");
    expect(within(rows[1]!).getByText("−12")).toBeTruthy();
  });

  it("opens a game's markets and suspends one with the operator's reason", async () => {
    const calls = serveRisk();
    const user = userEvent.setup();
    renderApp("/admin?tab=risk");
    const row = (await screen.findByText("Inter Miami at LA Galaxy")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Open" }));
    expect(await screen.findByText("Inter Miami at LA Galaxy: markets now")).toBeTruthy();
    const market = (await screen.findByText("Home: 942.50 · Away: 30")).closest("tr")!;
    expect(within(market).getByText("842.50 (Home)")).toBeTruthy();

    await user.click(within(market).getByRole("button", { name: "Suspend" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/^Reason/), "Crowd on one side");
    await user.click(within(dialog).getByRole("button", { name: "Suspend market" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.path.endsWith("/suspend"))?.body).toEqual({
      market: "Moneyline",
      suspended: true,
      reason: "Crowd on one side",
      game: { home: "LA Galaxy", away: "Inter Miami", startTime: "2026-11-28T20:00:00Z" },
    });
    const list = await screen.findByRole("list", { name: "Suspended markets" });
    expect(within(list).getByText(/suspended by admin@vantage.test/)).toBeTruthy();
  });
});
