// What a refused action tells the player, and which refusals there are. Domain code (the
// shared rules, the wallet's transactions, settlement and the operator console) answers a
// refusal as a value: a code and the data its sentence needs, never an HTTP status or a
// sentence of its own. This file turns such a value into the player's sentence, so the SPA
// (which runs the same rules for instant feedback) and the Worker (which sends the sentence
// as `error.message`, with the status of worker/http/refusals.ts) say the same thing.
//
// Each sentence is a text with `{name}` where the details fill in a value (docs/api.md shows
// the texts as they are written here); a refusal whose sentence depends on a state (a break
// or a closed account, an identity check's state) has one text per state.
import type { CashOutQuote } from "./schemas/cash-out";
import type { PurchaseHold } from "./schemas/user";
import { HOUSE_LIMITS, formatAmount, formatMoney, type WalletKind } from "./money";
import { MESSAGES, type PlaceBetRefusal } from "./betslip";
import { HANDLE_MESSAGES, type HandleRefusal } from "./handles";
import type { LossLimitRefusal } from "./loss-limits";
import { formatAnyLimit, formatMinutes, PLAY_LIMIT_INFO } from "./play-limits";
import { regionNoticeSentence, type RegionRefusal } from "./play-regions";
import type { PlayTimeRefusal } from "./play-time";
import {
  formatEtTime,
  formatLimit,
  LIMIT_INFO,
  PLAY_ACTION_LABEL,
  type PlayRefusal,
  type PurchaseLimitRefusal,
  type StakeLimitRefusal,
} from "./protection";

type Plain<C extends string> = { ok: false; code: C; details?: undefined };
type With<C extends string, D> = { ok: false; code: C; details: D };

/**
 * What a player is told in each identity state that holds redemptions back (the states are
 * src/shared/schemas/identity.ts's, whose /redeem texts these are too).
 */
export const IDENTITY_SENTENCES = {
  none: "Verify your identity before your first redemption: choose \u201cVerify your identity\u201d on this page and follow the steps with your photo ID.",
  pending: "Your identity check is still being processed. You can redeem as soon as it is verified.",
  "needs-input": "Your identity could not be verified. Choose \u201cVerify your identity\u201d to try again with a valid photo ID.",
  "in-use":
    "Your identity already verified another Vantage account. Each person may redeem from one account only; contact support if this is a mistake.",
  mismatch:
    "The date of birth on your identity document differs from the one you confirmed, so redemptions are blocked until support has reviewed your account.",
} as const;

/** Why redemptions are paused (worker/payments/in-wallet/redemption-pause.ts), each with its sentence. */
export const REDEMPTION_PAUSE_SENTENCES = {
  dispute: "Redemptions are paused while a payment on your account is under review.",
  "fraud-warning": "Redemptions are held for an operator's review after a warning on one of your card payments.",
  owed: "Redemptions are paused until what your account owes is repaid by new credits.",
} as const;
export type RedemptionPauseReason = keyof typeof REDEMPTION_PAUSE_SENTENCES;

