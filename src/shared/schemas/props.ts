// Players' markets ("props") as the Worker offers them and the SPA shows them, and a
// player's final statistics as the stats port reads them for grading. One prop is one
// (player, market key, line) with a fair price from enough books (PROP_FAIR_MIN_BOOKS);
// for the spec's replace rule its market is (player, market key). Prices are American odds
// or null when locked, as on the board.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";
import { FairSideSchema, PriceSchema } from "./events";

/** How a players' market is bet: over/under a line, or a "yes" price (anytime scorer). */
export const PropKindSchema = z.enum(["over-under", "yes"]);
export type PropKind = z.infer<typeof PropKindSchema>;

export const PropSchema = z.object({
  /** Stable id of (event, player, market key, line), e.g. `evt:player-slug:player_points:27.5`. */
  propId: z.string(),
  eventId: z.string(),
  sport: z.enum(SPORT_KEYS),
  /** The feed's market key (`player_points`, `batter_hits`, `player_goal_scorer_anytime`, ...). */
  marketKey: z.string(),
  kind: PropKindSchema,
  /** The player as the name map resolved them: a stable id (a slug unless an operator mapped it) and the name shown. */
  player: z.object({ id: z.string(), name: z.string(), team: z.enum(["home", "away"]).nullable() }),
  /** The over/under line; null for a yes market. */
  line: z.number().nullable(),
  /** Offered prices: over/under, or yes (under is null for a yes market). */
  prices: z.object({ over: PriceSchema, under: PriceSchema }),
  /** Fair figures of each side from `books` books quoting this line (at least PROP_FAIR_MIN_BOOKS). */
  fair: z.object({ books: z.number().int(), over: FairSideSchema, under: FairSideSchema.nullable() }),
});
export type Prop = z.infer<typeof PropSchema>;

/** One player's market of a game, whatever its line: what an operator suspends. */
export const PropMarketRefSchema = z.object({ marketKey: z.string(), playerId: z.string() });
export type PropMarketRef = z.infer<typeof PropMarketRefSchema>;

/** GET /api/events/:eventId/props: one game's props and when the feed last confirmed them. */
export const EventPropsSchema = z.object({
  eventId: z.string(),
  props: z.array(PropSchema),
  confirmedAt: z.number().int().nullable(),
  /** The players' markets an operator suspended: shown 'Suspended', and refused. */
  houseSuspended: z.array(PropMarketRefSchema).optional(),
});
export type EventProps = z.infer<typeof EventPropsSchema>;

/**
 * A player's final statistics in one game, keyed by the stat a market grades on
 * (src/shared/props/catalogue.ts names each market's stat), as the stats port reads them.
 * `played` false (did not play, or a pitcher who did not start) voids the player's props.
 */
export const PlayerStatLineSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  team: z.enum(["home", "away"]),
  played: z.boolean(),
  stats: z.record(z.string(), z.number()),
});
export type PlayerStatLine = z.infer<typeof PlayerStatLineSchema>;

/** One finished game's box score: every player who was on the roster, and where it came from. */
export const BoxScoreSchema = z.object({
  eventId: z.string(),
  source: z.enum(["simulator", "official", "operator"]),
  players: z.array(PlayerStatLineSchema),
});
export type BoxScore = z.infer<typeof BoxScoreSchema>;
