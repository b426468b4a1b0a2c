import { describe, expect, it } from "vitest";
import { gradeLeg, type GradableLeg } from "../../src/shared/grading";
import { settleBet } from "../../src/shared/bet-outcome";
import type { LegResult } from "../../src/shared/schemas/bets";
import type { SportKey } from "../../src/shared/sports";

type Row = [label: string, leg: GradableLeg, home: number, away: number, sport: SportKey, expected: string];

const ml = (side: "Home" | "Away"): GradableLeg => ({ market: "Moneyline", side, line: null });
const spread = (side: "Home" | "Away", line: number): GradableLeg => ({ market: "Spread", side, line });
const total = (side: "Over" | "Under", line: number): GradableLeg => ({ market: "Total", side, line });

describe("gradeLeg: moneyline", () => {
  const rows: Row[] = [
    ["home wins, home picked", ml("Home"), 24, 17, "americanfootball_nfl", "win"],
    ["home wins, away picked", ml("Away"), 24, 17, "americanfootball_nfl", "loss"],
    ["away wins, away picked", ml("Away"), 98, 101, "basketball_nba", "win"],
    ["away wins, home picked", ml("Home"), 2, 5, "baseball_mlb", "loss"],
    ["NFL tie pushes home", ml("Home"), 20, 20, "americanfootball_nfl", "push"],
    ["NFL tie pushes away", ml("Away"), 20, 20, "americanfootball_nfl", "push"],
    ["NHL tie pushes", ml("Home"), 3, 3, "icehockey_nhl", "push"],
    ["MMA draw pushes", ml("Away"), 0, 0, "mma_mixed_martial_arts", "push"],
    ["soccer draw loses home", ml("Home"), 1, 1, "soccer_usa_mls", "loss"],
    ["soccer draw loses away", ml("Away"), 0, 0, "soccer_usa_mls", "loss"],
    ["soccer home win", ml("Home"), 2, 1, "soccer_usa_mls", "win"],
    ["soccer away win", ml("Away"), 0, 3, "soccer_usa_mls", "win"],
  ];
  it.each(rows)("%s", (_label, leg, home, away, sport, expected) => {
    expect(gradeLeg(leg, { homeScore: home, awayScore: away }, sport)).toBe(expected);
  });
});

describe("gradeLeg: soccer's Draw", () => {
  const draw: GradableLeg = { market: "Moneyline", side: "Draw", line: null };
  it("wins on a draw and loses when either team wins", () => {
    expect(gradeLeg(draw, { homeScore: 1, awayScore: 1 }, "soccer_usa_mls")).toBe("win");
    expect(gradeLeg(draw, { homeScore: 0, awayScore: 0 }, "soccer_usa_mls")).toBe("win");
    expect(gradeLeg(draw, { homeScore: 2, awayScore: 1 }, "soccer_usa_mls")).toBe("loss");
    expect(gradeLeg(draw, { homeScore: 0, awayScore: 3 }, "soccer_usa_mls")).toBe("loss");
  });
  it("does not exist where a game cannot end level, nor outside the moneyline", () => {
    expect(() => gradeLeg(draw, { homeScore: 20, awayScore: 20 }, "americanfootball_nfl")).toThrow(RangeError);
    expect(() => gradeLeg({ market: "Spread", side: "Draw", line: 0.5 }, { homeScore: 1, awayScore: 1 }, "soccer_usa_mls")).toThrow(
      RangeError,
    );
  });
});

describe("gradeLeg: spread (the picked side's line is added to its score)", () => {
  const rows: Row[] = [
    ["favourite -3.5 covers by 4", spread("Home", -3.5), 24, 20, "americanfootball_nfl", "win"],
    ["favourite -3.5 wins by 3, does not cover", spread("Home", -3.5), 23, 20, "americanfootball_nfl", "loss"],
    ["favourite -3 wins by 3: push", spread("Home", -3), 23, 20, "americanfootball_nfl", "push"],
    ["underdog +3 loses by 3: push", spread("Away", 3), 23, 20, "americanfootball_nfl", "push"],
    ["underdog +3.5 loses by 3: win", spread("Away", 3.5), 23, 20, "americanfootball_nfl", "win"],
    ["underdog +2.5 loses by 3: loss", spread("Away", 2.5), 23, 20, "americanfootball_nfl", "loss"],
    ["away favourite -7 wins by 10", spread("Away", -7), 90, 100, "basketball_nba", "win"],
    ["home underdog +7 loses by 10", spread("Home", 7), 90, 100, "basketball_nba", "loss"],
    ["home underdog +1.5 wins outright", spread("Home", 1.5), 4, 3, "icehockey_nhl", "win"],
    ["puck line -1.5 wins by one", spread("Home", -1.5), 4, 3, "icehockey_nhl", "loss"],
    ["run line +1.5 loses by one", spread("Away", 1.5), 5, 4, "baseball_mlb", "win"],
    ["pick'em 0 on a tie: push", spread("Home", 0), 1, 1, "soccer_usa_mls", "push"],
    ["soccer +0.5 on a draw wins", spread("Away", 0.5), 2, 2, "soccer_usa_mls", "win"],
    ["soccer -0.5 on a draw loses", spread("Home", -0.5), 2, 2, "soccer_usa_mls", "loss"],
  ];
  it.each(rows)("%s", (_label, leg, home, away, sport, expected) => {
    expect(gradeLeg(leg, { homeScore: home, awayScore: away }, sport)).toBe(expected);
  });
});

