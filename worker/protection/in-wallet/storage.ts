// Protection's tables in the wallet's storage, as steps of the numbered ladder the root
// composes (worker/wallet-schema.ts, which keeps each rung's purpose): a step shipped is
// never edited, reordered or removed, since live wallets have already run it.
//
// Tables (one line each; the statements below say more):
//   protection            date of birth, break and closure
//   protection_limits     the player's stake and purchase limits, with waiting raises
//   protection_purchases  credited packs, counted toward the purchase limits
//   identity              the player's verified identity: state, session, verified date of birth (7)
//   identity_residence    the region of the verified document's address, which money actions also answer to (13)
//   rules_acceptances     each version of the Official Sweepstakes Rules the player accepted (8)
//   limit_alerts_due      limit and break changes whose "took effect" alert is still to be sent (10)
//   identity_retired_sessions  verification sessions retired by an operator's reset or a newer session; their events change nothing (11)
//   checkout_withdrawals  open checkouts withdrawn by a break, closure or lower purchase limit, until expired at the provider (18)
//   purchase_hold_regions the region each open checkout was opened under (22)
//   checkout_regions      the same region by checkout session, kept past the hold for late completions (23)
import type { WalletStorageStep } from "../../wallet/schema-migrations";

/** Its tables when the ladder began (rungs 1 and 2). */
const AT_LADDER_START: readonly string[] = [
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
];

export const PROTECTION_STORAGE: readonly WalletStorageStep[] = [
  { version: 1, statements: AT_LADDER_START },
  { version: 2, statements: AT_LADDER_START },
  {
    version: 6,
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
    ],
  },
  {
    version: 7,
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
    ],
  },
  {
    version: 8,
    statements: [
      // `rules_acceptances`: append-only, one row per version of the Official Sweepstakes Rules
      // the player accepted, and when; the newest is what the gates compare with the version in force.
      `CREATE TABLE IF NOT EXISTS rules_acceptances (
         version INTEGER PRIMARY KEY,
         accepted_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 10,
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
    statements: [
      // `identity_retired_sessions`: one row per provider session retired by a reset, and when.
      `CREATE TABLE IF NOT EXISTS identity_retired_sessions (
         session_id TEXT PRIMARY KEY NOT NULL,
         retired_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 13,
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
    version: 18,
    statements: [
      // `checkout_withdrawals`: one row per open checkout withdrawn (its `purchase_holds` row deleted
      // in the same transaction) by a break, a closure, a purchase limit lowered below it or a refusal
      // met while it was being made: `reason` the refusal code it would meet now, `session_ends_at`
      // when the provider ends it anyway, `next_try_at` when the alarm next asks the provider to expire
      // it, `closed_at` once the provider said it can no longer be paid. A completion of a withdrawn
      // checkout is refunded, never credited (worker/protection/in-wallet/checkout-withdrawals.ts).
      `CREATE TABLE IF NOT EXISTS checkout_withdrawals (
         session_id TEXT PRIMARY KEY NOT NULL,
         amount_cents INTEGER NOT NULL,
         reason TEXT NOT NULL,
         withdrawn_at INTEGER NOT NULL,
         session_ends_at INTEGER NOT NULL,
         next_try_at INTEGER NOT NULL,
         closed_at INTEGER
       )`,
    ],
  },
  {
    version: 22,
    statements: [
      // `purchase_hold_regions`: the region whose rules an open checkout (the kernel's
      // `purchase_holds` row of the same id) was opened under: the request's, or the verified
      // residence's where stricter. A completion after that region stopped offering packs is
      // declined, never credited. Holds from before have none; rows go with their holds.
      `CREATE TABLE IF NOT EXISTS purchase_hold_regions (
         hold_id TEXT PRIMARY KEY NOT NULL,
         region TEXT NOT NULL
       )`,
    ],
  },
  {
    version: 23,
    statements: [
      // `checkout_regions`: the region a checkout session was opened under, written when the
      // session is attached to its hold and kept for CHECKOUT_REGION_KEEP_MS after, so a
      // completion the provider delivers after the hold has expired (a late redelivery) is
      // still judged by it. Checkouts attached before this rung take their hold's region.
      `CREATE TABLE IF NOT EXISTS checkout_regions (
         session_id TEXT PRIMARY KEY NOT NULL,
         region TEXT NOT NULL,
         opened_at INTEGER NOT NULL
       )`,
      `INSERT OR IGNORE INTO checkout_regions (session_id, region, opened_at)
         SELECT h.session_id, r.region, h.created_at FROM purchase_holds h JOIN purchase_hold_regions r ON r.hold_id = h.id
          WHERE h.session_id IS NOT NULL`,
    ],
  },
];
