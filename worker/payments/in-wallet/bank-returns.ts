// Payouts the bank sends back. A redemption is paid once its transfer reached the player's
// payout account and the payout from there to their bank was made; the bank can still refuse
// it (a closed account, a wrong number), days later, even after Stripe said `payout.paid`.
// The money is then back in the player's payout account, not in Vantage: nothing of it is in
// the Vantage Cash balance, and with payouts made only by Vantage it would sit there.
//
// So the connected account's `payout.failed` (worker/payments/connect-webhook.ts) records the
// return here, once per redemption, and the redemption's transfer is taken back from that
// account (the provider's transfer reversal, under the key `bank-return-<redemption id>`).
// Only once the provider has taken it back does the amount come back to the balance
// (`redemption_refund`, as for a redemption never sent), so the money is never both in the
// payout account and in the balance. The webhook asks the provider at once; should that fail,
// the wallet's alarm asks again, backing off like the owed refunds (DECLINED_REFUND_RETRY_*).
// The redemption then reads returned, with the bank's reason, and leaves the public winners
// list; its redemption-time figure becomes a return.
// Each change of a return is projected to D1 `bank_returns` (outbox topic `bank_return`), so
// operators see across every player the returns still waiting, with the alarm's tries.
// Table `bank_returns` (rung 24) is documented in storage.ts.
import type { Ledger } from "../../wallet/ledger";
import { writeOutboxRow } from "../../wallet/outbox";
import { owedRefundTryFailedInTx, type DeclinedRefundRetry } from "./declined-purchases";
import { noticeRedemptionInTx, recordStepInTx, WINNER_TOPIC, type WinnerWithdrawn } from "./redemptions";
import { projectRedemptionTimelineInTx } from "./redemption-timeline";

/** The transfer to take back for a redemption whose payout the bank returned. */
export type BankReversal = { redemptionId: string; transferId: string; accountId: string; amountCents: number };

/** What the connected account's `payout.failed` says: the payout, where from, its amount and the bank's reason. */
export type BankReturnInput = { redemptionId: string; payoutId: string; accountId: string; amountCents: number; reason: string };

/**
 * `reversal`: the transfer still to take back (null once taken back); `ignored`: why the event
 * names no payout of this wallet's (a redemption it does not know, one not paid, another amount).
 */
export type BankReturnResult = { ok: true; recorded: true; reversal: BankReversal | null } | { ok: true; recorded: false; ignored: string };

/**
 * How the wallet reaches the payment provider to take a returned payout's transfer back
 * (implemented in worker/payments, handed to the wallet at the Worker's root): `ok` once the
 * provider has taken it back in full, now or before.
 */
