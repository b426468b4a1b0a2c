// What the operator console's actions send to /api/admin, written once for both sides:
// the Worker validates each request with these schemas and the console builds its
// requests typed by them. Every money action carries the operator's reason.
import { z } from "zod";
import { DateOfBirthSchema } from "./protection";
import { REGION_MODES } from "../region-rules";
import { PROP_MARKETS, PROP_STATS } from "../props/catalogue";
import { playerIdOf } from "../props/player-names";
import { SPORT_KEYS } from "../sports";

/** The operator's reason, kept in the audit log: required for anything that moves money or changes a player. */
export const ReasonSchema = z
  .string({ error: "A reason is required." })
  .trim()
  .min(3, "A reason is required (at least 3 characters).")
  .max(500, "Keep the reason under 500 characters.");

const OptionalReasonSchema = z.string().trim().max(500).optional();

const ScoreSchema = z.number().int().min(0).max(10_000);

/**
 * POST /api/admin/events/:eventId/result: `{homeScore, awayScore}` records a final score;
 * `{void: true}` voids the game (stakes refunded); either may carry the operator's `reason`.
 */
export const OperatorResultRequestSchema = z.union([
  z.strictObject({ homeScore: ScoreSchema, awayScore: ScoreSchema, reason: OptionalReasonSchema }),
  z.strictObject({ void: z.literal(true), reason: OptionalReasonSchema }),
]);

/** The same route with `correction: true`: changes the score of a game already settled and re-grades its bets. */
export const ResultCorrectionRequestSchema = z.strictObject({
  homeScore: ScoreSchema,
  awayScore: ScoreSchema,
  correction: z.literal(true),
  reason: ReasonSchema,
});

/** What the console sends to the result route: a result, a void or a correction. */
export type ResultRequest = z.input<typeof OperatorResultRequestSchema> | z.input<typeof ResultCorrectionRequestSchema>;

/** POST /api/admin/players/:uid/freeze. */
export const FreezeRequestSchema = z.strictObject({ reason: ReasonSchema });

/** POST /api/admin/players/:uid/unfreeze: asks a second operator to lift the player's freeze, and why. */
export const UnfreezeRequestSchema = z.strictObject({ reason: ReasonSchema });

/** Names a player account as an operator's own: the operator's address, and why. */
export const OperatorAccountRequestSchema = z.strictObject({ operatorEmail: z.email().max(254), reason: ReasonSchema });

/**
 * POST /api/admin/players/:uid/adjustments: signed minor units (Coins, Vantage Cash cents).
 * `idempotencyKey` (or the Idempotency-Key header) makes a retry move nothing twice; the
 * adjustment's id is the server's, derived from the player and this key.
 */
export const AdjustmentRequestSchema = z.strictObject({
  wallet: z.enum(["coins", "cash"]),
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, "The amount must not be zero.")
    .refine((n) => Math.abs(n) <= 1_000_000_000, "The amount is too large."),
  reason: ReasonSchema,
  idempotencyKey: z.string().min(8).max(128).optional(),
});
export type AdjustmentRequest = z.input<typeof AdjustmentRequestSchema>;

/** PUT /api/admin/players/:uid/date-of-birth: corrects a mistyped date of birth. */
export const DateOfBirthCorrectionRequestSchema = z.strictObject({ dateOfBirth: DateOfBirthSchema, reason: OptionalReasonSchema });

/** POST /api/admin/players/:uid/identity/reset: asks a second operator to start the player's identity check again, and why. */
export const IdentityResetRequestSchema = z.strictObject({ reason: ReasonSchema });

/**
 * POST /api/admin/players/:uid/payout-identities/release: asks a second operator to release a
 * bank account this player's payouts claimed (its fingerprint, as the player's detail lists it).
 */
export const PayoutIdentityReleaseRequestSchema = z.strictObject({
  fingerprint: z.string().trim().min(1, "the bank account's fingerprint.").max(200),
  reason: ReasonSchema,
});

/**
 * POST /api/admin/players/:uid/fraud-warnings/:warningId/clear: asks a second operator to clear
 * one of the player's early fraud warnings, and why.
 */
export const FraudWarningClearRequestSchema = z.strictObject({ reason: ReasonSchema });

/** POST /api/admin/dead-letters/:id/replay. */
export const DeadLetterReplayRequestSchema = z.strictObject({ reason: OptionalReasonSchema });

