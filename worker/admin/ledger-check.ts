// "Check ledger": one wallet's money invariants side by side. The wallet's
// `auditLedger` gives each balance next to its ledger sum, what is owed next to the
// owed ledger's sum, and the house accounts of the double entry (worker/wallet/accounts.ts):
// per currency the balance plus every house account sums to zero, and the house's
// receivable `owed` is minus what the player owes; the D1 projection (`wallet_balances`) must show the wallet's
// balances once its outbox has drained. `ledgerMismatches` is pure, so the console, the
// `npm run audit` script and tests read the same verdict. The shapes are the console's
// contract (src/shared/schemas/operator-views.ts).
import type { HouseAccounts, LedgerCheck, Projection, WalletAudit } from "../../src/shared/schemas/operator-views";

export function ledgerMismatches(audit: WalletAudit, projection: Projection): string[] {
  const out: string[] = [];
  if (audit.coins.balance !== audit.coins.ledgerSum)
    out.push(`coins: balance ${audit.coins.balance} but ledger sums to ${audit.coins.ledgerSum}`);
  if (audit.cash.balance !== audit.cash.ledgerSum)
    out.push(`cash: balance ${audit.cash.balance} but ledger sums to ${audit.cash.ledgerSum}`);
  for (const currency of ["coins", "cash"] as const) {
    const owed = audit.owed[currency];
    if (owed.owed !== owed.ledgerSum) out.push(`${currency}: owed ${owed.owed} but the owed ledger sums to ${owed.ledgerSum}`);
    if (owed.owed < 0) out.push(`${currency}: owed is negative (${owed.owed})`);
    const house = audit.houseAccounts[currency];
    const total = Object.values(house).reduce((sum, balance) => sum + balance, audit[currency].balance);
    if (total !== 0) out.push(`${currency}: the balance and the house accounts sum to ${total}, not 0`);
    const receivable = house.owed ?? 0;
    if (receivable !== -owed.owed) out.push(`${currency}: the house's owed account is ${receivable} but the player owes ${owed.owed}`);
  }
  if (audit.coins.balance < 0 || audit.cash.balance < 0) out.push("a balance is negative");
  // The projection may lag while the outbox still holds rows; only a drained wallet must agree.
  if (audit.pendingOutbox === 0) {
    if (!projection) out.push("projection: no wallet_balances row in D1");
    else {
      if (projection.coinBalance !== audit.coins.balance)
        out.push(`projection: coins ${projection.coinBalance} in D1, ${audit.coins.balance} in the wallet`);
      if (projection.cashCents !== audit.cash.balance)
        out.push(`projection: cash ${projection.cashCents} in D1, ${audit.cash.balance} in the wallet`);
    }
  }
  return out;
}

/** The house accounts summed over the wallets checked: what the house holds, is owed and has won, per currency. */
export function houseTotals(checks: readonly LedgerCheck[]): HouseAccounts {
  const totals: HouseAccounts = { coins: {}, cash: {} };
  for (const { wallet } of checks) {
    for (const currency of ["coins", "cash"] as const) {
      for (const [account, balance] of Object.entries(wallet.houseAccounts[currency])) {
        totals[currency][account] = (totals[currency][account] ?? 0) + balance;
      }
    }
  }
  return totals;
}
