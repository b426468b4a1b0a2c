// Same-game parlays on the slip as a player meets them: two picks on one game in a Parlay
// become one labelled block priced from the game's score model (its price, fair price and
// margin; the parlay pays the block's price), a block that cannot be offered says why and
// holds Place back, placing sends the block's price, and a 409 with a new block price
// updates it. Also how the receipt and My Picks show a placed bet's same-game block.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentBoardPick } from "../../src/features/board/components/event-card";
import { Betslip } from "../../src/features/betslip/components/betslip";
import { PlacedReceipt } from "../../src/features/betslip/placed-receipt";
import { MyPicksPage } from "../../src/features/picks/components/my-picks-page";
import { BETSLIP_KEY } from "../../src/session/betslip-provider";
import { ODDS_FORMAT_KEY } from "../../src/session/odds-format";
import type { BetslipPick } from "../../src/shared/betslip";
import { formatMargin } from "../../src/shared/fair-odds";
import { formatAmount, unitsToMinor } from "../../src/shared/money";
import { formatDecimalOdds, formatPrice, decimalOdds } from "../../src/shared/odds";
import { payoutFor } from "../../src/shared/payout";
import { SAME_GAME_MESSAGES, quoteSameGame } from "../../src/shared/same-game";
import type { Market, PlaceBetRequest, PlaceBetResponse, Side } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import {
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

/** An MLS game the board fitted: 1.4 home goals and 1.1 away goals expected. */
const model: GameModel = { v: 1, sport: "soccer_usa_mls", params: [1.4, 1.1] };
const sameGame = { model, margin: 0.05 };

function soccerPick(gameId: string, market: Market, side: Side, priceAm: number, line: number | null, withModel = true): BetslipPick {
  return {
    ...boardPick(gameId, market, side, priceAm, line),
    league: "soccer_usa_mls",
    startTime: "2099-06-01T00:00:00.000Z",
    ...(withModel && { sameGame }),
  };
}

const homeWin = soccerPick("s1", "Moneyline", "Home", 105, null);
const over = soccerPick("s1", "Total", "Over", -110, 2.5);
const awayPlusHalf = soccerPick("s1", "Spread", "Away", -150, 0.5);
const otherGame = boardPick("g2", "Moneyline", "Home", -110);
const unmodelledHome = soccerPick("s2", "Moneyline", "Home", 120, null, false);
const unmodelledUnder = soccerPick("s2", "Total", "Under", -105, 2.5, false);
const all = [homeWin, over, awayPlusHalf, otherGame, unmodelledHome, unmodelledUnder];

/** The block's price as the shared pricing gives it: what the slip must show and send. */
function quoteOf(picks: readonly BetslipPick[]) {
  const [quote] = quoteSameGame(
    "Parlay",
    picks.map((p) => ({ eventId: p.gameId, market: p.market, side: p.side, line: p.line })),
    () => ({ sameGame, started: false }),
  );
  if (!quote?.ok) throw new Error("expected a priced block");
  return quote;
}

async function renderSlip(handler?: Handler) {
  const calls = fakeServer(userDoc(), handler);
  const ui = userEvent.setup();
  render(
    <MemoryRouter>
      <Providers>
        <PickButtons picks={all} />
        <Betslip />
        <PlacedReceipt />
      </Providers>
    </MemoryRouter>,
  );
  await screen.findByText("Balance: 5,000 Coins");
  return { calls, ui };
}

const pick = (ui: ReturnType<typeof userEvent.setup>, p: BetslipPick) => ui.click(screen.getByRole("button", { name: `pick ${p.uid}` }));
const block = () => screen.getByRole("group", { name: /^Same-game parlay/ });
const summaryValue = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
const placeButton = () => screen.getByRole("button", { name: /^Place/ }) as HTMLButtonElement;

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

describe("a pick keeps its game's model", () => {
  it("from the board, and across a reload of the slip", async () => {
    const event: Event = {
      eventId: "s1",
      sport: "soccer_usa_mls",
      startTime: "2099-06-01T00:00:00.000Z",
      home: "Home s1",
      away: "Away s1",
      status: "scheduled",
      live: null,
      markets: { moneyline: { home: 105, away: 250, draw: 230 }, total: { line: 2.5, over: -110, under: -110 } },
      sameGame,
    };
    expect(currentBoardPick(event, "Moneyline", "Home")?.sameGame).toEqual(sameGame);
    expect(currentBoardPick({ ...event, sameGame: undefined }, "Moneyline", "Home")).not.toHaveProperty("sameGame");

    localStorage.setItem(BETSLIP_KEY, JSON.stringify({ picks: [homeWin, { ...over, sameGame: { model: "garbled" } }], mode: "Parlay" }));
    const { ui } = await renderSlip();
    // The garbled model is dropped (the pick stays); the latest pick's view of the game prices the block.
    expect(await within(block()).findByRole("alert")).toHaveProperty("textContent", SAME_GAME_MESSAGES.unavailable);
    await pick(ui, over);
    await pick(ui, over);
    await within(block()).findByText(formatPrice(quoteOf([homeWin, over]).priceAm, "american"));
    const stored = JSON.parse(localStorage.getItem(BETSLIP_KEY)!) as { picks: BetslipPick[] };
    expect(stored.picks.map((p) => p.sameGame)).toEqual([sameGame, sameGame]);
  });
});

describe("a same-game block on the slip", () => {
  it("shows two picks on one game as a labelled block with its price, fair price and margin; the parlay pays the block's price", async () => {
    localStorage.setItem(ODDS_FORMAT_KEY, "decimal");
    const { ui } = await renderSlip();
    await pick(ui, homeWin);
    await pick(ui, over);
    await pick(ui, otherGame);

    const quote = quoteOf([homeWin, over]);
    const group = block();
    expect(group.textContent).toContain("Away s1 @ Home s1");
    // Its price in the player's format, where the "Pricing…" line was kept for it.
    await waitFor(() => expect(within(group).getByText(formatPrice(quote.priceAm, "decimal"))).toBeTruthy());
    expect(group.getAttribute("aria-busy")).toBe("false");
    expect(within(group).getAllByRole("listitem")).toHaveLength(2);
    expect(group.textContent).toContain(`Fair ${formatPrice(quote.fairAm!, "decimal")} · House margin ${formatMargin(quote.margin)}`);
    // The block's legs show no margins of their own: only the block's applies.
    expect(within(group).getAllByText(/House margin/)).toHaveLength(1);
    // The pick on another game stays a selection of its own.
    expect(screen.getByRole("list", { name: "Selections" }).textContent).toContain("Home g2");

    await ui.type(screen.getByLabelText("Amount"), "1000");
    const stake = unitsToMinor("coins", 1000)!;
    const payout = payoutFor(stake, [quote.priceAm, otherGame.priceAm]);
    expect(summaryValue("Parlay odds")).toBe(formatDecimalOdds(decimalOdds(quote.priceAm) * decimalOdds(otherGame.priceAm), "decimal"));
    expect(summaryValue("Payout")).toBe(formatAmount("coins", payout));
    expect(summaryValue("To win")).toBe(formatAmount("coins", payout - stake));
    // Not the legs priced as if unrelated.
    expect(payout).not.toBe(payoutFor(stake, [homeWin.priceAm, over.priceAm, otherGame.priceAm]));
    expect(placeButton().disabled).toBe(false);

    // As singles the picks are separate bets again: no block.
    await ui.click(screen.getByRole("radio", { name: "Singles" }));
    expect(screen.queryByRole("group", { name: /^Same-game parlay/ })).toBeNull();
    expect(within(screen.getByRole("list", { name: "Selections" })).getAllByRole("listitem")).toHaveLength(3);
  });

  it("says when the picks can't both win and holds Place back with that reason", async () => {
    const { ui } = await renderSlip();
    await pick(ui, homeWin);
    await pick(ui, awayPlusHalf);
    await ui.type(screen.getByLabelText("Amount"), "10");

    const alert = await within(block()).findByRole("alert");
    expect(alert.textContent).toBe(SAME_GAME_MESSAGES.impossible);
    expect(placeButton().disabled).toBe(true);
    expect(placeButton().getAttribute("aria-describedby")).toBe(alert.id);
    expect(summaryValue("Payout")).toBe("—");

    // Removing one of them (by keyboard) lifts the hold.
    within(block())
      .getByRole("button", { name: `Remove ${awayPlusHalf.label} Spread` })
      .focus();
    await ui.keyboard("{Enter}");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(placeButton().disabled).toBe(false);
  });

  it("says when the game has no model to price its picks together", async () => {
    const { ui } = await renderSlip();
    await pick(ui, unmodelledHome);
    await pick(ui, unmodelledUnder);
    const alert = await within(block()).findByRole("alert");
    expect(alert.textContent).toBe(SAME_GAME_MESSAGES.unavailable);
    expect(placeButton().disabled).toBe(true);
  });
});

describe("placing a same-game parlay", () => {
  it("sends the block's price as shown, and shows the new one a 409 gives before the player confirms again", async () => {
    const quote = quoteOf([homeWin, over]);
    const moved = quote.priceAm + 25;
    const placed: PlaceBetResponse = {
      bets: [betDoc({ kind: "Parlay", stake: 1000, legs: [legOf(homeWin), legOf(over)], sameGame: [{ ...quote.block, priceAm: moved }] })],
      balances: { coinBalance: 4990, vantageCash: 0, lastBonusDayET: "", bonusStreak: 0 },
    };
    let attempts = 0;
    const { ui, calls } = await renderSlip((call) => {
      if (call.path !== "/api/placeBet") return undefined;
      attempts += 1;
      if (attempts > 1) return json(200, placed);
      return json(409, {
        error: {
          code: "price-changed",
          message: "Odds changed for one or more selections. Review your betslip and place again.",
          details: {
            picks: [
              { eventId: "s1", market: "Moneyline", side: "Home", priceAm: 105, line: null, locked: false },
              { eventId: "s1", market: "Total", side: "Over", priceAm: -115, line: 2.5, locked: false },
            ],
            sameGame: [{ eventId: "s1", priceAm: moved }],
          },
        },
      });
    });
    await pick(ui, homeWin);
    await pick(ui, over);
    await within(block()).findByText(formatPrice(quote.priceAm, "american"));
    await ui.type(screen.getByLabelText("Amount"), "10");
    await ui.click(screen.getByRole("button", { name: "Place parlay" }));
    let dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    expect(within(dialog).getByText(formatPrice(quote.priceAm, "american"))).toBeTruthy();
    await ui.click(within(dialog).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/^Odds changed/));
    const first = calls.filter((c) => c.path === "/api/placeBet")[0]!.body as PlaceBetRequest;
    expect(first.sameGame).toEqual([{ eventId: "s1", priceAm: quote.priceAm }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    // The block shows its new price; its legs show none of their own (they pay at the block's).
    expect(within(block()).getByText(formatPrice(moved, "american"))).toBeTruthy();
    expect(within(block()).queryByText("-115")).toBeNull();
    expect(summaryValue("Payout")).toBe(formatAmount("coins", payoutFor(unitsToMinor("coins", 10)!, [moved])));

    await ui.click(screen.getByRole("button", { name: "Place parlay" }));
    dialog = screen.getByRole("dialog", { name: "Confirm wager" });
    expect(within(dialog).getByText(formatPrice(moved, "american"))).toBeTruthy();
    await ui.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Parlay placed!"));
    const second = calls.filter((c) => c.path === "/api/placeBet")[1]!.body as PlaceBetRequest;
    expect(second.sameGame).toEqual([{ eventId: "s1", priceAm: moved }]);
    expect(second.picks.map((p) => p.priceAm)).toEqual([105, -115]);
    // The receipt shows the block as placed: under its label, at the price it was taken at.
    const receipt = await screen.findByRole("dialog", { name: "Bet placed" });
    const placedBlock = within(receipt).getByRole("group", { name: `Same-game parlay ${formatPrice(moved, "american")}` });
    expect(placedBlock.textContent).toContain("Home s1");
    expect(placedBlock.textContent).toContain("Over 2.5");
  });
});

describe("a placed same-game parlay in My Picks", () => {
  it("groups the block's legs under its label and price, and keeps the server's to win", async () => {
    const quote = quoteOf([homeWin, over]);
    const bet = betDoc({
      kind: "Parlay",
      legs: [legOf(homeWin), legOf(otherGame), legOf(over)],
      stake: 1000,
      toWin: 4321,
      sameGame: [{ ...quote.block, legs: [0, 2] }],
    });
    fakeServer(userDoc(), (call) => (call.path === "/api/bets" ? json(200, { bets: [bet], nextCursor: null }) : undefined));
    const ui = userEvent.setup();
    render(
      <Providers>
        <MyPicksPage />
      </Providers>,
    );
    const parlay = (await screen.findByText("Parlay · 3 legs")).closest("li")!;
    expect(within(parlay).getByText(formatAmount("coins", 4321))).toBeTruthy();
    await act(() => ui.click(within(parlay).getByRole("button", { name: "Show legs" })));
    const group = within(parlay).getByRole("group", { name: `Same-game parlay ${formatPrice(quote.priceAm, "american")}` });
    expect(group.textContent).toContain("Home s1");
    expect(group.textContent).toContain("Over 2.5");
    expect(group.textContent).not.toContain("Home g2");
    expect(parlay.textContent).toContain("Home g2");
  });
});
