// The two cookies sign-in uses, both HttpOnly, Secure and scoped to /api/auth so no
// script and no other API route ever sees them:
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

export const REFRESH_COOKIE = "vantage_rt";
export const FLOW_COOKIE = "vantage_signin";
export const AUTH_COOKIE_PATH = "/api/auth";
export const FLOW_TTL_S = 10 * 60;

export function setRefreshCookie(c: Context<AppEnv>, token: string, expiresAt: number, now: number): void {
  setCookie(c, REFRESH_COOKIE, token, {
    path: AUTH_COOKIE_PATH,
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
  deleteCookie(c, REFRESH_COOKIE, { path: AUTH_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Strict" });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: "/", secure: true, sameSite: "Strict" });
}

export function setFlowCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, FLOW_COOKIE, value, { path: AUTH_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax", maxAge: FLOW_TTL_S });
}

export function readFlowCookie(c: Context<AppEnv>): string | null {
  return getCookie(c, FLOW_COOKIE) || null;
}

export function clearFlowCookie(c: Context<AppEnv>): void {
  deleteCookie(c, FLOW_COOKIE, { path: AUTH_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax" });
}
