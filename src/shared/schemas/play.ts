// Responsible play's second step over the API (/api/play): loss and play-time limits and
// the reality-check interval (PUT /api/play/limits), heartbeats, reality-check answers,
// nudges near a limit, and My statement; plus what operators see in the player view.
// Loss limits travel in the units a player types (Coins, Vantage Cash), the others in
// minutes; the wallet stores minor units (src/shared/play-limits.ts).
import { z } from "zod";
import { HARM_FLAGS } from "../harm-signs";
import { unitsToMinor } from "../money";
import { PLAY_LIMIT_INFO, PLAY_LIMIT_NAMES, REALITY_CHECK_INTERVALS, type PlayLimitName } from "../play-limits";
import { REALITY_CHECK_ANSWERS } from "../play-time";
import { LIMIT_MAX_UNITS } from "./protection";

/** Minor units per API unit of each limit (Vantage Cash cents per Vantage Cash; 1 otherwise). */
export function playLimitMinorPerUnit(name: PlayLimitName): number {
  return PLAY_LIMIT_INFO[name].unit === "cash" ? 100 : 1;
}

const lossLimit = (name: PlayLimitName) =>
  z
    .number()
    .min(0, "A limit cannot be negative.")
    .max(LIMIT_MAX_UNITS, `A limit can be at most ${LIMIT_MAX_UNITS.toLocaleString("en-US")}.`)
    .refine(
      (n) => unitsToMinor(PLAY_LIMIT_INFO[name].unit === "cash" ? "cash" : "coins", n) !== null,
      PLAY_LIMIT_INFO[name].unit === "cash" ? "At most two decimals." : "Coins limits are whole numbers.",
    )
    .nullable()
    .optional();

export const PlayLimitsRequestSchema = z
  .object({
    dailyLossCoins: lossLimit("dailyLossCoins"),
    weeklyLossCoins: lossLimit("weeklyLossCoins"),
    monthlyLossCoins: lossLimit("monthlyLossCoins"),
    dailyLossCash: lossLimit("dailyLossCash"),
    weeklyLossCash: lossLimit("weeklyLossCash"),
    monthlyLossCash: lossLimit("monthlyLossCash"),
    dailyPlayMinutes: z.number().int("Minutes are whole numbers.").min(1).max(1440).nullable().optional(),
    realityCheckMinutes: z
      .union(REALITY_CHECK_INTERVALS.map((n) => z.literal(n)) as [z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<90>])
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => PLAY_LIMIT_NAMES.some((name) => body[name] !== undefined), "Set at least one limit (null removes one).");
export type PlayLimitsRequest = z.infer<typeof PlayLimitsRequestSchema>;

export const RealityCheckAnswerRequestSchema = z.object({ answer: z.enum(REALITY_CHECK_ANSWERS) }).strict();

export const NudgesSeenRequestSchema = z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(20) }).strict();

const perWallet = z.object({ coins: z.number(), cash: z.number() });
const playLimitValues = z.object(
  Object.fromEntries(PLAY_LIMIT_NAMES.map((name) => [name, z.number().nullable()])) as Record<PlayLimitName, z.ZodNullable<z.ZodNumber>>,
);
const pendingValues = z.object(
  Object.fromEntries(
    PLAY_LIMIT_NAMES.map((name) => [name, z.object({ value: z.number().nullable(), effectiveAt: z.string() }).optional()]),
  ) as Record<PlayLimitName, z.ZodOptional<z.ZodObject<{ value: z.ZodNullable<z.ZodNumber>; effectiveAt: z.ZodString }>>>,
);

/** GET /api/play and the answer of every /api/play change: limits, time today, the session's reality check, nudges. */
export const PlayViewSchema = z.object({
  /** In force now: loss limits in Coins / Vantage Cash, the others in minutes; null = none. */
  limits: playLimitValues,
  /** Raises and removals waiting to take effect. */
  pendingLimits: pendingValues,
  /** Minutes played this Eastern day (a minute counts once across tabs and devices). */
  minutesToday: z.number().int(),
  /** Minutes left today under the daily play-time limit; null without one. */
  minutesLeft: z.number().int().nullable(),
  realityCheck: z.object({
    /** A check is due: bets answer 403 reality-check-due until it is answered. */
    due: z.boolean(),
    dueAt: z.string().nullable(),
    /** The running session (heartbeats with gaps under 10 minutes), when one runs. */
    session: z.object({ startedAt: z.string(), minutes: z.number().int(), staked: perWallet, net: perWallet }).nullable(),
  }),
  /** Nudges near a limit not yet dismissed, newest first. */
  nudges: z.array(z.object({ id: z.string(), message: z.string(), createdAt: z.string() })),
});
export type PlayView = z.infer<typeof PlayViewSchema>;

const figures = z.object({
  purchases: z.number(),
  redemptions: z.number(),
  stakes: z.number(),
  results: z.number(),
  bonuses: z.number(),
  opening: z.number(),
  other: z.number(),
  /** Stakes + results. */
  net: z.number(),
  /** Every line: the month's change of the balance, equal to the sum of its ledger rows. */
  total: z.number(),
});

export const LimitHistoryEntrySchema = z.object({
  kind: z.enum(["limit", "break"]),
  /** The limit's name (LIMIT_NAMES / PLAY_LIMIT_NAMES) or the break's period. */
  name: z.string(),
  /** What changed, as a player reads it: "Daily Coins loss limit" or "Break". */
  label: z.string(),
  from: z.string(),
  to: z.string(),
  askedAt: z.string(),
  effectiveAt: z.string(),
  /** A waiting raise replaced before its time. */
  cancelledAt: z.string().nullable(),
});
export type LimitHistoryEntry = z.infer<typeof LimitHistoryEntrySchema>;

/** GET /api/play/statement: this month and each past month (newest first), in Coins and Vantage Cash, and the limit history. */
export const StatementSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      coins: figures,
      cash: figures,
      purchasedDollars: z.number(),
      minutesPlayed: z.number().int(),
      limitsReached: z.array(z.object({ name: z.string(), label: z.string(), at: z.string() })),
    }),
  ),
  history: z.array(LimitHistoryEntrySchema),
});
export type Statement = z.infer<typeof StatementSchema>;

export const HarmSignSchema = z.object({
  flag: z.enum(HARM_FLAGS),
  fired: z.boolean(),
  count: z.number().int(),
  threshold: z.number().int(),
  description: z.string(),
  evidence: z.array(z.string()),
});

export const HARM_ACTION_NAMES = ["note", "contacted", "break-7d"] as const;

export const HarmNoteRequestSchema = z
  .object({
    flag: z.enum(HARM_FLAGS),
    action: z.enum(HARM_ACTION_NAMES),
    note: z.string().trim().min(3, "Write what you saw or did (3 characters or more).").max(1000),
  })
  .strict();

const harmNote = z.object({ flag: z.string(), action: z.string(), note: z.string(), actor: z.string(), createdAt: z.string() });

/** GET /api/admin/players/:uid/play: the player's statement, the signs of harm, and operators' notes on them. */
export const PlayerPlayViewSchema = z.object({
  statement: StatementSchema,
  signs: z.array(HarmSignSchema),
  notes: z.array(harmNote),
});
export type PlayerPlayView = z.infer<typeof PlayerPlayViewSchema>;

export const HarmNoteAnswerSchema = z.object({ notes: z.array(harmNote) });
