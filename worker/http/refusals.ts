// The one table from a refusal to what a client receives: the HTTP status, the code on the
// wire and the player's sentence (src/shared/refusals.ts, which the SPA renders too). Domain
// code answers refusals as values with no status or sentence; routes throw `refusalError(refusal)`.
//
// A few refusals are told apart here but share a code on the wire, where clients have always
// seen one (`aborted`, `not-found`, `invalid-argument`, …), and a few carry data only their
// sentence needs, which clients are not sent: `wire` and `details` below say so.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type AuditFailure,
  REFUSAL_CODES,
  type Refusal,
  type RefusalCode,
  type RefusalDetails,
  sentenceFor,
} from "../../src/shared/refusals";
import { ApiError } from "./api-error";

export type RefusalStatus = 400 | 403 | 404 | 409 | 422 | 429;

type Edge<C extends RefusalCode> = {
  status: RefusalStatus;
  /** The code clients see, where it is not the refusal's own. */
  wire?: string;
  /** What clients see of the details, where it is not all of them. */
  details?: (details: RefusalDetails<C>) => unknown;
};

const none = () => undefined;

const EDGE: { [C in RefusalCode]: Edge<C> } = {
  "age-unconfirmed": { status: 403 },
  "under-age": { status: 403 },
  "self-excluded": { status: 403 },
  "region-restricted": { status: 403, details: ({ region, mode, day, unavailable }) => ({ region, mode, day, unavailable }) },
  "account-frozen": { status: 403 },
  "purchases-closed-chargeback": { status: 403 },
  "rules-not-accepted": { status: 403 },
  "stake-limit": { status: 403, details: ({ limit, resetsAt }) => ({ limit, resetsAt }) },
  "purchase-limit": { status: 403, details: ({ limit, remainingDollars, resetsAt }) => ({ limit, remainingDollars, resetsAt }) },
  "loss-limit": { status: 403, details: ({ limit, remaining, resetsAt }) => ({ limit, remaining, resetsAt }) },
  "time-limit": { status: 403, details: ({ limit, resetsAt }) => ({ limit, resetsAt }) },
  "reality-check-due": { status: 403 },

  "no-selection": { status: 400 },
  "invalid-amount": { status: 400 },
  "selection-locked": { status: 400 },
  "insufficient-funds": { status: 400 },
  "invalid-stake": { status: 400 },
  "parlay-legs": { status: 400 },
  "too-many-picks": { status: 400 },
  "stake-below-minimum": { status: 400, details: none },
  "stake-above-maximum": { status: 400, details: none },
  "payout-above-maximum": { status: 400, details: none },
  "prop-payout-above-maximum": { status: 400 },
  "exposure-limit": { status: 409 },
  "exposure-full": { status: 409 },
  "market-suspended-by-house": { status: 409 },
  "exposure-unavailable": { status: 409 },
  "idempotency-key-reused": { status: 422 },

  "cash-out-key-reused": { status: 422, wire: "idempotency-key-reused" },
  "bet-not-found": { status: 404 },
  "bet-settled": { status: 409 },
  "cash-out-unavailable": { status: 409 },
  "cash-out-moved": { status: 409 },
  "quote-expired": { status: 409 },
  "quote-not-found": { status: 404 },
  "invalid-fraction": { status: 400 },
  "cash-out-exposure-limit": { status: 409 },
  "cash-out-suspended-by-house": { status: 409 },

  "bonus-already-claimed": { status: 409, wire: "aborted" },
  "unknown-pack": { status: 400 },
  "checkout-session-required": { status: 400, wire: "invalid-argument" },
  "purchase-not-credited": { status: 400, wire: "invalid-argument" },

  "redemption-id-reused": { status: 409, wire: "aborted" },
  "redemption-below-minimum": { status: 400, wire: "invalid-argument", details: none },
  "redemptions-paused": { status: 409, details: none },
  "redemption-already-requested": { status: 409, wire: "aborted" },
  "redemption-not-found": { status: 404, wire: "not-found" },
  "redemption-already-failed": { status: 409, wire: "aborted" },
  "redemption-already-paid": { status: 409, wire: "aborted" },
  "redemption-already-refunded": { status: 409, wire: "aborted" },
  "review-not-found": { status: 404, wire: "not-found" },
  "not-in-review": { status: 409, details: none },
  "playthrough-required": { status: 403 },
  "purchase-held": {
    status: 403,
    details: ({ cashToPlay, redeemableCash, purchaseHolds }) => ({ cashToPlay, redeemableCash, purchaseHolds }),
  },
  "payee-not-verified-person": { status: 403, details: none },
  "payout-address-restricted": { status: 403 },

  "identity-unverified": { status: 403, details: none },
  "identity-in-use": { status: 403 },
  "identity-mismatch": { status: 403 },
  "identity-final": { status: 409, details: none },
  "identity-not-started": { status: 409 },
  "identity-shows-minor": { status: 409 },
  "identity-changed": { status: 409 },

  "dispute-invalid": { status: 400, wire: "invalid-argument" },
  "refund-invalid": { status: 400, wire: "invalid-argument" },
  "fraud-warning-invalid": { status: 400, wire: "invalid-argument" },
  "fraud-warning-not-found": { status: 404, wire: "not-found" },

  "date-of-birth-invalid": { status: 400, wire: "invalid-argument" },
  "date-of-birth-set": { status: 409 },

  "freeze-changed": { status: 409 },

  "adjustment-conflict": { status: 409 },
  "adjustment-needs-approval": { status: 409 },
  "adjustment-below-zero": { status: 409, wire: "insufficient-funds" },
  "adjustment-invalid-amount": { status: 400, wire: "invalid-amount" },

  "code-used": { status: 409 },
  "code-credited": { status: 409, wire: "code-used" },
  "already-entered-that-day": { status: 409, details: none },
  "postmark-not-a-date": { status: 400, wire: "invalid-postmark" },
  "postmark-after-today": { status: 400, wire: "invalid-postmark" },
  "postmark-before-issue": { status: 400, wire: "invalid-postmark", details: none },
  "code-expired": { status: 409, details: none },
  "unknown-code": { status: 404 },
  "free-entry-cap": { status: 429, details: none },

  "invalid-handle": { status: 400, details: none },
  "handle-reserved": { status: 400 },
  "handle-taken": { status: 409 },
  "handle-look-alike": { status: 409, wire: "handle-taken" },

  "event-not-found": { status: 404, wire: "not-found" },
  "already-settled": { status: 409 },
  "not-started": { status: 409 },
  "not-settled": { status: 409 },
  "void-holds-props": { status: 409 },
  "result-changed": { status: 409 },
  "result-changed-since-asked": { status: 409, wire: "result-changed" },
  "same-result": { status: 409 },
  "dead-letter-not-found": { status: 404, wire: "not-found" },
  "not-replayable": { status: 409 },
  "stats-need-final": { status: 409 },
  "stats-not-awaited": { status: 409 },
  "stats-incomplete": { status: 400 },
  "stats-changed": { status: 409 },

  "own-account": { status: 403 },
  "holds-bet": { status: 403 },
  "requester-holds-bet": { status: 409 },
  "requester-own-account": { status: 409 },
  "holds-prop-bet": { status: 403 },
  "requester-holds-prop-bet": { status: 409 },
  "prop-name-changed": { status: 409 },
  "own-request": { status: 403 },
  "already-decided": { status: 409 },
  "request-not-found": { status: 404, wire: "not-found" },
  "request-conflict": { status: 409 },
  "region-rule-invalid": { status: 400, wire: "invalid-argument", details: none },
};

