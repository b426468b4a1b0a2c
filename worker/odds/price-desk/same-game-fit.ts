// Each game's one score model, fitted once per refresh by the sport's price desk: the board
// then carries the fitted parameters (and the same-game margin in force), so the slip and
// placement price same-game picks from the very same numbers. A game that has started, or
// whose fair prices do not fit one model within the tolerance, carries none: its picks
// cannot be combined (src/shared/same-game.ts says why).
import { fitGameModel } from "../../../src/shared/game-model/fit";
import type { Event } from "../../../src/shared/schemas/events";

export type SameGameRules = {
  /** SAME_GAME_MARGIN as a fraction. */
  margin: number;
  /** SGP_FIT_TOLERANCE as a probability (0.01 = one percentage point). */
  tolerance: number;
};

/** The event with its fitted score model, or without one where none fits (pre-match games only). */
export function withSameGameModel<E extends Event>(event: E, rules: SameGameRules): E {
  const { sameGame: _previous, ...rest } = event;
  if (event.status !== "scheduled") return rest as E;
  const fitted = fitGameModel(event.sport, event.fair, rules.tolerance);
  if (!fitted.ok) return rest as E;
  return { ...rest, sameGame: { model: fitted.model, margin: rules.margin } } as E;
}