/** The refusals only Worker code answers: the wallet's transactions, settlement and the operator console. */
export type WorkerRefusal =
  // the account gate
  | Plain<"account-frozen">
  | Plain<"purchases-closed-chargeback">
  | With<"rules-not-accepted", { rulesVersion: number }>
  // bets and cash-out
  | Plain<"idempotency-key-reused">
  // A bet with a player's market in it pays at most the deployment's PROP_MAX_PAYOUT_* (minor units).
  | With<"prop-payout-above-maximum", { wallet: WalletKind; maxPayout: number }>
  // The house's limit per market of one game (MAX_CASH_EXPOSURE_CENTS, MAX_COINS_EXPOSURE):
  // the largest stake per bet it would still take (minor units), or none at all; and a
  // market an operator suspended. `market` is its name as the console shows it. Unavailable:
  // the game's book could not yet read the game's earlier bets, so it judges none.
  | With<"exposure-limit", { wallet: WalletKind; largestStake: number }>
  | With<"exposure-full", { market: string }>
  | With<"market-suspended-by-house", { market: string }>
  | Plain<"exposure-unavailable">
  | Plain<"cash-out-key-reused">
  | Plain<"bet-not-found">
  | Plain<"bet-settled">
  | Plain<"cash-out-unavailable">
  | { ok: false; code: "cash-out-moved" | "quote-expired"; details?: { quote: CashOutQuote } }
  | Plain<"quote-not-found">
  | Plain<"invalid-fraction">
  // The house's limit per market of one game, which cashing out a share of the bet would
  // pass (its stake comes off the selections the bet cannot win with): the largest share of
  // stake (minor units) the house would still take back, or none, and the market it names.
  | With<"cash-out-exposure-limit", { wallet: WalletKind; largestStake: number; market: string }>
  // A market of the bet's game the house suspended: nothing is bought back on it until it reopens.
  | With<"cash-out-suspended-by-house", { market: string }>
  // the daily bonus and coin packs
  | Plain<"bonus-already-claimed">
  | Plain<"unknown-pack">
  | Plain<"checkout-session-required">
  | Plain<"purchase-not-credited">
  // redemptions
  | Plain<"redemption-id-reused">
  | With<"redemption-below-minimum", { minimumCents: number }>
  | With<"redemptions-paused", { reason: RedemptionPauseReason }>
  | Plain<"redemption-already-requested">
  | Plain<"redemption-not-found">
  | Plain<"redemption-already-failed">
  | Plain<"redemption-already-paid">
  | Plain<"redemption-already-refunded">
  | Plain<"review-not-found">
  | With<"not-in-review", { state: "approved" | "rejected" }>
  | With<"playthrough-required", { cashToPlay: number; redeemableCash: number }>
  // `holdDays` is for the sentence; clients are sent the rest.
  | With<"purchase-held", { cashToPlay: number; redeemableCash: number; purchaseHolds: PurchaseHold[]; holdDays: number }>
  // The payout account's holder is not the person the player's verified document shows
  // (worker/payments/payout-payee.ts): another name, or a document that showed none.
  | With<"payee-not-verified-person", { problem: "name-differs" | "no-verified-name" }>
  // The payout account holder's address, as the provider has it, is in a region that offers
  // no redemptions now (worker/protection/in-wallet/protection.ts payoutAddressRefusalInTx).
  | With<"payout-address-restricted", { region: string }>
  // identity
  | With<"identity-unverified", { identity: "none" | "pending" | "needs-input" }>
  | Plain<"identity-in-use">
  | Plain<"identity-mismatch">
  | With<"identity-final", { identity: "verified" | "in-use" | "mismatch" }>
  | Plain<"identity-not-started">
  | Plain<"identity-shows-minor">
  // An identity reset approved after the player's check moved on from the state it was asked against (worker/admin/player-admin.ts).
  | Plain<"identity-changed">
  // disputes, refunds and fraud warnings
  | Plain<"dispute-invalid">
  | Plain<"refund-invalid">
  | Plain<"fraud-warning-invalid">
  | Plain<"fraud-warning-not-found">
  // the player's date of birth
  | Plain<"date-of-birth-invalid">
  | Plain<"date-of-birth-set">
  // the account's freeze: an unfreeze approved when the freeze in force is not the one it was asked against (worker/admin/player-admin.ts).
  | Plain<"freeze-changed">
  // operators' adjustments
  | Plain<"adjustment-conflict">
  | Plain<"adjustment-needs-approval">
  | Plain<"adjustment-below-zero">
  | Plain<"adjustment-invalid-amount">
  // free entry by post
  | Plain<"code-used">
  | Plain<"code-credited">
  | With<"already-entered-that-day", { postmarkedOn: string }>
  | Plain<"postmark-not-a-date">
  | Plain<"postmark-after-today">
  | With<"postmark-before-issue", { issuedOn: string }>
  | With<"code-expired", { expiredOn: string }>
  | Plain<"unknown-code">
  | With<"free-entry-cap", { max: number }>
  // handles
  | Plain<"handle-taken">
  | Plain<"handle-look-alike">
  // results and settlement
  | Plain<"event-not-found">
  | Plain<"already-settled">
  | Plain<"not-started">
  | Plain<"not-settled">
  | Plain<"void-holds-props">
  | Plain<"result-changed">
  // A result request approved after the game's result moved on from the one it was asked against.
  | Plain<"result-changed-since-asked">
  | Plain<"same-result">
  | Plain<"dead-letter-not-found">
  | Plain<"not-replayable">
  // players' statistics entered by an operator (worker/admin/prop-stats-admin.ts)
  | Plain<"stats-need-final">
  | Plain<"stats-not-awaited">
  // Each missing thing as "<player name>: <stat>" or "<player name>: not listed".
  | With<"stats-incomplete", { missing: string[] }>
  | Plain<"stats-changed">
  // the operator console's own rules
  | Plain<"own-account">
  | Plain<"holds-bet">
  | Plain<"requester-holds-bet">
  | Plain<"requester-own-account">
  | Plain<"holds-prop-bet">
  | Plain<"requester-holds-prop-bet">
  // a change of the props' player names approved after the spelling's entry changed (worker/admin/prop-names-admin.ts)
  | Plain<"prop-name-changed">
  | Plain<"own-request">
  // The request as it stands (src/shared/schemas/operator-views.ts ApprovalRequest), sent whole.
  | With<"already-decided", { request: { status: string } }>
  | Plain<"request-not-found">
  | Plain<"request-conflict">
  | With<"region-rule-invalid", { problem: string }>;

