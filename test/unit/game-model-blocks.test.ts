// Same-game blocks priced from one model of the game: a pick another pick contains adds
// nothing, picks that cannot all win have chance 0, correlated picks are likelier together
// than apart, and a block with a whole line is priced so that settlement's re-pricing of
// its pushed legs keeps it fair. Its price is rounded in the house's favour.
import { describe, expect, it } from "vitest";
import {
  BLOCK_LONGEST_AM,
  blockChance,
  blockFairAm,
  blockMargin,
  blockPriceAm,
  GAME_MODEL_VERSION,
  legsCanAllWin,
  type ModelLeg,
  scoreGrid,
  sideChance,
} from "../../src/shared/game-model";
import { gradeLeg } from "../../src/shared/grading";
import { blockPriceOnceGraded, settleBet } from "../../src/shared/bet-outcome";
import { americanToDecimal, decimalOdds, validPrice } from "../../src/shared/odds";
import { quoteSameGame, type SameGamePick } from "../../src/shared/same-game";
import type { GameModel } from "../../src/shared/schemas/game-model";

const soccer: GameModel = { v: GAME_MODEL_VERSION, sport: "soccer_usa_mls", params: [1.45, 1.2] };
const nfl: GameModel = { v: GAME_MODEL_VERSION, sport: "americanfootball_nfl", params: [6, 13.5, 46] };
const nba: GameModel = { v: GAME_MODEL_VERSION, sport: "basketball_nba", params: [7, 12, 228] };

const ML = (side: "Home" | "Away" | "Draw"): ModelLeg => ({ market: "Moneyline", side, line: null });
const SPREAD = (side: "Home" | "Away", line: number): ModelLeg => ({ market: "Spread", side, line });
const TOTAL = (side: "Over" | "Under", line: number): ModelLeg => ({ market: "Total", side, line });

describe("block chances", () => {
  it("soccer: Draw with Away +0.5 is just the draw; Home with Away +0.5 cannot win", () => {
    const draw = sideChance(soccer, ML("Draw"));
    expect(blockChance(soccer, [ML("Draw"), SPREAD("Away", 0.5)])).toBeCloseTo(draw, 12);
    expect(blockChance(soccer, [SPREAD("Away", 0.5), ML("Draw")])).toBeCloseTo(draw, 12);
    expect(blockChance(soccer, [ML("Home"), SPREAD("Away", 0.5)])).toBe(0);
    expect(legsCanAllWin(soccer, [ML("Home"), SPREAD("Away", 0.5)])).toBe(false);
    expect(legsCanAllWin(soccer, [ML("Draw"), SPREAD("Away", 0.5)])).toBe(true);
    // Home −1.5 contains Home: the block is the bigger win alone.
    expect(blockChance(soccer, [ML("Home"), SPREAD("Home", -1.5)])).toBeCloseTo(sideChance(soccer, SPREAD("Home", -1.5)), 12);
    // A pick alone is its side chance.
    expect(blockChance(soccer, [TOTAL("Over", 2.5)])).toBeCloseTo(sideChance(soccer, TOTAL("Over", 2.5)), 12);
  });

  it("a favourite with the over is likelier than the two apart (football's margin/total correlation r > 0)", () => {
    const fav = ML("Home");
    const over = TOTAL("Over", 45.5);
    const together = blockChance(nfl, [fav, over]);
    const apart = sideChance(nfl, fav) * sideChance(nfl, over);
    expect(together).toBeGreaterThan(apart);
    // …and the underdog with the over less likely than apart.
    expect(blockChance(nfl, [ML("Away"), over])).toBeLessThan(sideChance(nfl, ML("Away")) * sideChance(nfl, over));
    // In basketball (r = 0) margin and total are close to independent.
    const nbaTogether = blockChance(nba, [ML("Home"), TOTAL("Over", 228.5)]);
    expect(nbaTogether).toBeCloseTo(sideChance(nba, ML("Home")) * sideChance(nba, TOTAL("Over", 228.5)), 2);
    // A favourite covering a big number and winning are strongly dependent: far likelier than the product.
    expect(blockChance(nba, [ML("Home"), SPREAD("Home", -7.5)])).toBeGreaterThan(
      1.3 * sideChance(nba, ML("Home")) * sideChance(nba, SPREAD("Home", -7.5)),
    );
  });

  it("pushes: a block with whole lines is fair after settlement drops its pushed legs and re-prices the rest", () => {
    const spread = SPREAD("Home", -6);
    const total = TOTAL("Over", 46);
    const c = blockChance(nfl, [spread, total]);
    const cSpread = sideChance(nfl, spread);
    const cTotal = sideChance(nfl, total);
    // Outcomes, cell by cell as settlement grades them.
    const grid = scoreGrid(nfl);
    const p = { ww: 0, wp: 0, pw: 0, pp: 0 };
    for (let k = 0; k < grid.p.length; k++) {
      const score = { homeScore: grid.home[k]!, awayScore: grid.away[k]! };
      const [s, t] = [gradeLeg(spread, score, nfl.sport), gradeLeg(total, score, nfl.sport)];
      if (s === "loss" || t === "loss") continue;
      const key = `${s[0]}${t[0]}` as "ww" | "wp" | "pw" | "pp";
      p[key] += grid.p[k]!;
    }
    expect(p.wp).toBeGreaterThan(0);
    expect(p.pw).toBeGreaterThan(0);
    expect(p.pp).toBeGreaterThan(0);
    // The recursion: c = P(both win) / (1 − P(both push) − P(spread pushes, total wins)/c(total) − P(total pushes, spread wins)/c(spread)).
    expect(c).toBeCloseTo(p.ww / (1 - p.pp - p.pw / cTotal - p.wp / cSpread), 12);
    // Fair: staking 1 at 1/c returns 1 on average, pushes paid at the rest's own fair price.
    expect(p.ww / c + p.pw / cTotal + p.wp / cSpread + p.pp).toBeCloseTo(1, 12);
    // It is not P(both win): a push is not a loss.
    expect(c).toBeGreaterThan(p.ww);
  });
});

