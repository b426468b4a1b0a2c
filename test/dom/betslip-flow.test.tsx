// The betslip as a player uses it: toggling picks from the board, the conflict toast,
// Singles/Parlay switching, the amount box and quick-add, the ordered checks, and the
// confirm → place flow with its toasts, idempotency key and price-change handling.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Betslip } from "../../src/features/betslip/components/betslip";
import { BETSLIP_KEY } from "../../src/session/betslip-provider";
import { useWallet } from "../../src/session/wallet-provider";
import type { PlaceBetResponse } from "../../src/shared/schemas/bets";
import {
  FakeSocket,
  PickButtons,
  Providers,
  betDoc,
  boardPick,
  fakeServer,
  installFakeSocket,
  json,
  legOf,
  userDoc,
  type Handler,
} from "./betslip-harness";

const mlHome = boardPick("g1", "Moneyline", "Home", -150);
const mlAway = boardPick("g1", "Moneyline", "Away", 130);
const spreadHome = boardPick("g1", "Spread", "Home", -110, -3.5);
const spreadAway = boardPick("g1", "Spread", "Away", -110, 3.5);
const over = boardPick("g2", "Total", "Over", 100, 220.5);
const all = [mlHome, mlAway, spreadHome, spreadAway, over];

async function renderSlip(handler?: Handler, user = userDoc()) {
  const calls = fakeServer(user, handler);
  const ui = userEvent.setup();
  const view = render(
    <Providers>
      <PickButtons picks={all} />
      <Betslip />
    </Providers>,
  );
  if (user) await screen.findByText("Balance: 5,000 Coins");
  return { calls, ui, view };
}

const pickButton = (uid: string) => screen.getByRole("button", { name: `pick ${uid}` });
const selections = () => within(screen.getByRole("list", { name: "Selections" })).getAllByRole("listitem");

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

describe("toggling picks", () => {
  it("adds, removes on a second click, and replaces within the same game and market", async () => {
    const { ui } = await renderSlip();
    await ui.click(pickButton(mlHome.uid));
    expect(selections()).toHaveLength(1);
    expect(pickButton(mlHome.uid).getAttribute("aria-pressed")).toBe("true");
    await ui.click(pickButton(mlHome.uid));
    expect(screen.queryByRole("list", { name: "Selections" })).toBeNull();

    await ui.click(pickButton(mlHome.uid));
    await ui.click(pickButton(mlAway.uid));
    expect(selections()).toHaveLength(1);
    expect(selections()[0]!.textContent).toContain("Away g1");
  });

  it("refuses Moneyline + Spread on one team with the toast", async () => {
    const { ui } = await renderSlip();
    await ui.click(pickButton(mlHome.uid));
    await ui.click(pickButton(spreadHome.uid));
    expect(screen.getByRole("status").textContent).toBe("Can’t add Moneyline and Spread for the same team.");
    expect(selections()).toHaveLength(1);
    await ui.click(pickButton(spreadAway.uid));
    // Two picks on one game in a Parlay: both shown, inside their same-game block.
    const block = screen.getByRole("group", { name: /^Same-game parlay/ });
    expect(within(block).getAllByRole("listitem")).toHaveLength(2);
    expect(within(block).getByText("Home g1")).toBeTruthy();
    expect(within(block).getByText("Away g1")).toBeTruthy();
  });

  it("keeps the slip on the device across a reload", async () => {
    const { ui, view } = await renderSlip();
    await ui.click(pickButton(mlHome.uid));
    await ui.click(pickButton(over.uid));
    await ui.type(screen.getByLabelText("Amount"), "40");
    view.unmount();
    expect(JSON.parse(localStorage.getItem(BETSLIP_KEY)!).picks).toHaveLength(2);
    await renderSlip();
    expect(selections()).toHaveLength(2);
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("40");
  });
});

describe("two tabs", () => {
  it("follows a slip changed in another tab", async () => {
    await renderSlip();
    const other = JSON.stringify({ picks: [mlHome, over], mode: "Parlay", amount: "15" });
    localStorage.setItem(BETSLIP_KEY, other);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: BETSLIP_KEY, newValue: other }));
    });
    expect(selections()).toHaveLength(2);
    expect(screen.getByRole("radio", { name: "Parlay" }).getAttribute("aria-checked")).toBe("true");
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("15");
  });

  it("never writes back a slip it followed, so the other tab's newer amount survives", async () => {
    await renderSlip();
    const picked = JSON.stringify({ picks: [mlHome], mode: "Singles", amount: "" });
    const typed = JSON.stringify({ picks: [mlHome], mode: "Singles", amount: "40" });
    act(() => {
      // The other tab adds a pick; before this tab has rendered it, the player there types 40.
      localStorage.setItem(BETSLIP_KEY, picked);
      window.dispatchEvent(new StorageEvent("storage", { key: BETSLIP_KEY, newValue: picked }));
      localStorage.setItem(BETSLIP_KEY, typed);
    });
    expect(JSON.parse(localStorage.getItem(BETSLIP_KEY)!).amount).toBe("40");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: BETSLIP_KEY, newValue: typed }));
    });
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("40");
  });
});

