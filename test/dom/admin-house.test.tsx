// The console's House tab: the liability's figures and how the cash held splits, its daily
// history as charts, the hold table by day, sport and kind, and each view's CSV download
// fetched with the operator's token, from fixture answers of GET /api/admin/house/….
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HouseHold, HouseLiability } from "../../src/shared/schemas/house";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Admin", isAdmin: true });

const LIABILITY: HouseLiability = {
  asOf: Date.parse("2026-11-25T12:00:00Z"),
  players: 3,
  cashCents: 123_456,
  coins: 98_765,
  openCashBets: 4,
  openCashPayoutCents: 45_600,
  owedCashCents: 1_250,
  owedCoins: 300,
  cashHeld: {
    redeemableCents: 100_000,
    heldBackCents: 23_456,
    toPlayCents: 20_000,
    purchaseHeldCents: 23_456,
    pendingRedemptionCents: 7_700,
    walletsNotSplit: 2,
  },
  history: [
    {
      day: "2026-11-24",
      players: 3,
      cashCents: 100_000,
      coins: 90_000,
      openCashBets: 2,
      openCashPayoutCents: 20_000,
      pendingRedemptionCents: 0,
      recordedAt: 1,
    },
    {
      day: "2026-11-25",
      players: 3,
      cashCents: 123_456,
      coins: 98_765,
      openCashBets: 4,
      openCashPayoutCents: 45_600,
      pendingRedemptionCents: 7_700,
      recordedAt: 2,
    },
  ],
};

const HOLD: HouseHold = {
  days: 30,
  since: "2026-10-27",
  rows: [
    {
      day: "2026-11-25",
      sport: "basketball_nba",
      kind: "single",
      currency: "cash",
      bets: 2,
      staked: 1_800,
      paid: 2_100,
      hold: -300,
      holdPct: -0.1667,
    },
    {
      day: "2026-11-24",
      sport: "americanfootball_nfl",
      kind: "cash-out",
      currency: "cash",
      bets: 1,
      staked: 400,
      paid: 300,
      hold: 100,
      holdPct: 0.25,
    },
  ],
};

function serveHouse(csv: string[] = []) {
  return fakeApi(({ path }) => {
    if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
    if (path.startsWith("/api/admin/house/") && path.includes("format=csv")) {
      csv.push(path);
      return new Response("day,sport\r\n2026-11-25,basketball_nba\r\n", { headers: { "Content-Type": "text/csv" } });
    }
    if (path.startsWith("/api/admin/house/liability")) return jsonResponse(200, LIABILITY);
    if (path.startsWith("/api/admin/house/hold")) return jsonResponse(200, HOLD);
    return undefined;
  });
}

describe("the House tab", () => {
  it("shows what the house owes, what players owe back apart, names what is not projected, and draws the daily history", async () => {
    serveHouse();
    renderApp("/admin?tab=house");
    expect(await screen.findByText("What the house owes")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "House", selected: true })).toBeTruthy();
    const stats = within(document.querySelector<HTMLElement>("dl.admin-stats")!);
    expect(stats.getByText("1,234.56")).toBeTruthy();
    expect(stats.getByText("98,765")).toBeTruthy();
    expect(stats.getByText("456")).toBeTruthy();
    // What players owe back is shown apart from what the house owes them.
    expect(stats.getByText("12.50")).toBeTruthy();
    expect(stats.getByText("300")).toBeTruthy();
    // The cash held, split as a redemption would judge it.
    expect(stats.getByText("1,000")).toBeTruthy();
    expect(stats.getAllByText("234.56")).toHaveLength(2);
    expect(stats.getByText("200")).toBeTruthy();
    expect(stats.getByText("77")).toBeTruthy();
    expect(screen.getByText(/2 wallets have not changed since this split was recorded/)).toBeTruthy();
    const chart = screen.getByText("Vantage Cash owed").closest("figure")!;
    expect(chart.querySelector("svg")!.getAttribute("aria-label")).toBe(
      "Vantage Cash owed from 2026-11-24 to 2026-11-25: Cash held 1,234.56, Open cash bets' payout 456, In pending redemptions 77",
    );
    expect(chart.querySelector("polyline")!.getAttribute("points")!.split(" ")).toHaveLength(2);
  });

  it("lists the hold by day, sport and kind with its percentage", async () => {
    serveHouse();
    renderApp("/admin?tab=house");
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Singles")).toBeTruthy();
    expect(within(rows[0]!).getByText("−3")).toBeTruthy();
    expect(within(rows[0]!).getByText("-16.67%")).toBeTruthy();
    expect(within(rows[1]!).getByText("Cash-outs")).toBeTruthy();
    expect(within(rows[1]!).getByText("25.00%")).toBeTruthy();
  });

  it("downloads each view as CSV with the operator's token", async () => {
    const csv: string[] = [];
    serveHouse(csv);
    const created = vi.fn(() => "blob:house");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderApp("/admin?tab=house");
    await userEvent.click(await screen.findByRole("button", { name: "Download history (CSV)" }));
    await userEvent.click(screen.getByRole("button", { name: "Download hold (CSV)" }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(csv).toEqual(["/api/admin/house/liability?days=30&format=csv", "/api/admin/house/hold?days=30&format=csv"]);
  });
});
