// Play-through on risk (src/shared/playthrough-risk.ts): a player's Vantage Cash singles
// on one game count what they could lose together at worst, so hedges on spreads,
// moneylines and totals buy only their margin, one-sided bets count in full, and a soccer
// moneyline "hedge" still loses both stakes on a draw. A brute force over every score in
// a wide range checks that grading only the breakpoint scores misses no worst case.
import { describe, expect, it } from "vitest";
import { settleBet } from "../../src/shared/bet-outcome";
import { blockChance, blockPriceAm, GAME_MODEL_VERSION } from "../../src/shared/game-model";
import { gradeLeg } from "../../src/shared/grading";
import { payoutFor } from "../../src/shared/payout";
import {
  EXACT_BUDGET,
  meter,
  type PortfolioBet,
  type PortfolioLeg,
  portfolioRisk,
  portfolioWorstLoss,
} from "../../src/shared/playthrough-portfolio";
import { candidateScores, playthroughRisk, worstCaseLoss, type RiskSingle } from "../../src/shared/playthrough-risk";
import type { LegResult } from "../../src/shared/schemas/bets";
import type { GameModel } from "../../src/shared/schemas/game-model";
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

describe("one player's markets move together", () => {
  const mlb = "baseball_mlb" as SportKey;
  const batter = (marketKey: string, side: "Over" | "Under", line: number, priceAm: number, stake: number): RiskSingle => ({
    market: "Prop",
    side,
    line,
    priceAm,
    stake,
    prop: { playerId: "batter-1", marketKey },
  });
  const hitsOver = batter("batter_hits", "Over", 0.5, -200, 11_100);
  const basesUnder = batter("batter_total_bases", "Under", 1.5, -150, 10_000);

  it("Hits Over 0.5 beside Total bases Under 1.5 can never both lose: only what a real game loses counts", () => {
    // No hit: the Over loses 111 and the Under wins 66.67. Many bases: the Over wins 55.50 and the Under loses 100.
    expect(playthroughRisk([hitsOver, basesUnder], mlb)).toBe(4_450);
  });

  it("the same pair placed as parlays of one leg counts the same", () => {
    const leg = (single: RiskSingle): PortfolioLeg => ({ ...single, eventId: "mlb-1", league: mlb });
    const bets: PortfolioBet[] = [hitsOver, basesUnder].map((single) => ({ stake: single.stake, legs: [leg(single)] }));
    expect(portfolioWorstLoss(bets)).toBe(4_450);
  });

  it("two markets of one player that both lose at 0 still count both stakes", () => {
    expect(playthroughRisk([hitsOver, batter("batter_total_bases", "Over", 1.5, +120, 10_000)], mlb)).toBe(21_100);
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

// Parlays (src/shared/playthrough-portfolio.ts): a player's settled cash bets on games a
// parlay joins count what they could lose together at worst over the joint outcomes of those
// games, so parlays covering every outcome count only their margins, while a lone parlay still
// counts its whole stake. Brute force over every joint score checks the breakpoints miss no
// worst case, and the search that takes over past the budget never finds more than the truth.
describe("parlays count their worst case with the other bets on their games", () => {
  const nbaModel: GameModel = { v: GAME_MODEL_VERSION, sport: NBA, params: [7, 12, 228] };
  const gameLeg = (
    eventId: string,
    market: "Moneyline" | "Spread" | "Total",
    side: "Home" | "Away" | "Over" | "Under",
    line: number | null,
    priceAm = -110,
    league: SportKey = NBA,
  ): PortfolioLeg => ({ eventId, league, market, side, line, priceAm });
  const bet = (stake: number, ...legs: PortfolioLeg[]): PortfolioBet => ({ stake, legs });
  /** One game's legs (indexes into `legs`) as a same-game block, priced from the NBA model with a 10% margin. */
  const withBlock = (stake: number, legs: PortfolioLeg[], blockLegs: number[]): PortfolioBet => {
    const chance = blockChance(
      nbaModel,
      blockLegs.map((i) => legs[i]!),
    );
    const priceAm = blockPriceAm(chance, 0.1);
    if (priceAm === null) throw new Error("a block that cannot win");
    return {
      stake,
      legs,
      sameGame: [{ eventId: legs[blockLegs[0]!]!.eventId, legs: blockLegs, priceAm, chance, margin: 0.1, model: nbaModel }],
    };
  };

  /** Every joint score of the bets' games up to `max` a side, each bet settled by the house rules. */
  function bruteForce(bets: readonly PortfolioBet[], max: number): number {
    const games = [...new Set(bets.flatMap((b) => b.legs.map((l) => l.eventId)))];
    const scores: { homeScore: number; awayScore: number }[] = [];
    for (let home = 0; home <= max; home++) for (let away = 0; away <= max; away++) scores.push({ homeScore: home, awayScore: away });
    const memo = bets.map(() => new Map<string, number>());
    let worst = 0;
    const choice = games.map(() => 0);
    for (;;) {
      let net = 0;
      bets.forEach((b, i) => {
        const results: LegResult[] = b.legs.map((l, j) => {
          if (b.legResults?.[j] === "void") return "void";
          try {
            return gradeLeg(l, scores[choice[games.indexOf(l.eventId)]!]!, l.league);
          } catch {
            return "void";
          }
        });
        const key = results.join();
        let n = memo[i]!.get(key);
        if (n === undefined) {
          const outcome = settleBet({ stake: b.stake, legs: b.legs, ...(b.sameGame && { sameGame: b.sameGame }) }, results);
          n = outcome.status === "settled" ? outcome.payout - b.stake : 0;
          memo[i]!.set(key, n);
        }
        net += n;
      });
      worst = Math.max(worst, -net);
      let k = 0;
      while (k < games.length && ++choice[k]! === scores.length) choice[k++] = 0;
      if (k === games.length) return worst;
    }
  }

  it("four parlays covering both moneylines of two games count the 35.54 they lose whatever happens, not 400", () => {
    // Each pays 10,000 × (210/110)² = 36,446 when both legs win; exactly one does when neither game is level.
    const parlays = (["Home", "Away"] as const).flatMap((a) =>
      (["Home", "Away"] as const).map((b) => bet(10_000, gameLeg("A", "Moneyline", a, null), gameLeg("B", "Moneyline", b, null))),
    );
    expect(portfolioRisk(parlays)).toBe(40_000 - 36_446);
    expect(portfolioWorstLoss(parlays)).toBe(bruteForce(parlays, 6));
  });

  it("four same-game blocks covering a game's moneyline and total count what they lose at worst, not their stakes", () => {
    const legs = (side: "Home" | "Away", total: "Over" | "Under") => [
      gameLeg("G", "Moneyline", side, null),
      gameLeg("G", "Total", total, 228.5),
    ];
    const blocks = (["Home", "Away"] as const).flatMap((side) =>
      (["Over", "Under"] as const).map((total) => withBlock(10_000, legs(side, total), [0, 1])),
    );
    const risk = portfolioRisk(blocks);
    // The likeliest block wins least: what the four lose then (the blocks' margins and the model's spread of chances), not 400.
    expect(risk).toBe(bruteForce(blocks, 240));
    expect(risk).toBeGreaterThan(0);
    expect(risk).toBeLessThan(20_000);
  });

  it("a lone parlay, a lone same-game block and two parlays on the same side count their whole stakes", () => {
    expect(portfolioRisk([bet(1_000, gameLeg("A", "Moneyline", "Home", null), gameLeg("B", "Spread", "Away", 3.5))])).toBe(1_000);
    expect(portfolioRisk([withBlock(1_000, [gameLeg("G", "Moneyline", "Home", null), gameLeg("G", "Total", "Over", 228.5)], [0, 1])])).toBe(
      1_000,
    );
    const same = [
      bet(1_000, gameLeg("A", "Moneyline", "Home", null), gameLeg("B", "Moneyline", "Home", null)),
      bet(500, gameLeg("A", "Moneyline", "Home", null), gameLeg("C", "Total", "Over", 210.5)),
    ];
    expect(portfolioRisk(same)).toBe(1_500);
  });

  it("a parlay and singles against its legs net together", () => {
    // Home A + Home B for 10 pays 36.44; 10 on each Away at −110. Split decisions lose 10.91 at worst.
    const bets = [
      bet(1_000, gameLeg("A", "Moneyline", "Home", null), gameLeg("B", "Moneyline", "Home", null)),
      bet(1_000, gameLeg("A", "Moneyline", "Away", null)),
      bet(1_000, gameLeg("B", "Moneyline", "Away", null)),
    ];
    expect(portfolioRisk(bets)).toBe(1_091);
    expect(portfolioRisk(bets)).toBe(bruteForce(bets, 6));
  });

  it("a leg graded void stays void: the parlay counts as its other leg would alone", () => {
    const parlay: PortfolioBet = {
      ...bet(1_000, gameLeg("A", "Moneyline", "Home", null), gameLeg("B", "Moneyline", "Home", null)),
      legResults: ["void", "win"],
    };
    // Home B at −110 for 10 against Away B at +100 for 10: Home winning loses 0.91, Away winning nothing.
    const away = bet(1_000, gameLeg("B", "Moneyline", "Away", null, 100));
    expect(portfolioRisk([parlay, away])).toBe(91);
    expect(portfolioRisk([parlay])).toBe(1_000);
  });

  it("a share cashed out still hedges what was held", () => {
    const parlay = (a: "Home" | "Away", b: "Home" | "Away") =>
      bet(1_000, gameLeg("A", "Moneyline", a, null), gameLeg("B", "Moneyline", b, null));
    const held = [parlay("Home", "Home")];
    // The other three combinations, cashed out before the games: with them, the four lose 3.55 at worst.
    const cashed = [parlay("Home", "Away"), parlay("Away", "Home"), parlay("Away", "Away")];
    expect(portfolioRisk(held)).toBe(1_000);
    expect(portfolioRisk(held, cashed)).toBe(4_000 - 3_644);
  });

  /** A random portfolio over NBA-like games with small lines: singles, parlays of two games or more, and (`blocks`) same-game blocks. */
  function randomPortfolio(next: () => number, games: readonly string[], maxBets: number, blocks: boolean): PortfolioBet[] {
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const price = () => (next() < 0.5 ? -int(100, 250) : int(100, 250));
    const randomLeg = (eventId: string, kind = int(0, 2)): PortfolioLeg => {
      if (kind === 0) return gameLeg(eventId, "Moneyline", next() < 0.5 ? "Home" : "Away", null, price());
      if (kind === 1) return gameLeg(eventId, "Spread", next() < 0.5 ? "Home" : "Away", int(-6, 6) / 2, price());
      return gameLeg(eventId, "Total", next() < 0.5 ? "Over" : "Under", int(2, 16) / 2, price());
    };
    const someGames = (min: number) => {
      const shuffled = [...games].sort(() => next() - 0.5);
      return shuffled.slice(0, int(min, games.length));
    };
    return Array.from({ length: int(1, maxBets) }, () => {
      const stake = int(1, 30) * 100;
      const shape = games.length < 2 ? 0 : int(0, blocks ? 2 : 1);
      if (shape === 0) return bet(stake, randomLeg(games[int(0, games.length - 1)]!));
      if (shape === 1) return bet(stake, ...someGames(2).map((g) => randomLeg(g)));
      // A moneyline or spread with a total of one game, as a block, and maybe legs of others.
      const [game, ...others] = someGames(1);
      const legs = [randomLeg(game!, int(0, 1)), randomLeg(game!, 2), ...others.map((g) => randomLeg(g))];
      try {
        return withBlock(stake, legs, [0, 1]);
      } catch {
        return bet(stake, legs[0]!, ...legs.slice(2));
      }
    });
  }

  it("finds the same worst case as every joint score, for 150 random portfolios over two games", () => {
    const next = prng(20_260_715);
    for (let round = 0; round < 150; round++) {
      const bets = randomPortfolio(next, ["A", "B"], 5, true);
      expect(
        portfolioWorstLoss(bets),
        `round ${round}: ${JSON.stringify(bets.map((b) => ({ ...b, sameGame: b.sameGame?.map((s) => s.legs) })))}`,
      ).toBe(bruteForce(bets, 13));
    }
  });

  it("finds the same worst case as every joint score, for 30 random portfolios over three games", () => {
    const next = prng(7_151_977);
    for (let round = 0; round < 30; round++) {
      const bets = randomPortfolio(next, ["A", "B", "C"], 4, false);
      expect(portfolioWorstLoss(bets), `round ${round}: ${JSON.stringify(bets)}`).toBe(bruteForce(bets, 6));
    }
  });

  it("on singles of one game it is the singles' rule", () => {
    const next = prng(4_242);
    for (let round = 0; round < 200; round++) {
      const singles = randomPortfolio(next, ["A"], 5, false).map((b) => ({ ...b.legs[0]!, stake: b.stake }));
      expect(portfolioRisk(singles.map(({ stake, ...leg }) => bet(stake, leg))), `round ${round}`).toBe(playthroughRisk(singles, NBA));
    }
  });

  it("past the budget, the search never counts more than the true worst case, and finds a lone parlay's stake", () => {
    const next = prng(99);
    for (let round = 0; round < 60; round++) {
      const bets = randomPortfolio(next, ["A", "B", "C"], 6, false);
      const searched = portfolioWorstLoss(bets, 0);
      expect(searched, `round ${round}`).toBeLessThanOrEqual(portfolioWorstLoss(bets));
      expect(searched).toBeGreaterThanOrEqual(0);
    }
    const games = Array.from({ length: 12 }, (_, i) => `G${i}`);
    expect(portfolioRisk([bet(1_000, ...games.map((g) => gameLeg(g, "Spread", "Home", -2.5)))])).toBe(1_000);
    // Twelve games' covering parlays are too many to grade whole: what is counted stays at most every stake.
    const covering = [
      bet(1_000, ...games.map((g) => gameLeg(g, "Moneyline", "Home", null))),
      bet(1_000, ...games.map((g) => gameLeg(g, "Moneyline", "Away", null))),
    ];
    expect(portfolioRisk(covering)).toBe(2_000);
  });
  it("a season of weekly parlays chaining 60 games is counted within one budget, never above the true worst on a smaller budget", () => {
    const games = Array.from({ length: 61 }, (_, i) => `W${String(i).padStart(2, "0")}`);
    // Each week both sides of this week's game and the next's, and a single on each side: everything joins one group.
    const chain = games
      .slice(1)
      .flatMap((game, i) => [
        bet(1_000, gameLeg(games[i]!, "Moneyline", "Home", null), gameLeg(game, "Moneyline", "Home", null)),
        bet(1_000, gameLeg(games[i]!, "Moneyline", "Away", null), gameLeg(game, "Spread", "Away", 3.5)),
        bet(500, gameLeg(game, "Total", "Over", 220.5)),
      ]);
    const work = meter();
    const risk = portfolioRisk(chain, [], work);
    expect(risk).toBeGreaterThan(0);
    expect(risk).toBeLessThanOrEqual(chain.reduce((sum, b) => sum + b.stake, 0));
    // Every grading is charged: the count stops within the budget (one step's grading past it at most).
    expect(work.spent).toBeGreaterThan(0);
    expect(work.spent).toBeLessThanOrEqual(EXACT_BUDGET + chain.length);
    // A small budget stops early with a real outcome's loss: never more than the exact count of a small portfolio.
    const next = prng(2_026);
    for (let round = 0; round < 40; round++) {
      const bets = randomPortfolio(next, ["A", "B", "C"], 6, false);
      const small = meter(50);
      const found = portfolioWorstLoss(bets, small);
      expect(found, `round ${round}`).toBeLessThanOrEqual(portfolioWorstLoss(bets));
      expect(small.spent, `round ${round}`).toBeLessThanOrEqual(50 + 40);
    }
  });
});
