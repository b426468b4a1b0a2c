// The winners page shows how long redemptions take: per week, the median and 95th
// percentile from request to paid and the share held and why; a week with too few paid
// redemptions shows its counts only.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, UNAUTHENTICATED } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;

const times = {
  minPaidForFigures: 5,
  weeks: [
    { week: "2026-W48", startsOn: "2026-11-23", paid: 3, returned: 0, medianMs: null, p95Ms: null, heldShare: null, heldFor: null },
    {
      week: "2026-W47",
      startsOn: "2026-11-16",
      paid: 7,
      returned: 1,
      medianMs: 6 * HOUR,
      p95Ms: 30 * HOUR,
      heldShare: 0.5,
      heldFor: { identity: 0.125, review: 0.375, hold: 0.125 },
    },
    {
      week: "2026-W46",
      startsOn: "2026-11-09",
      paid: 5,
      returned: 0,
      medianMs: 40 * 60_000,
      p95Ms: 3 * 24 * HOUR,
      heldShare: 0,
      heldFor: { identity: 0, review: 0, hold: 0 },
    },
  ],
};

function signedOut(answers: Record<string, unknown>) {
  return fakeApi(({ path }) => {
    if (path === "/api/auth/refresh") return UNAUTHENTICATED();
    return path in answers ? jsonResponse(200, answers[path]) : undefined;
  });
}

describe("/winners: how long redemptions take", () => {
  it("shows each week's paid count, median, 95th percentile and who was held and why", async () => {
    signedOut({ "/api/public/winners": { winners: [] }, "/api/public/redemption-times": times });
    renderApp("/winners");
    const table = await screen.findByRole("table", { name: "How long redemptions take" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "Week ofPaidReturnedMedian95th percentileHeld",
      "Nov 23, 202630Too few paid to show",
      "Nov 16, 2026716 h30 h50% (identity 13%, review 38%, hold 13%)",
      "Nov 9, 20265040 min3 daysNone",
    ]);
    expect(screen.getByText(/fewer than 5 paid redemptions shows its counts only/)).toBeTruthy();
    expect(screen.getByText("No prizes have been paid yet.")).toBeTruthy();
  });

  it("leaves out weeks with nothing paid or returned, and says so when no week had any", async () => {
    const quiet = {
      ...times,
      weeks: [...times.weeks, { ...times.weeks[0]!, week: "2026-W44", startsOn: "2026-10-26", paid: 0, returned: 0 }],
    };
    signedOut({ "/api/public/winners": { winners: [] }, "/api/public/redemption-times": quiet });
    const first = renderApp("/winners");
    const table = await screen.findByRole("table", { name: "How long redemptions take" });
    expect(within(table).queryByText("Oct 26, 2026")).toBeNull();
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    first.unmount();

    const none = { ...times, weeks: times.weeks.map((w) => ({ ...w, paid: 0, returned: 0, medianMs: null, p95Ms: null })) };
    signedOut({ "/api/public/winners": { winners: [] }, "/api/public/redemption-times": none });
    renderApp("/winners");
    expect(await screen.findByText("No redemption was paid or returned in the last 12 weeks.")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "How long redemptions take" })).toBeNull();
  });

  it("offers a retry when the figures cannot be loaded, and the winners list still shows", async () => {
    signedOut({ "/api/public/winners": { winners: [] } });
    renderApp("/winners");
    expect(await screen.findByText("Redemption times could not be loaded right now.")).toBeTruthy();
    expect(screen.getByText("No prizes have been paid yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
