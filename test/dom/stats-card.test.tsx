// The Statistics card shows the selected wallet's numbers and follows live settlements.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StatisticsCard } from "../../src/features/stats/components/statistics-card";
import { FakeSocket, Providers, betDoc, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc } from "./betslip-harness";

const nhl = { ...boardPick("g1", "Moneyline", "Home", 150), league: "icehockey_nhl" as const };
const nba = boardPick("g2", "Moneyline", "Away", -200);

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

function rowValue(label: string): string | null {
  const dt = screen.getByText(label, { selector: "dt" });
  return dt.nextElementSibling?.textContent ?? null;
}

describe("Statistics card", () => {
  it("shows win rate, streak, odds, picks, biggest win, top sport and settled count", async () => {
    const bets = [
      betDoc({ legs: [legOf(nhl)], status: "settled", result: "win", stake: 100, payoutPaid: 250, legResults: ["win"], settledAt: 1 }),
      betDoc({ legs: [legOf(nhl), legOf(nba)], status: "settled", result: "loss", stake: 100, legResults: ["win", "loss"], settledAt: 2 }),
      betDoc({ legs: [legOf(nba)], status: "settled", result: "void", stake: 100, payoutPaid: 100, legResults: ["void"], settledAt: 3 }),
      betDoc({ legs: [legOf(nhl)] }),
    ];
    fakeServer(userDoc(), (call) => (call.path === "/api/bets" ? json(200, { bets, nextCursor: null }) : undefined));
    render(
      <Providers>
        <StatisticsCard />
      </Providers>,
    );
    await screen.findByText("Win rate");
    expect(rowValue("Win rate")).toBe("50%");
    expect(rowValue("Longest win streak")).toBe("1");
    expect(rowValue("Total picks")).toBe("5");
    expect(rowValue("Biggest win")).toBe("150 Coins");
    expect(rowValue("Most picked sport")).toBe("NHL");
    expect(rowValue("Settled")).toBe("3");
    // (3 × 2.50 + 2 × 1.50) / 5 = 2.10 decimal → +110
    expect(rowValue("Average pick odds")).toBe("+110");

    const socket = await waitFor(() => FakeSocket.latest());
    act(() => {
      socket.open();
      socket.push({
        type: "bets",
        bets: [{ ...bets[3]!, status: "settled", result: "win", payoutPaid: 250, legResults: ["win"], settledAt: 4 }],
      });
    });
    expect(rowValue("Settled")).toBe("4");
    expect(rowValue("Win rate")).toBe("67%");
  });

  it("shows dashes before any bet", async () => {
    fakeServer(userDoc());
    render(
      <Providers>
        <StatisticsCard />
      </Providers>,
    );
    await screen.findByText("Win rate");
    expect(rowValue("Win rate")).toBe("—");
    expect(rowValue("Total picks")).toBe("0");
  });
});
