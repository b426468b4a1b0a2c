// The storage schema of one player's wallet Durable Object (SQLite), kept as a numbered
// ladder of migrations, composed here at the Worker's root with the wallet itself: the
// kernel's tables and every feature's in-wallet tables (the kernel's runner,
// worker/wallet/schema-migrations.ts, knows none of them). This file is the record of what a wallet stores: the player's
// money lives here and nowhere else, and a live wallet cannot be recreated, only moved
// forward.
//
// From here on every new wallet table, column or index is a new rung: its one-line purpose
// appended to RUNG_PURPOSES, and its statements, written for a wallet at the previous
// version, as a step under that number in the storage of the part that owns the table
// (the kernel's or a feature's). A rung that has shipped is never edited, reordered or
// removed: live wallets have already run it.
//
// The ladder is keyed on `meta.schema_version` (a number as text; code older than the
// ladder wrote '1' on every wake). It runs in the object's constructor, inside
// blockConcurrencyWhile, before the wallet serves anything: each missing migration runs
// with its version bump in one transaction, so a wallet is always at exactly one
// version. A wallet whose version is newer than this code knows (older code woken after
// newer code ran) refuses to serve, rather than write to a schema it does not understand.
//
// Each part's tables, one line each, are listed at the top of the file that holds its steps:
//   the kernel        worker/wallet/storage.ts (balances, ledger, bets, holds, play-through,
//                     outbox, the operator's freeze and actions, house accounts)
//   payments          worker/payments/in-wallet/storage.ts (purchases, disputes, redemptions,
//                     their payouts, fraud warnings and their refunds owed, packs declined and
//                     their refunds owed)
//   protection        worker/protection/in-wallet/storage.ts (age, breaks, limits, play,
//                     identity, the sweepstakes rules accepted, checkouts withdrawn, the
//                     region each open checkout was opened under)
//   bets              worker/bets/in-wallet.ts (early fetches for Vantage Cash's price clock)
//   sweepstakes       worker/sweepstakes/in-wallet.ts (free entries)
//   cash-out          worker/cash-out/in-wallet.ts (cash-out quotes)
//   settlement        worker/settlement/in-wallet/storage.ts (the box score version each game's props were re-graded from,
//                     the latest score correction each game had here)
// Outside SQLite, the object's key-value storage holds `outbox_attempts` and `outbox_pending_alerts` (worker/wallet/outbox.ts),
// and `live-signed-out:<sign-in>` for each signed-out sign-in whose access tokens have not all expired (worker/wallet/live-sockets.ts).
import { BETS_STORAGE } from "./bets/in-wallet";
import { CASH_OUT_STORAGE } from "./cash-out/in-wallet";
import { PAYMENTS_STORAGE } from "./payments/in-wallet/storage";
import { PROTECTION_STORAGE } from "./protection/in-wallet/storage";
import { SETTLEMENT_STORAGE } from "./settlement/in-wallet/storage";
import { SWEEPSTAKES_STORAGE } from "./sweepstakes/in-wallet";
import { composeLadder, type WalletMigration } from "./wallet/schema-migrations";
import { KERNEL_STORAGE } from "./wallet/storage";

