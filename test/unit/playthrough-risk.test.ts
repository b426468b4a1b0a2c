// Play-through on risk (src/shared/playthrough-risk.ts): a player's Vantage Cash singles
// on one game count what they could lose together at worst, so hedges on spreads,
// moneylines and totals buy only their margin, one-sided bets count in full, and a soccer
// moneyline "hedge" still loses both stakes on a draw. A brute force over every score in
// a wide range checks that grading only the breakpoint scores misses no worst case.
import { describe, expect, it } from "vitest";
import { gradeLeg } from "../../src/shared/grading";
import { payoutFor } from "../../src/shared/payout";
import { candidateScores, playthroughRisk, worstCaseLoss, type RiskSingle } from "../../src/shared/playthrough-risk";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";

const ml = (side: "Home" | "Away", priceAm: number, stake: number): RiskSingle => ({
  market: "Moneyline",
  side,
  line: null,
  priceAm,
  stake,
});
const spread = (side: "Home" | "Away", line: number, priceAm: number, stake: number): RiskSingle => ({
  market: "Spread",
  side,
  line,
  priceAm,
  stake,
});
const total = (side: "Over" | "Under", line: number, priceAm: number, stake: number): RiskSingle => ({
  market: "Total",
  side,
  line,
  priceAm,
  stake,
});

const NBA: SportKey = "basketball_nba";
const SOCCER: SportKey = "soccer_usa_mls";

describe("one-sided singles count in full", () => {
  it.each([
    ["moneyline", [ml("Home", -110, 1_000)]],
    ["spread", [spread("Away", 3.5, -110, 1_000)]],
    ["total", [total("Over", 210.5, -110, 1_000)]],
    ["two singles on the same side", [ml("Home", -110, 400), ml("Home", +120, 600)]],
    ["a moneyline and a spread on the same team", [ml("Home", -150, 500), spread("Home", -3.5, -110, 500)]],
  ] as const)("%s", (_label, singles) => {
    expect(playthroughRisk(singles, NBA)).toBe(1_000);
  });
});

describe("hedges buy only their margin", () => {
  it("opposite spreads of one game: the vig, whatever the score", () => {
    // 10 on each side at -110: one side wins 9.09, the other loses 10.
    expect(playthroughRisk([spread("Home", -3.5, -110, 1_000), spread("Away", 3.5, -110, 1_000)], NBA)).toBe(91);
  });

  it("opposite whole-number spreads: a push on the line risks nothing, elsewhere the vig", () => {
    expect(playthroughRisk([spread("Home", -3, -110, 1_000), spread("Away", 3, -110, 1_000)], NBA)).toBe(91);
  });

  it("a moneyline hedge in a two-way sport: the worse of the two results (a tie pushes both)", () => {
    // Home -150 for 15 wins 10; Away +130 for 10 wins 13. Home wins: +10 − 10 = 0. Away wins: +13 − 15 = −2.
    expect(playthroughRisk([ml("Home", -150, 1_500), ml("Away", +130, 1_000)], NBA)).toBe(200);
  });

  it("over and under the same total: the vig", () => {
    expect(playthroughRisk([total("Over", 220.5, -110, 2_000), total("Under", 220.5, -110, 2_000)], NBA)).toBe(182);
  });

  it("a middle that can win both sides still counts the vig (its worst case)", () => {
    // Home -3 and Away +7: both win for a home margin of 4–6, otherwise one wins and one loses.
    expect(playthroughRisk([spread("Home", -3, -110, 1_000), spread("Away", 7, -110, 1_000)], NBA)).toBe(91);
  });

  it("a reverse middle counts both stakes: both sides lose for a home margin of 4–6", () => {
    expect(playthroughRisk([spread("Home", -7, -110, 1_000), spread("Away", 3, -110, 1_000)], NBA)).toBe(2_000);
  });

  it("a hedge that cannot lose counts nothing", () => {
    // +120 both ways on a total: one side always wins 12 against a 10 loss.
    expect(playthroughRisk([total("Over", 200.5, +120, 1_000), total("Under", 200.5, +120, 1_000)], NBA)).toBe(0);
  });
});

