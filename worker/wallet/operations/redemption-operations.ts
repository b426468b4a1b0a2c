// Vantage Cash redemption inside the wallet. Requesting one is a single step: the amount
// leaves the balance (ledger reason `redemption_hold`, reference = redemption id) and a
// pending redemption row appears, or nothing happens. The payout itself runs afterwards,
// outside the critical section (worker/payments/redemption-service.ts), and reports back
// here: completed (paid) or failed, which returns the amount (`redemption_refund`).
// Every step is keyed by the redemption id, so retries cannot hold or refund twice.
// Play-through (playthrough.ts) and the hold on fresh purchases (purchase-holds.ts) are
// checked in the same step: only the redeemable part of the balance, balance − min(balance,
// max(still to play, held)), can be held (403 playthrough-required or purchase-held otherwise).
// A new redemption is refused while a payment is under review (a dispute, an early fraud
// warning) or anything is owed (redemption-pause.ts).
import {
  REDEMPTION_MIN_CENTS,
  REDEMPTION_MIN_MESSAGE,
  type Redemption,
  type RedemptionStatus,
} from "../../../src/shared/schemas/redemptions";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import { redemptionPause } from "./redemption-pause";
import type { Ledger } from "../ledger";
import { writeOutboxRow } from "../outbox";
import { redemptionNotice } from "../../../src/shared/push-notices";
import { formatMoney } from "../../../src/shared/money";
import { formatEtTime } from "../../../src/shared/protection";
import { playthroughState, type PlaythroughState } from "../playthrough";
import { heldCash, purchaseHoldsInTx, type PurchaseHold } from "../purchase-holds";

type RedemptionRow = {
  id: string;
  amount_cents: number;
  status: RedemptionStatus;
  failure_reason: string | null;
  payout_reference: string | null;
  created_at: number;
  updated_at: number;
};

export type RedemptionFailure =
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: "invalid-argument" | "insufficient-funds" | "not-found" | "aborted" | "redemptions-paused";
      message: string;
    }
  | { ok: false; status: 403; code: "playthrough-required"; message: string; details: PlaythroughState }
  | { ok: false; status: 403; code: "purchase-held"; message: string; details: RedemptionLimits };
export type RedemptionResult = { ok: true; redemption: Redemption; balances: WalletBalances; created: boolean } | RedemptionFailure;

function toRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    status: row.status,
    failureReason: row.failure_reason,
    payoutReference: row.payout_reference,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function findRow(tx: Ledger, id: string): RedemptionRow | null {
  return tx.sql.exec<RedemptionRow>("SELECT * FROM redemptions WHERE id = ?", id).toArray()[0] ?? null;
}

/** One redemption of this wallet as players see it, or null. */
export function readRedemptionInTx(tx: Ledger, id: string): Redemption | null {
  const row = findRow(tx, id);
  return row ? toRedemption(row) : null;
}

/**
 * What keeps Vantage Cash from being redeemed now: still to play (play-through), the
 * packs still held (the hold on fresh purchases), and what is redeemable:
 * balance − min(balance, max(still to play, held)).
 */
export type RedemptionLimits = PlaythroughState & { purchaseHolds: PurchaseHold[] };

function redemptionLimits(tx: Ledger, balanceCents: number): RedemptionLimits {
  const { cashToPlay } = playthroughState(tx, balanceCents);
  const purchaseHolds = purchaseHoldsInTx(tx);
  const keptBack = Math.max(cashToPlay, heldCash(purchaseHolds));
  return { cashToPlay, redeemableCash: balanceCents - Math.min(balanceCents, keptBack), purchaseHolds };
}

/** The refusal for an amount above what is redeemable: whichever of play-through and the hold keeps more back. */
function notRedeemable(tx: Ledger, limits: RedemptionLimits): RedemptionFailure {
  const redeemableNow = `You can redeem ${formatMoney("cash", limits.redeemableCash)} now.`;
  if (heldCash(limits.purchaseHolds) > limits.cashToPlay) {
    const holds = limits.purchaseHolds.map((h) => `${formatMoney("cash", h.amountCents)} until ${formatEtTime(h.freesAt)}`).join(", ");
    return {
      ok: false,
      status: 403,
      code: "purchase-held",
      message:
        `Vantage Cash bought in the last ${tx.purchaseHoldDays} ${tx.purchaseHoldDays === 1 ? "day" : "days"} is held before it can ` +
        `be redeemed: ${holds}. ${redeemableNow}`,
      details: limits,
    };
  }
  return {
    ok: false,
    status: 403,
    code: "playthrough-required",
    message:
      `Play ${formatMoney("cash", limits.cashToPlay)} more Vantage Cash in bets first: bought and bonus Vantage Cash ` +
      `must be played through before it can be redeemed. ${redeemableNow}`,
    details: { cashToPlay: limits.cashToPlay, redeemableCash: limits.redeemableCash },
  };
}

