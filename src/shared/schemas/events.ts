// The board's Event (spec §3) as GET /api/events answers it, and GET /api/sports. Prices are American odds
// (integers) or null when locked; the decimal value is derived in src/shared/odds.ts.
// `markets.spread.line` is the home team's line (the away line is its negative).
// A market the feed does not offer is absent, never invented. `confirmedAt` is when the
// feed last confirmed the prices: a live pick is only accepted at a recently confirmed one.
// `suspended` names, per market of a game under way, why the live rules (src/shared/
// live-rules.ts) hold it back; any one suspends the whole game, every price 'Locked', and
// the card shows the game's reason as one 'Suspended' label.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";
import { SUSPENSION_REASONS } from "../suspension-reasons";
import { GameModelSchema } from "./game-model";
import { GAME_MARKETS } from "./bets";

export const PriceSchema = z.number().int().nullable();

/**
 * One side's glass-box figures (src/shared/fair-odds.ts): its fair probability (the median
 * of the books' de-vigged prices) and the offered price's margin against it, null while
 * the offered price is locked.
 */
export const FairSideSchema = z.object({ p: z.number().gt(0).lt(1), margin: z.number().nullable() });
export type FairSide = z.infer<typeof FairSideSchema>;

/** The fair figures of each market enough books quote at the offered line; a market with too few is absent. */
export const FairFiguresSchema = z.object({
  moneyline: z.object({ books: z.number().int(), home: FairSideSchema, away: FairSideSchema, draw: FairSideSchema.optional() }).optional(),
  spread: z.object({ books: z.number().int(), line: z.number(), home: FairSideSchema, away: FairSideSchema }).optional(),
  total: z.object({ books: z.number().int(), line: z.number(), over: FairSideSchema, under: FairSideSchema }).optional(),
});
export type FairFigures = z.infer<typeof FairFiguresSchema>;

export const EventSchema = z.object({
  eventId: z.string(),
  sport: z.enum(SPORT_KEYS),
  startTime: z.string(),
  home: z.string(),
  away: z.string(),
  status: z.enum(["scheduled", "live", "final"]),
  live: z
    .object({
      homeScore: z.number().int().nullable(),
      awayScore: z.number().int().nullable(),
      periodLabel: z.string().nullable(),
      clock: z.string().nullable(),
    })
    .nullable(),
  markets: z.object({
    /** `draw` only where a draw is possible (soccer): the 3-way price's third side. */
    moneyline: z.object({ home: PriceSchema, away: PriceSchema, draw: PriceSchema.optional() }).optional(),
    spread: z.object({ line: z.number().nullable(), home: PriceSchema, away: PriceSchema }).optional(),
    total: z.object({ line: z.number().nullable(), over: PriceSchema, under: PriceSchema }).optional(),
  }),
  /** The fair price of every side and the offered price's margin, per market; absent when too few books quote the game. */
  fair: FairFiguresSchema.optional(),
  /**
   * The game's one score model (src/shared/game-model/) and the same-game margin in force:
   * picks on this game are priced together from it. Absent when the game's fair prices do
   * not fit one model, or a market is missing: then its picks cannot be combined.
   */
  sameGame: z.object({ model: GameModelSchema, margin: z.number().min(0).max(0.5) }).optional(),
  /** When the feed last confirmed these prices (epoch ms, the Worker's clock); absent on copies cached before it was recorded. */
  confirmedAt: z.number().int().optional(),
  /** The game's markets an operator suspended (the house takes no bets on them for now); absent when none is. */
  houseSuspended: z.array(z.enum(GAME_MARKETS)).optional(),
  /** Markets of a game under way the live rules hold back, each with its reason (any one locks the whole game); absent when none is. */
  suspended: z
    .object({
      moneyline: z.enum(SUSPENSION_REASONS).optional(),
      spread: z.enum(SUSPENSION_REASONS).optional(),
      total: z.enum(SUSPENSION_REASONS).optional(),
    })
    .optional(),
});
export type Event = z.infer<typeof EventSchema>;

/** GET /api/events: one sport's games. */
export const EventListSchema = z.array(EventSchema);

/** How live betting runs (src/shared/live-rules.ts): the live boards' refresh cadence and each sport's live-bet delay. */
export const LiveRulesSchema = z.object({
  refreshSeconds: z.number().positive(),
  betDelaySeconds: z.record(z.enum(SPORT_KEYS), z.number().nonnegative()),
});

/** GET /api/sports: which sports the feed carries, the feed's clock (the simulator's can run ahead) and the live rules. */
export const SportsInfoSchema = z.object({
  feedNow: z.number().int(),
  sports: z.array(z.object({ key: z.enum(SPORT_KEYS), label: z.string(), mapped: z.boolean() })),
  live: LiveRulesSchema,
});
export type SportsInfo = z.infer<typeof SportsInfoSchema>;

/**
 * A game's score as the feed reports it; `completed` marks a final. `updatedAt` is the
 * scores entry's `last_update` (epoch ms, the Worker's clock) when the feed gives one:
 * it times a score change for the live rules.
 */
export const EventScoreSchema = z.object({
  eventId: z.string(),
  sport: z.enum(SPORT_KEYS),
  startTime: z.string(),
  home: z.string(),
  away: z.string(),
  completed: z.boolean(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  updatedAt: z.number().int().nullable().optional(),
});
export type EventScore = z.infer<typeof EventScoreSchema>;