// ---- Four eyes, step-up and separation of duties ----

/** POST /api/admin/approvals/:id/approve: the approver's note (optional; the request's reason is what is recorded). */
export const ApproveRequestSchema = z.strictObject({ reason: OptionalReasonSchema });

/** POST /api/admin/approvals/:id/reject: why not. */
export const RejectRequestSchema = z.strictObject({ reason: ReasonSchema });

/** What an approval request asks for, per kind (stored as the request's payload). */
export const AdjustmentPayloadSchema = z.strictObject({ wallet: z.enum(["coins", "cash"]), amount: z.number().int() });
/**
 * A game's result as D1 `events` holds it: a final score, a void, or "none" (no result
 * recorded yet). Scores as stored, so any whole number.
 */
export const RecordedResultSchema = z.union([
  z.literal("none"),
  z.strictObject({ status: z.literal("final"), homeScore: z.number().int(), awayScore: z.number().int() }),
  z.strictObject({ status: z.literal("void") }),
]);
export type RecordedResult = z.infer<typeof RecordedResultSchema>;

/**
 * A result waiting for a second operator: a final (`correction` when it corrects a game
 * already settled), or the void of a game that has started. `replaces` is the game's result
 * when it was asked, so approval applies it only to that result (a leftover request asked
 * before someone else changed the score is refused); requests stored before it was recorded
 * have none (worker/admin/approval-kinds.ts says how those are decided).
 */
export const ResultPayloadSchema = z.union([
  z.strictObject({
    homeScore: ScoreSchema,
    awayScore: ScoreSchema,
    correction: z.literal(true).optional(),
    replaces: RecordedResultSchema.optional(),
  }),
  z.strictObject({ void: z.literal(true), replaces: RecordedResultSchema.optional() }),
]);
export type ResultPayload = z.infer<typeof ResultPayloadSchema>;

/**
 * The 403 codes of the console's guards. `step-up-required`: money-moving actions need a
 * sign-in completed within ADMIN_STEP_UP_MINUTES, and the console sends the operator
 * through one. The others are refusals to show as sent.
 */
export const STEP_UP_REQUIRED = "step-up-required";
export const OWN_ACCOUNT = "own-account";
export const OWN_REQUEST = "own-request";
export const HOLDS_BET = "holds-bet";

/** One region rule entry as an operator types it (src/shared/region-rules.ts; checked again by regionRuleProblem). */
export const RegionRuleEntrySchema = z.strictObject({
  region: z.string().trim().toUpperCase().max(6),
  mode: z.enum(REGION_MODES),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "from: a day like 2026-07-01."),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "until: a day like 2026-09-30.")
    .optional(),
  covers: z.enum(["sweepstakes-sports", "casino-only"]),
  minAge: z.number().int().min(18).max(25).optional(),
  source: z.strictObject({ title: z.string().trim().min(1).max(200), url: z.string().trim().max(500) }),
});

/** POST /api/admin/region-rules: an entry to add, and why; it waits for a second operator. */
export const RegionRuleRequestSchema = z.strictObject({ entry: RegionRuleEntrySchema, reason: ReasonSchema });

// ---- Players' markets (props): the names the feed spells, and statistics entered by hand ----

/** A sport that offers player props (MMA has none). */
export const PropSportSchema = z
  .enum(SPORT_KEYS, { error: "a sport key like basketball_nba." })
  .refine((sport) => PROP_MARKETS[sport].length > 0, "this sport has no player props.");

/** GET and DELETE /api/admin/prop-players: the sport, and (DELETE) the feed's spelling to forget and why. */
export const PropPlayersQuerySchema = z.strictObject({ sport: PropSportSchema });
export const PropPlayerDeleteQuerySchema = z.strictObject({
  sport: PropSportSchema,
  feedName: z.string().trim().min(1, "the name as the feed spells it.").max(128),
  reason: OptionalReasonSchema,
});

/**
 * PUT /api/admin/prop-players: the feed's spelling of a name (per sport) means this player.
 * `playerId` is written as a slug (src/shared/props/player-names.ts), so it is its own id.
 */
