// One game, one price: the model of a game's final score that every same-game pick is
// priced from, shared by the slip (SPA) and the Worker. The fit (fit.ts) is Worker only and
// is not re-exported here, so the SPA's bundle never carries the numeric library.
export {
  blockChance,
  blockChanceOn,
  blockChanceWithScorerOn,
  chanceOfBlock,
  legsCanAllWin,
  legsCanAllWinOn,
  type ModelLeg,
  type ScorerLeg,
  scorerShare,
  sideChance,
  sideChanceOn,
} from "./chance";
export {
  DIXON_COLES_RHO,
  FOOTBALL_KEY_MARGINS,
  type Family,
  familyOf,
  GAME_MODEL_VERSION,
  type GoalsFamily,
  gameModelProblem,
  POINTS_SHAPE,
  type PointsFamily,
  paramBounds,
  paramCount,
} from "./families";
export { buildScoreGrid, type GameSituation, liveScoreGrid, type ScoreGrid, scoreGrid, tieBreakChance } from "./grid";
export { BLOCK_LONGEST_AM, blockFairAm, blockMargin, blockPriceAm } from "./price";
