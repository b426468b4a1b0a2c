// Cash-out on My Picks as a player uses it: the offer with its fee in plain sight, a share
// or all of the stake, the confirmed cash-out updating the bet and the balance, a moved
// value shown as a new offer, a suspended leg's sentence, and a cashed-out bet on the
// Settled list with what it paid.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MyPicksRoute } from "../../src/app/routes/my-picks-route";
import { CashOutButton } from "../../src/features/cash-out/components/cash-out-button";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { CashOutQuote } from "../../src/shared/schemas/cash-out";
import { Providers, betDoc, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc, type Handler } from "./betslip-harness";

const pick = boardPick("g1", "Moneyline", "Home", -110);
const open = betDoc({ legs: [legOf(pick)], stake: 100, toWin: 90 });

const quote = (overrides: Partial<CashOutQuote> = {}): CashOutQuote => ({
  quoteId: "q-1",
  betId: open.id,
  wallet: "coins",
  openStake: 100,
  fairValue: 95,
  fee: 5,
  marginPercent: 5,
  amount: 90,
  expiresAt: Date.now() + 10_000,
  validForMs: 10_000,
  shares: [
    { fraction: 0.25, stake: 25, fairValue: 23, fee: 2, amount: 21 },
    { fraction: 0.5, stake: 50, fairValue: 47, fee: 3, amount: 44 },
    { fraction: 1, stake: 100, fairValue: overrides.fairValue ?? 95, fee: overrides.fee ?? 5, amount: overrides.amount ?? 90 },
  ],
  ...overrides,
});

function renderButton(handler: Handler, bet: BetDocument = open) {
  const calls = fakeServer(userDoc(), handler);
  render(
    <Providers>
      <CashOutButton bet={bet} />
    </Providers>,
  );
  return calls;
}

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

