// Responsible play's second step in the SPA, through the real routes and providers against a
// fake /api: the reality-check dialog (session figures, its three answers), the wallet
// panel's time left under 15 minutes, nudges near a limit, the loss and time limits form,
// and the My statement page.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlayView, Statement } from "../../src/shared/schemas/play";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc, type FakeCall } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
});

function playView(overrides: Partial<PlayView> = {}): PlayView {
  return {
    limits: {
      dailyLossCoins: null,
      weeklyLossCoins: null,
      monthlyLossCoins: null,
      dailyLossCash: null,
      weeklyLossCash: null,
      monthlyLossCash: null,
      dailyPlayMinutes: null,
      realityCheckMinutes: null,
    },
    pendingLimits: {},
    minutesToday: 0,
    minutesLeft: null,
    realityCheck: { due: false, dueAt: null, session: null },
    nudges: [],
    ...overrides,
  };
}

const DUE: PlayView = playView({
  limits: { ...playView().limits, realityCheckMinutes: 30 },
  realityCheck: {
    due: true,
    dueAt: new Date(Date.now() - 1000).toISOString(),
    session: {
      startedAt: new Date(Date.now() - 31 * 60_000).toISOString(),
      minutes: 31,
      staked: { coins: 1200, cash: 2.5 },
      net: { coins: -700, cash: 1.25 },
    },
  },
});

/** A signed-in player with an empty board; /api/play answers `play`; `handle` answers anything else. */
function session(play: PlayView, handle: (call: FakeCall) => Response | undefined = () => undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(userDoc()));
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/bets")) return jsonResponse(200, { bets: [], nextCursor: null });
    const answered = handle(call);
    if (answered) return answered;
    if (call.path === "/api/play/heartbeat" || call.path === "/api/play") return jsonResponse(200, play);
    return undefined;
  });
}

describe("the reality-check dialog", () => {
  it("opens when a check is due, with the session's time, stakes and net; Keep playing answers it", async () => {
    const calls = session(DUE, (call) =>
      call.path === "/api/play/reality-check"
        ? jsonResponse(200, playView({ realityCheck: { due: false, dueAt: null, session: null } }))
        : undefined,
    );
    renderApp("/");
    const dialog = await screen.findByRole("alertdialog", { name: "Reality check" });
    expect(dialog.textContent).toContain("You have been playing for 31 minutes this session.");
    expect(within(dialog).getByText("1,200 Coins · 2.50 Vantage Cash")).toBeTruthy();
    expect(within(dialog).getByText("−700 Coins · +1.25 Vantage Cash")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Take a break (24 hours)" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Set a limit" })).toBeTruthy();
    // It must be answered: Escape leaves it open.
    const user = userEvent.setup();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog", { name: "Reality check" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep playing" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.path === "/api/play/reality-check").map((c) => c.body)).toEqual([{ answer: "keep-playing" }]);
  });

  it("'Set a limit' answers it and opens the loss and time limits", async () => {
    const calls = session(DUE, (call) => (call.path === "/api/play/reality-check" ? jsonResponse(200, playView()) : undefined));
    const { router } = renderApp("/");
    const dialog = await screen.findByRole("alertdialog", { name: "Reality check" });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Set a limit" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(router.state.location.search).toBe("?section=limits");
    expect(router.state.location.hash).toBe("#play-limits");
    expect(calls.find((c) => c.path === "/api/play/reality-check")?.body).toEqual({ answer: "set-limit" });
    expect(await screen.findByRole("heading", { name: "Loss and time limits" })).toBeTruthy();
  });

  it("does not open while nothing is due", async () => {
    const calls = session(playView({ realityCheck: { due: false, dueAt: null, session: null } }));
    renderApp("/");
    await screen.findByRole("tablist", { name: "Board" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/play/heartbeat" && c.method === "POST")).toBe(true));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

describe("time left in the wallet panel", () => {
  async function openWallet() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Wallet:/ }));
    return screen.getByRole("dialog", { name: "Wallet" });
  }

  it("shows the minutes left when fewer than 15 remain under the daily limit", async () => {
    session(playView({ limits: { ...playView().limits, dailyPlayMinutes: 60 }, minutesToday: 48, minutesLeft: 12 }));
    renderApp("/");
    const panel = await openWallet();
    await waitFor(() =>
      expect(within(panel).getByRole("note", { name: "Play time" }).textContent).toBe("Play time left today: 12 minutes"),
    );
  });

  it("says when the limit is reached, and shows nothing with 15 minutes or more left", async () => {
    session(playView({ limits: { ...playView().limits, dailyPlayMinutes: 60 }, minutesToday: 60, minutesLeft: 0 }));
    const first = renderApp("/");
    const panel = await openWallet();
    await waitFor(() =>
      expect(within(panel).getByRole("note", { name: "Play time" }).textContent).toMatch(/^Daily play-time limit reached/),
    );
    first.unmount();
    vi.unstubAllGlobals();

    const calls = session(playView({ limits: { ...playView().limits, dailyPlayMinutes: 60 }, minutesToday: 45, minutesLeft: 15 }));
    renderApp("/");
    const later = await openWallet();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/play/heartbeat")).toBe(true));
    expect(within(later).queryByRole("note", { name: "Play time" })).toBeNull();
  });
});

