// The signed-in player's document (spec §3 "User document"), as /api/me and the live
// socket send it. Balances are integers: coins, and Vantage Cash in cents.
import { z } from "zod";
import { DateOfBirthSchema, ProtectionViewSchema } from "./protection";

export const WalletBalancesSchema = z.object({
  coinBalance: z.number().int().nonnegative(),
  vantageCash: z.number().int().nonnegative(),
  lastBonusDayET: z.string(),
  bonusStreak: z.number().int().nonnegative(),
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
}).extend(ProtectionViewSchema.shape);
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
/** PATCH /api/me takes partial bodies: any of these fields, at least one. */
export const UpdateMeRequestSchema = z
  .object({ displayName: DisplayNameSchema.optional(), dateOfBirth: DateOfBirthSchema.optional() })
  .refine((body) => body.displayName !== undefined || body.dateOfBirth !== undefined, "Nothing to update.");
