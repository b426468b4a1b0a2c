// The player's verified identity inside the wallet: the state the identity webhook
// reports (worker/identity/identity-webhook.ts) and the rule every redemption follows. The
// state lives here, beside the money, so the transaction that holds a redemption
// (worker/payments/in-wallet/redemptions.ts) and the one that lets each payout attempt run
// (worker/payments/in-wallet/payout-attempts.ts) read it without a round trip: money never leaves for a
// person who is not verified, however the state changes in between.
//
// A verified document whose date of birth differs from the one the player confirmed
// becomes `mismatch` here, where the confirmed date lives. Verified, mismatch and in-use
// are final for the webhook: a late or replayed event of an older session cannot undo them.
// Beginning a session retires the one it replaces when that one needed input (the player
// gave it up; the provider would let anyone take it up again), so its outcome changes
// nothing. One still being processed is not retired: a player who opens another while the
// provider checks the first keeps the first's outcome. An outcome the wallet does not
// record (a retired session, a state already final) has the webhook give up whatever
// document and person it claimed in D1.
//
// Operators resolve what the webhook cannot: correcting the confirmed date of birth to the
// document's turns a mismatch into verified (and a correction away from a verified
// document's date makes it a mismatch), and a reset puts the player back at "never
// started", retiring the session so its events are ignored from then on.
import type { IdentityState, IdentityStatus } from "../../../src/shared/schemas/identity";
import type { RefusalOf } from "../../../src/shared/refusals";
import type { Ledger } from "../../wallet/ledger";
import { ageAnywhere, isValidDateOfBirth } from "../../../src/shared/protection";
import { recordResidenceInTx, verifiedResidenceInTx } from "./identity-residence";
import { closeUnderAgeInTx, confirmDateOfBirthInTx, readProtection } from "./protection";

type IdentityRow = {
  status: IdentityStatus;
  session_id: string | null;
  verified_dob: string | null;
  document_hash: string | null;
  reason: string | null;
  updated_at: number;
};

type FinalStatus = "verified" | "mismatch" | "in-use";
const FINAL: ReadonlySet<IdentityStatus> = new Set<FinalStatus>(["verified", "mismatch", "in-use"]);

function isFinal(status: IdentityStatus): status is FinalStatus {
  return FINAL.has(status);
}

const MISMATCH_REASON = "The document's date of birth differs from the confirmed one.";
const UNDER_AGE_REASON = "The document shows someone under the minimum age to play.";
export const NO_ADDRESS_REASON = "The document shows no home address. Use a driving licence or state ID that shows where you live.";

function readRow(tx: Ledger): IdentityRow | null {
  return tx.sql.exec<IdentityRow>("SELECT * FROM identity WHERE id = 1").toArray()[0] ?? null;
}

function isRetired(tx: Ledger, sessionId: string): boolean {
  return tx.sql.exec("SELECT 1 FROM identity_retired_sessions WHERE session_id = ?", sessionId).toArray().length > 0;
}

function retireSessionInTx(tx: Ledger, sessionId: string): void {
  tx.sql.exec("INSERT OR IGNORE INTO identity_retired_sessions (session_id, retired_at) VALUES (?, ?)", sessionId, tx.now);
}

/**
 * Whether an outcome of this session would be recorded now (`open`), or why it would change
 * nothing: the session was retired (by a reset, or by a newer session begun after it needed
 * input), or the state is already final.
 */
export type IdentitySessionStanding = "open" | "retired" | "final";

export function identitySessionStandingInTx(tx: Ledger, sessionId: string): IdentitySessionStanding {
  if (isRetired(tx, sessionId)) return "retired";
  if (isFinal(readIdentityInTx(tx).status)) return "final";
  return "open";
}

/**
 * True while the recorded document showed someone under the minimum age (where they live):
 * that account stays closed and unverified whatever date of birth is typed or corrected.
 */
export function documentShowsMinorInTx(tx: Ledger): boolean {
  const row = readRow(tx);
  return row?.status === "mismatch" && row.reason === UNDER_AGE_REASON;
}

/** The date of birth on the player's verified document (verified or mismatch), else null. */
export function verifiedDateOfBirthInTx(tx: Ledger): string | null {
  return readRow(tx)?.verified_dob ?? null;
}

/**
 * The player's identity check as every rule reads it. A document that verified but shows no
 * home address (a passport) leaves where the player lives unknown: the region and age rules
 * of their state could only be read from the network they use, which a VPN chooses. It
 * counts as needing another document, which the player may start at once.
 */
