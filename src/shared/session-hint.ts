// The session hint: a cookie the Worker sets beside its HttpOnly refresh cookie, with the
// same lifetime, and clears with it (worker/auth/session-cookies.ts). It carries no secret,
// only "this browser has a sign-in", so the SPA can skip POST /api/auth/refresh on a
// signed-out visit instead of asking for a 401 it would log in the console.
export const SESSION_HINT_COOKIE = "vantage_session";

/** Whether a `document.cookie` string carries the hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}
