// Which transfer attempt of a redemption may run, and with which idempotency key, decided
// inside the wallet so two attempts (the player's request, a history look, the wallet's
// alarm) can never send at once: an attempt takes a lease on the redemption, and an
// attempt that finds the lease held does nothing. The key a transfer was first sent
// with is reused while Stripe still remembers it (PAYOUT_KEY_REUSE_MS, under Stripe's
// 24 h); after that the attempt must first list the redemption's transfers (its
// `transfer_group`) and adopt one it finds, and only then send under a fresh key. An
// unknown outcome releases the lease and schedules the next background retry.
// Every attempt, first or retried, checks the freeze and the redemption pauses (an open
// dispute, an early fraud warning, anything owed) in the same transaction that takes the
// lease: a paused redemption is never transferred. One never sent whose pause has become
// an amount owed goes back to the balance, which repays what is owed first. The same
// transaction checks that the player's identity is verified and that the redemption is
// not waiting for an operator's review: money never leaves for an unverified person. And
// it checks that the region where the player's verified document says they live still
// offers redemptions (or did, in a redeem-only window, when the player asked), and that
// they are of age there: one never sent goes back to the balance, told why. One already
// attempted may have been sent: it waits while its key is remembered, then an attempt only
// looks for that transfer, adopting it if it went and returning the amount if not, so
// nothing new is sent into a place that no longer offers redemptions. Where the payout
// account's holder lives, as the provider has the address, is judged the same way (its
// redemptions, its minimum age) once the account has been read, right before the transfer
// (payoutAddressHoldInTx), with the same outcomes: returned at once when the asking attempt
// is the only one that ever began, else held while the key is remembered, then adopt-only.
// An attempt held by the freeze, a pause or an unverified identity records why
// (redemption-timeline.ts), for the public redemption-time figures.
// An attempt is paid once the transfer went and the payout from the player's connected
// account to their bank was made (worker/payments/payout-port.ts). One whose transfer went
// but whose payout to the bank did not start is unknown like a lost answer, and retried the
// same way (the transfer's key answers it again), so it is never failed and refunded: the
// money has left. Its timeline shows it sent, with a note that the payout to the bank waits.
import type { PlayContext } from "../../../src/shared/protection";
import { sentenceOf } from "../../../src/shared/refusals";
import { RETURNED_PAYMENT_DISPUTED, type Redemption } from "../../../src/shared/schemas/redemptions";
import { PAYEE_STANDING, type PayoutAddressRefusal } from "./standing";
import {
  awaitingReviewInTx,
  completeRedemptionInTx,
  failRedemptionInTx,
  readRedemptionInTx,
  recordBankPayoutWaitingInTx,
  type RedemptionResult,
} from "./redemptions";
import { readFreeze } from "../../wallet/operator-actions";
import { redemptionPause } from "./redemption-pause";
import { recordRedemptionHoldInTx } from "./redemption-timeline";
import type { Ledger } from "../../wallet/ledger";

/** The tunables an attempt follows (worker/tunables.ts), passed in by the caller. */
export type PayoutTiming = { retryAfterMs: number; retryMaxMs: number; keyReuseMs: number; leaseMs: number };

/**
 * `adoptOnly`: send nothing new; adopt the redemption's earlier transfer if it went, else the
 * attempt fails with `reason` (the amount goes back to the balance). `retry`: an attempt ran
 * before, so the payout to the bank may have been made already (it is looked for first).
 */
export type PayoutAttempt =
  | { ok: true; run: false; redemption: Redemption | null }
  | {
      ok: true;
      run: true;
      redemption: Redemption;
      idempotencyKey: string;
      listFirst: boolean;
      retry: boolean;
      adoptOnly?: { reason: string };
    };

/**
 * How an attempt ended: paid (sent or adopted, and paid out to the bank), refused for good, or
 * not known. Paid with `note`: what the timeline's `sent` step says of how it reached the bank.
 * Unknown with `transferId`: the transfer went, the payout to the bank did not start.
 */
