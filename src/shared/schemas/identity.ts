// Identity before redemption: the states a player's verified identity can be in, what
// /redeem shows for each, and the answers of /api/identity. The wallet keeps the state and
// checks it inside the transaction that holds a redemption; this file only names it.
import { z } from "zod";
import { IDENTITY_SENTENCES } from "../refusals";

/**
 * none        never started
 * pending     a verification session is open or being processed
 * needs-input the provider could not verify the document or selfie; start again
 * verified    document and matching selfie verified, date of birth as confirmed
 * mismatch    verified, but the document's date of birth differs from the confirmed one
 * in-use      the document, or the person it shows, already verified another Vantage account
 */
export const IdentityStatusSchema = z.enum(["none", "pending", "needs-input", "verified", "mismatch", "in-use"]);
export type IdentityStatus = z.infer<typeof IdentityStatusSchema>;

export const IdentityStateSchema = z.object({
  status: IdentityStatusSchema,
  /** The provider's sentence for needs-input (e.g. "The document was expired."), else null. */
  reason: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type IdentityState = z.infer<typeof IdentityStateSchema>;

/** POST /api/identity/session: the provider's verification page for this player. */
export const IdentitySessionSchema = z.object({ url: z.string().min(1) });

// The sentences are the identity refusals' (src/shared/refusals.ts): /redeem shows what a redemption would be refused with.
export const IDENTITY_UNVERIFIED_MESSAGE = IDENTITY_SENTENCES.none;
export const IDENTITY_PENDING_MESSAGE = IDENTITY_SENTENCES.pending;
export const IDENTITY_NEEDS_INPUT_MESSAGE = IDENTITY_SENTENCES["needs-input"];
export const IDENTITY_IN_USE_MESSAGE = IDENTITY_SENTENCES["in-use"];
export const IDENTITY_MISMATCH_MESSAGE = IDENTITY_SENTENCES.mismatch;

/** What /redeem and the withdrawal refusal say about each state (null: nothing to do). */
export function identityMessage(status: IdentityStatus): string | null {
  switch (status) {
    case "verified":
      return null;
    case "none":
      return IDENTITY_UNVERIFIED_MESSAGE;
    case "pending":
      return IDENTITY_PENDING_MESSAGE;
    case "needs-input":
      return IDENTITY_NEEDS_INPUT_MESSAGE;
    case "in-use":
      return IDENTITY_IN_USE_MESSAGE;
    case "mismatch":
      return IDENTITY_MISMATCH_MESSAGE;
  }
}

/** The error code a withdrawal is refused with in each unverified state. */
export function identityRefusalCode(
  status: Exclude<IdentityStatus, "verified">,
): "identity-unverified" | "identity-in-use" | "identity-mismatch" {
  if (status === "in-use") return "identity-in-use";
  if (status === "mismatch") return "identity-mismatch";
  return "identity-unverified";
}

/** Whether the player may start (or restart) a verification. */
export function canStartVerification(status: IdentityStatus): boolean {
  return status === "none" || status === "needs-input" || status === "pending";
}
