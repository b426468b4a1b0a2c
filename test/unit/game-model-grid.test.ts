// The score models of src/shared/game-model/: every family's grid is a distribution of
// final scores as settlement grades them (sums to 1, no level finals where a game cannot
// end level), a side and its opposite add to 1, the grid of a game under way starts where
// the whole game's does. (How fast a block prices is measured by npm run bench, not here.)
import { describe, expect, it } from "vitest";
import {
  blockChance,
  blockChanceOn,
  GAME_MODEL_VERSION,
  gameModelProblem,
  liveScoreGrid,
  type ModelLeg,
  type ScoreGrid,
  scoreGrid,
  sideChance,
  tieBreakChance,
} from "../../src/shared/game-model";
import { gradeLeg } from "../../src/shared/grading";
import type { GameModel } from "../../src/shared/schemas/game-model";
import type { SportKey } from "../../src/shared/sports";

const model = (sport: SportKey, params: number[]): GameModel => ({ v: GAME_MODEL_VERSION, sport, params });

/** One typical game of each sport with a model, with a spread and a total line of its kind (a whole line where it can push). */
const GAMES: { model: GameModel; spread: number; total: number }[] = [
  { model: model("soccer_usa_mls", [1.55, 1.15]), spread: -0.5, total: 2.5 },
  { model: model("icehockey_nhl", [3.3, 2.8]), spread: -1.5, total: 6 },
  { model: model("baseball_mlb", [4.8, 4.1]), spread: -1.5, total: 9 },
  { model: model("americanfootball_nfl", [3.5, 13.5, 45.5]), spread: -3, total: 45 },
  { model: model("americanfootball_ncaaf", [10, 16, 55]), spread: -10.5, total: 55 },
  { model: model("basketball_nba", [5.5, 12, 226]), spread: -5, total: 226 },
  { model: model("basketball_ncaab", [6, 10.5, 142]), spread: -6.5, total: 142 },
];

function sum(grid: ScoreGrid): number {
  let total = 0;
  for (const p of grid.p) total += p;
  return total;
}