describe("players' markets count their own risk", () => {
  const prop = (side: "Over" | "Under" | "Yes", line: number | null, priceAm: number, stake: number, playerId = "p-1"): RiskSingle => ({
    market: "Prop",
    side,
    line,
    priceAm,
    stake,
    prop: { playerId, marketKey: side === "Yes" ? "player_goal_scorer_anytime" : "player_points" },
  });

  it("a lost prop single counts its whole stake, as a lost game line does", () => {
    expect(playthroughRisk([prop("Over", 24.5, -110, 1_000)], NBA)).toBe(1_000);
    expect(playthroughRisk([prop("Yes", null, +250, 500)], SOCCER)).toBe(500);
  });

  it("Over and Under of one player's line buy only their margin; a whole-number line pushes both", () => {
    expect(playthroughRisk([prop("Over", 24.5, -110, 1_100), prop("Under", 24.5, -110, 1_100)], NBA)).toBe(100);
    expect(playthroughRisk([prop("Over", 24, -110, 1_100), prop("Under", 24, -110, 1_100)], NBA)).toBe(100);
  });

  it("two players' markets and a game line each add their own worst", () => {
    const singles = [prop("Over", 24.5, -110, 300), prop("Under", 9.5, -110, 200, "p-2"), ml("Home", -110, 500)];
    expect(playthroughRisk(singles, NBA)).toBe(1_000);
  });
});

describe("soccer: the moneyline is 3-way, so a draw loses both sides", () => {
  it("a home-and-away moneyline 'hedge' counts both stakes", () => {
    expect(playthroughRisk([ml("Home", +150, 1_000), ml("Away", +180, 1_000)], SOCCER)).toBe(2_000);
  });

  it("the same pair in a two-way sport counts only what a decided game loses", () => {
    // Home wins: +15 − 10 = +5; away wins: +18 − 10 = +8; a tie pushes both.
    expect(playthroughRisk([ml("Home", +150, 1_000), ml("Away", +180, 1_000)], "icehockey_nhl")).toBe(0);
  });

  it("a spread hedge in soccer is graded like any spread (level with +0.5 / −0.5)", () => {
    expect(playthroughRisk([spread("Home", -0.5, -110, 1_000), spread("Away", 0.5, -110, 1_000)], SOCCER)).toBe(91);
  });
});

describe("bounds", () => {
  it("never counts more than the total stake nor less than 0", () => {
    const singles = [ml("Home", -110, 700), ml("Away", -110, 300), total("Under", 3.5, +200, 100)];
    const risk = playthroughRisk(singles, SOCCER);
    expect(risk).toBeLessThanOrEqual(1_100);
    expect(risk).toBe(1_100); // a 2–2 draw loses all three
    expect(playthroughRisk([], NBA)).toBe(0);
  });

  it("a leg that cannot be graded (a spread without a line) risks nothing, as settlement voids it", () => {
    expect(worstCaseLoss([{ market: "Spread", side: "Home", line: null, priceAm: -110, stake: 500 }], NBA)).toBe(0);
  });

  it("proposes only real final scores: whole, not negative", () => {
    const scores = candidateScores([spread("Home", -2.5, -110, 1), total("Over", 1.5, -110, 1), spread("Away", 11, -110, 1)]);
    expect(scores.length).toBeGreaterThan(0);
    for (const { homeScore, awayScore } of scores) {
      expect(Number.isInteger(homeScore) && Number.isInteger(awayScore)).toBe(true);
      expect(homeScore).toBeGreaterThanOrEqual(0);
      expect(awayScore).toBeGreaterThanOrEqual(0);
    }
  });
});

/** mulberry32, for a reproducible brute-force comparison. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The worst net loss over every score up to `max` a side, graded leg by leg. */
function bruteForce(singles: readonly RiskSingle[], sport: SportKey, max: number): number {
  let worst = 0;
  for (let home = 0; home <= max; home++) {
    for (let away = 0; away <= max; away++) {
      let net = 0;
      for (const s of singles) {
        const result = gradeLeg(s, { homeScore: home, awayScore: away }, sport);
        net += result === "win" ? payoutFor(s.stake, [s.priceAm]) - s.stake : result === "loss" ? -s.stake : 0;
      }
      worst = Math.max(worst, -net);
    }
  }
  return worst;
}

describe("the breakpoints find the same worst case as every score", () => {
  it("for 400 random mixes of moneylines, spreads and totals (whole and half lines) in every sport", () => {
    const next = prng(20_260_601);
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const price = () => (next() < 0.5 ? -int(100, 300) : int(100, 300));
    for (let round = 0; round < 400; round++) {
      const sport = SPORT_KEYS[int(0, SPORT_KEYS.length - 1)]!;
      const singles: RiskSingle[] = Array.from({ length: int(1, 5) }, () => {
        const kind = int(0, 2);
        const line = int(-16, 16) / 2;
        const stake = int(1, 50) * 100;
        if (kind === 0) return ml(next() < 0.5 ? "Home" : "Away", price(), stake);
        if (kind === 1) return spread(next() < 0.5 ? "Home" : "Away", line, price(), stake);
        return total(next() < 0.5 ? "Over" : "Under", Math.abs(line) + int(0, 4), price(), stake);
      });
      expect(worstCaseLoss(singles, sport), `round ${round}: ${JSON.stringify(singles)} (${sport})`).toBe(bruteForce(singles, sport, 24));
    }
  });
});