export const PropPlayerNameRequestSchema = z.strictObject({
  sport: PropSportSchema,
  feedName: z
    .string()
    .trim()
    .min(1, "the name as the feed spells it.")
    .max(128)
    .refine((name) => playerIdOf(name) !== "", "a name needs letters or digits."),
  playerId: z
    .string()
    .trim()
    .min(1, "the player's id, like jonathan-isaac.")
    .max(128)
    .refine((id) => playerIdOf(id) === id, "write the id as a slug: lower case, words joined by hyphens (jonathan-isaac)."),
  displayName: z.string().trim().min(1, "the name players see.").max(128),
  /** His team's full name as the feed writes it ("Boston Bruins"); the feed names players only, so his props take their side from it. */
  team: z
    .string()
    .trim()
    .min(1, "the team's full name, as the feed writes it.")
    .max(80, "a team's name is at most 80 characters.")
    .optional(),
  reason: OptionalReasonSchema,
});
export type PropPlayerNameRequest = z.input<typeof PropPlayerNameRequestSchema>;

/** One entry of the feed's player names as stored: the player's id, the name shown, his team (null when not given). */
export const PropPlayerEntrySchema = z.strictObject({ playerId: z.string(), displayName: z.string(), team: z.string().nullable() });
export type PropPlayerEntry = z.infer<typeof PropPlayerEntrySchema>;

/**
 * A `prop-player-name` approval's payload: in `sport`, the feed's spelling `feedName` is to
 * mean `entry` (null: its entry is forgotten and its slug is its player's id again), in place
 * of `replaces`, the entry as it stood when asked (null: there was none). Applying it is
 * refused if the entry changed since.
 */
export const PropPlayerNamePayloadSchema = z.strictObject({
  sport: z.string(),
  feedName: z.string(),
  entry: PropPlayerEntrySchema.nullable(),
  replaces: PropPlayerEntrySchema.nullable(),
});
export type PropPlayerNamePayload = z.infer<typeof PropPlayerNamePayloadSchema>;

/** What an operator may enter for a player: the statistics props grade on, and `started` (1 when a pitcher started; his props need it). */
export const OPERATOR_STAT_KEYS: readonly string[] = [...PROP_STATS, "started"];

const StatValueSchema = z
  .number({ error: "a statistic is a whole number." })
  .int("a statistic is a whole number.")
  .min(0, "a statistic cannot be negative.")
  .max(10_000, "that statistic is too large.");

/** One player's line of an operator's box score (src/shared/schemas/props.ts PlayerStatLine, checked). */
export const OperatorStatLineSchema = z.strictObject({
  playerId: z.string().trim().min(1, "playerId is required.").max(128),
  name: z.string().trim().min(1, "name is required.").max(128),
  team: z.enum(["home", "away"], { error: "home or away." }),
  played: z.boolean({ error: "true or false." }),
  stats: z.record(z.string(), StatValueSchema).superRefine((stats, ctx) => {
    for (const key of Object.keys(stats)) {
      if (!OPERATOR_STAT_KEYS.includes(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: `not a statistic props grade on (${OPERATOR_STAT_KEYS.join(", ")}).` });
      } else if (key === "started" && stats[key]! > 1) {
        ctx.addIssue({ code: "custom", path: [key], message: "1 when the player started, else 0." });
      }
    }
  }),
});

/** The players of one box score: at least one, each once. */
const OperatorStatLinesSchema = z
  .array(OperatorStatLineSchema)
  .min(1, "Enter at least one player's statistics.")
  .max(200, "At most 200 players.")
  .superRefine((players, ctx) => {
    const seen = new Set<string>();
    players.forEach((player, index) => {
      if (seen.has(player.playerId)) ctx.addIssue({ code: "custom", path: [index, "playerId"], message: "this player is listed twice." });
      seen.add(player.playerId);
    });
  });

/** POST /api/admin/events/:eventId/stats: a final game's players' statistics, and why they are entered by hand. */
export const StatsRequestSchema = z.strictObject({ players: OperatorStatLinesSchema, reason: ReasonSchema });
export type StatsRequest = z.input<typeof StatsRequestSchema>;

/**
 * A `stats` approval's payload: the players, and the box score version they correct (absent
 * for a game's first statistics); applying it is refused if the statistics moved on since.
 */
export const StatsPayloadSchema = z.strictObject({ players: OperatorStatLinesSchema, correctsVersion: z.number().int().min(1).optional() });
