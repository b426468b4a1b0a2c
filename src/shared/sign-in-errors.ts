// How a redirect sign-in that went wrong comes back to the sign-in page, shared by the
// Worker (which sends the player there) and the SPA (which shows it). The address
// carries only a code; the page shows the spec §8 line for it ('Login failed: <code>'
// when the sign-in could not start, 'Sign-in failed: <code>' when the provider's answer
// was refused) and a fixed sentence. A code the SPA does not know — anything a link
// could put in the address — gets one generic message, so no text from the address is
// ever shown.

export const SIGN_IN_ERROR_CODES = [
  "access-denied",
  "invalid-state",
  "invalid-request",
  "token-exchange-failed",
  "invalid-id-token",
  "email-not-verified",
  "not-configured",
  "rate-limited",
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

/** Where the failure happened: starting the sign-in, or on the provider's callback. */
export type SignInStage = "start" | "callback";

/** The query parameter of '/' each stage's failure arrives in. */
export const SIGN_IN_ERROR_PARAM: Record<SignInStage, string> = { start: "login_error", callback: "auth_error" };

const SENTENCES: Record<SignInErrorCode, string> = {
  "access-denied": "You cancelled the sign-in. Continue with Google to try again.",
  "invalid-state": "The sign-in expired or was started in another window. Please try again.",
  "invalid-request": "The sign-in could not be completed. Please try again.",
  "token-exchange-failed": "Google could not confirm the sign-in. Please try again.",
  "invalid-id-token": "Google's answer could not be verified. Please try again.",
  "email-not-verified": "Your Google account's e-mail address is not verified. Verify it with Google, then try again.",
  "not-configured": "Sign-in is not available on this server right now. Please try again later.",
  "rate-limited": "Too many sign-in attempts. Please wait a minute and try again.",
};

const PREFIX: Record<SignInStage, string> = { start: "Login failed", callback: "Sign-in failed" };

/** The one message for a code that is not ours (never the code itself). */
export const GENERIC_SIGN_IN_FAILURE = "Something went wrong while signing you in. Please try again.";

export function isSignInErrorCode(value: string): value is SignInErrorCode {
  return (SIGN_IN_ERROR_CODES as readonly string[]).includes(value);
}

/** The player's sentence for a code (also the message of the JSON answer to API callers). */
export function signInErrorSentence(code: SignInErrorCode): string {
  return SENTENCES[code];
}

/** '/?login_error=rate-limited&from=%2Fpicks': the sign-in page, told what went wrong. */
export function signInErrorPath(stage: SignInStage, code: SignInErrorCode, from?: string): string {
  const query = new URLSearchParams({ [SIGN_IN_ERROR_PARAM[stage]]: code });
  if (from && from !== "/") query.set("from", from);
  return `/?${query.toString()}`;
}

export type SignInFailure = { title: string; detail: string };

/**
 * What the sign-in card shows for a raw parameter value: the spec line with the code
 * and its sentence for a known code, else the spec line with the generic sentence.
 */
export function signInFailureMessage(stage: SignInStage, raw: string): SignInFailure {
  if (isSignInErrorCode(raw)) return { title: `${PREFIX[stage]}: ${raw}`, detail: SENTENCES[raw] };
  return { title: `${PREFIX[stage]}: unknown-error`, detail: GENERIC_SIGN_IN_FAILURE };
}
