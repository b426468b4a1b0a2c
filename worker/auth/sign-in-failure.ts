// The failure answers of the two redirect sign-in endpoints (GET /google/start and
// /google/callback). A browser navigating through them must end on the sign-in page,
// never on a JSON body: it is sent to '/?login_error=<code>' (start) or
// '/?auth_error=<code>' (callback), which the SPA turns into fixed messages
// (src/shared/sign-in-errors.ts). A script or API client calling the same URL gets the
// usual JSON error instead. The per-address sign-in limit (limitSignIn) is defined here
// too, as its throttled navigations get the same page.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { signInErrorPath, signInErrorSentence, type SignInErrorCode, type SignInStage } from "../../src/shared/sign-in-errors";
import { errorJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { isBrowserNavigation } from "../http/navigation";
import { limitBy } from "../http/rate-limit";
import { safeFromPath } from "./redirect-target";
import { clearFlowCookie } from "./session-cookies";

export const SIGN_IN_START_PATH = "/api/auth/google/start";
export const SIGN_IN_CALLBACK_PATH = "/api/auth/google/callback";

const STATUS: Partial<Record<SignInErrorCode, ContentfulStatusCode>> = {
  "access-denied": 403,
  "not-configured": 503,
  "rate-limited": 429,
};

/** Which redirect sign-in endpoint a path is, if any. */
export function signInStageOf(path: string): SignInStage | null {
  if (path === SIGN_IN_START_PATH) return "start";
  if (path === SIGN_IN_CALLBACK_PATH) return "callback";
  return null;
}

/** The answer to a failed start or callback: the sign-in page for a navigation, JSON otherwise. */
export function signInFailure(c: Context<AppEnv>, stage: SignInStage, code: SignInErrorCode): Response {
  if (stage === "callback") clearFlowCookie(c);
  if (!isBrowserNavigation(c.req.raw)) return errorJson(c, STATUS[code] ?? 400, code, signInErrorSentence(code));
  const from = stage === "start" ? safeFromPath(c.req.query("from")) : undefined;
  return c.redirect(signInErrorPath(stage, code, from), 302);
}

/**
 * For the per-address sign-in limiter: a throttled navigation through start or callback
 * goes to the sign-in page with 'rate-limited'; null for any other request, which gets
 * the limiter's JSON 429.
 */
export function throttledSignInPage(c: Context<AppEnv>): Response | null {
  const stage = signInStageOf(c.req.path);
  if (!stage || !isBrowserNavigation(c.req.raw)) return null;
  return signInFailure(c, stage, "rate-limited");
}

/** Per client address, for the sign-in and session endpoints. */
export const limitSignIn = limitBy(
  (env) => env.AUTH_RATE_LIMITER,
  (c) => `auth:${c.req.header("CF-Connecting-IP") ?? "local"}`,
  "Too many sign-in attempts. Please wait a minute and try again.",
  60,
  throttledSignInPage,
);