/** Every refusal: a code and the data its sentence needs, plain JSON (refusals cross the Durable Object RPC boundary). */
export type Refusal =
  | PlayRefusal
  | StakeLimitRefusal
  | PurchaseLimitRefusal
  | RegionRefusal
  | LossLimitRefusal
  | PlayTimeRefusal
  | PlaceBetRefusal
  | HandleRefusal
  | WorkerRefusal;
export type RefusalCode = Refusal["code"];
type Narrow<R, C> = R extends { code: infer K } ? (C extends K ? R & { code: C } : never) : never;
/** The refusal of code `C` (of one of the codes, for a union). */
export type RefusalOf<C extends RefusalCode> = Narrow<Refusal, C>;
export type RefusalDetails<C extends RefusalCode> = RefusalOf<C>["details"];

/**
 * Not a refusal: the transaction could not record what it did (an operator action's audit
 * row), so it changed nothing and may be tried again. The Worker answers it as a 503.
 */
export type AuditFailure = { ok: false; code: "audit-failed" };

// ---- the sentences ----

type Words = Readonly<Record<string, string | number>>;

/** A sentence: its text (one per state, chosen by `pick`), and the values its `{name}`s stand for. */
type SentenceSpec<D> = {
  text: string | Readonly<Record<string, string>>;
  pick?: (details: D) => string;
  words?: (details: D) => Words;
};

const at = (iso: string) => formatEtTime(Date.parse(iso));

