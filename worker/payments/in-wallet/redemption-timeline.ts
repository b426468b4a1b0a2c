// What the public redemption-time figures need of each redemption, kept in the wallet and
// projected to D1 `redemption_times` (outbox topic `redemption_timeline`): when it was
// requested, when it was paid or returned, and why it was held on the way, if it was.
// The reasons are the three the winners page names: `identity` (a payout attempt found
// the player's identity not verified), `review` (it waited for an operator's review) and
// `hold` (a payout attempt found the account frozen or redemptions paused by a payment
// under review or an amount owed). A payout attempt that is held records its reason here,
// once per reason (`redemption_holds`); a review is known from `redemption_reviews`.
// The projection carries no player id, name or amount: only the redemption id, which keys
// the D1 row so a repeated drain changes nothing.
import type { RedemptionHoldReason } from "../../../src/shared/schemas/redemption-times";
import type { Ledger } from "../../wallet/ledger";
import { writeOutboxRow } from "../../wallet/outbox";

/** The outbox topic of a redemption's timeline (worker/user-wallet.ts registers its projector). */
export const REDEMPTION_TIMELINE_TOPIC = "redemption_timeline";

/** A redemption that ended, for D1 `redemption_times`; times in ms since the epoch. */
export type RedemptionTimelinePayload = {
  redemptionId: string;
  requestedAt: number;
  paidAt: number | null;
  returnedAt: number | null;
  held: RedemptionHoldReason[];
};

/** A payout attempt of `redemptionId` was held for `reason` now (the first time for each reason is kept). */
export function recordRedemptionHoldInTx(tx: Ledger, redemptionId: string, reason: Exclude<RedemptionHoldReason, "review">): void {
  tx.sql.exec("INSERT OR IGNORE INTO redemption_holds (redemption_id, reason, first_at) VALUES (?, ?, ?)", redemptionId, reason, tx.now);
}

/** Every reason `redemptionId` was held for so far, in the order the figures name them. */
function heldReasonsInTx(tx: Ledger, redemptionId: string): RedemptionHoldReason[] {
  const reasons = new Set(
    tx.sql
      .exec<{ reason: string }>(
        `SELECT reason FROM redemption_holds WHERE redemption_id = ?1
         UNION SELECT 'review' FROM redemption_reviews WHERE redemption_id = ?1`,
        redemptionId,
      )
      .toArray()
      .map((r) => r.reason),
  );
  return (["identity", "review", "hold"] as const).filter((reason) => reasons.has(reason));
}

/**
 * Writes the timeline of a redemption that has just been paid or returned to the outbox,
 * in the transaction that ended it. A redemption still pending writes nothing.
 */
export function projectRedemptionTimelineInTx(tx: Ledger, redemptionId: string): void {
  const row = tx.sql
    .exec<{ status: string; created_at: number; updated_at: number }>(
      "SELECT status, created_at, updated_at FROM redemptions WHERE id = ?",
      redemptionId,
    )
    .toArray()[0];
  if (!row || row.status === "pending") return;
  const payload: RedemptionTimelinePayload = {
    redemptionId,
    requestedAt: row.created_at,
    paidAt: row.status === "paid" ? row.updated_at : null,
    returnedAt: row.status === "failed" ? row.updated_at : null,
    held: heldReasonsInTx(tx, redemptionId),
  };
  writeOutboxRow(tx.sql, REDEMPTION_TIMELINE_TOPIC, payload, tx.now);
  tx.noteChange();
}

/** The outbox topic `redemption_timeline`: one row per redemption, the latest timeline kept. */
export function redemptionTimelineProjection(db: D1Database, payload: string): D1PreparedStatement[] {
  const p = JSON.parse(payload) as RedemptionTimelinePayload;
  const held = new Set(p.held);
  return [
    db
      .prepare(
        `INSERT INTO redemption_times (redemption_id, requested_at, paid_at, returned_at, held_identity, held_review, held_hold)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (redemption_id) DO UPDATE SET requested_at = excluded.requested_at, paid_at = excluded.paid_at,
           returned_at = excluded.returned_at, held_identity = excluded.held_identity,
           held_review = excluded.held_review, held_hold = excluded.held_hold`,
      )
      .bind(
        p.redemptionId,
        p.requestedAt,
        p.paidAt,
        p.returnedAt,
        held.has("identity") ? 1 : 0,
        held.has("review") ? 1 : 0,
        held.has("hold") ? 1 : 0,
      ),
  ];
}
