// The access-token lifecycle of spec §4/§9, as pure functions of `now`: a token counts
// as expired 30 s before its expiry, is refreshed proactively 5 minutes before it, and
// after a network failure the refresh is retried with a back-off starting at 30 s and
// doubling to at most 960 s.
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;
export const PROACTIVE_REFRESH_MS = 5 * 60_000;
export const REFRESH_BACKOFF_START_MS = 30_000;
export const REFRESH_BACKOFF_MAX_MS = 960_000;

export function isTokenExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - TOKEN_EXPIRY_MARGIN_MS;
}

/** Milliseconds from `now` until the proactive refresh should run (0 = now). */
export function proactiveRefreshDelayMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - PROACTIVE_REFRESH_MS - now);
}

/** Back-off before retry number `attempt` (0-based): 30 s, 60 s, … capped at 960 s. */
export function refreshBackoffMs(attempt: number): number {
  return Math.min(REFRESH_BACKOFF_START_MS * 2 ** Math.max(0, attempt), REFRESH_BACKOFF_MAX_MS);
}
