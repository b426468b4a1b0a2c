// A player on a break or closed for play (by their own choice for good, or as under age) is
// not promoted to others: every public social answer (leaderboards, the Sharpest board,
// public profiles, shared picks and their cards and pages, the Following feed and follows)
// leaves them out while it holds, and they cannot share a new pick. The wallet is the source
// of truth; its outbox projects each change to D1 `player_standing` (migration 0051,
// worker/protection/in-wallet/standing.ts). A break ends here on its own: the queries compare
// the stored end with now, so no job brings the player back.
import { formatEtTime } from "../../src/shared/protection";
import { ApiError } from "../http/api-error";

/**
 * SQL, true while the player whose id is `userIdColumn` is away from play at the time bound to
 * `nowParam` (a `?N`): closed, or a break that ends after then. worker/clv/sharpest.ts spells
 * the same condition (clv may not import social).
 */
export function awayFromPlay(userIdColumn: string, nowParam: string): string {
  return `EXISTS (SELECT 1 FROM player_standing st WHERE st.user_id = ${userIdColumn} AND (st.closed = 1 OR st.away_until > ${nowParam}))`;
}

export type Standing = { awayUntil: number | null; closed: boolean };

/** The player's standing as D1 holds it; null when they never took a break nor were closed. */
export async function readStanding(db: D1Database, userId: string): Promise<Standing | null> {
  const row = await db
    .prepare("SELECT away_until AS awayUntil, closed FROM player_standing WHERE user_id = ?")
    .bind(userId)
    .first<{ awayUntil: number | null; closed: number }>();
  return row ? { awayUntil: row.awayUntil, closed: row.closed === 1 } : null;
}

/** Why a player may not share a pick at `now` because of their standing, or null. */
export function standingShareRefusal(standing: Standing | null, now: number): ApiError | null {
  if (!standing) return null;
  if (standing.closed) {
    return new ApiError(
      409,
      "account-closed",
      "Your account is closed for play, so you cannot share picks. Your profile, picks and leaderboard places are not shown to other players.",
    );
  }
  if (standing.awayUntil !== null && standing.awayUntil > now) {
    return new ApiError(
      409,
      "on-break",
      `You are taking a break until ${formatEtTime(standing.awayUntil)}, so you cannot share picks until then. Your profile, picks and leaderboard places are not shown to other players during your break.`,
    );
  }
  return null;
}
