// The wallet's ledger is double-entry, in TigerBeetle's vocabulary: every ledger row is
// one transfer between two accounts of one currency (ledger): the player's account and
// the house account its reason names. A credit to the player debits the house account;
// a debit of the player credits it. Each account's balance is credits_posted −
// debits_posted, so for each currency the player's balance plus every house account's
// balance sums to zero, always: money is never made or lost inside the wallet, only
// moved, and the house accounts say where it came from and went.
//
// The ledger's reasons and the house accounts are named here, and every reason maps to
// exactly one account (HOUSE_ACCOUNT_OF is a Record over the whole union, so a new reason
// does not compile until it has an account; ledger.ts re-exports LedgerReason). Their running totals live in the wallet's `house_accounts`
// table, moved by Ledger in the same transaction as the player's balance; migration 14
// built them from each wallet's ledger with the same mapping (houseAccountsFromLedgerSql).
//
// What is owed: a take-back (Ledger.takeBack) that finds the balance short still moves
// the whole amount to its house account; the part the player could not give is paid by
// `owed`, the house's receivable (a transfer between two house accounts). A later credit
// that repays it is a transfer from the player to `owed` (reason `owed_repayment`). So
// `owed`'s balance is minus what the player owes now (the owed ledger's sum), and the
// sum to zero holds whatever is owed.
import type { WalletKind } from "../../src/shared/money";

/** Why a balance moved: every ledger and owed-ledger row names one (ledger.ts posts them). */
export type LedgerReason =
  | "opening_balance"
  | "bet_stake"
  | "bet_payout"
  | "daily_bonus"
  | "streak_bonus"
  | "purchase"
  | "redemption_hold"
  | "redemption_refund"
  | "admin_adjustment"
  | "dispute_reversal"
  | "dispute_restore"
  | "refund_reversal"
  | "owed_repayment"
  | "bet_correction"
  | "free_entry"
  | "bet_cash_out";

export const HOUSE_ACCOUNTS = [
  "opening",
  "stakes",
  "payouts",
  "cash_outs",
  "bonuses",
  "purchases",
  "free_entry",
  "redemptions",
  "adjustments",
  "reversals",
  "owed",
] as const;

export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

/**
 * The house side of each ledger reason. A result correction moves what a settled bet paid,
 * so it sits with the payouts: stakes + payouts + cash_outs is the house's result on bets.
 */
export const HOUSE_ACCOUNT_OF: Record<LedgerReason, HouseAccount> = {
  opening_balance: "opening",
  bet_stake: "stakes",
  bet_payout: "payouts",
  bet_correction: "payouts",
  bet_cash_out: "cash_outs",
  daily_bonus: "bonuses",
  streak_bonus: "bonuses",
  purchase: "purchases",
  free_entry: "free_entry",
  redemption_hold: "redemptions",
  redemption_refund: "redemptions",
  admin_adjustment: "adjustments",
  dispute_reversal: "reversals",
  dispute_restore: "reversals",
  refund_reversal: "reversals",
  owed_repayment: "owed",
};

/** Per currency, each house account's balance (credits − debits), every account named. */
export type HouseBalances = Record<WalletKind, Record<HouseAccount, number>>;

const POST_SQL = `INSERT INTO house_accounts (account, currency, debits_posted, credits_posted) VALUES (?, ?, ?, ?)
  ON CONFLICT (account, currency) DO UPDATE SET
    debits_posted = debits_posted + excluded.debits_posted, credits_posted = credits_posted + excluded.credits_posted`;

/** The house side of a transfer with the player, who moved by `playerAmount` (signed, as in the ledger). */
export function postHouseSide(sql: SqlStorage, currency: WalletKind, account: HouseAccount, playerAmount: number): void {
  sql.exec(POST_SQL, account, currency, Math.max(playerAmount, 0), Math.max(-playerAmount, 0));
}

/** A transfer between two house accounts (`amount` > 0): what is owed paying a take-back's account. */
export function postHouseTransfer(sql: SqlStorage, currency: WalletKind, debit: HouseAccount, credit: HouseAccount, amount: number): void {
  sql.exec(POST_SQL, debit, currency, amount, 0);
  sql.exec(POST_SQL, credit, currency, 0, amount);
}

export function houseBalances(sql: SqlStorage): HouseBalances {
  const zero = () => Object.fromEntries(HOUSE_ACCOUNTS.map((account) => [account, 0])) as Record<HouseAccount, number>;
  const balances: HouseBalances = { coins: zero(), cash: zero() };
  const rows = sql.exec<{ account: HouseAccount; currency: WalletKind; balance: number }>(
    "SELECT account, currency, credits_posted - debits_posted AS balance FROM house_accounts",
  );
  for (const row of rows) balances[row.currency][row.account] = row.balance;
  return balances;
}

/** SQL naming the house account of the ledger reason in `column`; NULL for a reason without one. */
function houseAccountCase(column: string): string {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const arms = Object.entries(HOUSE_ACCOUNT_OF).map(([reason, account]) => `WHEN ${quote(reason)} THEN ${quote(account)}`);
  return `CASE ${column} ${arms.join(" ")} END`;
}

/**
 * Rebuilds `house_accounts` from the ledger and the owed ledger with HOUSE_ACCOUNT_OF:
 * every ledger row's house side, and every amount recorded as owed as a transfer from
 * `owed` to its reason's account. A row whose reason has no house account makes the
 * insert fail its CHECK, so the migration's transaction changes nothing.
 */
export function houseAccountsFromLedgerSql(): readonly string[] {
  return [
    "DELETE FROM house_accounts",
    `INSERT INTO house_accounts (account, currency, debits_posted, credits_posted)
       SELECT account, currency, SUM(debit), SUM(credit) FROM (
         SELECT ${houseAccountCase("reason")} AS account, currency, MAX(amount, 0) AS debit, MAX(-amount, 0) AS credit FROM ledger
         UNION ALL
         SELECT ${houseAccountCase("reason")}, currency, 0, amount FROM owed_ledger WHERE amount > 0
         UNION ALL
         SELECT 'owed', currency, amount, 0 FROM owed_ledger WHERE amount > 0
       ) GROUP BY account, currency`,
  ];
}
