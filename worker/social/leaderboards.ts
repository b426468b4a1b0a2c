// Leaderboard reads over `leaderboard_stats` (kept by worker/social/in-wallet.ts).
// Two reads, because one is public and one is private:
//   - the top LEADERBOARD_SIZE of one period, wallet and metric, the same for everyone:
//     only listed players, always under their handle — a visible profile with a handle,
//     not on a break nor closed for play (standing.ts), and on a Vantage Cash board
//     "Show my Vantage Cash results" turned on;
//   - the viewer's own rank, 1 + the number of listed players ordered before them, shown
//     to the viewer even when they are not listed themselves (no handle yet) — an indexed
//     count, never a scan of bets. A hidden player has no rank.
// Ties are broken deterministically: the equal value reached first (earlier last
// settlement) ranks higher, then the user id.
import type { LeaderboardEntry, LeaderboardQuery, LeaderboardRankResponse, LeaderboardResponse } from "../../src/shared/schemas/social";
import { LEADERBOARD_SIZE, ROI_MIN_BETS, periodKey, type LeaderboardMetric } from "../../src/shared/social";
import { SharedAnswers } from "../isolate-memos";
import { readOwnSharpest, readSharpest } from "../clv/sharpest";
import { awayFromPlay } from "./standing";

const VALUE_COLUMN: Record<Exclude<LeaderboardMetric, "clv">, string> = { profit: "s.profit", roi: "s.roi", streak: "s.longest_streak" };

/** Who is ranked at all on a metric: ROI needs ROI_MIN_BETS non-void bets; a streak needs a win. */
function eligible(metric: Exclude<LeaderboardMetric, "clv">): string {
  if (metric === "roi") return `AND s.graded >= ${ROI_MIN_BETS}`;
  if (metric === "streak") return "AND s.longest_streak > 0";
  return "";
}

/** Joins the profile of a listed player (?2 is the wallet, `nowParam` the moment a break is judged at). */
const listed = (nowParam: string) => `JOIN player_profiles p ON p.user_id = s.user_id AND p.hidden = 0 AND p.handle IS NOT NULL
  AND (?2 = 'coins' OR p.show_cash_results = 1) AND NOT ${awayFromPlay("s.user_id", nowParam)}`;

type TopRow = { value: number; handle: string };

const tops = new SharedAnswers<LeaderboardEntry[]>();

/** The public board; one isolate reuses it for `memoMs`. */
export async function readLeaderboard(db: D1Database, query: LeaderboardQuery, now: number, memoMs = 0): Promise<LeaderboardResponse> {
  if (query.metric === "clv") return readSharpest(db, query.wallet, now, memoMs);
  const { metric, wallet } = query;
  const period = periodKey(query.period, now);
  const entries = await tops.get(`${period}|${wallet}|${metric}`, now, memoMs, () => readTop(db, period, wallet, metric, now));
  return { entries };
}

async function readTop(
  db: D1Database,
  period: string,
  wallet: LeaderboardQuery["wallet"],
  metric: Exclude<LeaderboardMetric, "clv">,
  now: number,
) {
  const value = VALUE_COLUMN[metric];
  const { results } = await db
    .prepare(
      `SELECT ${value} AS value, p.handle AS handle
       FROM leaderboard_stats s ${listed("?3")}
       WHERE s.period = ?1 AND s.wallet = ?2 ${eligible(metric)}
       ORDER BY ${value} DESC, s.last_settled_at ASC, s.user_id ASC
       LIMIT ${LEADERBOARD_SIZE}`,
    )
    .bind(period, wallet, now)
    .all<TopRow>();
  return results.map((row, i) => ({ rank: i + 1, handle: row.handle, value: row.value }));
}

/** The viewer's own place, for the viewer only (never memoised). */
export async function readOwnRank(
  db: D1Database,
  query: LeaderboardQuery,
  viewerId: string,
  now: number,
): Promise<LeaderboardRankResponse> {
  if (query.metric === "clv") return readOwnSharpest(db, query.wallet, viewerId, now);
  const period = periodKey(query.period, now);
  const value = VALUE_COLUMN[query.metric];
  const me = await db
    .prepare(
      `SELECT m.v AS value,
         (SELECT COUNT(*) FROM leaderboard_stats s ${listed("?4")}
          WHERE s.period = ?1 AND s.wallet = ?2 ${eligible(query.metric)}
            AND (${value} > m.v OR (${value} = m.v AND (s.last_settled_at < m.at OR (s.last_settled_at = m.at AND s.user_id < m.uid))))) + 1 AS rank
       FROM (SELECT ${value} AS v, s.last_settled_at AS at, s.user_id AS uid FROM leaderboard_stats s
             WHERE s.period = ?1 AND s.wallet = ?2 AND s.user_id = ?3 ${eligible(query.metric)}) m
       WHERE NOT EXISTS (SELECT 1 FROM player_profiles h WHERE h.user_id = ?3 AND h.hidden = 1)`,
    )
    .bind(period, query.wallet, viewerId, now)
    .first<{ value: number; rank: number }>();
  return { me: me ? { rank: me.rank, value: me.value } : null };
}
