// An owed refund as the wallet keeps it (a declined pack's, an actionable fraud warning's):
// its row, bringing its next try forward, and ringing the wallet's alarm until it is made.
import { runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { vi } from "vitest";
import type { UserWallet } from "../../worker/user-wallet";
import { wallet, walletSqlOf } from "./settlement-fixtures";

/** The wallet table an owed refund waits in, and the column that names it. */
export type OwedRefunds = { table: "declined_refunds_due"; key: "checkout_session_id" } | { table: "fraud_refunds_due"; key: "warning_id" };
export const DECLINED_REFUNDS: OwedRefunds = { table: "declined_refunds_due", key: "checkout_session_id" };
export const FRAUD_REFUNDS: OwedRefunds = { table: "fraud_refunds_due", key: "warning_id" };

export type OwedRefundRow = { tries: number; next_try_at: number; last_error: string | null };

/** The owed refund's row, or null once it is made (or was never owed). */
export function owedRefundRow(userId: string, owed: OwedRefunds, id: string): Promise<OwedRefundRow | null> {
  return runInDurableObject(
    wallet(userId) as DurableObjectStub<UserWallet>,
    (instance: UserWallet) =>
      walletSqlOf(instance)
        .exec<OwedRefundRow>(`SELECT tries, next_try_at, last_error FROM ${owed.table} WHERE ${owed.key} = ?`, id)
        .toArray()[0] ?? null,
  );
}

/** Brings the alarm's next try forward to now, as if DECLINED_REFUND_RETRY_SECONDS had passed. */
export async function owedRefundDueNow(userId: string, owed: OwedRefunds, id: string): Promise<void> {
  await runInDurableObject(wallet(userId) as DurableObjectStub<UserWallet>, (instance: UserWallet) => {
    walletSqlOf(instance).exec(`UPDATE ${owed.table} SET next_try_at = ? WHERE ${owed.key} = ?`, Date.now(), id);
  });
}

/** Rings the wallet's alarm (the runtime's may ring first) until the refund is no longer owed. */
export async function refundedByAlarm(userId: string, owed: OwedRefunds, id: string): Promise<void> {
  await vi.waitUntil(
    async () => {
      await ringAlarm(wallet(userId));
      return (await owedRefundRow(userId, owed, id)) === null;
    },
    { timeout: 20_000, interval: 20 },
  );
}
