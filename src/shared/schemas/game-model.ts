// One game's score model as the board carries it (src/shared/game-model/): the fitted
// parameters of the game's final-score distribution, with the model family's version. The
// slip and the Worker price same-game picks from these very numbers, and a bet keeps them
// to re-price its same-game block when a leg pushes or is void.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";

export const GameModelSchema = z.object({
  /** The model family's version (GAME_MODEL_VERSION when fitted); a bet keeps it with the parameters. */
  v: z.number().int().positive(),
  sport: z.enum(SPORT_KEYS),
  /** The fitted parameters in the family's own order (src/shared/game-model/families.ts). */
  params: z.array(z.number().finite()).min(1).max(8),
});
export type GameModel = z.infer<typeof GameModelSchema>;
