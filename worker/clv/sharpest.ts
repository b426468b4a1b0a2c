// The Sharpest leaderboard and the CLV figures of a profile, from `bet_clv` (bet-clv.ts).
// Sharpest ranks by the average CLV of bets settled in the last SHARPEST_WINDOW_DAYS days,
// only players with at least SHARPEST_MIN_LEGS pre-match legs among those bets, one
// board per wallet, under the profit boards' privacy rules: only listed players (a
// visible profile with a handle, not on a break nor closed for play, and, on the Vantage
// Cash board, "Show my Vantage Cash results" on) appear, and a hidden player has no rank.
// Ties: the earlier last settlement first, then the user id.
import { SHARPEST_MIN_LEGS, SHARPEST_WINDOW_DAYS, type ClvSummary } from "../../src/shared/clv";
import type { LeaderboardEntry, LeaderboardRankResponse, LeaderboardResponse } from "../../src/shared/schemas/social";
import { LEADERBOARD_SIZE } from "../../src/shared/social";
import { SharedAnswers } from "../isolate-memos";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Per player of one wallet (?2) since ?1: the average CLV, the legs it rests on and the last settlement. */
const PER_PLAYER = `SELECT c.user_id AS uid, AVG(c.clv) AS v, SUM(c.prematch_legs) AS legs, MAX(c.settled_at) AS at
  FROM bet_clv c WHERE c.wallet = ?2 AND c.settled_at >= ?1 AND c.clv IS NOT NULL
  GROUP BY c.user_id HAVING SUM(c.prematch_legs) >= ${SHARPEST_MIN_LEGS}`;

/**
 * Joins the profile of a listed player (?2 is the wallet, `nowParam` the moment a break is
 * judged at), as the profit boards do: a player closed for play, or whose break ends after
 * then (D1 `player_standing`, the rule of worker/social/standing.ts, which clv may not
 * import), is left out.
 */
const listed = (nowParam: string) => `JOIN player_profiles p ON p.user_id = s.uid AND p.hidden = 0 AND p.handle IS NOT NULL
  AND (?2 = 'coins' OR p.show_cash_results = 1)
  AND NOT EXISTS (SELECT 1 FROM player_standing st WHERE st.user_id = s.uid AND (st.closed = 1 OR st.away_until > ${nowParam}))`;

const tops = new SharedAnswers<LeaderboardEntry[]>();

const windowStart = (now: number) => now - SHARPEST_WINDOW_DAYS * DAY_MS;

/** The public Sharpest board of one wallet; one isolate reuses it for `memoMs`. */
export async function readSharpest(db: D1Database, wallet: "coins" | "cash", now: number, memoMs = 0): Promise<LeaderboardResponse> {
  const entries = await tops.get(wallet, now, memoMs, async () => {
    const { results } = await db
      .prepare(
        `SELECT s.v AS value, p.handle AS handle FROM (${PER_PLAYER}) s ${listed("?3")}
       ORDER BY s.v DESC, s.at ASC, s.uid ASC LIMIT ${LEADERBOARD_SIZE}`,
      )
      .bind(windowStart(now), wallet, now)
      .all<{ value: number; handle: string }>();
    return results.map((row, i) => ({ rank: i + 1, handle: row.handle, value: row.value }));
  });
  return { entries };
}

/** The viewer's own place on the Sharpest board (1 + listed players ahead), for the viewer only; null when hidden or not eligible. */
export async function readOwnSharpest(
  db: D1Database,
  wallet: "coins" | "cash",
  viewerId: string,
  now: number,
): Promise<LeaderboardRankResponse> {
  const hidden = await db.prepare("SELECT 1 AS h FROM player_profiles WHERE user_id = ?1 AND hidden = 1").bind(viewerId).first();
  if (hidden) return { me: null };
  const mine = await db
    .prepare(`SELECT v, at FROM (${PER_PLAYER}) WHERE uid = ?3`)
    .bind(windowStart(now), wallet, viewerId)
    .first<{ v: number; at: number }>();
  if (!mine) return { me: null };
  const ahead = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM (${PER_PLAYER}) s ${listed("?6")}
       WHERE s.v > ?3 OR (s.v = ?3 AND (s.at < ?4 OR (s.at = ?4 AND s.uid < ?5)))`,
    )
    .bind(windowStart(now), wallet, mine.v, mine.at, viewerId, now)
    .first<{ n: number }>();
  return { me: { rank: (ahead?.n ?? 0) + 1, value: mine.v } };
}

/** A player's CLV figures of one wallet: the average and the share that beat the close, over their scored bets. */
export async function readClvFigures(db: D1Database, userId: string, wallet: "coins" | "cash"): Promise<ClvSummary> {
  const row = await db
    .prepare(
      `SELECT AVG(clv) AS average, SUM(CASE WHEN clv > 0 THEN 1 ELSE 0 END) AS beat, COUNT(*) AS n
       FROM bet_clv WHERE user_id = ?1 AND wallet = ?2 AND clv IS NOT NULL`,
    )
    .bind(userId, wallet)
    .first<{ average: number | null; beat: number | null; n: number }>();
  const count = row?.n ?? 0;
  if (count === 0) return { average: null, beatShare: null, count: 0 };
  return { average: row?.average ?? null, beatShare: (row?.beat ?? 0) / count, count };
}
