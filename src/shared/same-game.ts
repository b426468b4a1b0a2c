// Same-game parlays: the picks of one game inside a parlay are one block, priced together
// from the game's one score model (src/shared/game-model/) rather than as if they were
// unrelated. Pure and shared, so the slip shows the very price the Worker takes and the
// settlement pays: a block's price is the model's chance that all its legs win, with the
// house's same-game margin applied, rounded in the house's favour.
//
// A game's picks are one block only in a Parlay. A block is refused, with a sentence, when
// its legs cannot all win, when the game has no model (its prices do not fit one, or a
// market is missing), and once the game is under way (same-game blocks are pre-match only).
// One player's market may join a block: an anytime goalscorer in soccer or hockey, priced as
// a share of his team's goals fitted to his fair anytime chance; any other player's market
// beside a pick of its game is refused until the model prices it.
import { blockFairAm, blockMargin, blockPriceAm, chanceOfBlock, type ModelLeg, scoreGrid, scorerShare } from "./game-model";
import type { Event } from "./schemas/events";
import type { SameGameBlock } from "./schemas/bets";

export const SAME_GAME_MESSAGES = {
  impossible: "These picks can’t both win.",
  unavailable: "Same-game parlays aren’t offered on this game right now.",
  started: "Same-game parlays are for games that haven’t started.",
  props: "Only an anytime goalscorer can join other picks on the same game yet.",
  oneScorer: "One anytime goalscorer per game in a parlay.",
} as const;

/** The market key of the one player's market a block can price. */
export const ANYTIME_SCORER_MARKET = "player_goal_scorer_anytime";

/**
 * One pick as the block pricing reads it. A player's market carries, when it is an anytime
 * goalscorer whose team and fair chance are known, `scorer`; any other is refused in a block.
 */
export type SameGamePick = ModelLeg & { eventId: string; scorer?: { team: "home" | "away"; pScores: number } };

/**
 * The scorer a player's market brings to a block: an anytime goalscorer whose team and fair
 * chance are known; undefined for any other market, or without them (the block then refuses
 * him with a sentence). The slip and the Worker read a pick's scorer through this one rule.
 */
export function anytimeScorer(
  marketKey: string | undefined,
  team: "home" | "away" | null | undefined,
  pScores: number | undefined,
): SameGamePick["scorer"] {
  if (marketKey !== ANYTIME_SCORER_MARKET || !team || pScores === undefined) return undefined;
  return { team, pScores };
}

export type SameGameQuote =
  | {
      ok: true;
      eventId: string;
      /** Indexes of the block's legs in the slip. */
      legs: number[];
      /** The model's chance that every leg wins (a pushed leg drops out and the rest are re-priced). */
      chance: number;
      priceAm: number;
      /** The block's fair price (no margin) and the margin its offered price carries. */
      fairAm: number | null;
      margin: number;
      block: Omit<SameGameBlock, "legs"> & { legs: number[] };
    }
  | { ok: false; eventId: string; legs: number[]; message: string };

/** What the pricing needs of each game: its model and margin (absent when none), and whether it has started. */
export type SameGameGame = { sameGame: Event["sameGame"]; started: boolean };

/** The slip's games with two or more picks, in slip order, each with the indexes of its picks. */
export function sameGameGroups(picks: readonly Pick<SameGamePick, "eventId">[]): { eventId: string; legs: number[] }[] {
  const byGame = new Map<string, number[]>();
  picks.forEach((pick, i) => {
    const legs = byGame.get(pick.eventId) ?? [];
    legs.push(i);
    byGame.set(pick.eventId, legs);
  });
  return [...byGame].filter(([, legs]) => legs.length >= 2).map(([eventId, legs]) => ({ eventId, legs }));
}

/** Prices one game's picks (two or more) together, or says why they cannot be combined. */
export function quoteSameGameBlock(picks: readonly SameGamePick[], legs: readonly number[], game: SameGameGame | undefined): SameGameQuote {
  const eventId = picks[legs[0]!]!.eventId;
  const refused = (message: string): SameGameQuote => ({ ok: false, eventId, legs: [...legs], message });
  const props = legs.filter((i) => picks[i]!.market === "Prop");
  if (props.some((i) => !picks[i]!.scorer)) return refused(SAME_GAME_MESSAGES.props);
  if (props.length > 1) return refused(SAME_GAME_MESSAGES.oneScorer);
  if (game?.started) return refused(SAME_GAME_MESSAGES.started);
  const sameGame = game?.sameGame;
  if (!sameGame) return refused(SAME_GAME_MESSAGES.unavailable);
  let scorer: SameGameBlock["scorer"];
  if (props.length === 1) {
    const pick = picks[props[0]!]!.scorer!;
    const share = scorerShare(scoreGrid(sameGame.model), pick.team, pick.pScores);
    if (share === null) return refused(SAME_GAME_MESSAGES.unavailable);
    scorer = { leg: props[0]!, team: pick.team, share };
  }
  const modelLegs = picks.map(({ market, side, line }) => ({ market, side, line }));
  const chance = chanceOfBlock(sameGame.model, modelLegs, legs, scorer);
  const priceAm = chance > 0 ? blockPriceAm(chance, sameGame.margin) : null;
  if (priceAm === null) return refused(SAME_GAME_MESSAGES.impossible);
  return {
    ok: true,
    eventId,
    legs: [...legs],
    chance,
    priceAm,
    fairAm: blockFairAm(chance),
    margin: blockMargin(chance, priceAm),
    block: { eventId, legs: [...legs], priceAm, chance, margin: sameGame.margin, model: sameGame.model, ...(scorer && { scorer }) },
  };
}

/** Every same-game block of a Parlay's picks (none for Singles). */
export function quoteSameGame(
  kind: "Singles" | "Parlay",
  picks: readonly SameGamePick[],
  gameOf: (eventId: string) => SameGameGame | undefined,
): SameGameQuote[] {
  if (kind !== "Parlay") return [];
  return sameGameGroups(picks).map(({ eventId, legs }) => quoteSameGameBlock(picks, legs, gameOf(eventId)));
}
