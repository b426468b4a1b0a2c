// The daily claim as the wallet panel sees it: one call to POST /api/grantDailyBonus and
// the §8 message that answers it. Kept apart from the panel so the message rules read
// in one place.
import { ApiError, INVALID_RESPONSE, type ApiClient } from "../../../lib/api-client";
import type { DailyBonusResponse } from "../../../shared/schemas/bonus";
import { PROTECTION_REFUSAL_CODES } from "../../../shared/protection";

export const CLAIM_MESSAGES = {
  signedOut: "You must be logged in to claim.",
  already: "Already claimed today ✅",
  milestone: "Daily bonus + streak bonus claimed! 🎉",
  claimed: "Daily bonus claimed! 🎁",
  error: "Error claiming bonus",
  failed: "Failed to claim bonus",
} as const;

/** Spec §7: the callable client (grantDailyBonus) waits up to 70 s, not the usual 15 s. */
export const CALLABLE_TIMEOUT_MS = 70_000;

export type ClaimOutcome = { message: string; tone: "success" | "info" | "error"; response: DailyBonusResponse | null };

export async function claimDailyBonus(api: ApiClient): Promise<ClaimOutcome> {
  let response: DailyBonusResponse;
  try {
    // The schema (and zod) load with the first claim, keeping them out of the initial bundle.
    response = await api.request("/grantDailyBonus", async () => (await import("../../../shared/schemas/bonus")).DailyBonusResponseSchema, {
      method: "POST",
      body: {},
      timeoutMs: CALLABLE_TIMEOUT_MS,
    });
  } catch (err) {
    // Two claims of one day racing: the wallet refuses the second as `aborted`, and it
    // was paid already — say so rather than calling it an error.
    if (err instanceof ApiError && err.code === "aborted") return { message: CLAIM_MESSAGES.already, tone: "info", response: null };
    // The session ended while the page was open (expired, revoked, signed out in another
    // tab) and could not be renewed: the claim needs a login, which is the spec's message.
    if (err instanceof ApiError && err.status === 401) return { message: CLAIM_MESSAGES.signedOut, tone: "error", response: null };
    // Player protection (a break, no confirmed age, the region): the server says why and until when.
    if (err instanceof ApiError && err.code !== null && PROTECTION_REFUSAL_CODES.has(err.code)) {
      return { message: err.message, tone: "error", response: null };
    }
    // The server refused the claim: an error; no answer at all, or one that cannot be read: it failed.
    const answered = err instanceof ApiError && err.status !== 0 && err.code !== INVALID_RESPONSE;
    return { message: answered ? CLAIM_MESSAGES.error : CLAIM_MESSAGES.failed, tone: "error", response: null };
  }
  if (!response.ok || response.error) return { message: CLAIM_MESSAGES.error, tone: "error", response };
  if (response.alreadyClaimed) return { message: CLAIM_MESSAGES.already, tone: "info", response };
  if (response.milestone) return { message: CLAIM_MESSAGES.milestone, tone: "success", response };
  return { message: CLAIM_MESSAGES.claimed, tone: "success", response };
}
