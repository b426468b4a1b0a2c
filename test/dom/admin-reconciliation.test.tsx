// The console's Reconciliation tab: the chosen run's summary and its differences in three
// views with both sides' references, the empty and error states, "Run now" for a chosen
// day (its answer then shown), and each view's CSV fetched with the operator's token, from
// fixture answers of GET/POST /api/admin/reconciliation.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReconciliationAnswer, ReconciliationRun } from "../../src/shared/schemas/reconciliation";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Admin", isAdmin: true });

const RUN: ReconciliationRun = {
  id: "run-1",
  day: "2026-11-24",
  trigger: "cron",
  requestedBy: null,
  provider: "stripe",
  status: "ok",
  error: null,
  counts: {
    providerPayments: 5,
    vantageCredits: 4,
    providerTransfers: 3,
    vantagePaidRedemptions: 2,
    providerReversals: 1,
    vantageReversals: 1,
  },
  differences: 2,
  startedAt: Date.parse("2026-11-25T01:02:00Z"),
  finishedAt: Date.parse("2026-11-25T01:02:01Z"),
};

const ANSWER: ReconciliationAnswer = {
  runs: [RUN],
  run: RUN,
  differences: [
    {
      view: "packs",
      kind: "missing-credit",
      userId: "user-7",
      providerRef: "cs_test_missing",
      vantageRef: null,
      providerCents: 1_999,
      vantageCents: null,
      at: Date.parse("2026-11-24T10:00:00Z"),
      detail: "Paid $19.99 (pi_123); no pack credited.",
    },
    {
      view: "payouts",
      kind: "payout-sent-twice",
      userId: "user-8",
      providerRef: "tr_1, tr_2",
      vantageRef: "rd_9",
      providerCents: 10_000,
      vantageCents: 5_000,
      at: Date.parse("2026-11-24T12:00:00Z"),
      detail: "2 transfers ($100.00 in all) for one redemption of $50.00.",
    },
  ],
  bankReturnsWaiting: [],
};

const EMPTY: ReconciliationAnswer = { runs: [], run: null, differences: [], bankReturnsWaiting: [] };

type Serve = { answer?: ReconciliationAnswer; failGet?: boolean; runAnswer?: Response; csv?: string[] };

function serve(options: Serve = {}) {
  return fakeApi(({ path, method }) => {
    if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
    if (path.startsWith("/api/admin/reconciliation/run") && method === "POST") {
      return options.runAnswer ?? jsonResponse(200, { run: RUN, differences: ANSWER.differences });
    }
    if (path.startsWith("/api/admin/reconciliation") && path.includes("format=csv")) {
      options.csv?.push(path);
      return new Response("view,kind\r\npacks,missing-credit\r\n", { headers: { "Content-Type": "text/csv" } });
    }
    if (path.startsWith("/api/admin/reconciliation")) {
      if (options.failGet) return jsonResponse(500, { error: { code: "internal", message: "Something went wrong on our side." } });
      return jsonResponse(200, options.answer ?? ANSWER);
    }
    return undefined;
  });
}

