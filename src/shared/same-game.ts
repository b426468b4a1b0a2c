// Same-game parlays: the picks of one game inside a parlay are one block, priced together
// from the game's one score model (src/shared/game-model/) rather than as if they were
// unrelated. Pure and shared, so the slip shows the very price the Worker takes and the
// settlement pays: a block's price is the model's chance that all its legs win, with the
// house's same-game margin applied, rounded in the house's favour.
//
// A game's picks are one block only in a Parlay. A block is refused, with a sentence, when
// its legs cannot all win, when the game has no model (its prices do not fit one, or a
// market is missing), and once the game is under way (same-game blocks are pre-match only).
import { blockChance, blockFairAm, blockMargin, blockPriceAm, type ModelLeg } from "./game-model";
import type { Event } from "./schemas/events";
import type { SameGameBlock } from "./schemas/bets";

export const SAME_GAME_MESSAGES = {
  impossible: "These picks can’t both win.",
  unavailable: "Same-game parlays aren’t offered on this game right now.",
  started: "Same-game parlays are for games that haven’t started.",
  props: "Player props can’t be combined with other picks on the same game yet.",
} as const;

/** One pick as the block pricing reads it (a player's market is refused: the game's model does not price it yet). */
export type SameGamePick = ModelLeg & { eventId: string };

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
  if (legs.some((i) => picks[i]!.market === "Prop")) return refused(SAME_GAME_MESSAGES.props);
  if (game?.started) return refused(SAME_GAME_MESSAGES.started);
  const sameGame = game?.sameGame;
  if (!sameGame) return refused(SAME_GAME_MESSAGES.unavailable);
  const modelLegs = legs.map((i) => {
    const { market, side, line } = picks[i]!;
    return { market, side, line };
  });
  const chance = blockChance(sameGame.model, modelLegs);
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
    block: { eventId, legs: [...legs], priceAm, chance, margin: sameGame.margin, model: sameGame.model },
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