describe("mode, amount and totals", () => {
  it("switches to Parlay at two picks, lets the player choose Singles, and back at one pick", async () => {
    const { ui } = await renderSlip();
    await ui.click(pickButton(mlHome.uid));
    const radio = (name: string) => screen.getByRole("radio", { name });
    expect(radio("Singles").getAttribute("aria-checked")).toBe("true");
    expect((radio("Parlay") as HTMLButtonElement).disabled).toBe(true);
    await ui.click(pickButton(over.uid));
    expect(radio("Parlay").getAttribute("aria-checked")).toBe("true");
    await ui.click(radio("Singles"));
    expect(radio("Singles").getAttribute("aria-checked")).toBe("true");
    expect(screen.getByLabelText("Amount per bet")).toBeTruthy();
    await ui.click(pickButton(over.uid));
    expect(radio("Singles").getAttribute("aria-checked")).toBe("true");
    expect((radio("Parlay") as HTMLButtonElement).disabled).toBe(true);
  });

  it("accepts digits and one point, quick-adds 10/25/50/100, and shows stake, to win and payout", async () => {
    const { ui } = await renderSlip();
    await ui.click(pickButton(mlAway.uid));
    const amount = screen.getByLabelText("Amount") as HTMLInputElement;
    await ui.type(amount, "1a0.5.x");
    expect(amount.value).toBe("10.5");
    await ui.clear(amount);
    for (const n of [10, 25, 50, 100]) await ui.click(screen.getByRole("button", { name: `+${n}` }));
    expect(amount.value).toBe("185");
    const summary = screen.getAllByRole("definition").map((d) => d.textContent);
    expect(summary).toEqual(["185 Coins", "240 Coins", "425 Coins"]);
  });

  it("shows each refusal in the spec's order", async () => {
    const { ui } = await renderSlip();
    const place = () => ui.click(screen.getByRole("button", { name: /^Place/ }));
    await place();
    expect(screen.getByRole("alert").textContent).toBe("Add at least one selection.");
    await ui.click(pickButton(mlHome.uid));
    await place();
    expect(screen.getByRole("alert").textContent).toBe("Enter a valid amount.");
    await ui.type(screen.getByLabelText("Amount"), "5001");
    await place();
    expect(screen.getByRole("alert").textContent).toBe("Not enough balance.");
    await ui.clear(screen.getByLabelText("Amount"));
    await ui.type(screen.getByLabelText("Amount"), "2.5");
    await place();
    expect(screen.getByRole("alert").textContent).toBe("Invalid stake.");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks a signed-out player to log in again", async () => {
    fakeServer(null);
    const ui = userEvent.setup();
    render(
      <Providers>
        <PickButtons picks={all} />
        <Betslip />
      </Providers>,
    );
    await ui.click(pickButton(mlHome.uid));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: /^Place/ }));
    expect(screen.getByRole("alert").textContent).toBe("Please log in again.");
  });
});

