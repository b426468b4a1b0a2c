// The signed-in player's document (spec §3 "User document"), as /api/me and the live
// socket send it. Balances are integers: coins, and Vantage Cash in cents.
import { z } from "zod";

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
  /** Public handle for /u/:handle (issue #16); null until chosen. */
  handle: z.string().nullable().optional(),
  /** Whether the public profile is hidden (then also off leaderboards). */
  profileHidden: z.boolean().optional(),
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
export const UpdateMeRequestSchema = z
  .object({
    displayName: DisplayNameSchema.optional(),
    /** Issue #16: rules in src/shared/social.ts (checked by the route); null clears it. */
    handle: z.string().max(64, "Handles are 3 to 20 characters.").nullable().optional(),
    profileHidden: z.boolean().optional(),
  })
  .refine((b) => b.displayName !== undefined || b.handle !== undefined || b.profileHidden !== undefined, "Nothing to update.");
