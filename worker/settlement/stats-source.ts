// What a source of players' final statistics answers, for grading props. Its own module so
// each source (stats-mlb.ts) and the wiring that picks one (stats-port.ts) both import it.
import type { BoxScore } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";

export interface StatsPort {
  readonly name: "simulator" | "mlb-stats-api";
  /** The finished game's box score, or null while the source has none (not final, or not yet published). */
  boxScore(sport: SportKey, eventId: string, now: number): Promise<BoxScore | null>;
}
