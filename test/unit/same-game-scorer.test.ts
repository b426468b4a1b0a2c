// An anytime goalscorer in a same-game parlay: quoted with his team's result from the
// game's model, kept with his fitted share on the block, re-priced from it when another leg
// pushes; any other player's market beside a pick of its game is refused, as is a second
// scorer, with a sentence the slip shows.
import { describe, expect, it } from "vitest";
import { blockPriceOnceGraded } from "../../src/shared/bet-outcome";
import { GAME_MODEL_VERSION, scoreGrid, scorerShare, sideChance } from "../../src/shared/game-model";
import { quoteSameGame, SAME_GAME_MESSAGES, type SameGamePick } from "../../src/shared/same-game";
import type { GameModel } from "../../src/shared/schemas/game-model";

const hockey: GameModel = { v: GAME_MODEL_VERSION, sport: "icehockey_nhl", params: [3.3, 2.8] };
const game = { sameGame: { model: hockey, margin: 0.08 }, started: false };
const EVENT = "nhl-1";

const homeWin: SameGamePick = { eventId: EVENT, market: "Moneyline", side: "Home", line: null };
const scorer = (pScores: number, team: "home" | "away" = "home"): SameGamePick => ({
  eventId: EVENT,
  market: "Prop",
  side: "Yes",
  line: null,
  scorer: { team, pScores },
});

describe("an anytime goalscorer in a same-game parlay", () => {
  it("is quoted with his team's win from the game's model, his share kept on the block", () => {
    const [quote] = quoteSameGame("Parlay", [homeWin, scorer(0.4)], () => game);
    if (!quote?.ok) throw new Error(`refused: ${quote?.ok === false ? quote.message : "no quote"}`);
    const share = scorerShare(scoreGrid(hockey), "home", 0.4)!;
    expect(quote.block.scorer).toEqual({ leg: 1, team: "home", share });
    // Correlated: likelier together than the two apart.
    expect(quote.chance).toBeGreaterThan(0.4 * sideChance(hockey, { market: "Moneyline", side: "Home", line: null }));
    expect(quote.margin).toBeGreaterThan(0);
  });

  it("refuses another player's market, and a second scorer, beside a pick of the game", () => {
    const points: SameGamePick = { eventId: EVENT, market: "Prop", side: "Over", line: 0.5 };
    const [other] = quoteSameGame("Parlay", [homeWin, points], () => game);
    expect(other).toMatchObject({ ok: false, message: SAME_GAME_MESSAGES.props });
    const [two] = quoteSameGame("Parlay", [homeWin, scorer(0.4), scorer(0.3, "away")], () => game);
    expect(two).toMatchObject({ ok: false, message: SAME_GAME_MESSAGES.oneScorer });
  });

  it("re-prices as the scorer alone when his team's result pushes out, and as the result alone when he is void", () => {
    const [quote] = quoteSameGame("Parlay", [homeWin, scorer(0.4)], () => game);
    if (!quote?.ok) throw new Error("refused");
    const block = { ...quote.block, legs: [0, 1] };
    const legs = [
      { priceAm: -150, market: "Moneyline" as const, side: "Home" as const, line: null },
      { priceAm: 150, market: "Prop" as const, side: "Yes" as const, line: null },
    ];
    const scorerAlone = blockPriceOnceGraded(block, legs, ["void", "win"])!;
    const resultAlone = blockPriceOnceGraded(block, legs, ["win", "void"])!;
    // He alone: priced from his own fitted chance (0.4) with the block's margin; the result alone from the model.
    expect(scorerAlone).toBeGreaterThan(100);
    expect(resultAlone).toBeLessThan(0);
    expect(blockPriceOnceGraded(block, legs, ["win", "win"])).toBe(quote.priceAm);
  });
});
