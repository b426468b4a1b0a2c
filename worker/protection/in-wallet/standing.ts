// The player's standing as the public social surface needs it, projected from the wallet
// (the source of truth) to D1 `player_standing` (migration 0051): when their break ends and
// whether the account is closed for play (by the player for good, or as under age). Every
// transaction that changes `protection.break_until` or `protection.closed` writes an outbox
// row of topic `standing` (registered in worker/user-wallet.ts), so D1 can lag the wallet
// but never miss a change. Nothing is projected when a break ends: the social queries
// compare the stored end with now (worker/social/standing.ts), so the player comes back on
// their own. The row carries the wallet's version as this transaction commits it, and an
// older row replayed late changes nothing.
import type { ProtectionState } from "../../../src/shared/protection";
import type { Ledger } from "../../wallet/ledger";
import { writeOutboxRow } from "../../wallet/outbox";

/** The outbox topic of a standing change. */
export const STANDING_TOPIC = "standing";

type StandingPayload = { userId: string; awayUntil: number | null; closed: boolean; version: number; at: number };

/**
 * Writes the standing `state` gives (the protection row as this transaction leaves it) to
 * the outbox. The commit bumps the wallet's version once (Ledger.finish), so the row
 * carries the version it will have: later transactions' rows carry higher ones.
 */
export function projectStandingInTx(tx: Ledger, state: ProtectionState): void {
  const stored = tx.sql.exec<{ version: number }>("SELECT version FROM wallet WHERE id = 1").one().version;
  const payload: StandingPayload = {
    userId: tx.userId,
    awayUntil: state.breakUntil,
    closed: state.closed !== null,
    version: stored + 1,
    at: tx.now,
  };
  writeOutboxRow(tx.sql, STANDING_TOPIC, payload, tx.now);
  // A standing change may move no money: the commit still drains the outbox.
  tx.noteChange();
}

/**
 * The outbox topic `standing`: the player's row in `player_standing`, replaced by a row of
 * the same or a newer version only (two changes in one transaction share one version, and
 * the outbox hands them over in order).
 */
export function standingProjection(db: D1Database, payload: string): D1PreparedStatement[] {
  const p = JSON.parse(payload) as StandingPayload;
  return [
    db
      .prepare(
        `INSERT INTO player_standing (user_id, away_until, closed, version, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, closed = excluded.closed,
           version = excluded.version, updated_at = excluded.updated_at
         WHERE excluded.version >= player_standing.version`,
      )
      .bind(p.userId, p.awayUntil, p.closed ? 1 : 0, p.version, p.at),
  ];
}
