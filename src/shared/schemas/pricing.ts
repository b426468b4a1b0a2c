// GET /api/pricing: the public figures of the /pricing page. Per sport over the last
// `windowDays` of settled bets: the average margin the offered prices carried against the
// fair price when the bets were placed, and the hold the house actually kept per wallet
// (stakes less everything paid back, over stakes). Null where there is nothing to average.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";

const HoldSchema = z.object({
  /** Settled bets counted (voided ones are left out: their stake came back untouched). */
  bets: z.number().int().nonnegative(),
  staked: z.number().int().nonnegative(),
  returned: z.number().int().nonnegative(),
  /** (staked − returned) / staked; negative when players won more than they staked. */
  hold: z.number().nullable(),
});

export const PricingSportSchema = z.object({
  /** A sport, or "multi" for parlays across sports (holds only; margins are per leg, so per sport). */
  sport: z.union([z.enum(SPORT_KEYS), z.literal("multi")]),
  /** Legs with a fair price at placement, and the mean of 1 − p_fair × d over them. */
  legs: z.number().int().nonnegative(),
  averageMargin: z.number().nullable(),
  coins: HoldSchema,
  cash: HoldSchema,
});
export type PricingSport = z.infer<typeof PricingSportSchema>;

/** Singles, parlays across games, and parlays with a same-game block: the margin their prices carried and the hold kept. */
export const PRICE_KINDS = ["single", "parlay", "same-game"] as const;
export const PricingKindSchema = z.object({
  kind: z.enum(PRICE_KINDS),
  /** Bets whose every price had a fair chance at placement, and the mean of their margin (src/shared/bet-margin.ts). */
  priced: z.number().int().nonnegative(),
  averageMargin: z.number().nullable(),
  coins: HoldSchema,
  cash: HoldSchema,
});
export type PricingKind = z.infer<typeof PricingKindSchema>;

export const PricingStatsSchema = z.object({
  windowDays: z.number().int().positive(),
  /** The rules in force: fewest books for a fair price, the cash-out fee (percent) and a quote's life (seconds). */
  fairMinBooks: z.number().int().positive(),
  cashOutMarginPercent: z.number().nonnegative(),
  cashOutQuoteSeconds: z.number().int().positive(),
  sports: z.array(PricingSportSchema),
  /** The same figures per kind of bet: the same-game margin offered and hold kept beside singles and parlays. */
  kinds: z.array(PricingKindSchema),
  /** The house margin on a same-game block, in percent (SAME_GAME_MARGIN). */
  sameGameMarginPercent: z.number().nonnegative(),
  /** When these figures were computed (epoch ms). */
  asOf: z.number().int(),
});
export type PricingStats = z.infer<typeof PricingStatsSchema>;
