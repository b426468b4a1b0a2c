// The storage schema of one player's wallet Durable Object (SQLite). Documented here
// because it is the source of truth for that player's money:
//
//   wallet       one row (id = 1): balances in minor units (coins, Vantage Cash cents),
//                daily-bonus day/streak, and `version`, bumped by every change (it orders
//                the D1 projection). CHECKs make a negative balance impossible.
//   ledger       one row per balance change: currency, signed amount, balance after,
//                reason and reference. UNIQUE(currency, reason, reference) is what makes
//                every credit idempotent: a replayed reference cannot post twice.
//                Invariant: SUM(amount) per currency = the wallet balance.
//   bets         the player's bets, legs and leg results as JSON, `version` per bet.
//   idempotency  first answer per client Idempotency-Key, replayed on retries.
//   outbox       projection rows waiting to be written to D1 (drained after each
//                operation, retried by the alarm until D1 accepts them).
//   redemptions  Vantage Cash redemptions: held amount, payout status.
//   meta         small key/values (e.g. the player's payout account).
//   playthrough  one row (id = 1, absent until first needed = 0): `to_play`, the Vantage
//                Cash cents still to be staked before purchased/bonus cash is redeemable
//                (rules in playthrough.ts). Wallets older than it start at 0.
//   playthrough_moves  one row per change of `to_play`: applied signed amount, figure
//                after, reason and reference. UNIQUE(reason, reference) makes each move
//                happen once. Invariant: SUM(amount) = playthrough.to_play.
//   Player protection (issue 14; rules in src/shared/protection.ts, reads and writes in
//   worker/protection/protection-store.ts), checked inside the transaction that moves money:
//   protection           one row (id = 1) once set: the confirmed date of birth, the end of a
//                        timed break (`break_until`, epoch ms) and `closed` ('permanent' by the
//                        player, 'under-age' by the age rule; only an operator reopens).
//   protection_limits    one row per player limit (name as in LIMIT_NAMES), in minor units
//                        (Coins, Vantage Cash cents, purchase cents); `value` NULL = no limit.
//                        A waiting raise or removal: `pending_at` (when it takes effect) and
//                        `pending_value` (NULL = removal).
//   protection_purchases one row per credited coin pack (reference = Checkout Session id) with
//                        the dollars paid, counted toward the purchase limits.
//   purchase_holds       open checkouts counted toward the purchase limits until their
//                        session is credited or `expires_at` passes.
//   owed_ledger  what reversals could not take (issue 12), one row per movement: +amount
//                when a reversal finds the balance short, -amount when a later credit
//                repays it (reason `owed_repayment`, reference `<credit reason>:<credit
//                reference>`, mirrored by a debit of the same reason in `ledger`).
//                `owed_after` is what is owed after the row, never negative; the owed
//                amount is the newest row's `owed_after` = SUM(amount) per currency.
//                UNIQUE(currency, reason, reference) as in `ledger`.
//   purchases    coin packs paid (issue 12): the Checkout Session, its PaymentIntent and
//                what the pack credited, plus what is reversed now (`reversed_*`), what
//                refunds demand reversed (`refund_*`, cumulative) and the refunded
//                amount already handled (`refunded_cents`, Stripe's cumulative
//                `amount_refunded`). Reversals reconcile `reversed_*` towards the target.
//   disputes     card disputes on those purchases, one row per Stripe dispute id, with
//                Stripe's status and `open` (1 from `created` until `closed`). A dispute
//                that is not `won` keeps its pack reversed; any open one pauses
//                redemptions.
//   payout_attempts  one row per redemption whose transfer was attempted (issue 12): the
//                idempotency key in use and when it was first sent (Stripe keeps keys
//                24 h), a lease so only one attempt runs at a time, and when the next
//                background retry is due.
//   account_freeze  one row (id = 1) once an operator froze the account (issue 15):
//                `frozen` (1 = no bet, purchase, bonus or redemption), the operator's
//                reason (shown to operators only), who and when. Checked by gatePlay.
//   admin_adjustments  one row per operator adjustment id (issue 15) with what it asked
//                for, so a retried request answers the same and moves nothing twice.
export const WALLET_SCHEMA_VERSION = 1;

export const WALLET_SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
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
  `CREATE TABLE IF NOT EXISTS idempotency (
     key TEXT PRIMARY KEY,
     response TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS idempotency_created_idx ON idempotency (created_at)`,
  `CREATE TABLE IF NOT EXISTS outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     topic TEXT NOT NULL,
     payload TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS redemptions (
     id TEXT PRIMARY KEY,
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     status TEXT NOT NULL,
     failure_reason TEXT,
     payout_reference TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS playthrough (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     to_play INTEGER NOT NULL CHECK (to_play >= 0)
   )`,
  `CREATE TABLE IF NOT EXISTS playthrough_moves (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     amount INTEGER NOT NULL,
     to_play_after INTEGER NOT NULL CHECK (to_play_after >= 0),
     reason TEXT NOT NULL,
     reference TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     UNIQUE (reason, reference)
   )`,
  `CREATE TABLE IF NOT EXISTS protection (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     date_of_birth TEXT,
     date_of_birth_at INTEGER,
     break_until INTEGER,
     closed TEXT CHECK (closed IN ('permanent', 'under-age')),
     closed_at INTEGER,
     updated_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS protection_limits (
     name TEXT PRIMARY KEY,
     value INTEGER CHECK (value >= 0),
     pending_value INTEGER CHECK (pending_value >= 0),
     pending_at INTEGER,
     updated_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS protection_purchases (
     reference TEXT PRIMARY KEY,
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     created_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS protection_purchases_created_idx ON protection_purchases (created_at)`,
  `CREATE TABLE IF NOT EXISTS purchase_holds (
     id TEXT PRIMARY KEY,
     session_id TEXT,
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS purchase_holds_session_idx ON purchase_holds (session_id)`,
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
  `CREATE TABLE IF NOT EXISTS purchases (
     checkout_session_id TEXT PRIMARY KEY,
     payment_intent TEXT,
     amount_cents INTEGER NOT NULL,
     coins INTEGER NOT NULL,
     cash_cents INTEGER NOT NULL,
     reversed_coins INTEGER NOT NULL DEFAULT 0,
     reversed_cash INTEGER NOT NULL DEFAULT 0,
     refund_coins INTEGER NOT NULL DEFAULT 0,
     refund_cash INTEGER NOT NULL DEFAULT 0,
     refunded_cents INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS purchases_payment_intent_idx ON purchases (payment_intent)`,
  `CREATE TABLE IF NOT EXISTS disputes (
     id TEXT PRIMARY KEY,
     checkout_session_id TEXT NOT NULL,
     status TEXT NOT NULL,
     open INTEGER NOT NULL CHECK (open IN (0, 1)),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS payout_attempts (
     redemption_id TEXT PRIMARY KEY,
     idempotency_key TEXT NOT NULL,
     key_first_used_at INTEGER NOT NULL,
     lease_until INTEGER NOT NULL,
     attempts INTEGER NOT NULL,
     next_retry_at INTEGER
   )`,
  `CREATE TABLE IF NOT EXISTS account_freeze (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     frozen INTEGER NOT NULL CHECK (frozen IN (0, 1)),
     reason TEXT NOT NULL,
     actor TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS admin_adjustments (
     adjustment_id TEXT PRIMARY KEY,
     currency TEXT NOT NULL,
     amount INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   )`,
];
