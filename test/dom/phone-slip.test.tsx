// The slip on a phone: a bar at the bottom shows the count, the parlay's price and the payout
// at the amount typed; it opens the whole slip as a sheet that takes the keyboard's focus and
// closes with Escape or Close, focus back on the bar; once the slip is placed, both go and
// the receipt says what was placed, with "Bet these again".
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PhoneSlip } from "../../src/features/betslip/components/phone-slip";
import { PlacedReceipt } from "../../src/features/betslip/placed-receipt";
import { PickButtons, Providers, betDoc, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc } from "./betslip-harness";

const mlHome = boardPick("g1", "Moneyline", "Home", -150);
const over = boardPick("g2", "Total", "Over", 100, 220.5);

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

async function renderPhone() {
  const calls = fakeServer(userDoc(), (req) =>
    req.path === "/api/placeBet"
      ? json(200, {
          bets: [betDoc({ legs: [legOf(mlHome)] })],
          balances: { coinBalance: 4_975, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
        })
      : undefined,
  );
  const ui = userEvent.setup();
  render(
    <MemoryRouter>
      <Providers>
        <PickButtons picks={[mlHome, over]} />
        <PhoneSlip />
        <PlacedReceipt />
      </Providers>
    </MemoryRouter>,
  );
  return { ui, calls };
}

describe("the phone's slip bar", () => {
  it("is hidden with an empty slip, then counts the picks and shows the parlay's price and payout", async () => {
    const { ui } = await renderPhone();
    expect(screen.queryByRole("region", { name: "Betslip bar" })).toBeNull();
    await ui.click(screen.getByRole("button", { name: `pick ${mlHome.uid}` }));
    const bar = screen.getByRole("region", { name: "Betslip bar" });
    expect(within(bar).getByRole("button").textContent).toBe("1 pickSinglesSingles from CoinsOpen slip");
    await ui.click(screen.getByRole("button", { name: `pick ${over.uid}` }));
    // Two picks on two games: a parlay at −150 × +100 (1.667 × 2.000 = 3.333, +233).
    await waitFor(() => expect(within(bar).getByRole("button").textContent).toBe("2 picksParlay · +233Parlay from CoinsOpen slip"));
  });

  it("opens the slip as a sheet with focus inside; Escape closes it and focus returns to the bar", async () => {
    const { ui } = await renderPhone();
    await ui.click(screen.getByRole("button", { name: `pick ${mlHome.uid}` }));
    const open = within(screen.getByRole("region", { name: "Betslip bar" })).getByRole("button");
    await ui.click(open);
    const sheet = screen.getByRole("dialog", { name: "Betslip" });
    expect(sheet.getAttribute("aria-modal")).toBe("true");
    expect(sheet.contains(document.activeElement)).toBe(true);
    await ui.type(within(sheet).getByLabelText("Amount"), "25");
    expect(within(screen.getByRole("region", { name: "Betslip bar" })).getByRole("button").textContent).toContain("Pays");
    await ui.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Betslip" })).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("places from the sheet (the confirm step inside it), then the slip clears and the bar and sheet go", async () => {
    const { ui, calls } = await renderPhone();
    await ui.click(screen.getByRole("button", { name: `pick ${mlHome.uid}` }));
    await ui.click(within(screen.getByRole("region", { name: "Betslip bar" })).getByRole("button"));
    const sheet = screen.getByRole("dialog", { name: "Betslip" });
    await ui.type(within(sheet).getByLabelText("Amount"), "25");
    await ui.click(within(sheet).getByRole("button", { name: "Place bet" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm wager" });
    // Escape belongs to the confirm step while it is open: the sheet stays.
    await ui.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Confirm wager" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Betslip" })).toBeTruthy();
    expect(confirm.isConnected).toBe(false);
    await ui.click(within(sheet).getByRole("button", { name: "Place bet" }));
    await ui.click(within(await screen.findByRole("dialog", { name: "Confirm wager" })).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Betslip bar" })).toBeNull());
    expect(screen.queryByRole("dialog", { name: "Betslip" })).toBeNull();
    expect(calls.some((c) => c.path === "/api/placeBet")).toBe(true);

    // The receipt outlasts the sheet: what was placed, a link to My Picks, and the same picks again.
    const receipt = await screen.findByRole("dialog", { name: "Bet placed" });
    expect(within(receipt).getByText("Single")).toBeTruthy();
    expect(within(receipt).getByRole("link", { name: "View in My Picks" }).getAttribute("href")).toBe("/picks");
    await ui.click(within(receipt).getByRole("button", { name: "Bet these again" }));
    expect(screen.queryByRole("dialog", { name: "Bet placed" })).toBeNull();
    expect(within(screen.getByRole("region", { name: "Betslip bar" })).getByRole("button").textContent).toContain("1 pick");
  });

  it("stays open while a bet is being placed: Escape and Close wait for its answer", async () => {
    let answer: (res: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    fakeServer(userDoc(), (req) => (req.path === "/api/placeBet" ? answered : undefined));
    const ui = userEvent.setup();
    render(
      <MemoryRouter>
        <Providers>
          <PickButtons picks={[mlHome]} />
          <PhoneSlip />
          <PlacedReceipt />
        </Providers>
      </MemoryRouter>,
    );
    await ui.click(screen.getByRole("button", { name: `pick ${mlHome.uid}` }));
    await ui.click(within(screen.getByRole("region", { name: "Betslip bar" })).getByRole("button"));
    const sheet = screen.getByRole("dialog", { name: "Betslip" });
    await ui.type(within(sheet).getByLabelText("Amount"), "25");
    await ui.click(within(sheet).getByRole("button", { name: "Place bet" }));
    await ui.click(within(await screen.findByRole("dialog", { name: "Confirm wager" })).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect((within(sheet).getByRole("button", { name: "Close" }) as HTMLButtonElement).disabled).toBe(true));
    await ui.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Betslip" })).toBe(sheet);

    answer(
      json(200, {
        bets: [betDoc({ legs: [legOf(mlHome)] })],
        balances: { coinBalance: 4_975, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Betslip" })).toBeNull());
    expect(await screen.findByRole("dialog", { name: "Bet placed" })).toBeTruthy();
  });
});
