// The house accounts a wallet's rows call for, worked out here in TypeScript rather than
// read from `house_accounts`: minus the ledger's sums by HOUSE_ACCOUNT_OF, and every
// amount recorded as owed moved from `owed` (the house's receivable) to its reason's
// account. The double-entry tests compare the wallet's running totals and migration 14's
// rebuild with it.
import type { WalletKind } from "../../src/shared/money";
import { HOUSE_ACCOUNT_OF, HOUSE_ACCOUNTS, type HouseAccount, type HouseBalances, type LedgerReason } from "../../worker/wallet/accounts";

type Row = { currency: WalletKind; amount: number; reason: LedgerReason };

export function houseAccountsByMapping(sql: SqlStorage): HouseBalances {
  const zero = () => Object.fromEntries(HOUSE_ACCOUNTS.map((account) => [account, 0])) as Record<HouseAccount, number>;
  const house: HouseBalances = { coins: zero(), cash: zero() };
  for (const row of sql.exec<Row>("SELECT currency, amount, reason FROM ledger")) {
    house[row.currency][HOUSE_ACCOUNT_OF[row.reason]] -= row.amount;
  }
  for (const row of sql.exec<Row>("SELECT currency, amount, reason FROM owed_ledger WHERE amount > 0")) {
    house[row.currency][HOUSE_ACCOUNT_OF[row.reason]] += row.amount;
    house[row.currency].owed -= row.amount;
  }
  return house;
}
