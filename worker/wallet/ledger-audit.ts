// Reads that check the wallet's invariants: the ledger itself, newest first, and its sums
// next to the balances (equal, always), with what is owed, the house accounts (with the
// player's balance they sum to zero per currency, always) and what still waits for D1.
// Operators ("Check ledger") and tests read them; they change nothing.
import type { WalletKind } from "../../src/shared/money";
import { houseBalances } from "./accounts";
import type { Ledger, LedgerReason } from "./ledger";
import { pendingOutboxRows } from "./outbox";

export type LedgerRow = {
  seq: number;
  currency: WalletKind;
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  reference: string;
  createdAt: number;
};

type LedgerSqlRow = {
  seq: number;
  currency: WalletKind;
  amount: number;
  balance_after: number;
  reason: LedgerReason;
  reference: string;
  created_at: number;
};

export function ledgerRowsInTx(tx: Ledger, limit: number): LedgerRow[] {
  return tx.sql
    .exec<LedgerSqlRow>("SELECT * FROM ledger ORDER BY seq DESC LIMIT ?", limit)
    .toArray()
    .map((r) => ({
      seq: r.seq,
      currency: r.currency,
      amount: r.amount,
      balanceAfter: r.balance_after,
      reason: r.reason,
      reference: r.reference,
      createdAt: r.created_at,
    }));
}

function sumsByCurrency(tx: Ledger, table: "ledger" | "owed_ledger"): (currency: WalletKind) => number {
  const sums = tx.sql
    .exec<{ currency: WalletKind; total: number }>(`SELECT currency, SUM(amount) AS total FROM ${table} GROUP BY currency`)
    .toArray();
  return (currency) => sums.find((s) => s.currency === currency)?.total ?? 0;
}

/** Ledger sums per currency next to the balances: equal, always. */
export function auditLedgerInTx(tx: Ledger) {
  const sum = sumsByCurrency(tx, "ledger");
  const owedSum = sumsByCurrency(tx, "owed_ledger");
  const balances = tx.balances();
  const houseAccounts = houseBalances(tx.sql);
  const toZero = (currency: WalletKind, balance: number) =>
    Object.values(houseAccounts[currency]).reduce((total, account) => total + account, balance) === 0;
  return {
    coins: { balance: balances.coinBalance, ledgerSum: sum("coins") },
    cash: { balance: balances.vantageCash, ledgerSum: sum("cash") },
    /** What is owed (the newest owed row) next to the owed ledger's sum: equal, always. */
    owed: {
      coins: { owed: tx.owed("coins"), ledgerSum: owedSum("coins") },
      cash: { owed: tx.owed("cash"), ledgerSum: owedSum("cash") },
    },
    /** Each house account's balance (credits − debits) per currency; `owed` is minus what is owed. */
    houseAccounts,
    /** Per currency, the player's balance plus the house accounts' balances is zero: true, always. */
    balancesToZero: toZero("coins", balances.coinBalance) && toZero("cash", balances.vantageCash),
    pendingOutbox: pendingOutboxRows(tx.sql),
  };
}
