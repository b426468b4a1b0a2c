// Hands finished games to the players' wallets. Cron and the operator route both come
// through here, so there is one settlement path. Each wallet call grades and pays in
// one Durable Object transaction and is safe to repeat; a failed call is counted and
// left for the next run (its legs stay open in D1, so they are found again).
import { getUserWallet } from "../wallet/get-user-wallet";
import type { EventOutcome } from "../wallet/settlement-operations";

export type WalletWork = { userId: string; outcomes: EventOutcome[] };

export type WalletTotals = {
  walletsCalled: number;
  walletErrors: number;
  legsGraded: number;
  betsSettled: number;
  paid: { coins: number; cash: number };
};

export function emptyTotals(): WalletTotals {
  return { walletsCalled: 0, walletErrors: 0, legsGraded: 0, betsSettled: 0, paid: { coins: 0, cash: 0 } };
}

/** Calls each player's wallet, at most `concurrency` at a time. */
export async function settleWallets(env: Env, work: readonly WalletWork[], now: number, concurrency: number): Promise<WalletTotals> {
  const totals = emptyTotals();
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const item = work[next++]!;
      totals.walletsCalled += 1;
      try {
        const summary = await getUserWallet(env, item.userId).applyEventResults(item.userId, item.outcomes, now);
        totals.legsGraded += summary.gradedLegs;
        totals.betsSettled += summary.settledBets;
        totals.paid.coins += summary.paid.coins;
        totals.paid.cash += summary.paid.cash;
      } catch (err) {
        totals.walletErrors += 1;
        console.error(`settlement: wallet ${item.userId} failed; will retry next run`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, work.length)) }, worker));
  return totals;
}