export interface BankReturnPort {
  reverseBankReturn(input: BankReversal & { userId: string }): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/** The provider's idempotency key for taking a redemption's transfer back. */
export const bankReturnKey = (redemptionId: string) => `bank-return-${redemptionId}`;

/** The timeline's note when the bank sent the payout back; `reason` is the bank's, as the provider gives it. */
export const bankReturnedNote = (reason: string) =>
  `Your bank sent the payout back (${reason.replace(/\.$/, "")}). The amount is being returned to your Vantage Cash balance.`;

/** Why the redemption reads returned once its amount is back in the balance. */
export const BANK_RETURN_REASON = "Your bank sent the payout back; the amount is back in your Vantage Cash balance.";

type ReturnRow = {
  redemption_id: string;
  transfer_id: string;
  account_id: string;
  amount_cents: number;
  reversed_at: number | null;
};

function readReturn(tx: Ledger, redemptionId: string): ReturnRow | null {
  return (
    tx.sql
      .exec<ReturnRow>(
        "SELECT redemption_id, transfer_id, account_id, amount_cents, reversed_at FROM bank_returns WHERE redemption_id = ?",
        redemptionId,
      )
      .toArray()[0] ?? null
  );
}

const reversalOf = (row: ReturnRow): BankReversal | null =>
  row.reversed_at === null
    ? { redemptionId: row.redemption_id, transferId: row.transfer_id, accountId: row.account_id, amountCents: row.amount_cents }
    : null;

/**
 * The bank sent a paid redemption's payout back: recorded once (a replay answers the same
 * reversal, or none once made), the timeline's `bank-returned` step written, and the alarm's
 * first try at the reversal set `retry.firstMs` away, after the caller's own. Only a paid
 * redemption of this amount is returned.
 */
export function recordBankReturnInTx(tx: Ledger, input: BankReturnInput, retry: DeclinedRefundRetry): BankReturnResult {
  const earlier = readReturn(tx, input.redemptionId);
  if (earlier) return { ok: true, recorded: true, reversal: reversalOf(earlier) };
  const row = tx.sql
    .exec<{ status: string; amount_cents: number; payout_reference: string | null }>(
      "SELECT status, amount_cents, payout_reference FROM redemptions WHERE id = ?",
      input.redemptionId,
    )
    .toArray()[0];
  if (!row) return { ok: true, recorded: false, ignored: "unknown redemption" };
  if (row.status !== "paid" || row.payout_reference === null) return { ok: true, recorded: false, ignored: `redemption ${row.status}` };
  if (row.amount_cents !== input.amountCents) return { ok: true, recorded: false, ignored: "amount differs from the redemption's" };
  tx.sql.exec(
    `INSERT INTO bank_returns (redemption_id, payout_id, transfer_id, account_id, amount_cents, reason, returned_at, next_try_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    input.redemptionId,
    input.payoutId,
    row.payout_reference,
    input.accountId,
    row.amount_cents,
    input.reason.slice(0, 500),
    tx.now,
    tx.now + retry.firstMs,
  );
  recordStepInTx(tx, input.redemptionId, "bank-returned", bankReturnedNote(input.reason));
  projectBankReturnInTx(tx, input.redemptionId);
  tx.noteChange();
  return { ok: true, recorded: true, reversal: reversalOf(readReturn(tx, input.redemptionId)!) };
}

/**
 * The provider has taken the returned payout's transfer back: the amount comes back to the
 * balance (repaying what is owed first), the redemption reads returned with the reason, and it
 * leaves the public winners list. Once; `recorded` false when nothing was left to do.
 */
export function bankReturnReversedInTx(tx: Ledger, redemptionId: string): { ok: true; recorded: boolean } {
  const row = readReturn(tx, redemptionId);
  if (!row || row.reversed_at !== null) return { ok: true, recorded: false };
  tx.post({ currency: "cash", amount: row.amount_cents, reason: "redemption_refund", reference: redemptionId });
  tx.sql.exec(
    "UPDATE redemptions SET status = 'failed', failure_reason = ?, updated_at = ? WHERE id = ?",
    BANK_RETURN_REASON,
    tx.now,
    redemptionId,
  );
  tx.sql.exec("UPDATE bank_returns SET reversed_at = ? WHERE redemption_id = ?", tx.now, redemptionId);
  recordStepInTx(tx, redemptionId, "returned", BANK_RETURN_REASON);
  const withdrawn: WinnerWithdrawn = { redemptionId, withdrawn: true };
  writeOutboxRow(tx.sql, WINNER_TOPIC, withdrawn, tx.now);
  projectRedemptionTimelineInTx(tx, redemptionId);
  projectBankReturnInTx(tx, redemptionId);
  noticeRedemptionInTx(tx, { id: redemptionId, status: "failed", amountCents: row.amount_cents });
  tx.noteChange();
  return { ok: true, recorded: true };
}

/** The outbox topic of a return's state (worker/user-wallet.ts registers `bankReturnProjection`). */
export const BANK_RETURN_TOPIC = "bank_return";

/** A return as D1 `bank_returns` keeps it: the whole row, the latest written last. */
export type BankReturnPayload = {
  redemptionId: string;
  userId: string;
  amountCents: number;
  reason: string;
  returnedAt: number;
  tries: number;
  lastError: string | null;
  nextTryAt: number | null;
  reversedAt: number | null;
  at: number;
};

/** Writes the return's state as it stands in this transaction to the outbox. */
function projectBankReturnInTx(tx: Ledger, redemptionId: string): void {
  const row = tx.sql
    .exec<{
      amount_cents: number;
      reason: string;
      returned_at: number;
      tries: number;
      last_error: string | null;
      next_try_at: number;
      reversed_at: number | null;
    }>(
      "SELECT amount_cents, reason, returned_at, tries, last_error, next_try_at, reversed_at FROM bank_returns WHERE redemption_id = ?",
      redemptionId,
    )
    .toArray()[0];
  if (!row) return;
  const payload: BankReturnPayload = {
    redemptionId,
    userId: tx.userId,
    amountCents: row.amount_cents,
    reason: row.reason,
    returnedAt: row.returned_at,
    tries: row.tries,
    lastError: row.last_error,
    nextTryAt: row.reversed_at === null ? row.next_try_at : null,
    reversedAt: row.reversed_at,
    at: tx.now,
  };
  writeOutboxRow(tx.sql, BANK_RETURN_TOPIC, payload, tx.now);
  tx.noteChange();
}

/** The outbox topic `bank_return`: one D1 row per return, the latest state kept. */
export function bankReturnProjection(db: D1Database, payload: string): D1PreparedStatement[] {
  const p = JSON.parse(payload) as BankReturnPayload;
  return [
    db
      .prepare(
        `INSERT INTO bank_returns (redemption_id, user_id, amount_cents, reason, returned_at, tries, last_error, next_try_at, reversed_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (redemption_id) DO UPDATE SET tries = excluded.tries, last_error = excluded.last_error,
           next_try_at = excluded.next_try_at, reversed_at = excluded.reversed_at, updated_at = excluded.updated_at
         WHERE excluded.updated_at >= bank_returns.updated_at`,
      )
      .bind(p.redemptionId, p.userId, p.amountCents, p.reason, p.returnedAt, p.tries, p.lastError, p.nextTryAt, p.reversedAt, p.at),
  ];
}

/** A try at taking the transfer back failed: the next waits longer (owedRefundTryFailedInTx), and operators see why. */
export function bankReturnTryFailedInTx(
  tx: Ledger,
  input: { redemptionId: string; reason: string; retry: DeclinedRefundRetry },
): { ok: true } {
  owedRefundTryFailedInTx(tx, { table: "bank_returns", key: input.redemptionId, reason: input.reason, retry: input.retry });
  projectBankReturnInTx(tx, input.redemptionId);
  return { ok: true };
}

/** Returned payouts whose transfer is due a try at the provider now. */
export function dueBankReturnsInTx(tx: Ledger): BankReversal[] {
  return tx.sql
    .exec<ReturnRow>(
      `SELECT redemption_id, transfer_id, account_id, amount_cents, reversed_at FROM bank_returns
        WHERE reversed_at IS NULL AND next_try_at <= ? ORDER BY next_try_at, redemption_id`,
      tx.now,
    )
    .toArray()
    .flatMap((row) => reversalOf(row) ?? []);
}

/** When the alarm should next try to take a returned payout's transfer back, or null when none waits. */
export function nextBankReturnInTx(tx: Ledger): number | null {
  return (
    tx.sql.exec<{ next: number | null }>("SELECT MIN(next_try_at) AS next FROM bank_returns WHERE reversed_at IS NULL").one().next ?? null
  );
}