describe("confirm and place", () => {
  it("confirms in an accessible dialog, shows 'Placing…', sends one key, then toasts and clears", async () => {
    let release: (r: Response) => void = () => undefined;
    const placed: PlaceBetResponse = {
      bets: [betDoc({ kind: "Parlay", stake: 50, legs: [legOf(mlHome), legOf(over)] })],
      balances: { coinBalance: 4950, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
    };
    const { ui, calls } = await renderSlip((call) =>
      call.path === "/api/placeBet" ? new Promise<Response>((r) => (release = r)) : undefined,
    );
    await ui.click(pickButton(mlHome.uid));
    await ui.click(pickButton(over.uid));
    await ui.type(screen.getByLabelText("Amount"), "50");
    await ui.click(screen.getByRole("button", { name: "Place parlay" }));

    let dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(2);
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Confirm" }));
    await ui.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await ui.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();

    await ui.click(screen.getByRole("button", { name: "Place parlay" }));
    dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    await ui.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(within(dialog).getByRole("button", { name: "Placing…" })).toHaveProperty("disabled", true);
    const sent = calls.filter((c) => c.path === "/api/placeBet");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toEqual({
      kind: "Parlay",
      wallet: "coins",
      amount: 50,
      picks: [
        { eventId: "g1", league: "basketball_nba", market: "Moneyline", side: "Home", line: null, priceAm: -150 },
        { eventId: "g2", league: "basketball_nba", market: "Total", side: "Over", line: 220.5, priceAm: 100 },
      ],
    });

    await act(async () => release(json(200, placed)));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Parlay placed!"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("list", { name: "Selections" })).toBeNull();
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Balance: 4,950 Coins")).toBeTruthy();
  });

  it("says beside Place why it would refuse, naming the house maximum, while Place stays pressable", async () => {
    const { ui } = await renderSlip();
    await ui.click(pickButton(mlHome.uid));
    const place = screen.getByRole("button", { name: "Place bet" }) as HTMLButtonElement;
    expect(place.className).not.toContain("is-inactive");
    await ui.type(screen.getByLabelText("Amount"), "6000");
    expect(document.getElementById("betslip-hint")?.textContent).toBe("Not enough balance. The most per bet is 250,000 Coins.");
    expect(place.className).toContain("is-inactive");
    expect(place.disabled).toBe(false);
    expect(place.getAttribute("aria-describedby")).toBe("betslip-hint");
    await ui.clear(screen.getByLabelText("Amount"));
    await ui.type(screen.getByLabelText("Amount"), "10");
    expect(document.getElementById("betslip-hint")).toBeNull();
    expect(place.className).not.toContain("is-inactive");
  });

  it("says 'Singles placed!' for singles", async () => {
    const { ui } = await renderSlip((call) =>
      call.path === "/api/placeBet"
        ? json(200, {
            bets: [betDoc({ legs: [legOf(mlHome)] })],
            balances: { coinBalance: 4990, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
          })
        : undefined,
    );
    await ui.click(pickButton(mlHome.uid));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Singles placed!"));
  });

  it("updates prices after a 409 and asks the player to review; the dialog closes", async () => {
    const message = "Odds changed for one or more selections. Review your betslip and place again.";
    const { ui } = await renderSlip((call) =>
      call.path === "/api/placeBet"
        ? json(409, {
            error: {
              code: "price-changed",
              message,
              details: { picks: [{ eventId: "g1", market: "Moneyline", side: "Home", priceAm: -175, line: null, locked: false }] },
            },
          })
        : undefined,
    );
    await ui.click(pickButton(mlHome.uid));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(selections()[0]!.textContent).toContain("-175");
    expect(selections()).toHaveLength(1);
  });

  it("writes the new line into a pick's name when a 409 moves its line, so the slip never shows the old one", async () => {
    const { ui } = await renderSlip((call) =>
      call.path === "/api/placeBet"
        ? json(409, {
            error: {
              code: "price-changed",
              message: "Odds changed for one or more selections. Review your betslip and place again.",
              details: { picks: [{ eventId: "g2", market: "Total", side: "Over", priceAm: -105, line: 221.5, locked: false }] },
            },
          })
        : undefined,
    );
    await ui.click(pickButton(over.uid));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(selections()[0]!.textContent).toContain("Over 221.5"));
    expect(selections()[0]!.textContent).not.toContain("220.5");
  });

  it("shows the server's message, else 'Failed to place bet'", async () => {
    let reply: () => Response = () => json(400, { error: { code: "insufficient-funds", message: "Not enough balance." } });
    const { ui } = await renderSlip((call) => (call.path === "/api/placeBet" ? reply() : undefined));
    await ui.click(pickButton(mlHome.uid));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Not enough balance."));

    reply = () => {
      throw new TypeError("Failed to fetch");
    };
    await ui.click(screen.getByRole("button", { name: "Place bet" }));
    await ui.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to place bet"));
    expect(selections()).toHaveLength(1);
  });
});

describe("live balance", () => {
  it("updates the slip's balance when the wallet socket pushes one", async () => {
    await renderSlip();
    const socket = await waitFor(() => FakeSocket.latest());
    expect(socket.protocols).toEqual(["vantage.live.v1", "vantage.token.token-1"]);
    act(() => {
      socket.open();
      socket.push({ type: "balances", balances: { coinBalance: 7000, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 } });
    });
    expect(screen.getByText("Balance: 7,000 Coins")).toBeTruthy();
  });

  it("shows balances another call answered even after the socket pushed older ones", async () => {
    fakeServer(userDoc());
    const ui = userEvent.setup();
    function ClaimStandIn() {
      const { applyBalances } = useWallet();
      return (
        <button
          type="button"
          onClick={() => applyBalances({ coinBalance: 8000, vantageCash: 100, lastBonusDayET: "2026-11-22", bonusStreak: 1 })}
        >
          claimed
        </button>
      );
    }
    render(
      <Providers>
        <Betslip />
        <ClaimStandIn />
      </Providers>,
    );
    await screen.findByText("Balance: 5,000 Coins");
    const socket = await waitFor(() => FakeSocket.latest());
    act(() => {
      socket.open();
      socket.push({ type: "balances", balances: { coinBalance: 7000, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 } });
    });
    expect(screen.getByText("Balance: 7,000 Coins")).toBeTruthy();
    act(() => socket.drop());
    await ui.click(screen.getByRole("button", { name: "claimed" }));
    expect(screen.getByText("Balance: 8,000 Coins")).toBeTruthy();
  });
});
