// Payments' tables in the wallet's storage, as steps of the numbered ladder the root
// composes (worker/wallet-schema.ts, which keeps each rung's purpose): a step shipped is
// never edited, reordered or removed, since live wallets have already run it.
//
// Tables (one line each; the statements below say more):
//   redemptions           Vantage Cash redemptions and their payout status
//   purchases             coin packs paid, and what of them is reversed
//   disputes              card disputes on those packs
//   payout_attempts       the transfer attempt of each redemption: key, lease, next retry
//   fraud_warnings        the card issuer's early fraud warnings on the player's packs, and operators' clearances (4)
//   redemption_steps      each redemption's timeline: requested, identity checked, review, sent, paid, returned (7)
//   redemption_reviews    redemptions waiting for (or decided by) an operator's review (7)
//   redemption_regions    where each redemption was requested from, for the winners list (8)
//   redemption_holds      why each redemption's payout attempts were held: identity, or a freeze or pause (16)
//   declined_purchases    paid packs declined (refunded, never credited): the player was on a break or closed, or the checkout withdrawn (18)
//   declined_refunds_due  declined packs whose refund is still owed, and when the alarm tries the provider again (19)
//   fraud_refunds_due     actionable early fraud warnings whose refund is still owed, and when the alarm tries again (21)
//   bank_returns          payouts the bank sent back: the transfer to take back, when the alarm tries again, when done (24)
import type { WalletStorageStep } from "../../wallet/schema-migrations";

