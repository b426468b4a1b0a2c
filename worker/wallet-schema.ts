// The storage schema of one player's wallet Durable Object (SQLite), kept as a numbered
// ladder of migrations, composed here at the Worker's root with the wallet itself: the
// kernel's tables and every feature's in-wallet tables (the kernel's runner,
// worker/wallet/schema-migrations.ts, knows none of them). This file is the record of what a wallet stores: the player's
// money lives here and nowhere else, and a live wallet cannot be recreated, only moved
// forward.
//
// From here on every new wallet table, column or index is a new migration appended to
// WALLET_MIGRATIONS with the next number, its one-line purpose, and its statements
// written for a wallet at the previous version. A migration that has shipped is never
// edited, reordered or removed: live wallets have already run it.
//
// The ladder is keyed on `meta.schema_version` (a number as text; code older than the
// ladder wrote '1' on every wake). It runs in the object's constructor, inside
// blockConcurrencyWhile, before the wallet serves anything: each missing migration runs
// with its version bump in one transaction, so a wallet is always at exactly one
// version. A wallet whose version is newer than this code knows (older code woken after
// newer code ran) refuses to serve, rather than write to a schema it does not understand.
//
// Tables (one line each; the statements below say more):
//   meta                  the ladder's own record: `schema_version`
//   wallet                the balances (Coins, Vantage Cash cents), daily-bonus state and change version
//   ledger                one row per balance change; its sums are the balances
//   bets                  the player's bets with their legs and results
//   idempotency           the first answer per Idempotency-Key, replayed on retries
//   outbox                changes waiting to be projected to D1
//   redemptions           Vantage Cash redemptions and their payout status
//   playthrough           Vantage Cash still to be staked before it may be redeemed
//   playthrough_moves     one row per change of that figure; its sum is the figure
//   protection            date of birth, break and closure
//   protection_limits     the player's stake and purchase limits, with waiting raises
//   protection_purchases  credited packs, counted toward the purchase limits
//   purchase_holds        open checkouts, counted toward the purchase limits
//   play_minutes, play_session, limit_history, play_nudges, limits_reached, harm_notes
//                         responsible play's second step (version 6)
//   owed_ledger           what reversals could not take, and its repayment
//   purchases             coin packs paid, and what of them is reversed
//   disputes              card disputes on those packs
//   payout_attempts       the transfer attempt of each redemption: key, lease, next retry
//   account_freeze        an operator's hold on the account
//   admin_adjustments     operator adjustments already applied, by id
//   playthrough_games     per game: what the player's Vantage Cash singles on it count toward play-through (3)
//   fraud_warnings        the card issuer's early fraud warnings on the player's packs, and operators' clearances (4)
//   operator_actions      the audit row of each operator action, written with the action (5)
//   identity              the player's verified identity: state, session, verified date of birth (7)
//   identity_residence    the region of the verified document's address, which money actions also answer to (13)
//   redemption_steps      each redemption's timeline: requested, identity checked, review, sent, paid, returned (7)
//   redemption_reviews    redemptions waiting for (or decided by) an operator's review (7)
//   rules_acceptances     each version of the Official Sweepstakes Rules the player accepted (8)
//   free_entries          free-entry cards by post recorded for the player, credited or not (8)
//   redemption_regions    where each redemption was requested from, for the winners list (8)
//   bet_cash_outs         per bet, the share of its stake cashed out and what that paid (9)
//   cash_out_quotes       cash-out quotes given to the player: stored, expiring, each paid at most once (9)
//   limit_alerts_due      limit and break changes whose "took effect" alert is still to be sent (10)
//   identity_retired_sessions  verification sessions an operator's reset retired; their events change nothing (11)
//   bet_same_game         per parlay, its same-game blocks: legs, price, chance, margin and model (12)
//   house_accounts        the house side of every ledger row: per house account and currency, debits and credits
//                         posted (14). Double entry (accounts.ts): per currency, the player's balance plus the
//                         house accounts' balances (credits − debits) sums to zero; `owed` is minus what is owed
// Outside SQLite, the object's key-value storage holds `outbox_attempts` and `outbox_pending_alerts` (outbox.ts).
import { houseAccountsFromLedgerSql } from "./wallet/accounts";
import type { WalletMigration } from "./wallet/schema-migrations";