export type RefusalEntry<C extends RefusalCode> = {
  status: RefusalStatus;
  /** The code on the wire. */
  code: string;
  /** The player's sentence, from the details. */
  sentence: (details: RefusalDetails<C>) => string;
  /** The details on the wire. */
  details: (details: RefusalDetails<C>) => unknown;
};

function entryOf<C extends RefusalCode>(code: C): RefusalEntry<C> {
  const edge: Edge<C> = EDGE[code];
  return {
    status: edge.status,
    code: edge.wire ?? code,
    sentence: (details) => sentenceFor(code, details),
    details: edge.details ?? ((details) => details),
  };
}

/** Each refusal code's status, wire code, sentence and wire details (REFUSAL_CODES is every code, so every key is there). */
export const REFUSALS = Object.fromEntries(REFUSAL_CODES.map((code) => [code, entryOf(code)])) as { [C in RefusalCode]: RefusalEntry<C> };

const AUDIT_FAILED = { status: 503, sentence: "Nothing was changed: the action's audit record could not be written. Try again." } as const;

function entryFor(refusal: Refusal): RefusalEntry<RefusalCode> {
  // The entry of this very code; TypeScript cannot relate a union's code to its own entry.
  return REFUSALS[refusal.code] as RefusalEntry<RefusalCode>;
}

/** The code a client sees for `refusal`. */
export function wireCodeOf(refusal: Refusal | AuditFailure): string {
  return refusal.code === "audit-failed" ? refusal.code : entryFor(refusal).code;
}

/** The status, wire code and sentence a client sees for `refusal`. */
export function wireOf(refusal: Refusal | AuditFailure): { status: ContentfulStatusCode; code: string; message: string } {
  if (refusal.code === "audit-failed") return { status: AUDIT_FAILED.status, code: refusal.code, message: AUDIT_FAILED.sentence };
  const entry = entryFor(refusal);
  return { status: entry.status, code: entry.code, message: entry.sentence(refusal.details) };
}

/**
 * The error a route throws for a refusal from domain code. `details`, when given, are what
 * the route sends in place of the refusal's own (an approval answers with its request).
 */
export function refusalError(refusal: Refusal | AuditFailure, details?: unknown): ApiError {
  const { status, code, message } = wireOf(refusal);
  const own = refusal.code === "audit-failed" || refusal.details === undefined ? undefined : entryFor(refusal).details(refusal.details);
  return new ApiError(status, code, message, details ?? own);
}
