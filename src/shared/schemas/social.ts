// Social API shapes: leaderboards, public profiles, shared picks, follows.
// Public picks carry what a bet slip showed (legs, prices, stake, result), never the
// owner's balances or account details. A player appears in a public answer only under
// the handle they chose: no display name, nothing taken from the e-mail. What a signed-in
// viewer sees about themselves (their own rank) is a separate, private answer.
import { z } from "zod";
import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS } from "../social";
import { SPORT_KEYS } from "../sports";
import { BetDocumentSchema } from "./bets";
import { ClvFiguresSchema } from "./clv";

export const LeaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default("week"),
  wallet: z.enum(["coins", "cash"]).default("coins"),
  metric: z.enum(LEADERBOARD_METRICS).default("profit"),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** A listed player: only players with a handle (and, on a Vantage Cash board, who show their results) are listed. */
export const LeaderboardEntrySchema = z.object({
  rank: z.number().int().positive(),
  handle: z.string(),
  value: z.number(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** GET /api/social/leaderboard: the same public answer for everyone. */
export const LeaderboardResponseSchema = z.object({
  entries: z.array(LeaderboardEntrySchema),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

/**
 * GET /api/social/leaderboard/me: the signed-in viewer's place among the listed players,
 * shown to them even when they are not listed themselves (no handle yet); null when
 * hidden or not ranked yet.
 */
export const LeaderboardRankResponseSchema = z.object({
  me: z.object({ rank: z.number().int().positive(), value: z.number() }).nullable(),
});
export type LeaderboardRankResponse = z.infer<typeof LeaderboardRankResponseSchema>;

export const PublicOwnerSchema = z.object({ handle: z.string() });
export type PublicOwner = z.infer<typeof PublicOwnerSchema>;

/** A bet as others may see it: the bet document without its slip id, and whose it is. */
export const PublicPickSchema = BetDocumentSchema.omit({ slipId: true }).extend({ owner: PublicOwnerSchema });
export type PublicPick = z.infer<typeof PublicPickSchema>;

const WalletFiguresSchema = z.object({
  settledCount: z.number().int(),
  winRate: z.number().nullable(),
  longestWinStreak: z.number().int(),
  averagePickDecimal: z.number().nullable(),
  totalPicks: z.number().int(),
  biggestWin: z.number().int().nullable(),
  mostPickedSport: z.enum(SPORT_KEYS).nullable(),
});

export const PublicProfileSchema = z.object({
  handle: z.string(),
  memberSince: z.number().int(),
  /** Vantage Cash figures (and cash picks) only when the player shows their Vantage Cash results. */
  statistics: z.object({ coins: WalletFiguresSchema, cash: WalletFiguresSchema.nullable() }),
  picks: z.array(PublicPickSchema),
  followers: z.number().int().nonnegative(),
  /** Closing-line value beside the figures (Vantage Cash only when shown), from every scored bet; absent on answers cached before it existed. */
  clv: z.object({ coins: ClvFiguresSchema, cash: ClvFiguresSchema.nullable() }).optional(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const SharedPickResponseSchema = z.object({ pick: PublicPickSchema, sharedAt: z.number().int() });
export type SharedPickResponse = z.infer<typeof SharedPickResponseSchema>;

export const ShareResponseSchema = z.object({ shareId: z.string(), url: z.string() });
export type ShareResponse = z.infer<typeof ShareResponseSchema>;

/** GET, PUT and DELETE /api/follows/:handle: whether the viewer follows the player. */
export const FollowStateSchema = z.object({ handle: z.string(), following: z.boolean() });
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowingResponseSchema = z.object({
  following: z.array(PublicOwnerSchema),
  picks: z.array(PublicPickSchema),
});
export type FollowingResponse = z.infer<typeof FollowingResponseSchema>;
