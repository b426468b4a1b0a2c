// Players whose standing D1 has never had: the projection of breaks and closures to D1
// `player_standing` (in-wallet/standing.ts) began with a change made after it shipped, so a
// player who took a break or closed their account before then would stay on the public social
// surface. Each scheduled run asks a few public players' wallets (a handle, and no standing
// row yet), picked at random so wallets that cannot answer hold back nobody, to project their
// standing as it stands; a player who is not away gets a row saying so, which ends their turn.
// Once every public player has a row the run finds nobody.
import type { Logger } from "../logging/logger";
import { protectionWallet } from "./wallet";

/** Wallets asked per run, at most. */
const STANDINGS_PER_RUN = 50;

/** Projects the standing of up to STANDINGS_PER_RUN public players D1 has none for; answers how many were asked. */
export async function backfillStandings(env: Env, now: number, log: Logger): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT p.user_id FROM player_profiles p
      WHERE p.handle IS NOT NULL AND NOT EXISTS (SELECT 1 FROM player_standing s WHERE s.user_id = p.user_id)
      ORDER BY random() LIMIT ?`,
  )
    .bind(STANDINGS_PER_RUN)
    .all<{ user_id: string }>();
  let asked = 0;
  for (const { user_id: userId } of results) {
    try {
      await protectionWallet(env, userId).projectStanding(userId, now);
      asked += 1;
    } catch (err) {
      log.warn(`standing of ${userId} not projected; the next run asks again`, err);
    }
  }
  return asked;
}
