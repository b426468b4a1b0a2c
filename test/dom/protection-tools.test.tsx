// Player protection in the SPA, through the real routes and session provider
// against a fake /api: the date-of-birth step before the board, the under-age closure,
// the break banner, /account's break and limits tools, the shop's allowance and the
// /responsible-play page linked from the footer.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatEtTime } from "../../src/shared/protection";
import type { UserDocument } from "../../src/shared/schemas/user";
import { adultProtection, fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc, type FakeCall } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A signed-in session for `user` with an empty board; `handle` answers anything else. */
function session(user: UserDocument, handle: (call: FakeCall) => Response | undefined = () => undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(user));
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/bets")) return jsonResponse(200, { bets: [], nextCursor: null });
    return handle(call);
  });
}

const board = () => screen.findByRole("tablist", { name: "Board" });

describe("the date-of-birth step", () => {
  it("comes after sign-in and before the board, once: a 'Date of birth' input and a 'Confirm' button", async () => {
    const calls = session(userDoc({ dateOfBirth: null }), (call) =>
      call.method === "PATCH" && call.path === "/api/me" ? jsonResponse(200, userDoc({ dateOfBirth: "1990-04-25" })) : undefined,
    );
    renderApp("/");
    const input = await screen.findByLabelText("Date of birth");
    expect(screen.queryByRole("tablist", { name: "Board" })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your date of birth.");
    await user.type(input, "1990-04-25");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await board()).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({ path: "/api/me", body: { dateOfBirth: "1990-04-25" } });
    expect(screen.queryByLabelText("Date of birth")).toBeNull();
  });

  it("shows the server's refusal and stays on the form", async () => {
    session(userDoc({ dateOfBirth: null }), (call) =>
      call.method === "PATCH"
        ? jsonResponse(409, {
            error: { code: "date-of-birth-set", message: "Your date of birth is already confirmed. Please contact support to change it." },
          })
        : undefined,
    );
    renderApp("/shop");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Date of birth"), "1990-04-25");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Your date of birth is already confirmed. Please contact support to change it."),
    );
    expect(screen.queryByRole("heading", { name: "Coin Shop" })).toBeNull();
  });

  it("an account closed under age says so instead of the board", async () => {
    session(userDoc({ dateOfBirth: "2012-01-01", closed: "under-age", minAge: 21 }));
    renderApp("/");
    expect(await screen.findByText("You must be 21 or older to play on Vantage. Your account is closed for play.")).toBeTruthy();
    expect(screen.queryByRole("tablist", { name: "Board" })).toBeNull();
  });
});

describe("breaks", () => {
  it("a running break shows on the board with its end time", async () => {
    const until = new Date(Date.now() + 23 * 3600_000).toISOString();
    session(userDoc({ breakUntil: until }));
    renderApp("/");
    await board();
    const banner = await screen.findByText(/You are taking a break until/);
    expect(banner.textContent).toContain(`You are taking a break until ${formatEtTime(Date.parse(until))}.`);
  });

  it("/account: choosing a break asks for a clear confirmation, then starts it; Cancel changes nothing", async () => {
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const calls = session(userDoc(), (call) =>
      call.path === "/api/me/break"
        ? jsonResponse(200, userDoc({ breakUntil: until }))
        : call.path === "/api/me"
          ? jsonResponse(200, userDoc())
          : undefined,
    );
    renderApp("/account?section=limits");
    const card = (await screen.findByRole("heading", { name: "Take a break" })).closest("section")!;
    const user = userEvent.setup();
    await user.click(within(card).getByLabelText("7 days"));
    await user.click(within(card).getByRole("button", { name: "Take a break" }));
    const confirm = within(card).getByRole("group", { name: "Confirm your break" });
    expect(confirm.textContent).toMatch(
      /Take a break for 7 days, until .+ ET\? You will not be able to bet, cash out, buy coins or claim the daily bonus until then, and the break cannot be ended early\./,
    );
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.path === "/api/me/break")).toBe(false);

    await user.click(within(card).getByRole("button", { name: "Take a break" }));
    await user.click(within(card).getByRole("button", { name: "Yes, start my break" }));
    await waitFor(() => expect(within(card).getByText(`You are on a break until ${formatEtTime(Date.parse(until))}.`)).toBeTruthy());
    expect(calls.filter((c) => c.path === "/api/me/break").map((c) => c.body)).toEqual([{ period: "7d" }]);
    expect(await screen.findByText(/You are taking a break until/)).toBeTruthy();
  });

  it("closing the account is its own, red choice", async () => {
    session(userDoc(), (call) => (call.path === "/api/me" ? jsonResponse(200, userDoc()) : undefined));
    renderApp("/account?section=limits");
    const card = (await screen.findByRole("heading", { name: "Take a break" })).closest("section")!;
    const user = userEvent.setup();
    await user.click(within(card).getByLabelText("Close my account"));
    await user.click(within(card).getByRole("button", { name: "Close my account" }));
    expect(within(card).getByRole("button", { name: "Yes, close my account" })).toBeTruthy();
    expect(within(card).getByRole("group", { name: "Confirm your break" }).textContent).toContain(
      "Close your account for play permanently?",
    );
  });
});