describe("each family's grid", () => {
  for (const { model: m, spread, total } of GAMES) {
    it(`${m.sport}: sums to 1, ends level only in soccer, and opposite sides add to 1`, () => {
      const grid = scoreGrid(m);
      expect(sum(grid)).toBeCloseTo(1, 12);
      expect(grid.p.every((p) => p > 0)).toBe(true);
      const level = grid.home.filter((h, k) => h === grid.away[k]).length;
      if (m.sport === "soccer_usa_mls") expect(level).toBeGreaterThan(0);
      else expect(level).toBe(0);

      const home = sideChance(m, { market: "Moneyline", side: "Home", line: null });
      const away = sideChance(m, { market: "Moneyline", side: "Away", line: null });
      const draw = m.sport === "soccer_usa_mls" ? sideChance(m, { market: "Moneyline", side: "Draw", line: null }) : 0;
      expect(home + away + draw).toBeCloseTo(1, 12);
      expect(
        sideChance(m, { market: "Spread", side: "Home", line: spread }) + sideChance(m, { market: "Spread", side: "Away", line: -spread }),
      ).toBeCloseTo(1, 12);
      expect(
        sideChance(m, { market: "Total", side: "Over", line: total }) + sideChance(m, { market: "Total", side: "Under", line: total }),
      ).toBeCloseTo(1, 12);
      // Each is P(win | no push) with every cell graded by settlement's gradeLeg.
      for (const leg of [
        { market: "Moneyline", side: "Away", line: null },
        { market: "Spread", side: "Home", line: spread },
        { market: "Total", side: "Over", line: total },
      ] as const) {
        let win = 0;
        let loss = 0;
        for (let k = 0; k < grid.p.length; k++) {
          const result = gradeLeg(leg, { homeScore: grid.home[k]!, awayScore: grid.away[k]! }, m.sport);
          if (result === "win") win += grid.p[k]!;
          if (result === "loss") loss += grid.p[k]!;
        }
        expect(sideChance(m, leg)).toBeCloseTo(win / (win + loss), 12);
      }
    });
  }

  it("reads its parameters as the families say: soccer's draws, hockey's overtime winners, football's key numbers", () => {
    const soccer = GAMES[0]!.model;
    // Dixon–Coles (ρ < 0) makes 0–0 and 1–1 likelier than independent Poisson counts do.
    const grid = scoreGrid(soccer);
    const at = (h: number, a: number) => grid.p[grid.home.findIndex((x, k) => x === h && grid.away[k] === a)]!;
    const poisson = (k: number, l: number) => (Math.exp(-l) * l ** k) / [1, 1, 2, 6][k]!;
    expect(at(0, 0)).toBeGreaterThan(poisson(0, 1.55) * poisson(0, 1.15));
    expect(at(1, 1)).toBeGreaterThan(poisson(1, 1.55) * poisson(1, 1.15));
    expect(sideChance(soccer, { market: "Moneyline", side: "Draw", line: null })).toBeGreaterThan(0.24);

    // A one-goal hockey win is sometimes an overtime winner; a two-goal one never.
    const hockey = GAMES[1]!.model;
    expect(tieBreakChance(hockey, 3, 2)).toBeGreaterThan(0.2);
    expect(tieBreakChance(hockey, 3, 2)).toBeLessThan(1);
    expect(tieBreakChance(hockey, 4, 2)).toBe(0);

    // About 15% of NFL games end by exactly 3, far more than by 2 or 5.
    const nfl = scoreGrid(model("americanfootball_nfl", [0, 13.5, 44]));
    const byMargin = (m: number) => nfl.p.reduce((s, p, k) => (Math.abs(nfl.home[k]! - nfl.away[k]!) === m ? s + p : s), 0);
    expect(byMargin(3)).toBeGreaterThan(0.13);
    expect(byMargin(3)).toBeLessThan(0.17);
    expect(byMargin(7)).toBeGreaterThan(byMargin(8) * 1.4);
    expect(byMargin(3)).toBeGreaterThan(2 * byMargin(2));
  });

  it("counts baseball's runs over-dispersed, and still reads a version 1 model's runs as Poisson", () => {
    const homeRuns = (grid: ReturnType<typeof scoreGrid>) => {
      let mean = 0;
      let square = 0;
      for (let k = 0; k < grid.p.length; k++) {
        mean += grid.p[k]! * grid.home[k]!;
        square += grid.p[k]! * grid.home[k]! ** 2;
      }
      return { mean, variance: square - mean * mean };
    };
    // Extra innings add at most a run to a level score, so each side's spread is its count's, nearly.
    const now = homeRuns(scoreGrid(model("baseball_mlb", [4.5, 4.5])));
    expect(now.variance).toBeGreaterThan(now.mean * 1.9);
    const placedUnderV1 = homeRuns(scoreGrid({ v: 1, sport: "baseball_mlb", params: [4.5, 4.5] }));
    expect(placedUnderV1.variance).toBeLessThan(placedUnderV1.mean * 1.2);
    // The other families did not change between versions: a version 1 hockey game reads as it did.
    expect(scoreGrid({ v: 1, sport: "icehockey_nhl", params: [3.2, 2.7] })).toEqual(scoreGrid(model("icehockey_nhl", [3.2, 2.7])));
  });

  it("refuses a model it cannot read, and memoises the grids of the last 64 models", () => {
    expect(gameModelProblem(model("mma_mixed_martial_arts", [1]))).toMatch(/no score model/);
    expect(gameModelProblem({ v: 3, sport: "icehockey_nhl", params: [3, 3] })).toMatch(/version/);
    expect(gameModelProblem(model("icehockey_nhl", [3, 3, 3]))).toMatch(/takes 2 parameters/);
    expect(gameModelProblem(model("basketball_nba", [0, -1, 220]))).toMatch(/outside/);
    expect(() => scoreGrid(model("icehockey_nhl", [-1, 3]))).toThrow(RangeError);

    const first = model("icehockey_nhl", [3.01, 2.99]);
    const grid = scoreGrid(first);
    expect(scoreGrid({ ...first, params: [3.01, 2.99] })).toBe(grid);
    // 64 other models later it has been dropped: built again, the same cells.
    for (let i = 0; i < 64; i++) scoreGrid(model("icehockey_nhl", [2 + i / 100, 2.5]));
    expect(scoreGrid(first)).not.toBe(grid);
    expect(scoreGrid(first)).toEqual(grid);
  });

  it("a game under way: the whole game at 0–0, the current score plus what is left later on", () => {
    for (const { model: m } of GAMES) {
      const whole = liveScoreGrid(m, { homeScore: 0, awayScore: 0, left: 1 });
      const grid = scoreGrid(m);
      expect(whole.p.length).toBe(grid.p.length);
      for (let k = 0; k < grid.p.length; k += 37) expect(whole.p[k]).toBeCloseTo(grid.p[k]!, 12);
    }
    // Hockey 3–1 with a tenth of the game left: home wins most of the time, never ends level.
    const late = liveScoreGrid(GAMES[1]!.model, { homeScore: 3, awayScore: 1, left: 0.1 });
    expect(sum(late)).toBeCloseTo(1, 12);
    expect(late.home.every((h) => h >= 3)).toBe(true);
    expect(late.home.some((h, k) => h === late.away[k])).toBe(false);
    const homeWins = late.p.reduce((s, p, k) => (late.home[k]! > late.away[k]! ? s + p : s), 0);
    expect(homeWins).toBeGreaterThan(0.9);
    // With nothing left, the score stands (a level one goes to the tie-break).
    const over = liveScoreGrid(GAMES[5]!.model, { homeScore: 101, awayScore: 99, left: 0 });
    expect(sum(over)).toBeCloseTo(1, 12);
    expect(over.p.reduce((s, p, k) => (over.home[k]! > over.away[k]! ? s + p : s), 0)).toBeGreaterThan(0.99);
  });
});

