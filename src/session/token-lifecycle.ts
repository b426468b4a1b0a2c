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

/** Never schedule refreshes closer together than this, whatever the server answers. */
export const MIN_REFRESH_DELAY_MS = 10_000;

/**
 * Milliseconds from `now` until the proactive refresh should run: 5 minutes before
 * expiry; for a token shorter-lived than that, when it starts counting as expired
 * (never sooner than 10 s, so a short-lived token cannot cause a refresh storm).
 */
export function proactiveRefreshDelayMs(expiresAt: number, now: number): number {
  const proactive = expiresAt - PROACTIVE_REFRESH_MS - now;
  if (proactive > 0) return proactive;
  return Math.max(MIN_REFRESH_DELAY_MS, expiresAt - TOKEN_EXPIRY_MARGIN_MS - now);
}

/** Back-off before retry number `attempt` (0-based): 30 s, 60 s, … capped at 960 s. */
export function refreshBackoffMs(attempt: number): number {
  return Math.min(REFRESH_BACKOFF_START_MS * 2 ** Math.max(0, attempt), REFRESH_BACKOFF_MAX_MS);
}
