// The worked soccer example of docs/rules.md "Same-game parlays", number by number: if a
// figure there changes, this fails.
import { describe, expect, it } from "vitest";
import { blockChance, blockFairAm, blockMargin, blockPriceAm, scoreGrid, sideChance, type ModelLeg } from "../../src/shared/game-model";
import { decimalOdds } from "../../src/shared/odds";
import { quoteSameGame, SAME_GAME_MESSAGES } from "../../src/shared/same-game";
import type { GameModel } from "../../src/shared/schemas/game-model";

const model: GameModel = { v: 1, sport: "soccer_usa_mls", params: [1.45, 1.1] };
const MARGIN = 0.08;
const home: ModelLeg = { market: "Moneyline", side: "Home", line: null };
const draw: ModelLeg = { market: "Moneyline", side: "Draw", line: null };
const over: ModelLeg = { market: "Total", side: "Over", line: 2.5 };
const awayHalf: ModelLeg = { market: "Spread", side: "Away", line: 0.5 };

const pct = (p: number) => Math.round(p * 10_000) / 100;

describe("the worked soccer example", () => {
  it("reads the grid's cells and the sides' chances", () => {
    const grid = scoreGrid(model);
    const cell = (h: number, a: number) => {
      for (let i = 0; i < grid.p.length; i++) if (grid.home[i] === h && grid.away[i] === a) return grid.p[i]!;
      return 0;
    };
    expect([cell(0, 0), cell(1, 0), cell(1, 1), cell(2, 1)].map(pct)).toEqual([8.8, 10.33, 13.45, 9.03]);
    expect([sideChance(model, home), sideChance(model, draw), sideChance(model, over)].map(pct)).toEqual([44.13, 28.19, 46.89]);
  });

  it("prices Home + Over 2.5 together: 25.59%, fair +291, offered +259 at an 8.11% margin", () => {
    const chance = blockChance(model, [home, over]);
    expect(pct(chance)).toBe(25.59);
    expect(pct(sideChance(model, home) * sideChance(model, over))).toBe(20.69);
    expect(blockFairAm(chance)).toBe(291);
    expect(((1 - MARGIN) / chance).toFixed(2)).toBe("3.59");
    const priceAm = blockPriceAm(chance, MARGIN);
    expect(priceAm).toBe(259);
    expect(decimalOdds(priceAm!)).toBe(3.59);
    expect(blockMargin(chance, priceAm!)).toBe(0.0811);
  });

  it("prices Draw + Away +0.5 as the Draw alone, +226, and refuses Home + Away +0.5", () => {
    expect(blockChance(model, [draw, awayHalf])).toBe(blockChance(model, [draw]));
    expect(pct(blockChance(model, [draw, awayHalf]))).toBe(28.19);
    expect(blockPriceAm(blockChance(model, [draw, awayHalf]), MARGIN)).toBe(226);
    const picks = [home, awayHalf].map((leg) => ({ ...leg, eventId: "g1" }));
    expect(quoteSameGame("Parlay", picks, () => ({ sameGame: { model, margin: MARGIN }, started: false }))).toEqual([
      { ok: false, eventId: "g1", legs: [0, 1], message: SAME_GAME_MESSAGES.impossible },
    ]);
  });
});