describe("limits", () => {
  it("/account shows limits in force and when a waiting raise takes effect, and sends only what changed", async () => {
    const effectiveAt = new Date(Date.now() + 20 * 3600_000).toISOString();
    const current = userDoc({
      ...adultProtection({
        limits: {
          dailyStakeCoins: 100,
          dailyStakeCash: null,
          dailyPurchaseDollars: 25,
          weeklyPurchaseDollars: null,
          monthlyPurchaseDollars: null,
        },
        pendingLimits: { dailyPurchaseDollars: { value: 50, effectiveAt } },
        stakedToday: { coins: 40, cash: 0 },
      }),
    });
    const calls = session(current, (call) =>
      call.method === "PUT" && call.path === "/api/me/limits"
        ? jsonResponse(200, { ...current, limits: { ...current.limits, dailyStakeCoins: 80, monthlyPurchaseDollars: 200 } })
        : call.path === "/api/me"
          ? jsonResponse(200, current)
          : undefined,
    );
    renderApp("/account?section=limits");
    const coins = (await screen.findByLabelText("Daily stake (Coins)")) as HTMLInputElement;
    expect(coins.value).toBe("100");
    expect(screen.getByText(/In force: 100 Coins · Staked today: 40 Coins/)).toBeTruthy();
    expect(screen.getByText(`In force: $25.00 · Changes to $50.00 on ${formatEtTime(Date.parse(effectiveAt))}`)).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(coins);
    await user.type(coins, "80");
    await user.type(screen.getByLabelText("Monthly purchases"), "200");
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    await waitFor(() => expect(screen.getByText("Limits saved.")).toBeTruthy());
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ dailyStakeCoins: 80, monthlyPurchaseDollars: 200 }]);
  });

  it("the shop shows the remaining purchase allowance when a limit is set", async () => {
    const resetsAt = new Date(Date.now() + 5 * 3600_000).toISOString();
    session(userDoc({ purchaseAllowance: { limit: "weeklyPurchaseDollars", remainingDollars: 30.01, resetsAt } }));
    renderApp("/shop");
    const line = await screen.findByTestId("purchase-allowance");
    expect(line.textContent).toBe(`Your weekly purchase limit leaves $30.01 to spend until ${formatEtTime(Date.parse(resetsAt))}.`);
  });

  it("the shop and redeem pages say why Vantage Cash is not offered in the player's region", async () => {
    const notice = "Vantage Cash is not offered in US-CA since 2026-01-01 (California AB 831 (2025)): Coins play only.";
    session(userDoc({ region: "US-CA", unavailable: ["purchase", "redeem"], regionMode: "coins-only", regionNotice: notice }), (call) =>
      call.path.startsWith("/api/connect/status")
        ? jsonResponse(200, { payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } })
        : call.path.startsWith("/api/withdrawals")
          ? jsonResponse(200, { redemptions: [] })
          : undefined,
    );
    const { router } = renderApp("/shop");
    // The page says it (the notice under the header says it too, once).
    const onPage = async (heading: string) => {
      const page = (await screen.findByRole("heading", { level: 1, name: heading })).closest("section, main")!;
      return within(page as HTMLElement).findByText(notice);
    };
    expect(await onPage("Coin Shop")).toBeTruthy();
    await router.navigate("/redeem");
    expect(await onPage("Redeem Vantage Cash")).toBeTruthy();
  });

  it("the shop shows no allowance without a limit", async () => {
    session(userDoc());
    renderApp("/shop");
    await screen.findByRole("heading", { name: "Coin Shop" });
    expect(screen.queryByTestId("purchase-allowance")).toBeNull();
  });
});

describe("/responsible-play", () => {
  it("is linked in the footer and from /account, and explains the tools and where to get help", async () => {
    session(userDoc(), (call) => (call.path === "/api/me" ? jsonResponse(200, userDoc()) : undefined));
    const { router } = renderApp("/account?section=limits");
    await screen.findByRole("heading", { name: "Account" });
    const footer = screen.getByRole("navigation", { name: "Legal" });
    expect(within(footer).getByRole("link", { name: "Responsible play" }).getAttribute("href")).toBe("/responsible-play");
    const user = userEvent.setup();
    const fromAccount = screen.getAllByRole("link", { name: "Responsible play" }).find((link) => !footer.contains(link))!;
    await user.click(fromAccount);
    await waitFor(() => expect(router.state.location.pathname).toBe("/responsible-play"));
    expect(await screen.findByRole("heading", { name: "Responsible play" })).toBeTruthy();
    expect(screen.getByText(/1-800-GAMBLER/)).toBeTruthy();
    expect(screen.getByText("Take a break")).toBeTruthy();
  });
});