export function readIdentityInTx(tx: Ledger): IdentityState {
  const row = readRow(tx);
  if (!row) return { status: "none", reason: null, updatedAt: null };
  if (row.status === "verified" && verifiedResidenceInTx(tx) === null) {
    return { status: "needs-input", reason: NO_ADDRESS_REASON, updatedAt: row.updated_at };
  }
  return { status: row.status, reason: row.reason, updatedAt: row.updated_at };
}

export type IdentityRefusal = RefusalOf<"identity-unverified" | "identity-in-use" | "identity-mismatch">;

/** The refusal of anything that would pay this player out, or null once they are verified. */
export function identityRefusal(tx: Ledger): IdentityRefusal | null {
  const { status } = readIdentityInTx(tx);
  if (status === "verified") return null;
  if (status === "in-use") return { ok: false, code: "identity-in-use" };
  if (status === "mismatch") return { ok: false, code: "identity-mismatch" };
  return { ok: false, code: "identity-unverified", details: { identity: status } };
}

/** What a verification session came to, as the identity webhook learned it. */
export type IdentityOutcome =
  | { sessionId: string; outcome: "pending" }
  | { sessionId: string; outcome: "needs-input"; reason: string }
  | {
      sessionId: string;
      outcome: "in-use";
      documentHash: string;
      /** The document's date of birth and the age where it says the person lives: a minor's document closes this account too. */
      dateOfBirth?: string;
      minAge?: number;
    }
  | {
      sessionId: string;
      outcome: "verified";
      documentHash: string;
      dateOfBirth: string;
      minAge: number;
      /** The region of the document's address (US-CA), or null when it shows none. */
      residence?: string | null;
    };

/**
 * `changed`: the outcome was recorded. `retired`: the session was retired (an operator's
 * reset, or a newer session begun), so its outcome changed nothing. `heldDocumentHash`: the document the
 * state holds after this call (verified, mismatch or in-use), else null. `closedForAge`: this
 * outcome closed the account for play as under age (it leaves the public social surface).
 */
export type IdentityResult = {
  ok: true;
  identity: IdentityState;
  changed: boolean;
  heldDocumentHash: string | null;
  retired?: true;
  closedForAge?: true;
};

function unchanged(tx: Ledger, why: { retired?: true } = {}): IdentityResult {
  return { ok: true, identity: readIdentityInTx(tx), changed: false, heldDocumentHash: readRow(tx)?.document_hash ?? null, ...why };
}

/**
 * Records an outcome of the player's current session unless the state is already final (an
 * outcome of a retired session changes nothing). A verified document is held against
 * the player's age and confirmed date of birth here, in the transaction every payout reads:
 * a document under `minAge` never verifies (a mismatch, and the account closes for play as
 * under age, as a confirmed date under the minimum does); with no date confirmed yet, the
 * document's date becomes the confirmed one (the player cannot change it afterwards); a
 * different confirmed date makes it a mismatch. A document another account already verified
 * is `in-use` here, unless it shows a minor: then it is the same under-age mismatch, and this
 * account closes for play too.
 */
export function recordIdentityInTx(tx: Ledger, input: IdentityOutcome): IdentityResult {
  const standing = identitySessionStandingInTx(tx, input.sessionId);
  if (standing === "retired") return unchanged(tx, { retired: true });
  if (standing === "final") return unchanged(tx);
  return applyOutcomeInTx(tx, input);
}

function applyOutcomeInTx(tx: Ledger, input: IdentityOutcome): IdentityResult {
  let status: IdentityStatus = input.outcome;
  let reason: string | null = input.outcome === "needs-input" ? input.reason.slice(0, 300) : null;
  let closedForAge = false;
  // A minor's document already verified elsewhere (their first account) closes this one too.
  const shownDateOfBirth = input.outcome === "verified" || input.outcome === "in-use" ? input.dateOfBirth : undefined;
  if (
    input.outcome === "in-use" &&
    shownDateOfBirth !== undefined &&
    input.minAge !== undefined &&
    (!isValidDateOfBirth(shownDateOfBirth, tx.now) || ageAnywhere(shownDateOfBirth, tx.now) < input.minAge)
  ) {
    status = "mismatch";
    reason = UNDER_AGE_REASON;
    closeUnderAgeInTx(tx);
    closedForAge = true;
  }
  if (input.outcome === "verified") {
    const confirmed = readProtection(tx).dateOfBirth;
    if (!isValidDateOfBirth(input.dateOfBirth, tx.now) || ageAnywhere(input.dateOfBirth, tx.now) < input.minAge) {
      status = "mismatch";
      reason = UNDER_AGE_REASON;
      closeUnderAgeInTx(tx);
      closedForAge = true;
    } else if (confirmed === null) {
      confirmDateOfBirthInTx(tx, { dateOfBirth: input.dateOfBirth, minAge: input.minAge });
    } else if (confirmed !== input.dateOfBirth) {
      status = "mismatch";
      reason = MISMATCH_REASON;
    }
  }
  tx.sql.exec(
    `INSERT INTO identity (id, status, session_id, verified_dob, document_hash, reason, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, session_id = excluded.session_id, verified_dob = excluded.verified_dob,
       document_hash = excluded.document_hash, reason = excluded.reason, updated_at = excluded.updated_at`,
    status,
    input.sessionId,
    input.outcome === "verified" || closedForAge ? (shownDateOfBirth ?? null) : null,
    input.outcome === "verified" || input.outcome === "in-use" ? input.documentHash : null,
    reason,
    tx.now,
  );
  recordResidenceInTx(tx, input.outcome === "verified" ? (input.residence ?? null) : null);
  return {
    ok: true,
    identity: readIdentityInTx(tx),
    changed: true,
    heldDocumentHash: readRow(tx)?.document_hash ?? null,
    ...(closedForAge && { closedForAge: true as const }),
  };
}

