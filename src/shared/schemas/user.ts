// The signed-in player's document (spec §3 "User document"), as /api/me and the live
// socket send it. Balances are integers: coins, and Vantage Cash in cents.
import { z } from "zod";
import { DateOfBirthSchema, ProtectionViewSchema } from "./protection";
import { checkDisplayNameText, DISPLAY_NAME_MESSAGES, type DisplayNameCheck } from "../display-name";

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

/** Vantage Cash bought within PURCHASE_HOLD_DAYS and not reversed: not redeemable until `freesAt`. */
export const PurchaseHoldSchema = z.object({ amountCents: z.number().int().positive(), freesAt: z.number().int() });
export type PurchaseHold = z.infer<typeof PurchaseHoldSchema>;

export const UserDocumentSchema = WalletBalancesSchema.extend({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  isAdmin: z.boolean().optional(),
  /** Vantage Cash cents redeemable now (play-through); the rest must be played first. */
  redeemableCash: z.number().int().nonnegative(),
  /** Vantage Cash cents still to be staked in settled bets before bought/bonus cash is redeemable. */
  cashToPlay: z.number().int().nonnegative(),
  /** Why no redemption is accepted now (a payment under review, an amount owed), or null. */
  redemptionPause: z.string().nullable().optional(),
  /** Bought Vantage Cash still held (cents) and when each frees up (epoch ms), soonest first. */
  purchaseHolds: z.array(PurchaseHoldSchema).optional(),
  /** PURCHASE_HOLD_DAYS: how long bought Vantage Cash is held (0 = no hold). */
  purchaseHoldDays: z.number().int().nonnegative().optional(),
  /** Public handle for /u/:handle; null until chosen. */
  handle: z.string().nullable().optional(),
  /** Whether the public profile is hidden (then also off leaderboards, its shared links withdrawn). */
  profileHidden: z.boolean().optional(),
  /** Whether the public profile and the Vantage Cash leaderboards show the player's Vantage Cash results. */
  showCashResults: z.boolean().optional(),
  /** The version of the Official Sweepstakes Rules in force (/sweepstakes-rules). */
  rulesVersion: z.number().int().positive().optional(),
  /** The newest version the player accepted, or null; Vantage Cash play waits until it is rulesVersion. */
  rulesAcceptedVersion: z.number().int().positive().nullable().optional(),
}).extend(ProtectionViewSchema.shape);
export type UserDocument = z.infer<typeof UserDocumentSchema>;

/**
 * PATCH /api/me: a string, checked by the username rules of src/shared/display-name.ts
 * (NFKC, no invisible, direction-changing or control characters, 1–DISPLAY_NAME_MAX_LENGTH
 * characters once spaces are collapsed and trimmed, letters, marks, digits, spaces and
 * . - _ ' only); parses to the normalised name, the one stored.
 */
export const DisplayNameSchema = z.string({ error: DISPLAY_NAME_MESSAGES.notText }).transform((typed, ctx) => {
  const checked = checkDisplayNameText(typed);
  if (checked.ok) return checked.name;
  ctx.addIssue({ code: "custom", message: checked.message });
  return z.NEVER;
});

/**
 * PATCH /api/me takes partial bodies (one or more of these fields). The username is
 * checked by checkDisplayName, so its refusal is a player's sentence, not a field path.
 */
export const UpdateMeRequestSchema = z
  .object({
    displayName: z.unknown().optional(),
    dateOfBirth: DateOfBirthSchema.optional(),
    /** Rules in src/shared/handles.ts (checked by the route); null clears it and withdraws shared links. */
    handle: z.string().max(64, "Handles are 3 to 20 characters.").nullable().optional(),
    profileHidden: z.boolean().optional(),
    showCashResults: z.boolean().optional(),
  })
  .refine(
    (b) =>
      b.displayName !== undefined ||
      b.dateOfBirth !== undefined ||
      b.handle !== undefined ||
      b.profileHidden !== undefined ||
      b.showCashResults !== undefined,
    "Nothing to update.",
  );

/**
 * The username a player typed, checked by the same rule on both sides: the normalised,
 * trimmed name to store, or the one sentence saying what is wrong (no field names, ready
 * to show a player).
 */
export function checkDisplayName(raw: unknown): DisplayNameCheck {
  const parsed = DisplayNameSchema.safeParse(raw);
  if (parsed.success) return { ok: true, name: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? DISPLAY_NAME_MESSAGES.notText };
}