/** Its tables when the ladder began (rungs 1 and 2). */
const AT_LADDER_START: readonly string[] = [
  // `redemptions`: Vantage Cash redemptions: the held amount and the payout's status.
  `CREATE TABLE IF NOT EXISTS redemptions (
     id TEXT PRIMARY KEY,
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     status TEXT NOT NULL,
     failure_reason TEXT,
     payout_reference TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  // `purchases`: coin packs paid: the Checkout Session, its PaymentIntent and what the pack
  // credited, plus what is reversed now (`reversed_*`), what refunds demand reversed
  // (`refund_*`, cumulative) and the refunded amount already handled (`refunded_cents`,
  // Stripe's cumulative `amount_refunded`). Reversals reconcile `reversed_*` towards the target.
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
  // `disputes`: card disputes on those purchases, one row per Stripe dispute id, with Stripe's
  // status and `open` (1 from `created` until `closed`). A dispute that is not `won` keeps
  // its pack reversed; any open one pauses redemptions.
  `CREATE TABLE IF NOT EXISTS disputes (
     id TEXT PRIMARY KEY,
     checkout_session_id TEXT NOT NULL,
     status TEXT NOT NULL,
     open INTEGER NOT NULL CHECK (open IN (0, 1)),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  // `payout_attempts`: one row per redemption whose transfer was attempted: the idempotency key in
  // use and when it was first sent (Stripe keeps keys 24 h), a lease so only one attempt runs
  // at a time, and when the next background retry is due.
  `CREATE TABLE IF NOT EXISTS payout_attempts (
     redemption_id TEXT PRIMARY KEY,
     idempotency_key TEXT NOT NULL,
     key_first_used_at INTEGER NOT NULL,
     lease_until INTEGER NOT NULL,
     attempts INTEGER NOT NULL,
     next_retry_at INTEGER
   )`,
];

export const PAYMENTS_STORAGE: readonly WalletStorageStep[] = [
  { version: 1, statements: AT_LADDER_START },
  { version: 2, statements: AT_LADDER_START },
  {
    version: 4,
    statements: [
      // `fraud_warnings`: one row per Stripe early fraud warning (`radar.early_fraud_warning.created`) on a
      // payment of this player, by the warning's id: the PaymentIntent and charge it names, whether Stripe
      // marked it actionable (then the charge is refunded and the pack reversed like any refund), its
      // fraud type, and an operator's clearance (who, when, why). Rules in worker/payments/in-wallet/fraud-warnings.ts.
      `CREATE TABLE IF NOT EXISTS fraud_warnings (
         id TEXT PRIMARY KEY,
         payment_intent TEXT NOT NULL,
         charge_id TEXT,
         actionable INTEGER NOT NULL CHECK (actionable IN (0, 1)),
         fraud_type TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         cleared_at INTEGER,
         cleared_by TEXT,
         cleared_reason TEXT
       )`,
      `CREATE INDEX IF NOT EXISTS fraud_warnings_payment_intent_idx ON fraud_warnings (payment_intent)`,
    ],
  },
  {
    version: 7,
    statements: [
      // `redemption_steps`: one row per step a redemption reached (requested, identity-checked,
      // in-review, approved, sent, paid, returned), each at most once, with a one-sentence note.
      `CREATE TABLE IF NOT EXISTS redemption_steps (
         redemption_id TEXT NOT NULL,
         step TEXT NOT NULL,
         at INTEGER NOT NULL,
         note TEXT,
         PRIMARY KEY (redemption_id, step)
       )`,
      // `redemption_reviews`: a redemption that waits for an operator (a new account's first,
      // or one above REDEMPTION_REVIEW_CENTS): `state` waiting | approved | rejected, `reason`
      // why it waits, the decision's operator and reason once decided.
      `CREATE TABLE IF NOT EXISTS redemption_reviews (
         redemption_id TEXT PRIMARY KEY,
         state TEXT NOT NULL,
         reason TEXT NOT NULL,
         decided_by TEXT,
         decision_reason TEXT,
         decided_at INTEGER
       )`,
    ],
  },
  {
    version: 8,
    statements: [
      // `redemption_regions`: the ISO 3166 region each redemption was requested from (absent or null when unknown).
      `CREATE TABLE IF NOT EXISTS redemption_regions (
         redemption_id TEXT PRIMARY KEY,
         region TEXT
       )`,
    ],
  },
  {
    version: 16,
    statements: [
      // `redemption_holds`: each reason a redemption's payout attempts were held for, once, with
      // when it was first found: `identity` (not verified) or `hold` (frozen, or paused by a
      // payment under review or an amount owed). The public redemption-time figures count them
      // (worker/payments/in-wallet/redemption-timeline.ts).
      `CREATE TABLE IF NOT EXISTS redemption_holds (
         redemption_id TEXT NOT NULL,
         reason TEXT NOT NULL CHECK (reason IN ('identity', 'hold')),
         first_at INTEGER NOT NULL,
         PRIMARY KEY (redemption_id, reason)
       )`,
    ],
  },
  {
    version: 18,
    statements: [
      // `declined_purchases`: one row per paid checkout the wallet declined rather than credit, by its
      // Checkout Session: `reason` 'break' | 'closed' (the player's state when it arrived) or 'withdrawn'
      // (the checkout was withdrawn before it was paid). Its `purchases` row credits nothing and is
      // refunded in full (worker/payments/in-wallet/declined-purchases.ts).
      `CREATE TABLE IF NOT EXISTS declined_purchases (
         checkout_session_id TEXT PRIMARY KEY NOT NULL,
         reason TEXT NOT NULL CHECK (reason IN ('break', 'closed', 'withdrawn')),
         declined_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 19,
    statements: [
      // `declined_refunds_due`: one row per declined pack whose refund is still owed, by its Checkout
      // Session, deleted in the transaction that records the refund made (declined-purchases.ts): how
      // often the alarm has asked the provider (`tries`), when it asks next (`next_try_at`) and why the
      // last try failed. A pack whose PaymentIntent is not known stays here until refunded by hand.
      `CREATE TABLE IF NOT EXISTS declined_refunds_due (
         checkout_session_id TEXT PRIMARY KEY NOT NULL,
         tries INTEGER NOT NULL DEFAULT 0,
         next_try_at INTEGER NOT NULL,
         last_error TEXT
       )`,
      // Packs declined before this rung whose refund never reached the provider are owed too,
      // due at once: the wallet's next alarm tries them.
      `INSERT OR IGNORE INTO declined_refunds_due (checkout_session_id, next_try_at)
         SELECT d.checkout_session_id, d.declined_at FROM declined_purchases d
           JOIN purchases p ON p.checkout_session_id = d.checkout_session_id
          WHERE p.refunded_cents < p.amount_cents`,
    ],
  },
  {
    version: 21,
    statements: [
      // `fraud_refunds_due`: one row per actionable early fraud warning whose charge is still to be
      // refunded, by the warning's id (the provider's idempotency key is `efw-refund-<id>`), deleted
      // once the charge is refunded in full, lost to a dispute, or the warning cleared by an operator
      // (fraud-warnings.ts): how often the alarm has asked the provider (`tries`), when it asks next
      // (`next_try_at`) and why the last try failed.
      `CREATE TABLE IF NOT EXISTS fraud_refunds_due (
         warning_id TEXT PRIMARY KEY NOT NULL,
         tries INTEGER NOT NULL DEFAULT 0,
         next_try_at INTEGER NOT NULL,
         last_error TEXT
       )`,
      // Actionable warnings recorded before this rung whose charge is still standing are owed too,
      // due at once: the wallet's next alarm tries them.
      `INSERT OR IGNORE INTO fraud_refunds_due (warning_id, next_try_at)
         SELECT w.id, w.created_at FROM fraud_warnings w
           JOIN purchases p ON p.payment_intent = w.payment_intent
          WHERE w.actionable = 1 AND w.cleared_at IS NULL AND p.refunded_cents < p.amount_cents
            AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.checkout_session_id = p.checkout_session_id AND d.open = 0 AND d.status != 'won')`,
    ],
  },
  {
    version: 24,
    statements: [
      // `bank_returns`: one row per paid redemption whose payout the bank sent back (the connected
      // account's `payout.failed`), by the redemption: the payout returned, the transfer to take back
      // from `account_id` (the provider's key is `bank-return-<redemption id>`), why the bank returned
      // it, how often the alarm has asked the provider (`tries`), when it asks next (`next_try_at`),
      // why the last try failed, and when the transfer was taken back and the amount returned to the
      // balance (`reversed_at`; null until then) (bank-returns.ts).
      `CREATE TABLE IF NOT EXISTS bank_returns (
         redemption_id TEXT PRIMARY KEY NOT NULL,
         payout_id TEXT NOT NULL,
         transfer_id TEXT NOT NULL,
         account_id TEXT NOT NULL,
         amount_cents INTEGER NOT NULL,
         reason TEXT NOT NULL,
         returned_at INTEGER NOT NULL,
         tries INTEGER NOT NULL DEFAULT 0,
         next_try_at INTEGER NOT NULL,
         last_error TEXT,
         reversed_at INTEGER
       )`,
    ],
  },
];
