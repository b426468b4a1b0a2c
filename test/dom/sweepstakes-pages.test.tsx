// The public sweepstakes pages: the Official Sweepstakes Rules as the Worker generates them,
// with their version, the winners list, which names no one but by handle or region, and
// where Vantage Cash is offered, from the dated region table.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, UNAUTHENTICATED } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const rules = {
  version: 4,
  effectiveAt: "2026-11-20T15:00:00.000Z",
  sections: [
    { id: "sponsor", title: "1. Sponsor", paragraphs: ["NO PURCHASE NECESSARY TO TAKE PART OR TO WIN.", "Run by Example Sweeps LLC."] },
    { id: "where-void", title: "3. Where the sweepstakes is void", paragraphs: ["The sweepstakes is void in US-WA and US-ID."] },
  ],
};

function signedOut(extra: Record<string, unknown>) {
  return fakeApi(({ path }) => {
    if (path === "/api/auth/refresh") return UNAUTHENTICATED();
    return path in extra ? jsonResponse(200, extra[path]) : undefined;
  });
}

describe("public sweepstakes pages", () => {
  it("/sweepstakes-rules shows every section of the rules in force, with the version", async () => {
    signedOut({ "/api/public/sweepstakes-rules": rules });
    renderApp("/sweepstakes-rules");
    expect(await screen.findByRole("heading", { level: 2, name: "1. Sponsor" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Official Sweepstakes Rules");
    expect(screen.getByText("Version 4, in effect since November 20, 2026")).toBeTruthy();
    expect(screen.getByText("The sweepstakes is void in US-WA and US-ID.")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Sweepstakes pages" }).textContent).toContain("Free entry");
  });

  it("/winners lists paid prizes by handle or region, reached from the footer", async () => {
    signedOut({
      "/api/public/winners": {
        winners: [
          { paidOn: "2026-11-24", amountCents: 2500, region: "US-TX", winner: "a player in US-TX" },
          { paidOn: "2026-11-23", amountCents: 10050, region: "US-CA", winner: "@champ" },
        ],
      },
    });
    const { router } = renderApp("/terms");
    await userEvent.click(within((await screen.findAllByRole("contentinfo"))[0]!).getByRole("link", { name: "Winners" }));
    const table = await screen.findByRole("table");
    expect(router.state.location.pathname).toBe("/winners");
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual(["DateWinnerRegionPrize", "Nov 24, 2026a player in US-TXUS-TX$25", "Nov 23, 2026@champUS-CA$100.50"]);
  });

  it("/winners says so when no prize has been paid yet", async () => {
    signedOut({ "/api/public/winners": { winners: [] } });
    renderApp("/winners");
    expect(await screen.findByText("No prizes have been paid yet.")).toBeTruthy();
  });

  it("/where-cash-is-offered lists where Vantage Cash is limited today, why, and the laws still to come, from the footer", async () => {
    const entry = (region: string, mode: string, modeToday: string, from: string, extra: Record<string, unknown> = {}) => ({
      region,
      mode,
      modeToday,
      from,
      until: null,
      covers: "sweepstakes-sports",
      minAge: null,
      source: { title: `${region} Act`, url: `https://example.org/${region}` },
      upcoming: false,
      ...extra,
    });
    signedOut({
      "/api/public/region-rules": {
        day: "2026-11-28",
        entries: [
          entry("US-CA", "coins-only", "coins-only", "2026-01-01"),
          entry("US-IN", "redeem-only", "redeem-only", "2026-07-01", { until: "2026-12-31" }),
          entry("US-OH", "coins-only", "full", "2027-03-01", { upcoming: true }),
          entry("US-MS", "full", "full", "2000-01-01", { minAge: 21 }),
          entry("US-MI", "coins-only", "coins-only", "2023-11-02", { covers: "casino-only" }),
        ],
        operatorLists: { coinsOnly: ["US-MI"], blocked: [] },
      },
    });
    const { router } = renderApp("/terms");
    await userEvent.click(within((await screen.findAllByRole("contentinfo"))[0]!).getByRole("link", { name: "Where Cash is offered" }));
    const [today, later] = await screen.findAllByRole("table");
    expect(router.state.location.pathname).toBe("/where-cash-is-offered");
    const rows = (table: HTMLElement) =>
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent);
    expect(rows(today!)).toEqual([
      "RegionVantage CashSinceWhy",
      "US-CANot offered (Coins only)2026-01-01US-CA Act",
      "US-INRedemptions only, until 2026-12-312026-07-01US-IN Act",
    ]);
    expect(rows(later!)).toEqual(["RegionVantage CashSinceWhy", "US-OHNot offered (Coins only)2027-03-01US-OH Act"]);
    expect(screen.getByRole("link", { name: "US-CA Act" }).getAttribute("href")).toBe("https://example.org/US-CA");
    expect(screen.getByText("Also Coins only, by the sponsor's choice: US-MI.")).toBeTruthy();
    expect(screen.getByText(/A higher minimum age applies in US-MS \(21\)/)).toBeTruthy();
  });

  it("offers a Sign in link on a public page that brings the visitor back to it; the home page is the sign-in card itself", async () => {
    signedOut({ "/api/public/winners": { winners: [] } });
    const { router } = renderApp("/winners");
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe("/?from=%2Fwinners");
    await userEvent.click(signIn);
    expect(router.state.location.pathname).toBe("/");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
  });
});
