// The kernel's own RPC methods: balances, the ledger and its audits, bets as stored, and the
// operator's hold and adjustment (an account flag and a correcting transfer). Installed on
// the composed wallet beside the features' tables; callers type the stub `KernelWallet`.
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { listBetsInTx, readBet, type BetsCursor, type ListBetsInput } from "./bet-rows";
import { auditLedgerInTx, ledgerRowsInTx, type LedgerRow } from "./ledger-audit";
import {
  adjustBalanceInTx,
  readFreeze,
  setFreezeInTx,
  type AdjustmentInput,
  type AdjustmentResult,
  type FreezeInput,
  type FreezeResult,
  type FreezeState,
  type OperatorAudit,
} from "./operator-actions";
import { playthroughAudit } from "./playthrough";
import type { WalletHost, WalletMethods } from "./wallet-object";

export const kernelMethods = {
  async getBalances(host: WalletHost, userId: string, now: number): Promise<WalletBalances> {
    return host.read(userId, now, (tx) => tx.balances());
  },

  /** The ledger, newest first; operators and tests use it to audit the invariant. */
  async getLedger(host: WalletHost, userId: string, now: number, limit = 500): Promise<LedgerRow[]> {
    return host.read(userId, now, (tx) => ledgerRowsInTx(tx, limit));
  },

  /** Ledger sums per currency next to the balances, and the house accounts beside them: equal and zero, always. */
  async auditLedger(host: WalletHost, userId: string, now: number) {
    return host.read(userId, now, (tx) => auditLedgerInTx(tx));
  },

  /** `auditLedger` after draining the outbox, so the D1 projection can be compared too ("Check ledger"). */
  async auditLedgerDrained(host: WalletHost, userId: string, now: number) {
    await host.flushOutbox();
    return host.read(userId, now, (tx) => auditLedgerInTx(tx));
  },

  /** The play-through figure next to the sum of its moves (equal, always), for audits and tests. */
  async auditPlaythrough(host: WalletHost, userId: string, now: number) {
    return host.read(userId, now, (tx) => playthroughAudit(tx));
  },

  async listBets(
    host: WalletHost,
    userId: string,
    input: ListBetsInput,
    now: number,
  ): Promise<{ bets: BetDocument[]; next: BetsCursor | null }> {
    return host.read(userId, now, (tx) => listBetsInTx(tx.sql, input));
  },

  /** One of the player's bets, or null when they have none by that id. */
  async getBet(host: WalletHost, userId: string, betId: string, now: number): Promise<BetDocument | null> {
    return host.read(userId, now, (tx) => readBet(tx.sql, betId));
  },

  /**
   * Freezes or unfreezes with its audit row; waits for the D1 projection so the audit log
   * shows it. Unfreezing rings the alarm at once, so payouts held by the freeze are sent. An
   * unfreeze lifts only the freeze it was asked against (`asked`).
   */
  async setFreeze(host: WalletHost, userId: string, input: FreezeInput, now: number): Promise<FreezeResult> {
    const result = host.transact(userId, now, (tx) => setFreezeInTx(tx, input));
    if (result.ok && result.changed) await host.flushOutbox();
    if (result.ok && result.changed && !input.frozen) await host.wakeBy(Date.now());
    return result;
  },

  async getFreeze(host: WalletHost, userId: string, now: number): Promise<FreezeState> {
    return host.read(userId, now, (tx) => readFreeze(tx));
  },

  /**
   * A manual adjustment with its audit row (applied directly, or by an approved request
   * whose id is the adjustment id); waits for the D1 projection so the console's next read agrees.
   */
  async adjustBalance(
    host: WalletHost,
    userId: string,
    input: AdjustmentInput,
    audit: OperatorAudit,
    now: number,
  ): Promise<AdjustmentResult> {
    const result = host.transact(userId, now, (tx) => adjustBalanceInTx(tx, input, audit));
    await host.flushOutbox();
    return result;
  },

  /** Drains the outbox to D1 now (see outbox.ts); concurrent callers share one drain. */
  async flushOutbox(host: WalletHost): Promise<void> {
    await host.flushOutbox();
  },

  /** Closes the live sockets opened under one sign-in (its logout), refusing it new ones until `refuseUntil`; answers how many. */
  async closeLiveSockets(host: WalletHost, sessionId: string, refuseUntil: number): Promise<number> {
    return host.closeLiveSockets(sessionId, refuseUntil);
  },
};

/** The kernel's methods as a caller's stub sees them. */
export type KernelWallet = WalletMethods<typeof kernelMethods>;
