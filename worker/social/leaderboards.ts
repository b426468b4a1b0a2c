// Leaderboard reads over `leaderboard_stats` (kept by worker/wallet/leaderboard-projection.ts): the top
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

type TopRow = { value: number; handle: string | null; displayName: string };

const TOP_MEMO_MAX = 64;
const topMemo = new Map<string, { entries: LeaderboardEntry[]; until: number }>();

export async function readLeaderboard(
  db: D1Database,
  query: LeaderboardQuery,
  viewerId: string | null,
  now: number,
  memoMs = 0,
): Promise<LeaderboardResponse> {
  const period = periodKey(query.period, now);
  const value = VALUE_COLUMN[query.metric];
  const where = `s.period = ?1 AND s.wallet = ?2 ${eligible(query.metric)} AND ${VISIBLE}`;
  const memoKey = `${period}|${query.wallet}|${query.metric}`;
  const remembered = memoMs > 0 ? topMemo.get(memoKey) : undefined;
  const cached = remembered && now < remembered.until ? remembered.entries : null;
  const remember = (rows: TopRow[]): LeaderboardEntry[] => {
    const entries = rows.map((r, i) => entry(r, i));
    if (memoMs > 0) {
      if (topMemo.size >= TOP_MEMO_MAX) topMemo.clear();
      topMemo.set(memoKey, { entries, until: now + memoMs });
    }
    return entries;
  };
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
  if (!viewerId) return { entries: cached ?? remember((await top.all<TopRow>()).results), me: null };
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
  let entries = cached;
  let me: { value: number; rank: number } | undefined;
  if (entries) {
    me = (await mine.all<{ value: number; rank: number }>()).results[0];
  } else {
    const [topRows, meRows] = await db.batch<TopRow & { rank: number }>([top, mine]);
    entries = remember(topRows?.results ?? []);
    me = meRows?.results[0];
  }
  return { entries, me: me ? { rank: me.rank, value: me.value } : null };
}

function entry(row: TopRow, index: number): LeaderboardEntry {
  return { rank: index + 1, handle: row.handle, displayName: row.displayName, value: row.value };
}