describe("nudges near a limit", () => {
  it("shows what is left until dismissed", async () => {
    const message = "You have 40 Coins left of your daily Coins loss limit of 200 Coins. It resets Nov 26, 2026, 12:00 AM ET.";
    const calls = session(playView({ nudges: [{ id: "dailyLossCoins:1", message, createdAt: new Date().toISOString() }] }), (call) =>
      call.path === "/api/play/nudges/seen" ? jsonResponse(200, playView()) : undefined,
    );
    renderApp("/");
    expect(await screen.findByText(message)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(calls.find((c) => c.path === "/api/play/nudges/seen")?.body).toEqual({ ids: ["dailyLossCoins:1"] });
  });
});

describe("the loss and time limits form", () => {
  it("sends only what changed and shows a waiting raise", async () => {
    const saved = playView({
      limits: { ...playView().limits, dailyLossCoins: 200, weeklyLossCash: 25, realityCheckMinutes: 60 },
      pendingLimits: { weeklyLossCash: { value: null, effectiveAt: "2026-11-26T17:00:00.000Z" } },
    });
    const calls = session(playView({ limits: { ...playView().limits, weeklyLossCash: 25 } }), (call) =>
      call.method === "PUT" && call.path === "/api/play/limits" ? jsonResponse(200, saved) : undefined,
    );
    renderApp("/account?section=limits");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Daily loss (Coins)"), "200");
    await user.clear(screen.getByLabelText("Weekly loss (Vantage Cash)"));
    await user.selectOptions(screen.getByLabelText("Reality check"), "Every 60 minutes");
    await user.click(screen.getByRole("button", { name: "Save loss and time limits" }));
    expect(await screen.findByText(/^Loss and time limits saved\. Higher limits and removals take effect after 24 hours/)).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/play/limits").map((c) => c.body)).toEqual([
      { dailyLossCoins: 200, weeklyLossCash: null, realityCheckMinutes: 60 },
    ]);
    expect(screen.getByText(/In force: 25 Vantage Cash · Changes to no limit on/)).toBeTruthy();
  });
});

describe("the loss and time limits form, read again while the player edits it", () => {
  it("keeps the player's change when the fresh read lands after it, and saves it", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const calls = session(playView(), (call) => {
      if (call.method === "PUT" && call.path === "/api/play/limits") {
        return jsonResponse(200, playView({ limits: { ...playView().limits, realityCheckMinutes: 30 } }));
      }
      if (call.method === "GET" && call.path === "/api/play" && ++reads >= 1) {
        // The form's own fresh read, slow to answer: it lands after the player's edit.
        return held.then(() => jsonResponse(200, playView())) as unknown as Response;
      }
      return undefined;
    });
    renderApp("/account?section=limits");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Reality check"), "Every 30 minutes");
    // The fresh read lands, and React has applied it, before the player saves.
    await act(async () => {
      release();
      await held;
    });
    expect(reads).toBe(1);
    expect((screen.getByLabelText("Reality check") as HTMLSelectElement).value).toBe("30");
    await user.click(screen.getByRole("button", { name: "Save loss and time limits" }));
    expect(await screen.findByText("Loss and time limits saved.")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/play/limits").map((c) => c.body)).toEqual([{ realityCheckMinutes: 30 }]);
  });
});

