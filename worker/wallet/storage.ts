// The kernel's tables in the wallet's storage, as steps of the numbered ladder the root
// composes (worker/wallet-schema.ts, which keeps each rung's purpose): a step shipped is
// never edited, reordered or removed, since live wallets have already run it. A new kernel
// table, column or index is a step under the next rung's number.
//
// Tables (one line each; the statements below say more):
//   meta                  the ladder's own record: `schema_version`
//   wallet                the balances (Coins, Vantage Cash cents), daily-bonus state and change version
//   ledger                one row per balance change; its sums are the balances
//   bets                  the player's bets with their legs and results
//   idempotency           the first answer per Idempotency-Key, replayed on retries
//   outbox                changes waiting to be projected to D1
//   playthrough           Vantage Cash still to be staked before it may be redeemed
//   playthrough_moves     one row per change of that figure; its sum is the figure
//   purchase_holds        open checkouts, counted toward the purchase limits
//   owed_ledger           what reversals could not take, and its repayment
//   account_freeze        an operator's hold on the account
//   admin_adjustments     operator adjustments already applied, by id
//   playthrough_games     per game: what the player's Vantage Cash bets on it count toward play-through; a group of
//                         games linked by settled cash parlays is counted on its first game's row (3)
//   operator_actions      the audit row of each operator action, written with the action (5)
//   bet_cash_outs         per bet, the share of its stake cashed out and what that paid (9)
//   bet_same_game         per parlay, its same-game blocks: legs, price, chance, margin and model (12)
//   house_accounts        the house side of every ledger row: per house account and currency, debits and credits
//                         posted (14). Double entry (accounts.ts): per currency, the player's balance plus the
//                         house accounts' balances (credits − debits) sums to zero; `owed` is minus what is owed
import { houseAccountsFromLedgerSql } from "./accounts";
import type { WalletStorageStep } from "./schema-migrations";

