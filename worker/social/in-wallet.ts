// Leaderboard aggregates, kept up to date where settled bets reach D1: the wallet
// projection (projection.ts) appends these statements to the batch that writes
// a settled bet, so a leaderboard page reads a few indexed rows instead of every bet.
// It belongs to the wallet's projection, so it lives here; worker/social only reads the
// rows it keeps (leaderboards.ts).
//
// Once only: each upsert runs only while the bet has no `leaderboard_counted` row, and
// the batch's last statement adds that row. D1 runs a batch as one transaction, so a
// replayed outbox row, a later version of the same bet, or a retry after a failure
// counts the bet exactly once. The outbox drains in order, so a player's settled bets
// arrive in settlement order and the win streak can be kept as a running count.
//
// Corrections: the counted row keeps what the bet added. A re-graded bet (an operator's
// result correction) arrives with another result or payout; its player's rows then move
// by the difference, and when the result itself changed the win streaks are recounted
// from the player's projected bets of that period (the bet row is written earlier in
// the same batch). A replay of the same version differs in nothing and moves nothing;
// an older version replayed late (the bet row kept the newer one) moves nothing either.
import type { BetDocument } from "../../src/shared/schemas/bets";
import { ALL_TIME_PERIOD, etWeekBounds, leaderboardContribution, weekPeriodKey } from "../../src/shared/social";

const UPSERT_PERIOD = `
INSERT INTO leaderboard_stats
  (period, wallet, user_id, settled, graded, staked, returned, profit, roi, current_streak, longest_streak, last_settled_at)
SELECT ?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, CASE WHEN ?5 > 0 THEN (?6 - ?5) * 1.0 / ?5 ELSE 0 END, ?8, ?8, ?9
WHERE NOT EXISTS (SELECT 1 FROM leaderboard_counted WHERE bet_id = ?10)
ON CONFLICT (period, wallet, user_id) DO UPDATE SET
  settled = settled + 1,
  graded = graded + excluded.graded,
  staked = staked + excluded.staked,
  returned = returned + excluded.returned,
  profit = profit + excluded.profit,
  roi = CASE WHEN staked + excluded.staked > 0
    THEN (returned + excluded.returned - staked - excluded.staked) * 1.0 / (staked + excluded.staked) ELSE 0 END,
  current_streak = CASE ?11 WHEN 'win' THEN current_streak + 1 WHEN 'void' THEN current_streak WHEN 'cashed_out' THEN current_streak ELSE 0 END,
  longest_streak = MAX(longest_streak,
    CASE ?11 WHEN 'win' THEN current_streak + 1 WHEN 'void' THEN current_streak WHEN 'cashed_out' THEN current_streak ELSE 0 END),
  last_settled_at = MAX(last_settled_at, excluded.last_settled_at)`;

/** The difference a re-graded bet makes to one period's row (none unless counted before with other figures). */
const CORRECT_PERIOD = `
UPDATE leaderboard_stats SET
  graded = leaderboard_stats.graded + ?4 - c.graded,
  staked = leaderboard_stats.staked + ?5 - c.staked,
  returned = leaderboard_stats.returned + ?6 - c.returned,
  profit = leaderboard_stats.profit + ?7 - c.profit,
  roi = CASE WHEN leaderboard_stats.staked + ?5 - c.staked > 0
    THEN (leaderboard_stats.returned + ?6 - c.returned - leaderboard_stats.staked - ?5 + c.staked) * 1.0
      / (leaderboard_stats.staked + ?5 - c.staked) ELSE 0 END
FROM leaderboard_counted AS c
WHERE c.bet_id = ?8 AND c.result IS NOT NULL
  AND (c.graded != ?4 OR c.staked != ?5 OR c.returned != ?6 OR c.profit != ?7)
  AND leaderboard_stats.period = ?1 AND leaderboard_stats.wallet = ?2 AND leaderboard_stats.user_id = ?3
  AND EXISTS (SELECT 1 FROM bets WHERE bets.id = ?8 AND bets.version = ?9)`;

/** Win streaks of one period's row recounted from the player's settled bets in [?3, ?4), when the bet's result changed. */
const RECOUNT_STREAKS = `
WITH ordered AS (
  SELECT result,
    SUM(CASE WHEN result IN ('loss', 'push') THEN 1 ELSE 0 END)
      OVER (ORDER BY settled_at, created_at, id ROWS UNBOUNDED PRECEDING) AS run_no
  FROM bets
  WHERE user_id = ?1 AND wallet = ?2 AND status = 'settled' AND result IS NOT NULL
    AND settled_at >= ?3 AND settled_at < ?4
),
runs AS (SELECT run_no, SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END) AS wins FROM ordered GROUP BY run_no)
UPDATE leaderboard_stats SET
  current_streak = COALESCE((SELECT wins FROM runs ORDER BY run_no DESC LIMIT 1), 0),
  longest_streak = COALESCE((SELECT MAX(wins) FROM runs), 0)
WHERE period = ?5 AND wallet = ?2 AND user_id = ?1
  AND EXISTS (SELECT 1 FROM leaderboard_counted WHERE bet_id = ?6 AND result IS NOT NULL AND result != ?7)
  AND EXISTS (SELECT 1 FROM bets WHERE id = ?6 AND version = ?8)`;

/** Statements adding a settled bet to its player's all-time and weekly rows, or moving them after a correction (none for an open bet). */
export function leaderboardStatements(db: D1Database, userId: string, bet: BetDocument, version: number): D1PreparedStatement[] {
  if (bet.status !== "settled" || bet.settledAt === null) return [];
  const c = leaderboardContribution(bet);
  if (!c) return [];
  const settledAt = bet.settledAt;
  const firstStreak = c.result === "win" ? 1 : 0;
  const week = etWeekBounds(settledAt);
  const periods: [string, { start: number; end: number }][] = [
    [ALL_TIME_PERIOD, { start: 0, end: Number.MAX_SAFE_INTEGER }],
    [weekPeriodKey(settledAt), week],
  ];
  const upserts = periods.map(([period]) =>
    db
      .prepare(UPSERT_PERIOD)
      .bind(period, bet.wallet, userId, c.graded, c.staked, c.returned, c.profit, firstStreak, settledAt, bet.id, c.result),
  );
  const corrections = periods.map(([period]) =>
    db.prepare(CORRECT_PERIOD).bind(period, bet.wallet, userId, c.graded, c.staked, c.returned, c.profit, bet.id, version),
  );
  const streaks = periods.map(([period, bounds]) =>
    db.prepare(RECOUNT_STREAKS).bind(userId, bet.wallet, bounds.start, bounds.end, period, bet.id, c.result, version),
  );
  return [
    ...upserts,
    ...corrections,
    ...streaks,
    db
      .prepare(
        `INSERT INTO leaderboard_counted (bet_id, user_id, counted_at, result, graded, staked, returned, profit)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (bet_id) DO UPDATE SET
           result = excluded.result, graded = excluded.graded, staked = excluded.staked,
           returned = excluded.returned, profit = excluded.profit
         WHERE EXISTS (SELECT 1 FROM bets WHERE bets.id = excluded.bet_id AND bets.version = ?)`,
      )
      .bind(bet.id, userId, settledAt, c.result, c.graded, c.staked, c.returned, c.profit, version),
  ];
}
