// My Picks as a player reads it: the selected wallet only, All / Open / Settled, a row
// per single, parlays with amounts and expandable legs, and live changes without reload.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MyPicksPage } from "../../src/features/picks/components/my-picks-page";
import { WALLET_MODE_KEY } from "../../src/session/wallet-provider";
import { FakeSocket, Providers, betDoc, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc } from "./betslip-harness";

const a = boardPick("g1", "Moneyline", "Home", -150);
const b = boardPick("g2", "Spread", "Away", 110, 4.5);
const c = boardPick("g3", "Total", "Under", -105, 48.5);

const openSingle = betDoc({ legs: [legOf(a)], stake: 100, toWin: 66 });
const wonParlay = betDoc({
  kind: "Parlay",
  legs: [legOf(b), legOf(c)],
  stake: 50,
  toWin: 150,
  status: "settled",
  result: "win",
  payoutPaid: 200,
  legResults: ["win", "win"],
  settledAt: 1_800_000_000_000,
});
const cashSingle = betDoc({ wallet: "cash", legs: [legOf(c)], stake: 500, toWin: 476 });

function serve(bets = [wonParlay, openSingle, cashSingle]) {
  return fakeServer(userDoc(), (call) => {
    if (call.path !== "/api/bets") return undefined;
    const wallet = call.query.get("wallet");
    return json(200, { bets: bets.filter((x) => x.wallet === wallet).sort((x, y) => y.createdAt - x.createdAt), nextCursor: null });
  });
}

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <Providers>
      <MyPicksPage />
    </Providers>,
  );
}

describe("My Picks", () => {
  it("lists the selected wallet's bets newest first and filters All / Open / Settled", async () => {
    const calls = serve();
    renderPage();
    expect(screen.getByText("Loading your picks…")).toBeTruthy();
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(calls.find((x) => x.path === "/api/bets")!.query.get("wallet")).toBe("coins");
    expect(items[0]!.textContent).toContain("Parlay · 2 legs");
    expect(items[1]!.textContent).toContain("Single");
    expect(items[1]!.textContent).toContain("Home g1");
    expect(within(items[1]!).getByText("Open")).toBeTruthy();

    const ui = userEvent.setup();
    await ui.click(screen.getByRole("tab", { name: "Settled" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByText("Parlay · 2 legs")).toBeTruthy();
    await ui.click(screen.getByRole("tab", { name: "Open" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByText("Single")).toBeTruthy();
  });

  it("shows a parlay's stake, to win and payout, and its legs on demand", async () => {
    serve();
    renderPage();
    const ui = userEvent.setup();
    await screen.findByText("Parlay · 2 legs");
    const parlay = screen.getByText("Parlay · 2 legs").closest("li")!;
    expect(within(parlay).getByText("Won")).toBeTruthy();
    expect([...parlay.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(["Stake", "To win", "Payout"]);
    expect(within(parlay).getByText("50 Coins")).toBeTruthy();
    expect(within(parlay).getByText("150 Coins")).toBeTruthy();
    expect(within(parlay).getByText("200 Coins")).toBeTruthy();
    const toggle = within(parlay).getByRole("button", { name: "Show legs" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await ui.click(toggle);
    expect(within(parlay).getByRole("button", { name: "Hide legs" }).getAttribute("aria-expanded")).toBe("true");
    expect(parlay.textContent).toContain("Away g2 +4.5");
    expect(parlay.textContent).toContain("Under 48.5");
  });

  it("shows only Vantage Cash picks when that wallet is selected", async () => {
    localStorage.setItem(WALLET_MODE_KEY, "cash");
    serve();
    renderPage();
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain("5 Vantage Cash");
  });

  it("says so when there is nothing to show, or when loading fails", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("No picks yet.")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Open" }));
    expect(screen.getByText("No open picks.")).toBeTruthy();
  });

  it("offers a retry when the list cannot load", async () => {
    fakeServer(userDoc(), (call) =>
      call.path === "/api/bets" ? json(503, { error: { code: "unavailable", message: "down" } }) : undefined,
    );
    renderPage();
    expect(await screen.findByText("Could not load your picks.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("reconnects after the socket drops and refetches the list", async () => {
    const calls = serve([openSingle]);
    renderPage();
    await screen.findAllByRole("listitem");
    const first = await waitFor(() => FakeSocket.latest());
    act(() => first.open());
    const fetches = () => calls.filter((x) => x.path === "/api/bets").length;
    const before = fetches();
    act(() => first.drop());
    await waitFor(() => expect(FakeSocket.all.length).toBe(2), { timeout: 3000 });
    act(() => FakeSocket.latest().open());
    await waitFor(() => expect(fetches()).toBe(before + 1));
  });

  it("adds a bet placed in another tab and shows its settlement as the socket pushes them", async () => {
    serve([]);
    renderPage();
    await screen.findByText("No picks yet.");
    const socket = await waitFor(() => FakeSocket.latest());
    const fresh = betDoc({ legs: [legOf(b)], stake: 20, toWin: 22 });
    act(() => {
      socket.open();
      socket.push({ type: "bets", bets: [fresh] });
    });
    expect(within(screen.getByRole("listitem")).getByText("Open")).toBeTruthy();
    act(() =>
      socket.push({ type: "bets", bets: [{ ...fresh, status: "settled", result: "loss", legResults: ["loss"], settledAt: Date.now() }] }),
    );
    expect(within(screen.getByRole("listitem")).getByText("Lost")).toBeTruthy();
  });
});