/** Its tables when the ladder began (rungs 1 and 2). */
const AT_LADDER_START: readonly string[] = [
  // `meta`: small key/values of the wallet itself; today only `schema_version`, the rung of this ladder the wallet is on.
  `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // `wallet`: one row (id = 1): balances in minor units (coins, Vantage Cash cents), the
  // daily-bonus day and streak, and `version`, bumped by every change (it orders the D1
  // projection). CHECKs make a negative balance impossible.
  `CREATE TABLE IF NOT EXISTS wallet (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     user_id TEXT NOT NULL,
     coins INTEGER NOT NULL CHECK (coins >= 0),
     cash_cents INTEGER NOT NULL CHECK (cash_cents >= 0),
     last_bonus_day_et TEXT NOT NULL DEFAULT '',
     bonus_streak INTEGER NOT NULL DEFAULT 0,
     version INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  // `ledger`: one row per balance change: currency, signed amount, balance after, reason and
  // reference. UNIQUE(currency, reason, reference) makes every credit idempotent: a replayed
  // reference cannot post twice. Invariant: SUM(amount) per currency = the wallet balance.
  `CREATE TABLE IF NOT EXISTS ledger (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     currency TEXT NOT NULL CHECK (currency IN ('coins', 'cash')),
     amount INTEGER NOT NULL,
     balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
     reason TEXT NOT NULL,
     reference TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     UNIQUE (currency, reason, reference)
   )`,
  // `bets`: the player's bets, legs and leg results as JSON, with a `version` per bet (it orders the projection).
  `CREATE TABLE IF NOT EXISTS bets (
     id TEXT PRIMARY KEY,
     slip_id TEXT NOT NULL,
     wallet TEXT NOT NULL,
     kind TEXT NOT NULL,
     status TEXT NOT NULL,
     result TEXT,
     stake INTEGER NOT NULL,
     to_win INTEGER NOT NULL,
     payout_paid INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     settled_at INTEGER,
     legs TEXT NOT NULL,
     leg_results TEXT NOT NULL,
     version INTEGER NOT NULL DEFAULT 1
   )`,
  `CREATE INDEX IF NOT EXISTS bets_created_idx ON bets (created_at)`,
  `CREATE INDEX IF NOT EXISTS bets_status_idx ON bets (status, created_at)`,
  // `idempotency`: the first answer per client Idempotency-Key, replayed on retries; kept
  // IDEMPOTENCY_KEEP_MS (7 days), then pruned by the alarm (wallet-object.ts).
  `CREATE TABLE IF NOT EXISTS idempotency (
     key TEXT PRIMARY KEY,
     response TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS idempotency_created_idx ON idempotency (created_at)`,
  // `outbox`: projection rows waiting to be written to D1 (outbox.ts: drained after each
  // change, retried by the alarm until D1 accepts them).
  `CREATE TABLE IF NOT EXISTS outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     topic TEXT NOT NULL,
     payload TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  // `playthrough`: one row (id = 1, absent until first needed = 0): `to_play`, the Vantage Cash cents
  // still to be staked before purchased or bonus cash is redeemable (rules in playthrough.ts).
  `CREATE TABLE IF NOT EXISTS playthrough (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     to_play INTEGER NOT NULL CHECK (to_play >= 0)
   )`,
  // `playthrough_moves`: one row per change of `to_play`: applied signed amount, figure after, reason
  // and reference. UNIQUE(reason, reference) makes each move happen once.
  // Invariant: SUM(amount) = playthrough.to_play.
  `CREATE TABLE IF NOT EXISTS playthrough_moves (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     amount INTEGER NOT NULL,
     to_play_after INTEGER NOT NULL CHECK (to_play_after >= 0),
     reason TEXT NOT NULL,
     reference TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     UNIQUE (reason, reference)
   )`,
  // `purchase_holds`: open checkouts, counted toward the purchase limits until their session is
  // credited or `expires_at` passes.
  `CREATE TABLE IF NOT EXISTS purchase_holds (
     id TEXT PRIMARY KEY,
     session_id TEXT,
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS purchase_holds_session_idx ON purchase_holds (session_id)`,
  // `owed_ledger`: what reversals could not take, one row per movement: +amount when a reversal
  // finds the balance short, -amount when a later credit repays it (reason `owed_repayment`,
  // reference `<credit reason>:<credit reference>`, mirrored by a debit of the same reason in
  // `ledger`). `owed_after` is what is owed after the row, never negative; the owed amount
  // is the newest row's `owed_after` = SUM(amount) per currency. UNIQUE as in `ledger`.
  `CREATE TABLE IF NOT EXISTS owed_ledger (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     currency TEXT NOT NULL CHECK (currency IN ('coins', 'cash')),
     amount INTEGER NOT NULL,
     owed_after INTEGER NOT NULL CHECK (owed_after >= 0),
     reason TEXT NOT NULL,
     reference TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     UNIQUE (currency, reason, reference)
   )`,
  `CREATE INDEX IF NOT EXISTS owed_ledger_currency_idx ON owed_ledger (currency, seq)`,
  // `account_freeze`: one row (id = 1) once an operator froze the account: `frozen` (1 = no bet,
  // purchase, bonus or redemption), the operator's reason (shown to operators only), who and
  // when. Checked by gatePlay.
  `CREATE TABLE IF NOT EXISTS account_freeze (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     frozen INTEGER NOT NULL CHECK (frozen IN (0, 1)),
     reason TEXT NOT NULL,
     actor TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  // `admin_adjustments`: one row per operator adjustment id with what it asked for, so a retried
  // request answers the same and moves nothing twice.
  `CREATE TABLE IF NOT EXISTS admin_adjustments (
     adjustment_id TEXT PRIMARY KEY,
     currency TEXT NOT NULL,
     amount INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   )`,
];

export const KERNEL_STORAGE: readonly WalletStorageStep[] = [
  { version: 1, statements: AT_LADDER_START },
  { version: 2, statements: AT_LADDER_START },
  {
    version: 3,
    statements: [
      // `playthrough_games`: one row per game the player's cash singles settled on: `counted`, the
      // worst-case loss the rule last gave (playthrough-risk.ts), `taken`, what the game's moves took off
      // what is still to play (less than `counted` when the figure ran out), and `moves`, how many
      // `game_risk` moves it has made (their references are `<event id>`, then `<event id>:<n>`).
      `CREATE TABLE IF NOT EXISTS playthrough_games (
         event_id TEXT PRIMARY KEY,
         counted INTEGER NOT NULL CHECK (counted >= 0),
         taken INTEGER NOT NULL,
         moves INTEGER NOT NULL CHECK (moves >= 0),
         updated_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 5,
    statements: [
      // `operator_actions`: append-only, one row per operator action: what (`action`), who (the
      // operator's e-mail), why, and JSON particulars (amounts, the approval it carries out).
      // `seq` makes its D1 ref `wallet:<player id>:<seq>`, so a replayed outbox adds it once.
      `CREATE TABLE IF NOT EXISTS operator_actions (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         action TEXT NOT NULL,
         actor TEXT NOT NULL,
         reason TEXT NOT NULL,
         details TEXT NOT NULL,
         created_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 6,
    statements: [
      // Loss limits sum the stakes and payouts of a wallet's bets settled in a period.
      `CREATE INDEX IF NOT EXISTS bets_settled_idx ON bets (wallet, status, settled_at)`,
    ],
  },
  {
    version: 9,
    statements: [
      // `bet_cash_outs`: what was cashed out of a bet (one row per bet cashed out): the stake share
      // in minor units (the rest stays open) and what it paid. Its own table, so every rung of
      // the ladder stays re-runnable (bet-rows.ts joins it to `bets`).
      `CREATE TABLE IF NOT EXISTS bet_cash_outs (
         bet_id TEXT PRIMARY KEY NOT NULL,
         cashed_stake INTEGER NOT NULL CHECK (cashed_stake > 0),
         cashed_paid INTEGER NOT NULL CHECK (cashed_paid >= 0)
       )`,
    ],
  },
  {
    version: 12,
    statements: [
      // `bet_same_game`: one row per parlay with same-game blocks: the JSON array of its blocks
      // (src/shared/schemas/bets.ts SameGameBlockSchema), written with the bet and never changed.
      `CREATE TABLE IF NOT EXISTS bet_same_game (
         bet_id TEXT PRIMARY KEY NOT NULL,
         blocks TEXT NOT NULL
       )`,
    ],
  },
  {
    version: 14,
    statements: [
      // `house_accounts`: one row per house account (HOUSE_ACCOUNTS) and currency that moved:
      // what it was debited (the player credited from it) and credited (the player debited
      // to it); its balance is credits − debits. Ledger moves it in the posting's transaction.
      // The CHECK fails the rebuild below when a ledger reason has no house account.
      `CREATE TABLE IF NOT EXISTS house_accounts (
         account TEXT CONSTRAINT every_ledger_reason_has_a_house_account CHECK (account IS NOT NULL),
         currency TEXT NOT NULL CHECK (currency IN ('coins', 'cash')),
         debits_posted INTEGER NOT NULL CHECK (debits_posted >= 0),
         credits_posted INTEGER NOT NULL CHECK (credits_posted >= 0),
         PRIMARY KEY (account, currency)
       )`,
      // Rebuilt whole from the ledger and the owed ledger (so re-running it changes nothing),
      // with today's HOUSE_ACCOUNT_OF: moving a reason that has rows to another account needs
      // a new rung that runs this rebuild again.
      ...houseAccountsFromLedgerSql(),
    ],
  },
];
