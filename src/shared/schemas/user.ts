// The signed-in player's document (spec §3 "User document"), as /api/me and the live
// socket send it. Balances are integers: coins, and Vantage Cash in cents.
import { z } from "zod";

export const WalletBalancesSchema = z.object({
  coinBalance: z.number().int().nonnegative(),
  vantageCash: z.number().int().nonnegative(),
  lastBonusDayET: z.string(),
  bonusStreak: z.number().int().nonnegative(),
  /** What reversals could not take and later credits repay first (absent from older servers). */
  owedCoins: z.number().int().nonnegative().optional(),
  owedCash: z.number().int().nonnegative().optional(),
});
export type WalletBalances = z.infer<typeof WalletBalancesSchema>;

export const UserDocumentSchema = WalletBalancesSchema.extend({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  isAdmin: z.boolean().optional(),
  /** Vantage Cash cents redeemable now (play-through, issue 18); the rest must be played first. */
  redeemableCash: z.number().int().nonnegative(),
  /** Vantage Cash cents still to be staked in settled bets before bought/bonus cash is redeemable. */
  cashToPlay: z.number().int().nonnegative(),
  /** Why no redemption is accepted now (a payment under review, an amount owed), or null (issue 12). */
  redemptionPause: z.string().nullable().optional(),
});
export type UserDocument = z.infer<typeof UserDocumentSchema>;


/** PATCH /api/me: trimmed, 1–32 characters, no control characters. */
export const DisplayNameSchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, "Username cannot be empty.")
      .max(32, "Username must be at most 32 characters.")
      // eslint-disable-next-line no-control-regex
      .refine((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s), "Username cannot contain control characters."),
  );
export const UpdateMeRequestSchema = z.object({ displayName: DisplayNameSchema });
