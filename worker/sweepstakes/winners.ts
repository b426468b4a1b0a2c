// The public winners list: recent paid redemptions as the wallets project them to D1
// (`sweepstakes_winners`, written by the outbox when a payout is confirmed paid). A winner
// is shown under their public handle only when their profile is public and they chose to
// show their Vantage Cash results (profiles are private by default), and they are not on a
// break nor closed for play (worker/social/standing.ts); otherwise as "a player in US-TX".
// A winner shown by handle is shown without a region: choosing to show one's results is not
// choosing to tie one's handle to one's state. A name or e-mail address is never read here.
import { etDayKey } from "../../src/shared/bonus";
import type { Winner } from "../../src/shared/schemas/sweepstakes";
import { awayFromPlay } from "../social/standing";

export const WINNERS_SHOWN = 50;

type WinnerRow = { amount_cents: number; region: string | null; paid_at: number; handle: string | null };

export function winnerLabel(handle: string | null, region: string | null): string {
  if (handle) return `@${handle}`;
  return region ? `a player in ${region}` : "a player";
}

/** The newest paid redemptions; a player's handle as of `now`. */
export async function recentWinners(db: D1Database, now: number, limit = WINNERS_SHOWN): Promise<Winner[]> {
  const { results } = await db
    .prepare(
      `SELECT w.amount_cents, w.region, w.paid_at,
              CASE WHEN p.hidden = 0 AND p.show_cash_results = 1 AND NOT ${awayFromPlay("w.user_id", "?2")} THEN p.handle END AS handle
       FROM sweepstakes_winners w LEFT JOIN player_profiles p ON p.user_id = w.user_id
       ORDER BY w.paid_at DESC, w.redemption_id DESC LIMIT ?1`,
    )
    .bind(limit, now)
    .all<WinnerRow>();
  return results.map((row) => ({
    paidOn: etDayKey(row.paid_at),
    amountCents: row.amount_cents,
    region: row.handle ? null : row.region,
    winner: winnerLabel(row.handle, row.region),
  }));
}
