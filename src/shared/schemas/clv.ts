// Closing-line value on the wire (src/shared/clv.ts): GET /api/closes answers the closes
// of the games a player's picks are on (the SPA computes each pick's CLV from them), and
// a public profile carries its player's CLV figures beside the Statistics card's.
import { z } from "zod";
import { ID_MAX_LENGTH } from "./bets";
import { GameModelSchema } from "./game-model";

/** The most games one GET /api/closes may ask for. */
export const CLOSES_MAX_EVENTS = 50;

/** GET /api/closes?eventIds=a,b,c: comma-separated game ids, at most CLOSES_MAX_EVENTS. */
export const ClosesQuerySchema = z.object({
  eventIds: z
    .string()
    .min(1)
    .max(CLOSES_MAX_EVENTS * (ID_MAX_LENGTH + 1))
    .transform((s) => [...new Set(s.split(","))])
    .pipe(z.array(z.string().min(1).max(ID_MAX_LENGTH)).min(1).max(CLOSES_MAX_EVENTS)),
});

export const SideCloseSchema = z.object({
  market: z.enum(["Moneyline", "Spread", "Total"]),
  side: z.enum(["Home", "Away", "Over", "Under", "Draw"]),
  line: z.number().nullable(),
  p: z.number().gt(0).lt(1),
});

/** One side of a player's market at close (src/shared/clv.ts PropClose). */
export const PropCloseSchema = z.object({
  playerId: z.string(),
  marketKey: z.string(),
  side: z.enum(["Over", "Under", "Yes"]),
  line: z.number().nullable(),
  p: z.number().gt(0).lt(1),
});

/** One game's close: every side's fair chance, its score model (absent when it had none) and its players' markets (absent when none closed). */
export const EventClosesSchema = z.object({
  eventId: z.string(),
  sides: z.array(SideCloseSchema),
  model: GameModelSchema.optional(),
  props: z.array(PropCloseSchema).optional(),
});

/** GET /api/closes: the closes found; a game without one (not started, or no snapshot near its start) is absent. */
export const ClosesResponseSchema = z.object({ closes: z.array(EventClosesSchema) });
export type ClosesResponse = z.infer<typeof ClosesResponseSchema>;

/** A player's CLV figures of one wallet: the mean CLV and the share of bets that beat the close (both null until a bet has its closing price). */
export const ClvFiguresSchema = z.object({
  average: z.number().nullable(),
  beatShare: z.number().min(0).max(1).nullable(),
  count: z.number().int().nonnegative(),
});