const SPECS: { [C in RefusalCode]: SentenceSpec<RefusalDetails<C>> } = {
  // the account gate (src/shared/protection.ts, play-regions.ts) and the wallet's own
  "age-unconfirmed": { text: "Please confirm your date of birth to play." },
  "under-age": {
    text: {
      closed: "You must be {minAge} or older to play on Vantage. Your account is closed for play.",
      notYet: "You must be {minAge} or older to play on Vantage.",
    },
    pick: (d) => (d.closed === false ? "notYet" : "closed"),
    words: (d) => ({ minAge: d.minAge }),
  },
  "self-excluded": {
    text: {
      break: "You are taking a break until {breakUntil}. Bets, cash-outs, purchases and the daily bonus are paused until then.",
      permanent:
        "You closed your account for play. Bets, cash-outs, purchases and the daily bonus are no longer available; you can still redeem Vantage Cash you hold.",
    },
    pick: (d) => (d.permanent ? "permanent" : "break"),
    words: (d) => ({ breakUntil: formatEtTime(d.breakUntil === null ? 0 : Date.parse(d.breakUntil)) }),
  },
  "region-restricted": {
    // The region's notice (docs/region-rules.md); a mode that allows everything refuses nothing.
    text: "{regionNotice}",
    words: (d) => ({
      regionNotice:
        regionNoticeSentence(d.verdict) ??
        `${PLAY_ACTION_LABEL[d.action]} ${d.action === "purchase" || d.action === "redeem" ? "are" : "is"} not available.`,
    }),
  },
  "account-frozen": { text: "Your account is on hold. Please contact support." },
  "purchases-closed-chargeback": {
    text: "Coin packs can\u2019t be bought on this account since a card payment was taken back through your bank. Please contact support.",
  },
  "rules-not-accepted": { text: "Please read and accept the Official Sweepstakes Rules before you play with Vantage Cash." },
  "stake-limit": {
    text: "This bet would pass your {label} of {limit} ({left} left). It resets {resetsAt}.",
    words: (d) => ({
      label: LIMIT_INFO[d.limit].label,
      limit: formatLimit(d.limit, d.limitMinor),
      left: formatLimit(d.limit, d.leftMinor),
      resetsAt: at(d.resetsAt),
    }),
  },
  "purchase-limit": {
    text: "This pack would pass your {label} of {limit} ({left} left). It resets {resetsAt}.",
    words: (d) => ({
      label: LIMIT_INFO[d.limit].label,
      limit: formatLimit(d.limit, d.limitCents),
      left: formatLimit(d.limit, Math.round(d.remainingDollars * 100)),
      resetsAt: at(d.resetsAt),
    }),
  },
  "loss-limit": {
    text: "This bet would pass your {label} of {limit} ({left} left, counting open bets). It resets {resetsAt}.",
    words: (d) => ({
      label: PLAY_LIMIT_INFO[d.limit].label,
      limit: formatAnyLimit(d.limit, d.limitMinor),
      left: formatAnyLimit(d.limit, d.leftMinor),
      resetsAt: at(d.resetsAt),
    }),
  },
  "time-limit": {
    text: "You have reached your {label} of {limit}. Bets and purchases resume {resetsAt}.",
    words: (d) => ({ label: PLAY_LIMIT_INFO[d.limit].label, limit: formatMinutes(d.minutes), resetsAt: at(d.resetsAt) }),
  },
  "reality-check-due": { text: "Time for a reality check: please look at your session before your next bet." },

  // the place-bet checks (spec §5) and the house limits (src/shared/betslip.ts)
  "no-selection": { text: MESSAGES.noSelection },
  "invalid-amount": { text: MESSAGES.invalidAmount },
  "selection-locked": { text: MESSAGES.locked },
  "insufficient-funds": { text: MESSAGES.notEnoughBalance },
  "invalid-stake": { text: MESSAGES.invalidStake },
  "parlay-legs": { text: `A parlay needs ${HOUSE_LIMITS.parlayMinLegs} to ${HOUSE_LIMITS.parlayMaxLegs} selections.` },
  "too-many-picks": { text: MESSAGES.slipFull },
  "stake-below-minimum": {
    text: "The minimum stake is {minStake} per bet.",
    words: (d) => ({ minStake: formatAmount(d.wallet, HOUSE_LIMITS[d.wallet].minStake) }),
  },
  "stake-above-maximum": {
    text: "The maximum stake is {maxStake} per bet.",
    words: (d) => ({ maxStake: formatAmount(d.wallet, HOUSE_LIMITS[d.wallet].maxStake) }),
  },
  "payout-above-maximum": {
    text: "The maximum payout is {maxPayout} per bet. Lower the amount.",
    words: (d) => ({ maxPayout: formatAmount(d.wallet, HOUSE_LIMITS[d.wallet].maxPayout) }),
  },
  "prop-payout-above-maximum": {
    text: "The maximum payout of a bet with a player prop is {maxPayout}. Lower the amount.",
    words: (d) => ({ maxPayout: formatAmount(d.wallet, d.maxPayout) }),
  },
  "exposure-limit": {
    text: "The house can take at most {largestStake} per bet on this now. Lower the amount.",
    words: (d) => ({ largestStake: formatAmount(d.wallet, d.largestStake) }),
  },
  "exposure-full": {
    text: "The house is not taking more bets on {market} for this game right now.",
    words: (d) => ({ market: d.market }),
  },
  "market-suspended-by-house": {
    text: "Betting on {market} for this game is suspended for now.",
    words: (d) => ({ market: d.market }),
  },
  "exposure-unavailable": { text: "The house can’t take bets on this game for a moment. Try again shortly." },
  "idempotency-key-reused": { text: "This Idempotency-Key was already used for a different bet slip." },

  // cash-out
  "cash-out-key-reused": { text: "This Idempotency-Key was already used for a different cash-out." },
  "bet-not-found": { text: "Bet not found." },
  "bet-settled": { text: "This bet is already settled." },
  "cash-out-unavailable": { text: "Cash-out is not available for this bet right now." },
  "cash-out-moved": { text: "The cash-out value changed. Review the new offer." },
  "quote-expired": { text: "That cash-out offer expired. Review the new offer." },
  "quote-not-found": { text: "That cash-out offer was not found." },
  "invalid-fraction": { text: "Choose a share of the stake of at least one unit." },
  "cash-out-exposure-limit": {
    text: {
      none: "The house can’t take a cash-out of this bet right now: it would put the house over its limit on {market} for this game. Try again later.",
      some: "The house can take a cash-out of at most {largestStake} of this bet’s stake right now. Choose a smaller share.",
    },
    pick: (d) => (d.largestStake > 0 ? "some" : "none"),
    words: (d) => ({ market: d.market, largestStake: formatAmount(d.wallet, d.largestStake) }),
  },
  "cash-out-suspended-by-house": {
    text: "Cash-out is suspended while {market} for this game is suspended. Try again once it reopens.",
    words: (d) => ({ market: d.market }),
  },

  // the daily bonus and coin packs
  "bonus-already-claimed": { text: "Already claimed today ✅" },
  "unknown-pack": { text: "No coin pack has this price." },
  "checkout-session-required": { text: "A checkout session id is required." },
  "purchase-not-credited": { text: "The purchase could not be credited." },

  // redemptions
  "redemption-id-reused": { text: "This redemption id was already used for another amount." },
  "redemption-below-minimum": {
    // Dollars as the spec writes them ("$20"; 1 Vantage Cash redeems for $1).
    text: "The minimum redemption is {minimum}.",
    words: (d) => ({ minimum: `$${formatMoney("cash", d.minimumCents)}` }),
  },
  "redemptions-paused": { text: REDEMPTION_PAUSE_SENTENCES, pick: (d) => d.reason },
  "redemption-already-requested": { text: "This redemption was already requested." },
  "redemption-not-found": { text: "No such redemption." },
  "redemption-already-failed": { text: "This redemption already failed and was refunded." },
  "redemption-already-paid": { text: "This redemption was already paid." },
  "redemption-already-refunded": { text: "This redemption was already refunded." },
  "review-not-found": { text: "No such redemption in review." },
  "not-in-review": { text: "This redemption's review was already {state}.", words: (d) => ({ state: d.state }) },
  "playthrough-required": {
    text:
      "Play {cashToPlay} more Vantage Cash in bets first: bought and bonus Vantage Cash must be played through before it can be redeemed. " +
      "You can redeem {redeemable} now.",
    words: (d) => ({ cashToPlay: formatMoney("cash", d.cashToPlay), redeemable: formatMoney("cash", d.redeemableCash) }),
  },
  "purchase-held": {
    text: "Vantage Cash bought in the last {days} is held before it can be redeemed: {holds}. You can redeem {redeemable} now.",
    words: (d) => ({
      days: `${d.holdDays} ${d.holdDays === 1 ? "day" : "days"}`,
      holds: d.purchaseHolds.map((h) => `${formatMoney("cash", h.amountCents)} until ${formatEtTime(h.freesAt)}`).join(", "),
      redeemable: formatMoney("cash", d.redeemableCash),
    }),
  },

  "payee-not-verified-person": {
    text: {
      "name-differs":
        "Payouts go only to a bank account in your own name, as on the document you verified. Update your payout account's legal name, or contact support if this is a mistake.",
      "no-verified-name":
        "Payouts go only to a bank account in your own name, as on the document you verified, but no name could be read from your document. Please contact support to verify your identity again.",
    },
    pick: (d) => d.problem,
  },
  "payout-address-restricted": {
    text: "Vantage Cash is not redeemable where your payout account's address is ({region}). If that address is out of date, update it in your payout account; contact support if this is a mistake.",
    words: (d) => ({ region: d.region }),
  },

  // identity (src/shared/schemas/identity.ts says what each state means)
  "identity-unverified": {
    text: { none: IDENTITY_SENTENCES.none, pending: IDENTITY_SENTENCES.pending, "needs-input": IDENTITY_SENTENCES["needs-input"] },
    pick: (d) => d.identity,
  },
  "identity-in-use": { text: IDENTITY_SENTENCES["in-use"] },
  "identity-mismatch": { text: IDENTITY_SENTENCES.mismatch },
  "identity-final": {
    text: { verified: "Your identity is already verified.", "in-use": IDENTITY_SENTENCES["in-use"], mismatch: IDENTITY_SENTENCES.mismatch },
    pick: (d) => d.identity,
  },
  "identity-not-started": { text: "This player has no identity check to reset." },
  "identity-shows-minor": {
    text: "This player's verified document showed a minor: the check cannot be reset, and the account stays closed for play.",
  },
  "identity-changed": {
    text: "This player's identity check changed since this reset was asked (or the request does not say which verification it resets), so it no longer applies. Look at the check again and send a new request.",
  },

  // disputes, refunds and fraud warnings (as the payment provider reports them)
  "dispute-invalid": { text: "A dispute needs an id, a payment intent and a status." },
  "refund-invalid": { text: "A refund needs a payment intent and whole amounts." },
  "fraud-warning-invalid": { text: "A fraud warning needs an id, a payment intent and a fraud type." },
  "fraud-warning-not-found": { text: "No such fraud warning for this player." },

  // the player's date of birth
  "date-of-birth-invalid": { text: "dateOfBirth: Please enter a real date of birth." },
  "date-of-birth-set": { text: "Your date of birth is already confirmed. Please contact support to change it." },

  // the account's freeze
  "freeze-changed": {
    text: "This account was frozen again since this unfreeze was asked (or the request does not say which freeze it lifts), so it no longer applies. Look at the freeze in force and send a new request.",
  },

  // operators' adjustments
  "adjustment-conflict": { text: "This adjustment id was already used for another adjustment." },
  "adjustment-needs-approval": { text: "This adjustment needs a second operator's approval." },
  "adjustment-below-zero": { text: "This adjustment would take the balance below zero." },
  "adjustment-invalid-amount": { text: "The amount must be a whole number of minor units other than zero." },

  // free entry by post
  "code-used": { text: "This request code was already recorded; each code counts once." },
  "code-credited": { text: "This request code was already credited." },
  "already-entered-that-day": {
    text: "A card of this player postmarked {postmarkedOn} was already credited; one card per postmark day counts.",
    words: (d) => ({ postmarkedOn: d.postmarkedOn }),
  },
  "postmark-not-a-date": { text: "postmarkedOn: not a real date." },
  "postmark-after-today": { text: "The postmark is later than today." },
  "postmark-before-issue": { text: "The postmark is before the code was issued ({issuedOn}).", words: (d) => ({ issuedOn: d.issuedOn }) },
  "code-expired": {
    text: "This code expired on {expiredOn}, before the card was posted; nothing was credited.",
    words: (d) => ({ expiredOn: d.expiredOn }),
  },
  "unknown-code": { text: "The request code no longer exists." },
  "free-entry-cap": {
    text: "You have recorded {max} free-entry cards in the last 24 hours, the most one operator may. Ask another operator to record the rest.",
    words: (d) => ({ max: d.max }),
  },

  // handles (src/shared/handles.ts)
  "invalid-handle": {
    text: { length: HANDLE_MESSAGES.length, characters: HANDLE_MESSAGES.characters, disguised: HANDLE_MESSAGES.disguised },
    pick: (d) => d.problem,
  },
  "handle-reserved": { text: HANDLE_MESSAGES.reserved },
  "handle-taken": { text: HANDLE_MESSAGES.taken },
  "handle-look-alike": { text: HANDLE_MESSAGES.lookAlike },

  // results and settlement
  "event-not-found": { text: "No such event." },
  "already-settled": { text: "This event already has a different result." },
  "not-started": { text: "This event has not started yet; it can only be voided." },
  "not-settled": { text: "This game has no result yet: record its result instead of correcting it." },
  "void-holds-props": {
    text: "This game's void stands: bets on it hold player props, which were settled void and cannot be graded from a corrected score.",
  },
  "result-changed": { text: "The result changed while you were correcting it. Reload and try again." },
  "result-changed-since-asked": {
    text: "This game's result changed since this was asked, so it no longer applies. Look at the result again and send a new request.",
  },
  "same-result": { text: "This game already has that result." },
  "dead-letter-not-found": { text: "No such dead letter." },
  "not-replayable": { text: "This message cannot be read, so it cannot be replayed." },
  "stats-need-final": { text: "This game has no final score: record its result before its players' statistics." },
  "stats-not-awaited": {
    text: "No player props on this game wait for statistics: none are open, or the grading deadline passed and they are void.",
  },
  "stats-incomplete": {
    text: "These statistics leave out what the game's player props are graded on: {missing}.",
    words: (d) => ({ missing: d.missing.join("; ") }),
  },
  "stats-changed": {
    text: "This game's statistics were recorded or corrected since this was asked. Look at them again and send a new request.",
  },

  // the operator console's own rules
  "own-account": { text: "Operators cannot act on their own account. Ask another operator." },
  "holds-bet": { text: "You hold a bet on this game, so another operator must record, correct or approve its result." },
  "requester-holds-bet": {
    text: "The operator who asked for this holds a bet on this game, so it cannot be approved. Reject it; an operator without a bet on the game can ask again.",
  },
  "holds-prop-bet": {
    text: "You hold an open player-prop bet in this sport, so another operator must ask for or decide a change of its player names.",
  },
  "requester-holds-prop-bet": {
    text: "The operator who asked for this holds an open player-prop bet in this sport, so it cannot be approved. Reject it; an operator without one can ask again.",
  },
  "prop-name-changed": {
    text: "This player name's entry changed since this was asked, so it no longer applies. Look at the names again and send a new request.",
  },
  "requester-own-account": {
    text: "This player's account is one of the requesting operator's own, so it cannot be approved. Reject it; another operator can ask again.",
  },
  "own-request": { text: "You asked for this; another operator must approve or reject it." },
  "already-decided": { text: "This request is already {status}.", words: (d) => ({ status: d.request.status }) },
  "request-not-found": { text: "No such request." },
  "request-conflict": { text: "This request id was already used for another request." },
  // The region rules' own check names the problem (src/shared/region-rules.ts regionRuleProblem).
  "region-rule-invalid": { text: "{problem}", words: (d) => ({ problem: d.problem }) },
};

function fill(text: string, words: Words): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => (name in words ? String(words[name]) : slot));
}

/** The sentence for `code` with `details`, a pure function of them. */
export function sentenceFor<C extends RefusalCode>(code: C, details: RefusalDetails<C>): string {
  // SPECS[code] is the spec of this very code, whose details `details` are; TypeScript
  // cannot relate the two through the mapped type, hence the widening.
  const spec = SPECS[code] as SentenceSpec<RefusalDetails<C>>;
  const text = typeof spec.text === "string" ? spec.text : (spec.text[spec.pick?.(details) ?? ""] ?? "");
  return spec.words ? fill(text, spec.words(details)) : text;
}

/** The player's sentence for a refusal. */
export function sentenceOf(refusal: Refusal): string {
  return sentenceFor(refusal.code, refusal.details);
}

/** The texts of a code's sentence as written, `{name}` where a value goes (one per state where the state chooses). */
export function sentenceTexts(code: RefusalCode): string[] {
  const { text } = SPECS[code];
  return typeof text === "string" ? [text] : Object.values(text);
}

/** Every refusal code, in the order of this file. */
export const REFUSAL_CODES = Object.keys(SPECS) as RefusalCode[];
