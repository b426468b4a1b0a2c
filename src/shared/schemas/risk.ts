// The house's exposure per game (GET /api/admin/risk…, POST …/suspend): what each game's
// exposure object (worker/exposure/) holds, as the console's Risk view shows it. Amounts are
// minor units of their currency: Vantage Cash cents or Coins. The list comes from D1's copy
// (a few seconds behind); one game's detail is read live from its object.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";

/** One game in the Risk list, worst cash outcome first. */
export const RiskGameSchema = z.object({
  eventId: z.string(),
  sport: z.string(),
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
  /** The house's worst result over the game's outcomes: what it would pay less what it took (negative: it wins whatever happens). */
  worstCashCents: z.number().int(),
  worstCoins: z.number().int(),
  stakesCashCents: z.number().int().nonnegative(),
  stakesCoins: z.number().int().nonnegative(),
  openBets: z.number().int().nonnegative(),
  /** The market with the worst result (cash first), by its console name. */
  worstMarket: z.string().nullable(),
  /** Suspended markets, by their console names. */
  suspended: z.array(z.string()),
  updatedAt: z.number().int(),
});
export type RiskGame = z.infer<typeof RiskGameSchema>;

export const RiskListSchema = z.object({
  asOf: z.number().int(),
  /** MAX_CASH_EXPOSURE_CENTS and MAX_COINS_EXPOSURE: the per-market limits in force. */
  limits: z.object({ cashCents: z.number().int().positive(), coins: z.number().int().positive() }),
  games: z.array(RiskGameSchema),
});
export type RiskList = z.infer<typeof RiskListSchema>;

export const MarketExposureSchema = z.object({
  market: z.string(),
  label: z.string(),
  stakes: z.number().int(),
  payouts: z.record(z.string(), z.number().int()),
  worst: z.number().int(),
  worstSelection: z.string().nullable(),
});
export type MarketExposureView = z.infer<typeof MarketExposureSchema>;

const CurrencyExposureSchema = z.object({
  currency: z.enum(["cash", "coins"]),
  positions: z.number().int().nonnegative(),
  stakes: z.number().int().nonnegative(),
  worst: z.number().int(),
  /** True when `worst` is an upper bound (too many markets to try every combination of outcomes). */
  bound: z.boolean(),
  markets: z.array(MarketExposureSchema),
});

export const GameExposureViewSchema = z.object({
  game: z.object({ eventId: z.string(), sport: z.string(), home: z.string(), away: z.string(), startTime: z.string() }).nullable(),
  cash: CurrencyExposureSchema,
  coins: CurrencyExposureSchema,
  suspended: z.array(z.object({ market: z.string(), label: z.string(), at: z.number().int(), by: z.string(), reason: z.string() })),
  /** Positions reserved by bets still being placed and by cash-outs still being paid. */
  reserved: z.number().int().nonnegative(),
  at: z.number().int(),
});
export type GameExposureView = z.infer<typeof GameExposureViewSchema>;

export const RiskGameParamsSchema = z.object({ sport: z.enum(SPORT_KEYS), eventId: z.string().min(1).max(128) });

/** Suspends (or resumes) one market of a game: its key as the detail lists it, and why. */
export const SuspendMarketRequestSchema = z.object({
  market: z.string().min(1).max(200),
  suspended: z.boolean(),
  reason: z.string().trim().min(3).max(500),
  /** The game's names, for the audit row and the list (when no bet has reached it yet). */
  game: z.object({ home: z.string().max(200), away: z.string().max(200), startTime: z.string().max(64) }),
});
export type SuspendMarketRequest = z.infer<typeof SuspendMarketRequestSchema>;

export const RiskQuerySchema = z.object({ format: z.enum(["json", "csv"]).default("json") });