export type PayoutOutcome =
  | { kind: "paid"; transferId: string; note?: string }
  | { kind: "failed"; reason: string }
  | { kind: "unknown"; reason: string; transferId?: string };

type AttemptRow = {
  redemption_id: string;
  idempotency_key: string;
  key_first_used_at: number;
  lease_until: number;
  attempts: number;
  next_retry_at: number | null;
};

/** The key the first transfer of a redemption is sent with (unchanged from before retries existed). */
function firstPayoutKey(userId: string, redemptionId: string): string {
  return `redemption-${userId}-${redemptionId}`;
}

/** What an attempt asks the wallet: the redemption, the timing, and the region rules in force (none on a direct call). */
export type PayoutAttemptInput = { redemptionId: string; timing: PayoutTiming; play?: PlayContext };

export function beginPayoutAttemptInTx(tx: Ledger, input: PayoutAttemptInput): PayoutAttempt {
  const redemption = readRedemptionInTx(tx, input.redemptionId);
  if (redemption?.status !== "pending") return { ok: true, run: false, redemption };
  // An operator's freeze holds payouts not yet sent: the redemption stays
  // pending, and the wallet's alarm sends it once the account is unfrozen.
  if (readFreeze(tx).frozen) {
    recordRedemptionHoldInTx(tx, redemption.id, "hold");
    return { ok: true, run: false, redemption };
  }
  const row = tx.sql.exec<AttemptRow>("SELECT * FROM payout_attempts WHERE redemption_id = ?", input.redemptionId).toArray()[0];
  // A payment under review or an amount owed holds it the same way, until the pause lifts.
  if (redemptionPause(tx) !== null) {
    recordRedemptionHoldInTx(tx, redemption.id, "hold");
    // Never sent, and what the pause reversed is now owed: the held amount comes back and
    // repays it (its refund is a credit like any other). One already attempted may have
    // been sent, so it waits for the pause to lift instead.
    if (!row && tx.owed("cash") > 0) {
      failRedemptionInTx(tx, { redemptionId: redemption.id, reason: RETURNED_PAYMENT_DISPUTED });
      return { ok: true, run: false, redemption: readRedemptionInTx(tx, redemption.id) };
    }
    return { ok: true, run: false, redemption };
  }
  if (awaitingReviewInTx(tx, redemption.id)) return { ok: true, run: false, redemption };
  const standing = tx.use(PAYEE_STANDING);
  if (standing.payeeRefusal(tx) !== null) {
    recordRedemptionHoldInTx(tx, redemption.id, "identity");
    return { ok: true, run: false, redemption };
  }
  const place = input.play ? standing.payoutPlaceRefusal(tx, input.play, redemption.createdAt) : null;
  if (place !== null) {
    recordRedemptionHoldInTx(tx, redemption.id, "hold");
    const reason = `Returned: ${sentenceOf(place)}`;
    if (!row) {
      failRedemptionInTx(tx, { redemptionId: redemption.id, reason });
      return { ok: true, run: false, redemption: readRedemptionInTx(tx, redemption.id) };
    }
    // Attempted: while the provider remembers its key, a lost answer may still be a transfer
    // under way, so it waits; after that, listing finds it if it went (as listFirst does).
    if (tx.now - row.key_first_used_at < input.timing.keyReuseMs || !attemptMayRun(row, tx.now)) {
      return { ok: true, run: false, redemption };
    }
    takeLeaseInTx(tx, redemption.id, { key: row.idempotency_key, firstUsedAt: row.key_first_used_at, attempts: row.attempts + 1 }, input);
    return { ok: true, run: true, redemption, idempotencyKey: row.idempotency_key, listFirst: true, retry: true, adoptOnly: { reason } };
  }
  if (row && !attemptMayRun(row, tx.now)) return { ok: true, run: false, redemption };
  // A redemption's first transfer is sent right after its hold, so its key dates from then.
  const current = row ?? {
    idempotency_key: firstPayoutKey(tx.userId, redemption.id),
    key_first_used_at: redemption.createdAt,
    attempts: 0,
  };
  const listFirst = tx.now - current.key_first_used_at >= input.timing.keyReuseMs;
  const idempotencyKey = listFirst ? `${firstPayoutKey(tx.userId, redemption.id)}-${current.attempts + 1}` : current.idempotency_key;
  const keyFirstUsedAt = listFirst ? tx.now : current.key_first_used_at;
  takeLeaseInTx(tx, redemption.id, { key: idempotencyKey, firstUsedAt: keyFirstUsedAt, attempts: current.attempts + 1 }, input);
  return { ok: true, run: true, redemption, idempotencyKey, listFirst, retry: row !== undefined };
}