/**
 * Before a new verification session opens: refused once the state is final (verified, or
 * blocked for support), else the state becomes pending for that session. The session it
 * replaces is retired when it needed input (a late outcome of it changes nothing, as after a
 * reset); one still pending at the provider is not, so its outcome still counts.
 */
export function beginIdentityCheckInTx(tx: Ledger, input: { sessionId: string }): IdentityResult | RefusalOf<"identity-final"> {
  const current = readIdentityInTx(tx);
  if (isFinal(current.status)) return { ok: false, code: "identity-final", details: { identity: current.status } };
  if (isRetired(tx, input.sessionId)) return unchanged(tx, { retired: true });
  const replaced = readRow(tx)?.session_id ?? null;
  if (replaced !== null && replaced !== input.sessionId && current.status === "needs-input") retireSessionInTx(tx, replaced);
  return applyOutcomeInTx(tx, { sessionId: input.sessionId, outcome: "pending" });
}

export type IdentityResetResult = { ok: true; previous: IdentityState } | RefusalOf<"identity-not-started" | "identity-shows-minor">;

/** The verification session the player's check is in (never shown to the player), or null when there is none. */
export function identitySessionIdInTx(tx: Ledger): string | null {
  return readRow(tx)?.session_id ?? null;
}

/**
 * The check an operator's reset request was asked against: its state and its verification
 * session. `sessionId` is absent on a request that does not say (one stored before requests
 * kept it).
 */
export type IdentityAsked = { status: IdentityStatus; sessionId?: string | null };

/**
 * Whether the check in force is the one a reset was asked against: the same state in the same
 * session. A check reset since and begun again in a new session that came to the same state
 * is another check; a request that does not say which session matches none.
 */
export function identityAskedAgainstInTx(tx: Ledger, asked: IdentityAsked): boolean {
  if (asked.sessionId === undefined) return false;
  return readIdentityInTx(tx).status === asked.status && identitySessionIdInTx(tx) === asked.sessionId;
}

/**
 * An operator's reset: the player is back at "never started" and may verify again. The
 * session is retired, so its late or replayed events change nothing; the document's claim
 * in D1 is released by the caller. A document that showed a minor is never reset: it is the
 * record that keeps the account closed, and no date of birth corrected later reopens it.
 */
export function resetIdentityInTx(tx: Ledger): IdentityResetResult {
  const row = readRow(tx);
  if (!row) return { ok: false, code: "identity-not-started" };
  if (documentShowsMinorInTx(tx)) return { ok: false, code: "identity-shows-minor" };
  const previous = readIdentityInTx(tx);
  if (row.session_id !== null) retireSessionInTx(tx, row.session_id);
  tx.sql.exec("DELETE FROM identity WHERE id = 1");
  recordResidenceInTx(tx, null);
  return { ok: true, previous };
}

/**
 * After an operator corrects the confirmed date of birth: a verified document agrees with
 * it or it is a mismatch. A document that showed a minor stays a mismatch: no date typed
 * afterwards makes it verify. True when the state changed.
 */
export function reconcileIdentityWithDateOfBirthInTx(tx: Ledger, dateOfBirth: string): boolean {
  const row = readRow(tx);
  if (!row || row.verified_dob === null || documentShowsMinorInTx(tx)) return false;
  const next: IdentityStatus | null =
    row.status === "mismatch" && row.verified_dob === dateOfBirth
      ? "verified"
      : row.status === "verified" && row.verified_dob !== dateOfBirth
        ? "mismatch"
        : null;
  if (next === null) return false;
  tx.sql.exec(
    "UPDATE identity SET status = ?, reason = ?, updated_at = ? WHERE id = 1",
    next,
    next === "mismatch" ? MISMATCH_REASON : null,
    tx.now,
  );
  return true;
}