describe("block chances on the grid", () => {
  it("grade every cell as settlement does: the same as grading each cell with gradeLeg", () => {
    for (const { model: m, spread, total } of GAMES) {
      const legs: ModelLeg[] = [
        { market: "Moneyline", side: "Away", line: null },
        { market: "Spread", side: "Home", line: spread },
        { market: "Total", side: "Under", line: total },
      ];
      // By hand: each cell graded with gradeLeg, and the recursion of chance.ts over the legs' subsets.
      const grid = scoreGrid(m);
      const graded = Array.from(grid.p, (_, k) =>
        legs.map((leg) => gradeLeg(leg, { homeScore: grid.home[k]!, awayScore: grid.away[k]! }, m.sport)),
      );
      /** P(the legs of `pushed` push and the rest of `block` win). */
      const pushWin = (block: number, pushed: number) =>
        graded.reduce((p, results, k) => {
          const fits = results.every((r, i) => !(block & (1 << i)) || r === (pushed & (1 << i) ? "push" : "win"));
          return fits ? p + grid.p[k]! : p;
        }, 0);
      const chanceOf = (block: number): number => {
        const allWin = pushWin(block, 0);
        if (allWin === 0) return 0;
        let rest = 1 - pushWin(block, block);
        for (let s = (block - 1) & block; s > 0; s = (s - 1) & block) {
          const q = pushWin(block, s);
          if (q > 0) rest -= q / chanceOf(block & ~s);
        }
        return allWin / rest;
      };
      expect(blockChance(m, legs)).toBeCloseTo(chanceOf(7), 12);
      expect(blockChanceOn(grid, m.sport, legs.slice(1))).toBeCloseTo(chanceOf(6), 12);
    }
  });
});
