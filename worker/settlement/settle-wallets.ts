// Calls players' wallets to settle finished games, a bounded number at a time. The queue
// consumer comes through here for every settlement message. Each wallet call grades and
// pays in one Durable Object transaction and is safe to repeat, so a call that fails (or
// whose answer is lost) is simply made again by the message's retry.
import { settlementWallet, type EventOutcome, type SettlementSummary } from "./wallet";

export type WalletWork = { userId: string; outcomes: EventOutcome[] };

export type WalletCallResult = { ok: true; summary: SettlementSummary } | { ok: false; error: unknown };

/** Settles each item's wallet, at most `concurrency` calls in flight; results in input order. */
export async function settleWallets(env: Env, work: readonly WalletWork[], now: number, concurrency: number): Promise<WalletCallResult[]> {
  const results: WalletCallResult[] = new Array(work.length);
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const index = next++;
      const item = work[index]!;
      try {
        results[index] = { ok: true, summary: await settlementWallet(env, item.userId).applyEventResults(item.userId, item.outcomes, now) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, work.length)) }, worker));
  return results;
}