describe("the cash-out dialog", () => {
  it("counts the offer down on the device's clock and fetches a fresh one when it runs out", async () => {
    // The clock and the dialog's tick are the test's; everything else runs on real timers.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    try {
      let asked = 0;
      renderButton((call) => {
        if (call.method === "GET" && call.path === `/api/bets/${open.id}/cash-out`) {
          asked += 1;
          // The device's clock is a minute off the server's: only validForMs counts.
          return json(200, quote({ quoteId: `q-${asked}`, expiresAt: Date.now() - 60_000, validForMs: 3_000, amount: 90 - asked }));
        }
        return undefined;
      });
      const ui = userEvent.setup();
      await ui.click(await screen.findByRole("button", { name: "Cash out" }));
      const dialog = await screen.findByRole("dialog", { name: "Cash out" });
      expect(within(dialog).getByText("This offer is good for 3 s.")).toBeTruthy();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await within(dialog).findByText("This offer is good for 2 s.")).toBeTruthy();
      await vi.advanceTimersByTimeAsync(2_000);
      const fresh = await screen.findByText("That offer ran out; here is a fresh one.");
      expect(fresh).toBeTruthy();
      expect(asked).toBe(2);
      expect(screen.getByRole("button", { name: "Cash out 88 Coins" })).toBeTruthy();
      expect(screen.getByText("This offer is good for 3 s.")).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the fair value, the fee and what the player gets, for all or a share, and cashes out once", async () => {
    const calls = renderButton((call) => {
      if (call.method === "GET" && call.path === `/api/bets/${open.id}/cash-out`) return json(200, quote());
      if (call.method === "POST" && call.path === `/api/bets/${open.id}/cash-out`) {
        const bet = { ...open, cashOut: { stake: 50, paid: 45 }, payoutPaid: 45 };
        return json(200, { bet, stake: 50, paid: 45, balances: { coinBalance: 4945, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 } });
      }
      return undefined;
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Cash out" }));
    const dialog = await screen.findByRole("dialog", { name: "Cash out" });
    const figure = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(figure("Fair value")).toBe("95 Coins");
    expect(figure("Fee (5%)")).toBe("−5 Coins");
    expect(figure("You get")).toBe("90 Coins");

    // Half as the Worker priced it: 50 of the stake, fair value 47 (47.5 rounded down), fee 3 (2.35 rounded up), 44 paid.
    await ui.click(within(dialog).getByRole("radio", { name: "50%" }));
    expect(figure("Stake cashed out")).toBe("50 Coins");
    expect(figure("Fair value")).toBe("47 Coins");
    expect(figure("Fee (5%)")).toBe("−3 Coins");
    expect(figure("You get")).toBe("44 Coins");
    expect(within(dialog).getByText("50 Coins of the stake stays on the bet and is settled as usual.")).toBeTruthy();

    await ui.click(within(dialog).getByRole("button", { name: "Cash out 44 Coins" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = calls.find((c) => c.method === "POST" && c.path.endsWith("/cash-out"))!;
    expect(post.body).toEqual({ quoteId: "q-1", fraction: 0.5 });
    expect(post.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Cashed out! 45 Coins"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a moved value as a new offer to confirm again", async () => {
    let posts = 0;
    const calls = renderButton((call) => {
      if (call.method === "GET" && call.path.endsWith("/cash-out")) return json(200, quote());
      if (call.method === "POST" && call.path.endsWith("/cash-out")) {
        posts += 1;
        if (posts === 1) {
          const fresh = quote({ quoteId: "q-2", fairValue: 80, fee: 4, amount: 76 });
          return json(409, { error: { code: "cash-out-moved", message: "The cash-out value changed.", details: { quote: fresh } } });
        }
        const bet = { ...open, status: "settled", result: "cashed_out", cashOut: { stake: 100, paid: 76 }, payoutPaid: 76 };
        return json(200, {
          bet,
          stake: 100,
          paid: 76,
          balances: { coinBalance: 4976, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
        });
      }
      return undefined;
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Cash out" }));
    await ui.click(await screen.findByRole("button", { name: "Cash out 90 Coins" }));
    const dialog = await screen.findByRole("dialog", { name: "Cash out" });
    expect(within(dialog).getByRole("status").textContent).toBe("The cash-out value changed. Review the new offer.");
    await ui.click(within(dialog).getByRole("button", { name: "Cash out 76 Coins" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      calls.filter((c) => c.method === "POST" && c.path.endsWith("/cash-out")).map((c) => (c.body as { quoteId: string }).quoteId),
    ).toEqual(["q-1", "q-2"]);
  });

  it("keeps the share the player chose when the value moves: the new offer is for the same share", async () => {
    let posts = 0;
    const calls = renderButton((call) => {
      if (call.method === "GET" && call.path.endsWith("/cash-out")) return json(200, quote());
      if (call.method === "POST" && call.path.endsWith("/cash-out")) {
        posts += 1;
        if (posts === 1) {
          const fresh = quote({ quoteId: "q-2", fairValue: 80, fee: 4, amount: 76 });
          return json(409, { error: { code: "cash-out-moved", message: "The cash-out value changed.", details: { quote: fresh } } });
        }
        const bet = { ...open, cashOut: { stake: 25, paid: 21 }, payoutPaid: 21 };
        return json(200, { bet, stake: 25, paid: 21, balances: { coinBalance: 4921, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 } });
      }
      return undefined;
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Cash out" }));
    let dialog = await screen.findByRole("dialog", { name: "Cash out" });
    await ui.click(within(dialog).getByRole("radio", { name: "25%" }));
    await ui.click(within(dialog).getByRole("button", { name: "Cash out 21 Coins" }));
    dialog = await screen.findByRole("dialog", { name: "Cash out" });
    await waitFor(() => expect(within(dialog).getByRole("status").textContent).toBe("The cash-out value changed. Review the new offer."));
    // Still 25% of the stake, not the whole bet: Enter on the focused button confirms what was chosen.
    expect(within(dialog).getByRole("radio", { name: "25%" }).getAttribute("aria-checked")).toBe("true");
    await ui.click(within(dialog).getByRole("button", { name: "Cash out 21 Coins" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      calls.filter((c) => c.method === "POST" && c.path.endsWith("/cash-out")).map((c) => (c.body as { fraction: number }).fraction),
    ).toEqual([0.25, 0.25]);
  });

  it("says why when a leg is suspended", async () => {
    const sentence =
      "Cash-out is suspended right now. Home g1 ML (Away g1 @ Home g1) is suspended because the score changed after its price.";
    renderButton((call) =>
      call.method === "GET" && call.path.endsWith("/cash-out")
        ? json(409, { error: { code: "cash-out-suspended", message: sentence, details: { leg: { reason: "score-change" } } } })
        : undefined,
    );
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Cash out" }));
    expect((await screen.findByRole("alert")).textContent).toBe(sentence);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("cashed-out bets on My Picks", () => {
  it("are settled with what they paid and no Cash out button; a partial one stays open with the rest riding", async () => {
    const cashedOut = betDoc({
      legs: [legOf(pick)],
      stake: 100,
      toWin: 90,
      status: "settled",
      result: "cashed_out",
      payoutPaid: 88,
      cashOut: { stake: 100, paid: 88 },
      settledAt: 1_800_000_000_000,
      // Its game later ended with the pick winning: the bet still reads as cashed out.
      legResults: ["win"],
    });
    const partial = betDoc({ legs: [legOf(pick)], stake: 100, toWin: 90, payoutPaid: 45, cashOut: { stake: 50, paid: 45 } });
    fakeServer(userDoc(), (call) => (call.path === "/api/bets" ? json(200, { bets: [partial, cashedOut], nextCursor: null }) : undefined));
    render(
      <Providers>
        <MyPicksRoute />
      </Providers>,
    );
    const ui = userEvent.setup();
    await screen.findAllByRole("listitem");
    await ui.click(screen.getByRole("tab", { name: "Settled" }));
    const settled = screen.getAllByRole("listitem");
    expect(settled).toHaveLength(1);
    expect(within(settled[0]!).getByText("Cashed out", { selector: ".badge" })).toBeTruthy();
    expect(settled[0]!.textContent).toContain("88 Coins for 100 Coins of the stake");
    expect(within(settled[0]!).queryByRole("button", { name: "Cash out" })).toBeNull();

    await ui.click(screen.getByRole("tab", { name: "Open" }));
    const openRow = screen.getAllByRole("listitem")[0]!;
    expect(openRow.textContent).toContain("45 Coins for 50 Coins of the stake; 50 Coins still riding");
    // To win and payout are the 50 still riding at -110 (45 to win), plus the 45 cashed out.
    const amount = (label: string) => within(openRow).getByText(label).nextElementSibling?.textContent;
    expect(amount("To win")).toBe("45 Coins");
    expect(amount("Payout")).toBe("140 Coins");
    expect(within(openRow).getByRole("button", { name: "Cash out" })).toBeTruthy();
  });
});
