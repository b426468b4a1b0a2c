// The house's book (GET /api/admin/house/…): what the house owes its players and what it
// won from them, read from the D1 projection the wallets write. The console parses these
// answers with the same schemas the Worker answers with (worker/house/).
import { z } from "zod";

/** What the wallets keep but do not project to D1, so the liability cannot show it yet (docs/operations.md). */
export const NOT_PROJECTED = ["pending-redemptions", "purchase-holds", "play-through"] as const;

/** One day's liability as the daily cron recorded it (UTC day). */
export const LiabilityDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  players: z.number().int().nonnegative(),
  cashCents: z.number().int(),
  coins: z.number().int(),
  openCashBets: z.number().int().nonnegative(),
  openCashPayoutCents: z.number().int().nonnegative(),
  recordedAt: z.number().int(),
});
export type LiabilityDay = z.infer<typeof LiabilityDaySchema>;

export const HouseLiabilitySchema = z.object({
  asOf: z.number().int(),
  /** Players with a wallet_balances row. */
  players: z.number().int().nonnegative(),
  /** Vantage Cash held by players, in cents, and Coins outstanding. */
  cashCents: z.number().int(),
  coins: z.number().int(),
  /** Open cash bets and what they would pay if every one won (the open share of stake plus its winnings). */
  openCashBets: z.number().int().nonnegative(),
  openCashPayoutCents: z.number().int().nonnegative(),
  /** What players owe back to the house (reversals their balances could not cover), apart from what it owes them. */
  owedCashCents: z.number().int().nonnegative(),
  owedCoins: z.number().int().nonnegative(),
  /** The parts of the liability the projection does not hold; they are not in the figures above. */
  notProjected: z.array(z.enum(NOT_PROJECTED)),
  /** Recorded days, oldest first. */
  history: z.array(LiabilityDaySchema),
});
export type HouseLiability = z.infer<typeof HouseLiabilitySchema>;

export const HOLD_KINDS = ["single", "parlay", "same-game", "props", "cash-out"] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

/** One (UTC settled day, sport, kind, currency) cell of the hold table. */
export const HoldRowSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The bet's sport, or "multi" for a parlay across sports. */
  sport: z.string(),
  kind: z.enum(HOLD_KINDS),
  currency: z.enum(["coins", "cash"]),
  bets: z.number().int().nonnegative(),
  staked: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  /** staked − paid; negative when the players won. */
  hold: z.number().int(),
  /** hold / staked to four decimals; null with nothing staked. */
  holdPct: z.number().nullable(),
});
export type HoldRow = z.infer<typeof HoldRowSchema>;

export const HouseHoldSchema = z.object({
  days: z.number().int().positive(),
  /** The first UTC day counted; rows are newest day first. */
  since: z.string(),
  rows: z.array(HoldRowSchema),
});
export type HouseHold = z.infer<typeof HouseHoldSchema>;

/** `?days=&format=` of both views; the CSV is the history (liability) or the rows (hold). */
export const HouseQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(30),
  format: z.enum(["json", "csv"]).default("json"),
});
