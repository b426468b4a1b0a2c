// Player protection over the API: the date of birth in PATCH /api/me, a break
// (POST /api/me/break), limits (PUT /api/me/limits), and the protection fields of the
// user document. Limits travel in the units a player types: Coins, Vantage Cash, dollars;
// the wallet stores minor units (see src/shared/protection.ts).
import { z } from "zod";
import { unitsToMinor } from "../money";
import { BREAK_PERIODS, CLOSED_REASONS, LIMIT_INFO, LIMIT_NAMES, type LimitName } from "../protection";
import { REGION_MODES } from "../region-rules";

export const DateOfBirthSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be a date like 1990-04-25.");

export const BreakRequestSchema = z.object({ period: z.enum(BREAK_PERIODS) }).strict();

/** The most any limit may be set to (in its units): far above any pack or stake. */
export const LIMIT_MAX_UNITS = 10_000_000;

/** Minor units per API unit of each limit. */
export function limitMinorPerUnit(name: LimitName): number {
  return LIMIT_INFO[name].wallet === "coins" ? 1 : 100;
}

const limitValue = (name: LimitName) =>
  z
    .number()
    .min(0, "A limit cannot be negative.")
    .max(LIMIT_MAX_UNITS, `A limit can be at most ${LIMIT_MAX_UNITS.toLocaleString("en-US")}.`)
    .refine(
      (n) => unitsToMinor(LIMIT_INFO[name].wallet === "coins" ? "coins" : "cash", n) !== null,
      LIMIT_INFO[name].wallet === "coins" ? "Coins limits are whole numbers." : "At most two decimals.",
    )
    .nullable()
    .optional();

export const LimitsRequestSchema = z
  .object({
    dailyStakeCoins: limitValue("dailyStakeCoins"),
    dailyStakeCash: limitValue("dailyStakeCash"),
    dailyPurchaseDollars: limitValue("dailyPurchaseDollars"),
    weeklyPurchaseDollars: limitValue("weeklyPurchaseDollars"),
    monthlyPurchaseDollars: limitValue("monthlyPurchaseDollars"),
  })
  .strict()
  .refine((body) => LIMIT_NAMES.some((name) => body[name] !== undefined), "Set at least one limit (null removes one).");
export type LimitsRequest = z.infer<typeof LimitsRequestSchema>;

const limitsShape = Object.fromEntries(LIMIT_NAMES.map((name) => [name, z.number().nullable()])) as Record<
  LimitName,
  z.ZodNullable<z.ZodNumber>
>;
const pendingShape = Object.fromEntries(
  LIMIT_NAMES.map((name) => [name, z.object({ value: z.number().nullable(), effectiveAt: z.string() }).optional()]),
) as Record<LimitName, z.ZodOptional<z.ZodObject<{ value: z.ZodNullable<z.ZodNumber>; effectiveAt: z.ZodString }>>>;

export const PlayActionSchema = z.enum(["bet", "purchase", "bonus", "redeem"]);

/** The protection fields of the user document (GET /api/me). */
export const ProtectionViewSchema = z.object({
  /** "YYYY-MM-DD" once confirmed, else null (money actions answer age-unconfirmed). */
  dateOfBirth: z.string().nullable(),
  /** ISO time a timed break ends; null when none runs (and for a permanent closure). */
  breakUntil: z.string().nullable(),
  /** 'permanent' (closed by the player) or 'under-age'; null while the account is open. */
  closed: z.enum(CLOSED_REASONS).nullable(),
  /** The minimum age where the player is. */
  minAge: z.number().int(),
  /** Where the request came from (ISO 3166), when known. */
  region: z.string().nullable(),
  /** Actions refused in that region. */
  unavailable: z.array(PlayActionSchema),
  /** The region's mode today (src/shared/region-rules.ts): where it is not "full", Vantage Cash is limited or not offered. */
  regionMode: z.enum(REGION_MODES),
  /** The one sentence naming the region, its mode and the law, to show where Vantage Cash is limited; null where it is offered in full. */
  regionNotice: z.string().nullable(),
  /** Limits in force now, in Coins / Vantage Cash / dollars; null = none. */
  limits: z.object(limitsShape),
  /** Raises and removals waiting to take effect. */
  pendingLimits: z.object(pendingShape),
  /** The tightest purchase limit's remaining dollars and reset, when one is set. */
  purchaseAllowance: z.object({ limit: z.enum(LIMIT_NAMES), remainingDollars: z.number(), resetsAt: z.string() }).nullable(),
  /** Staked so far this Eastern day, per wallet (Coins, Vantage Cash). */
  stakedToday: z.object({ coins: z.number(), cash: z.number() }),
});
export type ProtectionView = z.infer<typeof ProtectionViewSchema>;