/**
 * What the payout account holder's address does to the attempt that asked
 * (payoutAddressHoldInTx), with the refusal and the reason the player reads:
 * - `returned`: nothing of the redemption was ever attempted at the provider, so its amount
 *   went back to the balance in the transaction that answered (the redemption is returned
 *   with `reason`); the attempt sends nothing.
 * - `held`: an earlier attempt ran, and the provider may still answer its key (a transfer
 *   may be under way): nothing is sent now, and the wallet tries again later.
 * - `adopt-only`: an earlier attempt ran, and its key's window has passed (this attempt lists
 *   first): it only looks for the redemption's transfer, adopting it if it went and returning
 *   the amount with `reason` if not, as a residence that closed after an attempt does.
 */
export type PayoutAddressHold = { refusal: PayoutAddressRefusal; course: "returned" | "held" | "adopt-only"; reason: string };

/** What the attempt holding a redemption's lease asks about its payout account holder's address (payoutAddressHoldInTx). */
export type PayoutAddressQuestion = {
  redemptionId: string;
  /** Where the holder's address is, as the provider has it now. */
  region: string;
  /** The attempt's own key and whether it lists first (beginPayoutAttemptInTx gave both). */
  idempotencyKey: string;
  listFirst: boolean;
  play?: PlayContext;
};

/**
 * Whether the attempt holding `redemptionId`'s lease may send to a payout account whose
 * holder's address is in `region`, as the provider has it now, and what happens if not (see
 * PayoutAddressHold). Judged by the rules `play` carries as the verified residence is: the
 * region offers no redemptions today (a redemption asked inside a redeem-only window there is
 * the window's own), or the player is under its minimum age. Asked after the account is read
 * and before anything is sent (worker/payments/payout-destination.ts). A refusal is returned
 * at once, as one by the residence is, when no attempt but the asking one ever began (its
 * row counts one, under the asker's key; or there is none): the asker has sent nothing yet
 * and sends nothing, and any later attempt finds the redemption returned, so no transfer can
 * exist. Otherwise an earlier attempt may have reached the provider, and an unknown outcome
 * is never refunded: held while its key is remembered, then adopt-only. Null when it may
 * send, or on a direct call that names no rules.
 */
export function payoutAddressHoldInTx(tx: Ledger, input: PayoutAddressQuestion): { ok: true; hold: PayoutAddressHold | null } {
  const redemption = readRedemptionInTx(tx, input.redemptionId);
  if (redemption?.status !== "pending" || !input.play) return { ok: true, hold: null };
  const refusal = tx.use(PAYEE_STANDING).payoutAddressRefusal(tx, input.play, redemption.createdAt, input.region);
  if (refusal === null) return { ok: true, hold: null };
  recordRedemptionHoldInTx(tx, redemption.id, "hold");
  const reason = `Returned: ${sentenceOf(refusal)}`;
  const row = tx.sql.exec<AttemptRow>("SELECT * FROM payout_attempts WHERE redemption_id = ?", redemption.id).toArray()[0];
  if (!row || (row.attempts <= 1 && row.idempotency_key === input.idempotencyKey)) {
    const returned = failRedemptionInTx(tx, { redemptionId: redemption.id, reason });
    // Not returned after all (its refund already posted, which never happens): nothing is sent, and it is held.
    if (returned.ok && returned.redemption.status === "failed") return { ok: true, hold: { refusal, course: "returned", reason } };
    return { ok: true, hold: { refusal, course: "held", reason } };
  }
  return { ok: true, hold: { refusal, course: input.listFirst ? "adopt-only" : "held", reason } };
}

