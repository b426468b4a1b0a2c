// The house's book (GET /api/admin/house/…): what the house owes its players and what it
// won from them, read from the D1 projection the wallets write. The console parses these
// answers with the same schemas the Worker answers with (worker/house/).
import { z } from "zod";

/** One day's liability as the daily cron recorded it (UTC day). */
export const LiabilityDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  players: z.number().int().nonnegative(),
  cashCents: z.number().int(),
  coins: z.number().int(),
  openCashBets: z.number().int().nonnegative(),
  openCashPayoutCents: z.number().int().nonnegative(),
  /** Vantage Cash in pending redemptions: left the balances, not yet paid or returned. */
  pendingRedemptionCents: z.number().int().nonnegative(),
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
  /**
   * What of the Vantage Cash held is redeemable now and what holds the rest back, and the
   * cash in pending redemptions (owed too, apart from the balances). Held back = per player
   * min(balance, max(still to play, held by purchase holds)), as a redemption is judged; the
   * two reasons overlap, so each is shown alone. A redemption pause (a dispute, an amount
   * owed) is not counted. Wallets that have not written since these figures were projected
   * count as redeemable, and are counted in `walletsNotSplit`.
   */
  cashHeld: z.object({
    redeemableCents: z.number().int().nonnegative(),
    heldBackCents: z.number().int().nonnegative(),
    toPlayCents: z.number().int().nonnegative(),
    purchaseHeldCents: z.number().int().nonnegative(),
    pendingRedemptionCents: z.number().int().nonnegative(),
    walletsNotSplit: z.number().int().nonnegative(),
  }),
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