/** The wallet's schema when the ladder began (code before it created this on every wake). */
const SCHEMA_AT_LADDER_START: readonly string[] = [
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
  // `idempotency`: the first answer per client Idempotency-Key, replayed on retries.
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
  // `protection`: player protection (rules in src/shared/protection.ts, reads and writes in
  // worker/protection/in-wallet/protection.ts, checked inside the transaction that moves money):
  // one row (id = 1) once set, with the confirmed date of birth, the end of a timed break
  // (`break_until`, epoch ms) and `closed` ('permanent' by the player, 'under-age' by the
  // age rule; only an operator reopens).
  `CREATE TABLE IF NOT EXISTS protection (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     date_of_birth TEXT,
     date_of_birth_at INTEGER,
     break_until INTEGER,
     closed TEXT CHECK (closed IN ('permanent', 'under-age')),
     closed_at INTEGER,
     updated_at INTEGER NOT NULL
   )`,
  // `protection_limits`: one row per player limit (name as in LIMIT_NAMES) in minor units (Coins,
  // Vantage Cash cents, purchase cents); `value` NULL = no limit. A waiting raise or removal:
  // `pending_at` (when it takes effect) and `pending_value` (NULL = removal).
  `CREATE TABLE IF NOT EXISTS protection_limits (
     name TEXT PRIMARY KEY,
     value INTEGER CHECK (value >= 0),
     pending_value INTEGER CHECK (pending_value >= 0),
     pending_at INTEGER,
     updated_at INTEGER NOT NULL
   )`,
  // `protection_purchases`: one row per credited coin pack (reference = Checkout Session id) with the
  // dollars paid, counted toward the purchase limits.
  `CREATE TABLE IF NOT EXISTS protection_purchases (
     reference TEXT PRIMARY KEY,
     amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
     created_at INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS protection_purchases_created_idx ON protection_purchases (created_at)`,
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

export const WALLET_MIGRATIONS: readonly WalletMigration[] = [
  {
    version: 1,
    purpose: "The wallet as it stood when the ladder began: every table listed above.",
    statements: SCHEMA_AT_LADDER_START,
  },
  {
    version: 2,
    purpose:
      "Completes wallets that code older than the ladder marked version 1 while tables were still being added under that " +
      "number (play-through, protection, owed ledger, purchases, payouts, operator tables): creates whichever is missing.",
    statements: SCHEMA_AT_LADDER_START,
  },
  {
    version: 3,
    purpose:
      "Play-through counts risk: per game, what the player's Vantage Cash singles on it count (their worst-case loss), " +
      "so a re-graded game moves the figure by the difference only.",
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
    version: 4,
    purpose:
      "Early fraud warnings: each warning on one of the player's packs pauses redemptions until the pack is refunded and " +
      "reversed or an operator clears it.",
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
    version: 5,
    purpose:
      "The audit row of each operator action on this wallet (adjustment, freeze, date of birth), written in the transaction " +
      "that makes it and projected to D1 admin_audit by the outbox: an action whose row cannot be written does not happen.",
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
    purpose:
      "Responsible play, second step: minutes played (heartbeats), the play session and its reality checks, the history " +
      "of limit and break changes, nudges near a limit, limits reached, and operators' notes on signs of harm.",
    statements: [
      // `play_minutes`: one row per minute (minutes since the epoch) in which a visible, signed-in tab of the
      // player sent a heartbeat; a minute counts once across tabs and devices. Rules in src/shared/play-time.ts.
      `CREATE TABLE IF NOT EXISTS play_minutes (
         minute INTEGER PRIMARY KEY
       )`,
      // `play_session`: one row (id = 1): the current session (heartbeats with gaps under 10 minutes), its
      // last heartbeat, and when its last reality check was answered (`checked_at`, its start until then).
      `CREATE TABLE IF NOT EXISTS play_session (
         id INTEGER PRIMARY KEY CHECK (id = 1),
         started_at INTEGER NOT NULL,
         last_beat_at INTEGER NOT NULL,
         checked_at INTEGER NOT NULL
       )`,
      // `limit_history`: append-only (but for `cancelled_at`), one row per limit or break change the player
      // asked for: `kind` 'limit' (name as in LIMIT_NAMES / PLAY_LIMIT_NAMES, values in minor units or
      // minutes, NULL = none) or 'break' (name = the period, `to_value` = its end, NULL = permanent);
      // when it was asked for and when it took or takes effect; `cancelled_at` when a waiting raise was
      // replaced before it took effect.
      `CREATE TABLE IF NOT EXISTS limit_history (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         kind TEXT NOT NULL CHECK (kind IN ('limit', 'break')),
         name TEXT NOT NULL,
         from_value INTEGER,
         to_value INTEGER,
         asked_at INTEGER NOT NULL,
         effective_at INTEGER NOT NULL,
         cancelled_at INTEGER
       )`,
      `CREATE INDEX IF NOT EXISTS limit_history_asked_idx ON limit_history (asked_at)`,
      // `play_nudges`: one row per limit and period in which the player reached 80% of it (id
      // `<limit name>:<period start>`), with the message shown in the app until `seen_at`; each is also
      // an outbox row (topic `nudge`) for D1 `player_nudges`, with its push alert as a `notice` row beside it.
      `CREATE TABLE IF NOT EXISTS play_nudges (
         id TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         period_start INTEGER NOT NULL,
         message TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         seen_at INTEGER
       )`,
      // `limits_reached`: one row per limit and period in which a bet or purchase was refused by it
      // (refusal code and the first time), for the player's statement.
      `CREATE TABLE IF NOT EXISTS limits_reached (
         name TEXT NOT NULL,
         period_start INTEGER NOT NULL,
         code TEXT NOT NULL,
         at INTEGER NOT NULL,
         PRIMARY KEY (name, period_start)
       )`,
      // `harm_notes`: append-only, operators' notes and actions on a sign of harm (flag as in
      // src/shared/harm-signs.ts), each with its audit row in `operator_actions`.
      `CREATE TABLE IF NOT EXISTS harm_notes (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         flag TEXT NOT NULL,
         action TEXT NOT NULL,
         note TEXT NOT NULL,
         actor TEXT NOT NULL,
         created_at INTEGER NOT NULL
       )`,
      // Loss limits sum the stakes and payouts of a wallet's bets settled in a period.
      `CREATE INDEX IF NOT EXISTS bets_settled_idx ON bets (wallet, status, settled_at)`,
    ],
  },
  {
    version: 7,
    purpose:
      "Paid to a verified person: the player's identity state, checked in the transaction that holds a redemption and again " +
      "before each payout; each redemption's timeline; and the operator review a redemption may wait for.",
    statements: [
      // `identity`: one row. `status` none | pending | needs-input | verified | mismatch | in-use;
      // `session_id` the provider's verification session; `verified_dob` the document's date of
      // birth (YYYY-MM-DD) once verified; `document_hash` its keyed hash (unique in D1).
      `CREATE TABLE IF NOT EXISTS identity (
         id INTEGER PRIMARY KEY CHECK (id = 1),
         status TEXT NOT NULL,
         session_id TEXT,
         verified_dob TEXT,
         document_hash TEXT,
         reason TEXT,
         updated_at INTEGER NOT NULL
       )`,
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
    purpose:
      "The sweepstakes: the rules versions the player accepted (Vantage Cash play is refused until the version in force is), " +
      "free-entry cards by post, and the region each redemption was requested from (the winners list shows it).",
    statements: [
      // `rules_acceptances`: append-only, one row per version of the Official Sweepstakes Rules
      // the player accepted, and when; the newest is what the gates compare with the version in force.
      `CREATE TABLE IF NOT EXISTS rules_acceptances (
         version INTEGER PRIMARY KEY,
         accepted_at INTEGER NOT NULL
       )`,
      // `free_entries`: one row per free-entry card recorded for this player, by its request code
      // (so a card recorded twice is refused), with the postmark day, whether it credited
      // Vantage Cash (`free_entry` ledger row, reference = code) or why not, and the operator.
      // At most one credited card per postmark day (the partial unique index).
      `CREATE TABLE IF NOT EXISTS free_entries (
         code TEXT PRIMARY KEY,
         postmarked_on TEXT NOT NULL,
         credited INTEGER NOT NULL CHECK (credited IN (0, 1)),
         amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
         refusal_code TEXT,
         refusal_message TEXT,
         actor TEXT NOT NULL,
         created_at INTEGER NOT NULL
       )`,
      `CREATE UNIQUE INDEX IF NOT EXISTS free_entries_credited_day_idx ON free_entries (postmarked_on) WHERE credited = 1`,
      // `redemption_regions`: the ISO 3166 region each redemption was requested from (absent or null when unknown).
      `CREATE TABLE IF NOT EXISTS redemption_regions (
         redemption_id TEXT PRIMARY KEY,
         region TEXT
       )`,
    ],
  },
  {
    version: 9,
    purpose:
      "Cash-out: the share of each bet's stake cashed out and what it paid, and the quotes given to the player " +
      "(server-side, expiring, accepted at most once), so a cash-out and a settlement never pay one share twice.",
    statements: [
      // `bet_cash_outs`: what was cashed out of a bet (one row per bet with any): the stake share
      // in minor units (the rest stays open) and what it paid. Its own table, so every rung of
      // the ladder stays re-runnable (bet-rows.ts joins it to `bets`).
      `CREATE TABLE IF NOT EXISTS bet_cash_outs (
         bet_id TEXT PRIMARY KEY NOT NULL,
         cashed_stake INTEGER NOT NULL CHECK (cashed_stake > 0),
         cashed_paid INTEGER NOT NULL CHECK (cashed_paid >= 0)
       )`,
      // `cash_out_quotes`: one row per quote. `factor` is the fair value of one unit of open stake
      // (Π settled winning decimals × Π p_fair × d over the open legs) and `margin_percent` its fee; the amounts are for the whole
      // open stake `open_stake` the bet had when quoted, with `leg_results` (JSON) as they were.
      // `used_at` is set by the cash-out that accepted it: a quote pays once.
      `CREATE TABLE IF NOT EXISTS cash_out_quotes (
         id TEXT PRIMARY KEY NOT NULL,
         bet_id TEXT NOT NULL,
         open_stake INTEGER NOT NULL,
         leg_results TEXT NOT NULL,
         factor REAL NOT NULL,
         margin_percent REAL NOT NULL,
         fair_value INTEGER NOT NULL,
         fee INTEGER NOT NULL,
         amount INTEGER NOT NULL,
         created_at INTEGER NOT NULL,
         expires_at INTEGER NOT NULL,
         used_at INTEGER
       )`,
      `CREATE INDEX IF NOT EXISTS cash_out_quotes_bet_idx ON cash_out_quotes (bet_id, created_at)`,
    ],
  },
  {
    version: 10,
    purpose:
      "Alerts when a limit or break takes effect: each change in the limit history waits here until the moment it " +
      "applies (at once, or after a raise's waiting time), so the wallet announces it once, then, even without a request.",
    statements: [
      // `limit_alerts_due`: one row per `limit_history` change not yet announced, with the time it takes
      // effect; the transaction that announces it (worker/protection/in-wallet/limit-history.ts) deletes the row.
      `CREATE TABLE IF NOT EXISTS limit_alerts_due (
         history_seq INTEGER PRIMARY KEY NOT NULL,
         due_at INTEGER NOT NULL
       )`,
      `CREATE INDEX IF NOT EXISTS limit_alerts_due_at_idx ON limit_alerts_due (due_at)`,
      // Raises asked for before this rung and still waiting are announced when they take effect;
      // changes already in effect are not announced after the fact.
      `INSERT OR IGNORE INTO limit_alerts_due (history_seq, due_at)
         SELECT seq, effective_at FROM limit_history WHERE cancelled_at IS NULL AND effective_at > unixepoch() * 1000`,
    ],
  },
  {
    version: 11,
    purpose:
      "An operator's reset of an identity check: the verification session it retired, so a late or replayed event " +
      "of that session cannot bring the old outcome back.",
    statements: [
      // `identity_retired_sessions`: one row per provider session retired by a reset, and when.
      `CREATE TABLE IF NOT EXISTS identity_retired_sessions (
         session_id TEXT PRIMARY KEY NOT NULL,
         retired_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 12,
    purpose:
      "Same-game parlays: a parlay's legs of one game are priced together from the game's score model; the bet keeps " +
      "each block (its legs, price, chance, margin and model) to pay it, and to re-price it when a leg pushes.",
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
    version: 13,
    purpose:
      "Residence from the verified document: money actions follow the stricter of the request's region and the " +
      "region on the player's verified document, so a cash bet or a redemption cannot be carried across a state line.",
    statements: [
      // `identity_residence`: one row (id = 1) while the recorded document showed an address:
      // its ISO 3166 region (US-CA, GB). Written with the identity row; gone with it on a reset.
      `CREATE TABLE IF NOT EXISTS identity_residence (
         id INTEGER PRIMARY KEY CHECK (id = 1),
         residence TEXT NOT NULL,
         recorded_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 14,
    purpose:
      "Double entry: every ledger row is a transfer between the player's account and a house account (accounts.ts); " +
      "the house accounts' totals are built from the ledger here and kept with every posting after, so per currency " +
      "the player's balance and the house accounts sum to zero.",
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