/** Each rung's one-line purpose, in order: the ladder's own history. A rung's statements are its parts' steps, the kernel's first. */
const RUNG_PURPOSES: readonly string[] = [
  "The wallet as it stood when the ladder began: every table its parts list under rungs 1 and 2.",
  "Completes wallets that code older than the ladder marked version 1 while tables were still being added under that " +
    "number (play-through, protection, owed ledger, purchases, payouts, operator tables): creates whichever is missing.",
  "Play-through counts risk: per game, what the player's Vantage Cash singles on it count (their worst-case loss), " +
    "so a re-graded game moves the figure by the difference only.",
  "Early fraud warnings: each warning on one of the player's packs pauses redemptions until the pack is refunded and " +
    "reversed or an operator clears it.",
  "The audit row of each operator action on this wallet (adjustment, freeze, date of birth), written in the transaction " +
    "that makes it and projected to D1 admin_audit by the outbox: an action whose row cannot be written does not happen.",
  "Responsible play, second step: minutes played (heartbeats), the play session and its reality checks, the history " +
    "of limit and break changes, nudges near a limit, limits reached, and operators' notes on signs of harm.",
  "Paid to a verified person: the player's identity state, checked in the transaction that holds a redemption and again " +
    "before each payout; each redemption's timeline; and the operator review a redemption may wait for.",
  "The sweepstakes: the rules versions the player accepted (Vantage Cash play is refused until the version in force is), " +
    "free-entry cards by post, and the region each redemption was requested from (the winners list shows it).",
  "Cash-out: the share of each bet's stake cashed out and what it paid, and the quotes given to the player " +
    "(server-side, expiring, accepted at most once), so a cash-out and a settlement never pay one share twice.",
  "Alerts when a limit or break takes effect: each change in the limit history waits here until the moment it " +
    "applies (at once, or after a raise's waiting time), so the wallet announces it once, then, even without a request.",
  "An operator's reset of an identity check: the verification session it retired, so a late or replayed event " +
    "of that session cannot bring the old outcome back.",
  "Same-game parlays: a parlay's legs of one game are priced together from the game's score model; the bet keeps " +
    "each block (its legs, price, chance, margin and model) to pay it, and to re-price it when a leg pushes.",
  "Residence from the verified document: money actions follow the stricter of the request's region and the " +
    "region on the player's verified document, so a cash bet or a redemption cannot be carried across a state line.",
  "Double entry: every ledger row is a transfer between the player's account and a house account (accounts.ts); " +
    "the house accounts' totals are built from the ledger here and kept with every posting after, so per currency " +
    "the player's balance and the house accounts sum to zero.",
  "Corrected players' statistics: per game, the box score version its props were last re-graded from, so a " +
    "correction re-grades them once and an older or repeated one changes nothing.",
  "Redemption times in public: why each redemption's payout attempts were held (identity, a freeze or a pause), " +
    "so the winners page's weekly figures can say what share was held and why.",
  "Cash-outs a correction re-prices: each cash-out's share of stake, what it paid and the leg results it was priced " +
    "on, so a result correction of one of those legs re-prices it (a bet with cash-outs from before stays as it is).",
  "Self-exclusion reaches open checkouts: a break, closure or lower purchase limit withdraws the player's open " +
    "checkouts (kept until the provider has expired them), and a pack paid anyway is declined and refunded, never credited.",
  "A declined pack's refund is owed until the provider has made it: the wallet's alarm tries again, backing off, and " +
    "the pack counts as received only with its refund, so until then the reconciliation lists it as paid and not credited.",
  "Score corrections in order: per game, the latest correction this wallet applied, so an older one arriving after it " +
    "(still being driven when a newer one was recorded) changes nothing and no bet goes back to a withdrawn score.",
  "An actionable early fraud warning's refund is owed until the provider has made it: the wallet's alarm asks again " +
    "under the warning's key, backing off, except while a dispute of the charge holds; a lost dispute settles it.",
  "The region each open checkout was opened under, so a pack paid after that region stopped offering packs (a law's " +
    "day came while the checkout was open) is declined and refunded, never credited.",
  "The region each checkout was opened under, kept by its session past the checkout's hold, so a completion the " +
    "provider delivers late (after the hold expired) is still declined where that region stopped offering packs.",
  "A payout the bank sends back: the redemption's transfer is taken back from the player's payout account (the " +
    "wallet's alarm asks again, backing off) and only then is its Vantage Cash returned to the balance, once.",
  "Vantage Cash's price clock at a cost each player can bear: the early fetches of boards and props the player's " +
    "cash slips and cash-outs were allowed in the last hour, so no player makes the paid feed called more than " +
    "CASH_CLOCK_FETCHES_PER_HOUR times an hour.",
];

export const WALLET_MIGRATIONS: readonly WalletMigration[] = composeLadder(RUNG_PURPOSES, [
  KERNEL_STORAGE,
  PAYMENTS_STORAGE,
  PROTECTION_STORAGE,
  SWEEPSTAKES_STORAGE,
  CASH_OUT_STORAGE,
  BETS_STORAGE,
  SETTLEMENT_STORAGE,
]);
