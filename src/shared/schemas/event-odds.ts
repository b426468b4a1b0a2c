// The Odds API v4's per-event odds answer (`GET /v4/sports/{sport}/events/{eventId}/odds`,
// `oddsFormat=american`): the one event with each bookmaker's markets. Players' markets
// (`player_points`, `batter_hits`, `player_goal_scorer_anytime`, ...) name the player only in
// each outcome's `description`; over/under markets carry the line in `point`, yes markets
// (anytime scorer) have one "Yes" outcome per player, or a bare name in some books' answers.
// Both the real feed and the simulator answer in this shape, and the props normaliser
// (src/shared/props/) reads only it. Unknown fields are kept out, never trusted.
import { z } from "zod";

export const EventOddsOutcomeSchema = z.object({
  /** "Over", "Under", "Yes", "No", or a player's name. */
  name: z.string(),
  /** The player, for players' markets. */
  description: z.string().optional(),
  /** American odds. */
  price: z.number(),
  /** The line of an over/under. */
  point: z.number().optional(),
});
export type EventOddsOutcome = z.infer<typeof EventOddsOutcomeSchema>;

export const EventOddsMarketSchema = z.object({
  key: z.string(),
  last_update: z.string().optional(),
  outcomes: z.array(EventOddsOutcomeSchema),
});
export type EventOddsMarket = z.infer<typeof EventOddsMarketSchema>;

export const EventOddsBookmakerSchema = z.object({
  key: z.string(),
  title: z.string(),
  last_update: z.string().optional(),
  markets: z.array(EventOddsMarketSchema),
});
export type EventOddsBookmaker = z.infer<typeof EventOddsBookmakerSchema>;

export const EventOddsSchema = z.object({
  id: z.string(),
  sport_key: z.string(),
  commence_time: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  bookmakers: z.array(EventOddsBookmakerSchema),
});
export type EventOdds = z.infer<typeof EventOddsSchema>;