export function requestRedemptionInTx(tx: Ledger, input: { amountCents: number; redemptionId: string }): RedemptionResult {
  const existing = findRow(tx, input.redemptionId);
  if (existing) {
    if (existing.amount_cents !== input.amountCents) {
      return { ok: false, status: 409, code: "aborted", message: "This redemption id was already used for another amount." };
    }
    return { ok: true, redemption: toRedemption(existing), balances: tx.balances(), created: false };
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < REDEMPTION_MIN_CENTS) {
    return { ok: false, status: 400, code: "invalid-argument", message: REDEMPTION_MIN_MESSAGE };
  }
  const paused = redemptionPause(tx);
  if (paused) return { ok: false, status: 409, code: "redemptions-paused", message: paused };
  const balance = tx.balance("cash");
  const limits = redemptionLimits(tx, balance);
  if (input.amountCents <= balance && input.amountCents > limits.redeemableCash) return notRedeemable(tx, limits);
  const hold = tx.post({ currency: "cash", amount: -input.amountCents, reason: "redemption_hold", reference: input.redemptionId });
  if (!hold.ok) {
    return hold.code === "insufficient-funds"
      ? { ok: false, status: 400, code: "insufficient-funds", message: "Not enough balance." }
      : { ok: false, status: 409, code: "aborted", message: "This redemption was already requested." };
  }
  tx.sql.exec(
    "INSERT INTO redemptions (id, amount_cents, status, failure_reason, payout_reference, created_at, updated_at) VALUES (?, ?, 'pending', NULL, NULL, ?, ?)",
    input.redemptionId,
    input.amountCents,
    tx.now,
    tx.now,
  );
  return { ok: true, redemption: toRedemption(findRow(tx, input.redemptionId)!), balances: tx.balances(), created: true };
}

/** The player's alert that a redemption was paid or failed, sent with the commit (outbox.ts). */
function noticeRedemption(tx: Ledger, redemption: Pick<Redemption, "id" | "status" | "amountCents">): void {
  const notice = redemptionNotice(tx.userId, redemption);
  if (!notice) return;
  writeOutboxRow(tx.sql, "notice", notice, tx.now);
  tx.noteChange();
}

/** Marks a pending redemption paid; repeating it is harmless, a failed one stays failed. */
export function completeRedemptionInTx(tx: Ledger, input: { redemptionId: string; payoutReference: string }): RedemptionResult {
  const row = findRow(tx, input.redemptionId);
  if (!row) return { ok: false, status: 404, code: "not-found", message: "No such redemption." };
  if (row.status === "failed") {
    return { ok: false, status: 409, code: "aborted", message: "This redemption already failed and was refunded." };
  }
  if (row.status === "pending") {
    tx.sql.exec(
      "UPDATE redemptions SET status = 'paid', payout_reference = ?, updated_at = ? WHERE id = ?",
      input.payoutReference,
      tx.now,
      input.redemptionId,
    );
    noticeRedemption(tx, { id: row.id, status: "paid", amountCents: row.amount_cents });
  }
  return { ok: true, redemption: toRedemption(findRow(tx, input.redemptionId)!), balances: tx.balances(), created: false };
}

/** A payout that did not happen: the held amount goes back to the balance, once. */
export function failRedemptionInTx(tx: Ledger, input: { redemptionId: string; reason: string }): RedemptionResult {
  const row = findRow(tx, input.redemptionId);
  if (!row) return { ok: false, status: 404, code: "not-found", message: "No such redemption." };
  if (row.status === "paid") return { ok: false, status: 409, code: "aborted", message: "This redemption was already paid." };
  if (row.status === "pending") {
    const refund = tx.post({ currency: "cash", amount: row.amount_cents, reason: "redemption_refund", reference: row.id });
    if (!refund.ok) return { ok: false, status: 409, code: "aborted", message: "This redemption was already refunded." };
    tx.sql.exec(
      "UPDATE redemptions SET status = 'failed', failure_reason = ?, updated_at = ? WHERE id = ?",
      input.reason.slice(0, 500),
      tx.now,
      row.id,
    );
    noticeRedemption(tx, { id: row.id, status: "failed", amountCents: row.amount_cents });
  }
  return { ok: true, redemption: toRedemption(findRow(tx, input.redemptionId)!), balances: tx.balances(), created: false };
}

/** The player's redemptions, newest first. */
export function listRedemptionsInTx(tx: Ledger, limit = 100): Redemption[] {
  return tx.sql
    .exec<RedemptionRow>("SELECT * FROM redemptions ORDER BY created_at DESC, id DESC LIMIT ?", limit)
    .toArray()
    .map(toRedemption);
}

export type Redeemable = { balances: WalletBalances; redemptionPause: string | null; purchaseHoldDays: number } & RedemptionLimits;

/**
 * Balances with what is still to play, what is held and what may be redeemed now (GET
 * /api/me): play-through (playthrough.ts) and the hold on fresh purchases
 * (purchase-holds.ts), and nothing at all while redemptions are paused (an open dispute,
 * an early fraud warning or an amount owed, reversal-operations.ts), with the reason the
 * player is told.
 */
export function redeemableInTx(tx: Ledger): Redeemable {
  const balances = tx.balances();
  const pause = redemptionPause(tx);
  const limits = redemptionLimits(tx, balances.vantageCash);
  return {
    balances,
    ...limits,
    redeemableCash: pause ? 0 : limits.redeemableCash,
    redemptionPause: pause,
    purchaseHoldDays: tx.purchaseHoldDays,
  };
}
