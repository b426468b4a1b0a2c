// The two cookies sign-in uses, both HttpOnly (no script sees them) and `__Host-`: Secure,
// Path=/ and no Domain, so only this exact host can set them. Staging runs on a subdomain
// of production, and a cookie of the parent domain set from there (a refresh token of the
// attacker's own account, "cookie tossing") would otherwise sign a production visitor in
// as someone else; a cookie scoped to one path cannot be `__Host-`, so they are sent to the
// whole origin and read only by the sign-in routes:
//   - the refresh cookie (SameSite=Strict): the rotating refresh token;
//   - the sign-in flow cookie (SameSite=Lax, 10 minutes): state, nonce and PKCE
//     verifier binding a Google redirect to this browser. Lax because the provider's
//     redirect back to the callback is a cross-site top-level navigation.
// Beside the refresh cookie, with the same lifetime, a session hint the SPA can read
// (`vantage_session=1`, no secret in it): without it a page load knows it is signed out
// and does not ask POST /api/auth/refresh for a 401 that every signed-out visit would log.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_HINT_COOKIE } from "../../src/shared/session-hint";
import type { AppEnv } from "../http/app-types";

export const REFRESH_COOKIE = "__Host-vantage_rt";
export const FLOW_COOKIE = "__Host-vantage_signin";
/** `__Host-` cookies must have Path=/. */
const HOST_COOKIE_PATH = "/";
/** The names and path sign-in used before its cookies were `__Host-`: cleared wherever a browser may still hold them. */
const LEGACY_COOKIES = ["vantage_rt", "vantage_signin"] as const;
const LEGACY_COOKIE_PATH = "/api/auth";

function clearLegacyCookies(c: Context<AppEnv>): void {
  for (const name of LEGACY_COOKIES) {
    if (getCookie(c, name) !== undefined) deleteCookie(c, name, { path: LEGACY_COOKIE_PATH, httpOnly: true, secure: true });
  }
}
export const FLOW_TTL_S = 10 * 60;

export function setRefreshCookie(c: Context<AppEnv>, token: string, expiresAt: number, now: number): void {
  clearLegacyCookies(c);
  setCookie(c, REFRESH_COOKIE, token, {
    path: HOST_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
  setCookie(c, SESSION_HINT_COOKIE, "1", {
    path: "/",
    secure: true,
    sameSite: "Strict",
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function readRefreshCookie(c: Context<AppEnv>): string | null {
  return getCookie(c, REFRESH_COOKIE) || null;
}

export function clearRefreshCookie(c: Context<AppEnv>): void {
  clearLegacyCookies(c);
  deleteCookie(c, REFRESH_COOKIE, { path: HOST_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Strict" });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: "/", secure: true, sameSite: "Strict" });
}

export function setFlowCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, FLOW_COOKIE, value, { path: HOST_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax", maxAge: FLOW_TTL_S });
}

export function readFlowCookie(c: Context<AppEnv>): string | null {
  return getCookie(c, FLOW_COOKIE) || null;
}

export function clearFlowCookie(c: Context<AppEnv>): void {
  deleteCookie(c, FLOW_COOKIE, { path: HOST_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax" });
}
