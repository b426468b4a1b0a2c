// Where players' final statistics come from, for grading props: one interface, with the
// embedded simulator's box scores on the same path in development (the simulator plays its
// players, so props settle offline). A feed without a stats source answers nothing, and its
// props wait for an operator's entry or void PROP_GRADE_HOURS after the final (house rules).
// The simulator's statistics are offered only beside the simulator's odds, which production
// refuses (worker/config.ts).
import type { BoxScore } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";
import type { OddsFeedProvider } from "../odds/feed-provider";
import { simOffsetMs } from "../odds/simulator/sim-clock";
import { gameById } from "../odds/simulator/sim-games";
import { simBoxScore } from "../odds/simulator/sim-props";

export interface StatsPort {
  readonly name: "simulator";
  /** The finished game's box score, or null while the source has none (not final, or not yet published). */
  boxScore(sport: SportKey, eventId: string, now: number): Promise<BoxScore | null>;
}

/** The simulator's box scores, read at the simulator's clock. */
export function simulatorStats(env: Env): StatsPort {
  return {
    name: "simulator",
    async boxScore(sport, eventId, now) {
      const game = gameById(eventId);
      if (!game || game.sport !== sport) return null;
      return simBoxScore(game, now + (await simOffsetMs(env)));
    },
  };
}

/** The stats source beside this odds feed: the simulator's with the simulator, none otherwise (yet). */
export function statsPortFor(env: Env, provider: OddsFeedProvider | null): StatsPort | null {
  return provider?.name === "simulator" ? simulatorStats(env) : null;
}
