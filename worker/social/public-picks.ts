// Reading other players' bets from the D1 projection as public picks: the slip as it was
// placed (legs, prices, its same-game blocks, stake, result, what was cashed out) and the owner's handle, nothing else (never a
// display name or anything from the e-mail). Open picks follow src/shared/social.ts
// `isPickPublic` (every game started by the feed's clock) everywhere except a share
// link, which its owner chose to publish.
import { BetLegSchema, LEG_RESULTS, SameGameBlockSchema, type BetLeg, type BetResult } from "../../src/shared/schemas/bets";
import type { PublicOwner, PublicPick, SharedPickResponse } from "../../src/shared/schemas/social";
import { SHARE_ID_PATTERN } from "../../src/shared/social";
import { z } from "zod";
import { awayFromPlay } from "./standing";

export type PublicBetRow = {
  id: string;
  wallet: "coins" | "cash";
  kind: "Singles" | "Parlay";
  status: "open" | "settled";
  result: BetResult | null;
  stake: number;
  to_win: number;
  payout_paid: number;
  created_at: number;
  settled_at: number | null;
  legs_json: string;
  leg_results_json: string;
  cash_out_stake: number;
  cash_out_paid: number;
  /** A parlay's same-game blocks as placed (JSON), or null when no two legs share a game. */
  same_game_json: string | null;
};

/** The bets columns a public pick is built from (prefix with a table alias if needed). */
export const PUBLIC_BET_COLUMNS = (alias: string) =>
  [
    "id",
    "wallet",
    "kind",
    "status",
    "result",
    "stake",
    "to_win",
    "payout_paid",
    "created_at",
    "settled_at",
    "legs_json",
    "leg_results_json",
    "cash_out_stake",
    "cash_out_paid",
    "same_game_json",
  ]
    .map((c) => `${alias}.${c}`)
    .join(", ");

const LegsSchema = z.array(BetLegSchema).min(1);
const LegResultsSchema = z.array(z.enum(LEG_RESULTS).nullable());
const SameGameSchema = z.array(SameGameBlockSchema);

export function publicPickFromRow(row: PublicBetRow, owner: PublicOwner): PublicPick {
  const legs: BetLeg[] = LegsSchema.parse(JSON.parse(row.legs_json));
  return {
    id: row.id,
    wallet: row.wallet,
    kind: row.kind,
    status: row.status,
    result: row.result,
    stake: row.stake,
    toWin: row.to_win,
    payoutPaid: row.payout_paid,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    legs,
    legResults: LegResultsSchema.parse(JSON.parse(row.leg_results_json)),
    ...(row.cash_out_stake > 0 && { cashOut: { stake: row.cash_out_stake, paid: row.cash_out_paid } }),
    ...(row.same_game_json !== null && { sameGame: SameGameSchema.parse(JSON.parse(row.same_game_json)) }),
    owner,
  };
}

/**
 * The pick behind a share link, or null when the id is malformed, unknown or withdrawn, or
 * its owner is on a break or closed for play at `now` (standing.ts: the link is kept, and
 * answers again once a break ends). Hiding the profile or dropping the handle deletes the
 * links; the join keeps this true for a link read in between too. The share page's card
 * (worker/share-cards/) reads it too.
 */
export async function readSharedPick(db: D1Database, shareId: string, now = Date.now()): Promise<SharedPickResponse | null> {
  if (!SHARE_ID_PATTERN.test(shareId)) return null;
  const row = await db
    .prepare(
      `SELECT ${PUBLIC_BET_COLUMNS("b")}, s.created_at AS shared_at, p.handle AS handle
       FROM shared_picks s JOIN bets b ON b.id = s.bet_id
       JOIN player_profiles p ON p.user_id = s.user_id AND p.hidden = 0 AND p.handle IS NOT NULL
       WHERE s.share_id = ?1 AND NOT ${awayFromPlay("s.user_id", "?2")}`,
    )
    .bind(shareId, now)
    .first<PublicBetRow & { shared_at: number; handle: string }>();
  return row ? { pick: publicPickFromRow(row, { handle: row.handle }), sharedAt: row.shared_at } : null;
}
