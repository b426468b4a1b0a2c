// Leaderboard reads over `leaderboard_stats` (kept by leaderboard-projection.ts): the top
// LEADERBOARD_SIZE of one period, wallet and metric, and the viewer's own rank, which is
// 1 + the number of visible players ordered before them — an indexed count, never a scan
// of bets. Ties are broken deterministically: the equal value reached first (earlier last
// settlement) ranks higher, then the user id. Hidden profiles are left out.
import type { LeaderboardEntry, LeaderboardQuery, LeaderboardResponse } from "../../src/shared/schemas/social";
import { LEADERBOARD_SIZE, ROI_MIN_BETS, periodKey, type LeaderboardMetric } from "../../src/shared/social";

const VALUE_COLUMN: Record<LeaderboardMetric, string> = { profit: "s.profit", roi: "s.roi", streak: "s.longest_streak" };

/** Who is ranked at all on a metric: ROI needs ROI_MIN_BETS non-void bets; a streak needs a win. */
function eligible(metric: LeaderboardMetric): string {
  if (metric === "roi") return `AND s.graded >= ${ROI_MIN_BETS}`;
  if (metric === "streak") return "AND s.longest_streak > 0";
  return "";
}

const VISIBLE = "NOT EXISTS (SELECT 1 FROM player_profiles h WHERE h.user_id = s.user_id AND h.hidden = 1)";

export async function readLeaderboard(
  db: D1Database,
  query: LeaderboardQuery,
  viewerId: string | null,
  now: number,
): Promise<LeaderboardResponse> {
  const period = periodKey(query.period, now);
  const value = VALUE_COLUMN[query.metric];
  const where = `s.period = ?1 AND s.wallet = ?2 ${eligible(query.metric)} AND ${VISIBLE}`;
  const top = db
    .prepare(
      `SELECT ${value} AS value, p.handle AS handle, u.display_name AS displayName
       FROM leaderboard_stats s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN player_profiles p ON p.user_id = s.user_id
       WHERE ${where}
       ORDER BY ${value} DESC, s.last_settled_at ASC, s.user_id ASC
       LIMIT ${LEADERBOARD_SIZE}`,
    )
    .bind(period, query.wallet);
  if (!viewerId) {
    const { results } = await top.all<{ value: number; handle: string | null; displayName: string }>();
    return { entries: results.map((r, i) => entry(r, i)), me: null };
  }
  const mine = db
    .prepare(
      `SELECT ${value} AS value,
         (SELECT COUNT(*) FROM leaderboard_stats s WHERE ${where}
            AND (${value} > m.v OR (${value} = m.v AND (s.last_settled_at < m.at OR (s.last_settled_at = m.at AND s.user_id < m.uid))))) + 1 AS rank
       FROM leaderboard_stats s,
         (SELECT ${value} AS v, s.last_settled_at AS at, s.user_id AS uid FROM leaderboard_stats s WHERE s.period = ?1 AND s.wallet = ?2 AND s.user_id = ?3) m
       WHERE ${where} AND s.user_id = ?3`,
    )
    .bind(period, query.wallet, viewerId);
  const [topRows, meRows] = await db.batch<{ value: number; handle: string | null; displayName: string; rank: number }>([top, mine]);
  const me = meRows?.results[0];
  return {
    entries: (topRows?.results ?? []).map((r, i) => entry(r, i)),
    me: me ? { rank: me.rank, value: me.value } : null,
  };
}

function entry(row: { value: number; handle: string | null; displayName: string }, index: number): LeaderboardEntry {
  return { rank: index + 1, handle: row.handle, displayName: row.displayName, value: row.value };
}
