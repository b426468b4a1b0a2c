// A public profile as everyone sees it: the player's public picks (Vantage Cash ones only
// when they show their Vantage Cash results, each hidden until its game has started), the
// figures computed from them, and the follower count. GET /api/public/profiles/:handle
// answers it and the profile's share card draws it, so both always agree.
import { computeStatistics } from "../../src/shared/statistics";
import type { PublicProfile } from "../../src/shared/schemas/social";
import { isPickPublic } from "../../src/shared/social";
import { feedNow } from "../odds/odds-service";
import { tunables } from "../tunables";
import { findVisibleByHandle } from "./player-profiles";
import { readClvFigures } from "../clv/sharpest";
import { PUBLIC_BET_COLUMNS, publicPickFromRow, type PublicBetRow } from "./public-picks";

/** Picks listed on a profile. */
const PICKS_SHOWN = 30;

/** The profile of a visible player by handle; null for a hidden, handle-less or unknown one, or one on a break or closed for play. */
export async function readPublicProfile(env: Env, handle: string, now: number): Promise<PublicProfile | null> {
  const owner = await findVisibleByHandle(env.DB, handle, now);
  if (!owner) return null;
  const [clock, rows, followers, clvCoins, clvCash] = await Promise.all([
    feedNow(env, now),
    env.DB.prepare(`SELECT ${PUBLIC_BET_COLUMNS("b")} FROM bets b WHERE b.user_id = ? ORDER BY b.created_at DESC LIMIT ?`)
      .bind(owner.userId, tunables(env).PROFILE_STATS_BETS)
      .all<PublicBetRow>(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM follows WHERE followee_id = ?").bind(owner.userId).first<{ n: number }>(),
    readClvFigures(env.DB, owner.userId, "coins"),
    owner.showCashResults ? readClvFigures(env.DB, owner.userId, "cash") : null,
  ]);
  const who = { handle: owner.handle };
  const visible = rows.results
    .filter((r) => r.wallet === "coins" || owner.showCashResults)
    .map((r) => publicPickFromRow(r, who))
    .filter((p) => isPickPublic(p, clock));
  const forStats = (wallet: "coins" | "cash") =>
    computeStatistics(visible.filter((p) => p.wallet === wallet).map((p) => ({ ...p, slipId: p.id })));
  const newestFirst = [...visible].sort((a, b) => (b.settledAt ?? b.createdAt) - (a.settledAt ?? a.createdAt));
  return {
    handle: owner.handle,
    memberSince: owner.createdAt,
    statistics: { coins: forStats("coins"), cash: owner.showCashResults ? forStats("cash") : null },
    picks: newestFirst.slice(0, PICKS_SHOWN),
    followers: followers?.n ?? 0,
    clv: { coins: clvCoins, cash: clvCash },
  };
}
