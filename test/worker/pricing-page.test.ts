// GET /api/pricing as the public /pricing page reads it: per sport over the last 30 days
// of settled bets, the average margin the offered prices carried (legs with a fair price)
// and the hold kept per wallet, cash-outs included, voids and older bets left out.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PricingStatsSchema } from "../../src/shared/schemas/pricing";
import { api } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

async function bet(row: {
  id: string;
  wallet?: "coins" | "cash";
  result: string;
  stake: number;
  paid: number;
  settledAt: number;
  legs: { sport: string; priceAm: number; fairP: number | null }[];
}) {
  await env.DB.prepare(
    `INSERT INTO bets (id, user_id, wallet, kind, status, result, stake, to_win, payout_paid, created_at, settled_at, legs_json, leg_results_json, version)
     VALUES (?, 'u-pricing', ?, ?, 'settled', ?, ?, 0, ?, ?, ?, '[]', '[]', 1)`,
  )
    .bind(
      row.id,
      row.wallet ?? "coins",
      row.legs.length > 1 ? "Parlay" : "Singles",
      row.result,
      row.stake,
      row.paid,
      row.settledAt,
      row.settledAt,
    )
    .run();
  for (const [i, leg] of row.legs.entries()) {
    await env.DB.prepare(
      `INSERT INTO bet_legs (bet_id, leg_index, user_id, event_id, sport, market, side, line, price_am, commence_time, result, fair_p)
       VALUES (?, ?, 'u-pricing', ?, ?, 'Moneyline', 'Home', NULL, ?, 0, 'win', ?)`,
    )
      .bind(row.id, i, `e-${row.id}-${i}`, leg.sport, leg.priceAm, leg.fairP)
      .run();
  }
}

describe("GET /api/pricing", () => {
  it("averages the offered margin and the hold kept per sport over the last 30 days", async () => {
    const now = Date.now();
    const nba = "basketball_nba";
    // Two NBA singles at -110 on fair coins (4.55% each); one won (190 back on 100), one cashed out (60 back).
    await bet({ id: "p1", result: "win", stake: 100, paid: 190, settledAt: now - DAY, legs: [{ sport: nba, priceAm: -110, fairP: 0.5 }] });
    await bet({
      id: "p2",
      result: "cashed_out",
      stake: 100,
      paid: 60,
      settledAt: now - DAY,
      legs: [{ sport: nba, priceAm: -110, fairP: 0.5 }],
    });
    // A lost Vantage Cash single with no fair price: in the hold, not in the margin.
    await bet({
      id: "p3",
      wallet: "cash",
      result: "loss",
      stake: 500,
      paid: 0,
      settledAt: now - DAY,
      legs: [{ sport: nba, priceAm: 120, fairP: null }],
    });
    // Left out: a void, and a bet settled 31 days ago.
    await bet({ id: "p4", result: "void", stake: 100, paid: 100, settledAt: now - DAY, legs: [{ sport: nba, priceAm: -110, fairP: 0.5 }] });
    await bet({
      id: "p5",
      result: "loss",
      stake: 100,
      paid: 0,
      settledAt: now - 31 * DAY,
      legs: [{ sport: nba, priceAm: -110, fairP: 0.5 }],
    });
    // A parlay across sports: its legs' margins count per sport, its hold under "multi".
    await bet({
      id: "p6",
      result: "loss",
      stake: 50,
      paid: 0,
      settledAt: now - DAY,
      legs: [
        { sport: nba, priceAm: 100, fairP: 0.48 },
        { sport: "soccer_usa_mls", priceAm: 250, fairP: 0.27 },
      ],
    });

    const res = await api("/api/pricing");
    expect(res.status).toBe(200);
    const stats = PricingStatsSchema.parse(await res.json());
    expect(stats).toMatchObject({ windowDays: 30, fairMinBooks: 5, cashOutMarginPercent: 5, cashOutQuoteSeconds: 10 });
    const row = (sport: string) => stats.sports.find((s) => s.sport === sport)!;
    // NBA legs: 4.55%, 4.55%, and the parlay's +100 at 0.48 (4%): mean 4.36%.
    expect(row(nba).legs).toBe(3);
    expect(row(nba).averageMargin).toBeCloseTo((0.0455 * 2 + 0.04) / 3, 3);
    // Coins: 200 staked, 250 back: the house kept −25%. Cash: 500 staked, none back: 100%.
    expect(row(nba).coins).toEqual({ bets: 2, staked: 200, returned: 250, hold: -0.25 });
    expect(row(nba).cash).toEqual({ bets: 1, staked: 500, returned: 0, hold: 1 });
    expect(row("soccer_usa_mls")).toMatchObject({ legs: 1, averageMargin: 0.055, coins: { bets: 0, hold: null } });
    expect(row("multi").coins).toEqual({ bets: 1, staked: 50, returned: 0, hold: 1 });
    expect(row("icehockey_nhl")).toMatchObject({ legs: 0, averageMargin: null });
  });
});
