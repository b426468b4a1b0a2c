// Leaderboard aggregates, kept up to date where settled bets reach D1: the wallet
// projection (wallet-projection.ts) appends these statements to the batch that writes
// a settled bet, so a leaderboard page reads a few indexed rows instead of every bet.
//
// Once only: each upsert runs only while the bet has no `leaderboard_counted` row, and
// the batch's last statement adds that row. D1 runs a batch as one transaction, so a
// replayed outbox row, a later version of the same bet, or a retry after a failure
// counts the bet exactly once. The outbox drains in order, so a player's settled bets
// arrive in settlement order and the win streak can be kept as a running count.
import type { BetDocument } from "../../src/shared/schemas/bets";
import { ALL_TIME_PERIOD, leaderboardContribution, weekPeriodKey } from "../../src/shared/social";

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
  current_streak = CASE ?11 WHEN 'win' THEN current_streak + 1 WHEN 'void' THEN current_streak ELSE 0 END,
  longest_streak = MAX(longest_streak, CASE ?11 WHEN 'win' THEN current_streak + 1 WHEN 'void' THEN current_streak ELSE 0 END),
  last_settled_at = MAX(last_settled_at, excluded.last_settled_at)`;

/** Statements adding a settled bet to its player's all-time and weekly rows (none for an open bet). */
export function leaderboardStatements(db: D1Database, userId: string, bet: BetDocument): D1PreparedStatement[] {
  if (bet.status !== "settled" || bet.settledAt === null) return [];
  const c = leaderboardContribution(bet);
  if (!c) return [];
  const settledAt = bet.settledAt;
  const firstStreak = c.result === "win" ? 1 : 0;
  const upserts = [ALL_TIME_PERIOD, weekPeriodKey(settledAt)].map((period) =>
    db
      .prepare(UPSERT_PERIOD)
      .bind(period, bet.wallet, userId, c.graded, c.staked, c.returned, c.profit, firstStreak, settledAt, bet.id, c.result),
  );
  return [
    ...upserts,
    db
      .prepare("INSERT INTO leaderboard_counted (bet_id, user_id, counted_at) VALUES (?, ?, ?) ON CONFLICT (bet_id) DO NOTHING")
      .bind(bet.id, userId, settledAt),
  ];
}
