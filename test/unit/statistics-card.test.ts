// The Statistics card's maths on bet histories a player would recognise.
import { describe, expect, it } from "vitest";
import type { BetDocument, BetLeg, LegResult } from "../../src/shared/schemas/bets";
import type { SportKey } from "../../src/shared/sports";
import { computeStatistics } from "../../src/shared/statistics";

let clock = 1_000;
function leg(priceAm: number, league: SportKey = "basketball_nba"): BetLeg {
  return {
    eventId: `e${clock}`,
    league,
    market: "Moneyline",
    side: "Home",
    line: null,
    priceAm,
    home: "H",
    away: "A",
    startTime: "2026-01-01T00:00:00Z",
  };
}
function bet(result: LegResult | null, legs: BetLeg[], stake = 100, payoutPaid = 0): BetDocument {
  clock += 10;
  return {
    id: `b${clock}`,
    slipId: `s${clock}`,
    wallet: "coins",
    kind: legs.length > 1 ? "Parlay" : "Singles",
    status: result === null ? "open" : "settled",
    result,
    stake,
    toWin: 0,
    payoutPaid,
    createdAt: clock,
    settledAt: result === null ? null : clock + 1,
    legs,
    legResults: legs.map(() => result),
  };
}

describe("statistics", () => {
  it("is empty before any bet", () => {
    expect(computeStatistics([])).toEqual({
      settledCount: 0,
      winRate: null,
      longestWinStreak: 0,
      averagePickDecimal: null,
      totalPicks: 0,
      biggestWin: null,
      mostPickedSport: null,
    });
  });

  it("excludes voids from the win rate but counts pushes as settled non-wins", () => {
    const stats = computeStatistics([
      bet("win", [leg(100)], 100, 200),
      bet("loss", [leg(100)]),
      bet("void", [leg(100)], 100, 100),
      bet("push", [leg(100)], 100, 100),
      bet(null, [leg(100)]),
    ]);
    expect(stats.settledCount).toBe(4);
    expect(stats.winRate).toBeCloseTo(1 / 3);
  });

  it("finds the longest run of wins in settlement order, voids not breaking it", () => {
    const history = [
      bet("win", [leg(100)], 10, 20),
      bet("win", [leg(100)], 10, 20),
      bet("loss", [leg(100)]),
      bet("win", [leg(100)], 10, 20),
      bet("void", [leg(100)], 10, 10),
      bet("win", [leg(100)], 10, 20),
      bet("win", [leg(100)], 10, 20),
      bet("push", [leg(100)], 10, 10),
      bet("win", [leg(100)], 10, 20),
    ];
    expect(computeStatistics(history.reverse()).longestWinStreak).toBe(3);
  });

  it("averages decimal odds over every pick and counts parlay legs", () => {
    const stats = computeStatistics([bet("win", [leg(150), leg(-200)], 100, 375), bet(null, [leg(100)])]);
    expect(stats.totalPicks).toBe(3);
    expect(stats.averagePickDecimal).toBeCloseTo((2.5 + 1.5 + 2) / 3);
  });

  it("reports the biggest win as payout minus stake, and the most picked sport", () => {
    const stats = computeStatistics([
      bet("win", [leg(150, "icehockey_nhl")], 100, 250),
      bet("win", [leg(300, "icehockey_nhl"), leg(120, "soccer_usa_mls")], 50, 440),
      bet("loss", [leg(-110, "soccer_usa_mls")], 1000),
      bet(null, [leg(-110, "icehockey_nhl")]),
    ]);
    expect(stats.biggestWin).toBe(390);
    expect(stats.mostPickedSport).toBe("icehockey_nhl");
  });

  it("breaks a tie for most picked sport by the sport menu's order", () => {
    const stats = computeStatistics([bet(null, [leg(100, "mma_mixed_martial_arts")]), bet(null, [leg(100, "baseball_mlb")])]);
    expect(stats.mostPickedSport).toBe("baseball_mlb");
  });
});

describe("a bet cashed out in full", () => {
  it("counts as settled but is out of the win rate and neither extends nor breaks a win streak", () => {
    const win = () => bet("win", [leg(100)], 100, 200);
    const cashedOut: BetDocument = {
      ...bet(null, [leg(-110)]),
      status: "settled",
      result: "cashed_out",
      payoutPaid: 80,
      legResults: [null],
    };
    const stats = computeStatistics([win(), cashedOut, win(), bet("loss", [leg(100)])]);
    expect(stats.settledCount).toBe(4);
    expect(stats.winRate).toBeCloseTo(2 / 3);
    expect(stats.longestWinStreak).toBe(2);
    expect(stats.biggestWin).toBe(100);
  });
});