describe("the loss and time limits form, when they cannot be read", () => {
  it("says so with a retry instead of loading for ever, and shows the form once they answer", async () => {
    let down = true;
    session(playView(), (call) =>
      down && call.path.startsWith("/api/play")
        ? jsonResponse(503, { error: { code: "unavailable", message: "Try again later." } })
        : undefined,
    );
    renderApp("/account?section=limits");
    const user = userEvent.setup();
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.queryByText("Loading your loss and time limits…")).toBeNull();
    down = false;
    await user.click(retry);
    expect(await screen.findByLabelText("Daily loss (Coins)")).toBeTruthy();
  });
});

describe("My statement", () => {
  const zero = { purchases: 0, redemptions: 0, stakes: 0, results: 0, bonuses: 0, opening: 0, other: 0, net: 0, total: 0 };
  const now = new Date();
  const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const statement: Statement = {
    months: [
      {
        month: thisMonth,
        coins: {
          purchases: 5000,
          redemptions: 0,
          stakes: -1500,
          results: 900,
          bonuses: 1000,
          opening: 0,
          other: 0,
          net: -600,
          total: 5400,
        },
        cash: { ...zero, purchases: 5, redemptions: -2.5, total: 2.5 },
        purchasedDollars: 4.99,
        minutesPlayed: 95,
        limitsReached: [{ name: "dailyLossCoins", label: "Daily Coins loss limit", at: now.toISOString() }],
      },
      { month: "2020-01", coins: zero, cash: zero, purchasedDollars: 0, minutesPlayed: 0, limitsReached: [] },
    ],
    history: [
      {
        kind: "limit",
        name: "dailyLossCoins",
        label: "Daily Coins loss limit",
        from: "No limit",
        to: "200 Coins",
        askedAt: "2026-11-02T15:00:00.000Z",
        effectiveAt: "2026-11-02T15:00:00.000Z",
        cancelledAt: null,
      },
      {
        kind: "limit",
        name: "dailyLossCoins",
        label: "Daily Coins loss limit",
        from: "200 Coins",
        to: "500 Coins",
        askedAt: "2026-11-03T15:00:00.000Z",
        effectiveAt: "2026-11-04T15:00:00.000Z",
        cancelledAt: "2026-11-03T16:00:00.000Z",
      },
    ],
  };

  it("shows this month and past months with their lines, time played, limits reached and the limit history", async () => {
    session(playView(), (call) => (call.path === "/api/play/statement" ? jsonResponse(200, statement) : undefined));
    renderApp("/statement");
    expect(await screen.findByRole("heading", { name: "My statement", level: 1 })).toBeTruthy();
    const current = await screen.findByRole("region", { name: /^This month/ });
    const row = (name: string) => within(current).getByRole("rowheader", { name }).closest("tr")!.textContent!.replace(name, "").trim();
    expect(row("Purchases")).toBe("5,0005");
    expect(row("Stakes")).toBe("−1,5000");
    expect(row("Net (stakes and results)")).toBe("−6000");
    expect(row("Redemptions")).toBe("0−2.50");
    expect(within(current).getByText("95 minutes")).toBeTruthy();
    expect(within(current).getByText("$4.99")).toBeTruthy();
    expect(within(current).getByText(/^Daily Coins loss limit \(/)).toBeTruthy();
    expect(screen.getByRole("region", { name: "January 2020" })).toBeTruthy();
    const history = screen.getByRole("region", { name: "Limit and break history" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["200 Coins → 500 Coins", "No limit → 200 Coins"]);
    expect(within(rows[1]!).getAllByRole("cell")[2]!.textContent).toBe("At once");
    expect(rows[0]!.textContent).toContain("Replaced");
  });

  it("says so when the statement cannot be loaded", async () => {
    session(playView());
    renderApp("/statement");
    expect((await screen.findByRole("alert")).textContent).toBe("No such API route.");
  });
});