describe("block prices", () => {
  it("rounds towards the house: never a price better than (1 − margin) / chance", () => {
    expect(blockPriceAm(0.4, 0)).toBe(150);
    expect(blockPriceAm(0.4, 0.08)).toBe(130);
    expect(blockPriceAm(0.3, 0.08)).toBe(206); // d = 3.0666… → +206, not +207
    expect(blockPriceAm(0.6, 0.08)).toBe(-188); // d = 1.5333… → −187.5 → −188
    expect(blockPriceAm(0.5, 0)).toBe(100);
    expect(blockPriceAm(0.5, 0.001)).toBe(-101);
    for (let c = 0.013; c < 0.99; c += 0.0071) {
      for (const margin of [0, 0.045, 0.08]) {
        const price = blockPriceAm(c, margin);
        if (price === null) {
          // Only where no price is long enough to be offered: d below −9999's 1.010001.
          expect((1 - margin) / c).toBeLessThan(decimalOdds(-9999));
          continue;
        }
        expect(validPrice(price)).toBe(price);
        expect(decimalOdds(price)).toBeLessThanOrEqual((1 - margin) / c + 1e-12);
        // …and the next price the player's way would be better than d.
        const better = price === -101 ? 100 : price + 1;
        if (price < BLOCK_LONGEST_AM) expect(decimalOdds(better)).toBeGreaterThan((1 - margin) / c - 1e-12);
      }
    }
  });

  it("caps at the longest price the board takes and refuses what no price can be", () => {
    expect(blockPriceAm(0.001, 0.08)).toBe(4999);
    expect(blockPriceAm(0, 0.08)).toBeNull();
    expect(blockPriceAm(-0.1, 0.08)).toBeNull();
    expect(blockPriceAm(0.99995, 0)).toBeNull(); // shorter than −9999
    expect(blockPriceAm(1, 0.08)).toBeNull();
    expect(blockPriceAm(0.9, 0.08)).toBe(-4500); // d = 1.0222…
  });

  it("names the fair price and a price's margin against the chance", () => {
    expect(blockFairAm(0.4)).toBe(150);
    expect(blockFairAm(0.6)).toBe(-150);
    expect(blockFairAm(0)).toBeNull();
    expect(blockFairAm(1)).toBeNull();
    expect(blockMargin(0.4, 130)).toBe(0.08);
    expect(blockMargin(0.4, 160)).toBe(-0.04);
  });
});

describe("a push inside a block", () => {
  it("never pays more than the whole block winning, though the rest alone is priced longer", () => {
    // A home side far stronger: Away +1 pushes on a one-goal home win, which leaves Under 2
    // alone only at 1–0, a longer price than the block's.
    const model: GameModel = { v: GAME_MODEL_VERSION, sport: "soccer_usa_mls", params: [2.0, 0.6] };
    const picks: SameGamePick[] = [
      { eventId: "mls-push", market: "Spread", side: "Away", line: 1 },
      { eventId: "mls-push", market: "Total", side: "Under", line: 2 },
    ];
    const [quote] = quoteSameGame("Parlay", picks, () => ({ sameGame: { model, margin: 0.08 }, started: false }));
    if (!quote?.ok) throw new Error("refused");
    expect(quote.priceAm).toBe(151);
    const underAlone = blockPriceAm(blockChance(model, [TOTAL("Under", 2)]), 0.08)!;
    expect(underAlone).toBe(162);
    const legs = picks.map((p) => ({ priceAm: 100, market: p.market, side: p.side, line: p.line }));
    // 1–0: the spread pushes, the Under wins; paid at the block's +151, not +162.
    const bet = { stake: 10_000, legs, sameGame: [quote.block] };
    expect(settleBet(bet, ["push", "win"])).toEqual({ status: "settled", result: "win", payout: 25_100 });
    // A re-price shorter than the block's is paid as it is: the Away +1 alone after an Under push.
    const spreadAlone = blockPriceOnceGraded(quote.block, legs, ["win", "push"])!;
    expect(spreadAlone).toBe(blockPriceAm(blockChance(model, [SPREAD("Away", 1)]), 0.08));
    expect(americanToDecimal(spreadAlone)).toBeLessThan(americanToDecimal(quote.priceAm));
  });
});
