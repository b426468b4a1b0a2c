// An anytime goalscorer priced with his game: a share of his team's goals fitted to his
// fair anytime chance, so that alone he is exactly that chance, beside his team's win he is
// likelier than the two apart, beside a pushing whole-line total the block stays fair under
// settlement's re-pricing, and beside a pick he cannot win with (his team held to nil) the
// block cannot win.
import { describe, expect, it } from "vitest";
import {
  blockChance,
  blockChanceWithScorerOn,
  GAME_MODEL_VERSION,
  type ModelLeg,
  scoreGrid,
  scorerShare,
  sideChance,
} from "../../src/shared/game-model";
import { gradeLeg } from "../../src/shared/grading";
import type { GameModel } from "../../src/shared/schemas/game-model";

const soccer: GameModel = { v: GAME_MODEL_VERSION, sport: "soccer_usa_mls", params: [1.45, 1.2] };
const hockey: GameModel = { v: GAME_MODEL_VERSION, sport: "icehockey_nhl", params: [3.3, 2.8] };
const ML = (side: "Home" | "Away" | "Draw"): ModelLeg => ({ market: "Moneyline", side, line: null });
const TOTAL = (side: "Over" | "Under", line: number): ModelLeg => ({ market: "Total", side, line });

/** The same quantities by brute force over the grid's cells. */
function byCells(model: GameModel, share: number, team: "home" | "away", leg: ModelLeg) {
  const grid = scoreGrid(model);
  let both = 0;
  let pushAndScores = 0;
  let scores = 0;
  for (let k = 0; k < grid.p.length; k++) {
    const goals = team === "home" ? grid.home[k]! : grid.away[k]!;
    const q = 1 - (1 - share) ** goals;
    const result = gradeLeg(leg, { homeScore: grid.home[k]!, awayScore: grid.away[k]! }, model.sport);
    scores += grid.p[k]! * q;
    if (result === "win") both += grid.p[k]! * q;
    if (result === "push") pushAndScores += grid.p[k]! * q;
  }
  return { both, pushAndScores, scores };
}

describe("an anytime goalscorer in a same-game block", () => {
  it("fits his share so that alone he scores with exactly his fair chance", () => {
    const grid = scoreGrid(soccer);
    const share = scorerShare(grid, "home", 0.38)!;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    expect(blockChanceWithScorerOn(grid, soccer.sport, [], { team: "home", share })).toBeCloseTo(0.38, 9);
    // No share makes a player likelier to score than his team is.
    expect(scorerShare(grid, "home", 0.9)).toBeNull();
  });

  it("with his team's win is the chance of both, above the two apart", () => {
    const grid = scoreGrid(soccer);
    const share = scorerShare(grid, "home", 0.38)!;
    const block = blockChanceWithScorerOn(grid, soccer.sport, [ML("Home")], { team: "home", share });
    expect(block).toBeCloseTo(byCells(soccer, share, "home", ML("Home")).both, 12);
    expect(block).toBeGreaterThan(0.38 * sideChance(soccer, ML("Home")));
    // Against his team's win he is less likely than apart; with the draw, a nil-nil counts against him.
    const against = blockChanceWithScorerOn(grid, soccer.sport, [ML("Away")], { team: "home", share });
    expect(against).toBeLessThan(0.38 * sideChance(soccer, ML("Away")));
  });

  it("cannot win beside a pick that holds his team to nil", () => {
    const grid = scoreGrid(soccer);
    const share = scorerShare(grid, "away", 0.3)!;
    expect(blockChanceWithScorerOn(grid, soccer.sport, [TOTAL("Under", 0.5)], { team: "away", share })).toBe(0);
  });

  it("beside a whole-line total that can push, is priced so settlement's re-pricing keeps it fair", () => {
    const grid = scoreGrid(hockey);
    const share = scorerShare(grid, "away", 0.42)!;
    const total = TOTAL("Over", 6);
    const chance = blockChanceWithScorerOn(grid, hockey.sport, [total], { team: "away", share });
    const { both, pushAndScores, scores } = byCells(hockey, share, "away", total);
    expect(pushAndScores).toBeGreaterThan(0);
    // A stake of 1 at 1/chance: both win → 1/chance; the total pushes and he scores → he alone, at 1/P(scores).
    expect(both / chance + pushAndScores / scores).toBeCloseTo(1, 9);
    // The total alone is priced as before.
    expect(blockChance(hockey, [total])).toBeCloseTo(sideChance(hockey, total), 12);
  });
});