describe("the Reconciliation tab", () => {
  it("shows the run and each view's differences with both sides' references", async () => {
    serve();
    renderApp("/admin?tab=reconciliation");
    expect(await screen.findByText("Packs credited vs checkout payments")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Reconciliation", selected: true })).toBeTruthy();
    const stats = within(document.querySelector<HTMLElement>("dl.admin-stats")!);
    expect(stats.getByText("2026-11-24")).toBeTruthy();
    expect(stats.getByText("5 / 4")).toBeTruthy();
    const packs = screen.getByText("Packs credited vs checkout payments").closest("section")!;
    expect(within(packs).getByText("Paid, not credited")).toBeTruthy();
    expect(within(packs).getByText("cs_test_missing")).toBeTruthy();
    const payouts = screen.getByText("Redemptions paid vs transfers sent").closest("section")!;
    expect(within(payouts).getByText("Payout sent twice")).toBeTruthy();
    expect(within(payouts).getByText("tr_1, tr_2")).toBeTruthy();
    expect(within(payouts).getByText("rd_9")).toBeTruthy();
    const reversals = screen.getByText("Reversals vs refunds and disputes").closest("section")!;
    expect(within(reversals).getByText("No differences.")).toBeTruthy();
  });

  it("lists the payouts the bank sent back that are still being taken back, whatever the day, and none when there are none", async () => {
    const waiting = {
      redemptionId: "rd_back_1",
      userId: "user-9",
      email: "sam@example.com",
      amountCents: 2_500,
      reason: "The bank account has been closed.",
      returnedAt: Date.parse("2026-11-27T15:00:00Z"),
      tries: 3,
      lastError: "Insufficient funds in the connected account.",
      nextTryAt: Date.parse("2026-11-27T18:00:00Z"),
    };
    serve({ answer: { ...EMPTY, bankReturnsWaiting: [waiting] } });
    const shown = renderApp("/admin?tab=reconciliation");
    const section = (await screen.findByText("Payouts the bank sent back, still being taken back")).closest("section")!;
    expect(within(section).getByText("sam@example.com")).toBeTruthy();
    expect(within(section).getByText("rd_back_1")).toBeTruthy();
    expect(within(section).getByText("The bank account has been closed.")).toBeTruthy();
    expect(within(section).getByText("Insufficient funds in the connected account.")).toBeTruthy();
    shown.unmount();
    serve({ answer: EMPTY });
    renderApp("/admin?tab=reconciliation");
    expect(await screen.findByText("No reconciliation has run yet.")).toBeTruthy();
    expect(screen.queryByText("Payouts the bank sent back, still being taken back")).toBeNull();
  });

  it("says so when no run exists yet, and shows a load error with a retry", async () => {
    serve({ answer: EMPTY });
    const first = renderApp("/admin?tab=reconciliation");
    expect(await screen.findByText("No reconciliation has run yet.")).toBeTruthy();
    first.unmount();
    serve({ failGet: true });
    renderApp("/admin?tab=reconciliation");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("runs the chosen day now, then reads the run's day", async () => {
    const calls = serve({ answer: EMPTY });
    renderApp("/admin?tab=reconciliation");
    const day = await screen.findByLabelText("UTC day");
    await userEvent.clear(day);
    await userEvent.type(day, "2026-11-20");
    await userEvent.click(screen.getByRole("button", { name: "Run now" }));
    const isRun = (c: { method: string; path: string }) => c.method === "POST" && c.path === "/api/admin/reconciliation/run";
    await vi.waitFor(() => expect(calls.some(isRun)).toBe(true));
    expect(calls.find(isRun)!.body).toEqual({ day: "2026-11-20" });
    // The console then reads the run's day.
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/admin/reconciliation?day=2026-11-24")).toBe(true));
  });

  it("shows why a run could not be made", async () => {
    serve({
      answer: EMPTY,
      runAnswer: jsonResponse(503, {
        error: { code: "provider-unavailable", message: "The payment provider could not list its records." },
      }),
    });
    renderApp("/admin?tab=reconciliation");
    await userEvent.click(await screen.findByRole("button", { name: "Run now" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The payment provider could not list its records.");
  });

  it("downloads each view as CSV with the operator's token", async () => {
    const csv: string[] = [];
    serve({ csv });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:reconciliation"), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderApp("/admin?tab=reconciliation");
    const buttons = await screen.findAllByRole("button", { name: "Download CSV" });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) await userEvent.click(button);
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(3));
    expect(csv).toEqual([
      "/api/admin/reconciliation?day=2026-11-24&view=packs&format=csv",
      "/api/admin/reconciliation?day=2026-11-24&view=payouts&format=csv",
      "/api/admin/reconciliation?day=2026-11-24&view=reversals&format=csv",
    ]);
  });
});