/** No attempt holds the lease, and the next background retry (if one is set) is due. */
function attemptMayRun(row: AttemptRow, now: number): boolean {
  return row.lease_until <= now && (row.next_retry_at === null || row.next_retry_at <= now);
}

/** Records the attempt about to run under `key` and takes its lease (see the header). */
function takeLeaseInTx(
  tx: Ledger,
  redemptionId: string,
  attempt: { key: string; firstUsedAt: number; attempts: number },
  input: { timing: PayoutTiming },
): void {
  tx.sql.exec(
    `INSERT INTO payout_attempts (redemption_id, idempotency_key, key_first_used_at, lease_until, attempts, next_retry_at)
     VALUES (?, ?, ?, ?, ?, NULL)
     ON CONFLICT (redemption_id) DO UPDATE SET idempotency_key = excluded.idempotency_key,
       key_first_used_at = excluded.key_first_used_at, lease_until = excluded.lease_until,
       attempts = excluded.attempts, next_retry_at = NULL`,
    redemptionId,
    attempt.key,
    attempt.firstUsedAt,
    tx.now + input.timing.leaseMs,
    attempt.attempts,
  );
}

/** Records how an attempt ended: paid or failed settle the redemption; unknown schedules a retry. */
export function finishPayoutAttemptInTx(
  tx: Ledger,
  input: { redemptionId: string; outcome: PayoutOutcome; timing: PayoutTiming },
): RedemptionResult {
  const row = tx.sql.exec<AttemptRow>("SELECT * FROM payout_attempts WHERE redemption_id = ?", input.redemptionId).toArray()[0];
  const attempts = row?.attempts ?? 1;
  const nextRetryAt =
    input.outcome.kind === "unknown"
      ? tx.now + Math.min(input.timing.retryMaxMs, input.timing.retryAfterMs * 2 ** Math.min(attempts - 1, 20))
      : null;
  tx.sql.exec("UPDATE payout_attempts SET lease_until = 0, next_retry_at = ? WHERE redemption_id = ?", nextRetryAt, input.redemptionId);
  switch (input.outcome.kind) {
    case "paid":
      return completeRedemptionInTx(tx, {
        redemptionId: input.redemptionId,
        payoutReference: input.outcome.transferId,
        ...(input.outcome.note !== undefined && { sentNote: input.outcome.note }),
      });
    case "failed":
      return failRedemptionInTx(tx, { redemptionId: input.redemptionId, reason: input.outcome.reason });
    case "unknown": {
      if (input.outcome.transferId !== undefined) recordBankPayoutWaitingInTx(tx, input.redemptionId);
      const redemption = readRedemptionInTx(tx, input.redemptionId);
      if (!redemption) return { ok: false, code: "redemption-not-found" };
      return { ok: true, redemption, balances: tx.balances(), created: false };
    }
  }
}

/** Pending redemptions whose next attempt is due now (retry time passed, no attempt running). */
export function duePayoutsInTx(tx: Ledger): string[] {
  return tx.sql
    .exec<{ id: string }>(
      `SELECT r.id FROM redemptions r LEFT JOIN payout_attempts a ON a.redemption_id = r.id
        WHERE r.status = 'pending' AND COALESCE(a.lease_until, 0) <= ? AND COALESCE(a.next_retry_at, 0) <= ?
          AND NOT EXISTS (SELECT 1 FROM redemption_reviews v WHERE v.redemption_id = r.id AND v.state = 'waiting')
        ORDER BY r.created_at`,
      tx.now,
      tx.now,
    )
    .toArray()
    .map((r) => r.id);
}

/** When the wallet should next wake up for a payout retry, or null. */
export function nextPayoutWakeInTx(tx: Ledger): number | null {
  const row = tx.sql
    .exec<{ at: number | null }>(
      `SELECT MIN(MAX(COALESCE(a.next_retry_at, 0), COALESCE(a.lease_until, 0))) AS at
         FROM redemptions r JOIN payout_attempts a ON a.redemption_id = r.id WHERE r.status = 'pending'`,
    )
    .one();
  return row.at;
}