describe("gradeLeg: total (combined score against the line)", () => {
  const rows: Row[] = [
    ["over 44.5 with 45", total("Over", 44.5), 24, 21, "americanfootball_nfl", "win"],
    ["under 44.5 with 45", total("Under", 44.5), 24, 21, "americanfootball_nfl", "loss"],
    ["over 45 with 45: push", total("Over", 45), 24, 21, "americanfootball_nfl", "push"],
    ["under 45 with 45: push", total("Under", 45), 24, 21, "americanfootball_nfl", "push"],
    ["under 220.5 with 199", total("Under", 220.5), 100, 99, "basketball_nba", "win"],
    ["over 5.5 with 5", total("Over", 5.5), 3, 2, "icehockey_nhl", "loss"],
    ["over 2.5 on a 0-0 draw", total("Over", 2.5), 0, 0, "soccer_usa_mls", "loss"],
    ["under 2.5 on a 0-0 draw", total("Under", 2.5), 0, 0, "soccer_usa_mls", "win"],
  ];
  it.each(rows)("%s", (_label, leg, home, away, sport, expected) => {
    expect(gradeLeg(leg, { homeScore: home, awayScore: away }, sport)).toBe(expected);
  });
});

describe("gradeLeg refuses legs that cannot be graded", () => {
  it.each<[string, GradableLeg]>([
    ["a moneyline on Over", { market: "Moneyline", side: "Over", line: null }],
    ["a spread without a line", { market: "Spread", side: "Home", line: null }],
    ["a total on Home", { market: "Total", side: "Home", line: 40 }],
    ["a total without a line", { market: "Total", side: "Under", line: null }],
  ])("%s", (_label, leg) => {
    expect(() => gradeLeg(leg, { homeScore: 1, awayScore: 0 }, "basketball_nba")).toThrow(RangeError);
  });
});

describe("settleBet: singles", () => {
  const single = (priceAm: number, stake = 100) => ({ stake, legs: [{ priceAm }] });
  it("a winning favourite pays stake × decimal price, floored", () => {
    // 100 × (1 + 100/110) = 190.909… → 190
    expect(settleBet(single(-110), ["win"])).toEqual({ status: "settled", result: "win", payout: 190 });
  });
  it("a winning underdog pays stake × decimal price", () => {
    expect(settleBet(single(150, 40), ["win"])).toEqual({ status: "settled", result: "win", payout: 100 });
  });
  it("a loss pays nothing", () => {
    expect(settleBet(single(150), ["loss"])).toEqual({ status: "settled", result: "loss", payout: 0 });
  });
  it("a push returns the stake", () => {
    expect(settleBet(single(-110, 37), ["push"])).toEqual({ status: "settled", result: "push", payout: 37 });
  });
  it("a void returns the stake", () => {
    expect(settleBet(single(-110, 37), ["void"])).toEqual({ status: "settled", result: "void", payout: 37 });
  });
  it("an ungraded single stays open", () => {
    expect(settleBet(single(-110), [null])).toEqual({ status: "open" });
  });
});

describe("settleBet: parlay reduction", () => {
  const parlay = { stake: 100, legs: [{ priceAm: 150 }, { priceAm: -200 }, { priceAm: 120 }] };
  const cases: [string, (LegResult | null)[], { status: string; result?: string; payout?: number }][] = [
    ["all three win: 100 × 2.5 × 1.5 × 2.2", ["win", "win", "win"], { status: "settled", result: "win", payout: 825 }],
    ["a push drops out: 100 × 2.5 × 2.2", ["win", "push", "win"], { status: "settled", result: "win", payout: 550 }],
    ["a void drops out: 100 × 2.5 × 1.5", ["win", "win", "void"], { status: "settled", result: "win", payout: 375 }],
    ["push and void drop out: 100 × 1.5", ["push", "win", "void"], { status: "settled", result: "win", payout: 150 }],
    ["one loss loses everything", ["win", "loss", "win"], { status: "settled", result: "loss", payout: 0 }],
    ["a loss beside pushes still loses", ["push", "void", "loss"], { status: "settled", result: "loss", payout: 0 }],
    ["all push: stake back", ["push", "push", "push"], { status: "settled", result: "push", payout: 100 }],
    ["push and void only: stake back as a push", ["void", "push", "void"], { status: "settled", result: "push", payout: 100 }],
    ["all void: stake back as a void", ["void", "void", "void"], { status: "settled", result: "void", payout: 100 }],
    ["open while a leg is open, even after a loss", ["loss", null, "win"], { status: "open" }],
    ["open while a leg is open", ["win", "win", null], { status: "open" }],
  ];
  it.each(cases)("%s", (_label, results, expected) => {
    expect(settleBet(parlay, results)).toEqual(expected);
  });

  it("floors once over the whole product, not per leg", () => {
    const bet = { stake: 10, legs: [{ priceAm: -110 }, { priceAm: -110 }, { priceAm: -110 }] };
    // exact: 10 × 9261000 / 1331000 = 69.579… → 69; flooring after each leg: 19 → 36 → 68
    expect(settleBet(bet, ["win", "win", "win"])).toEqual({ status: "settled", result: "win", payout: 69 });
  });

  it("refuses results that do not match the legs", () => {
    expect(() => settleBet(parlay, ["win", "win"])).toThrow(RangeError);
  });
});
