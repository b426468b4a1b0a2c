// Where "Continue with Google" goes, and which "from" values the SPA will carry there:
// only same-origin relative paths (the Worker checks again; this keeps junk out).
export const SIGN_IN_START_PATH = "/api/auth/google/start";

export function safeFrom(from: string | null | undefined): string {
  if (!from?.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return "/";
  if (from.startsWith("/api/")) return "/";
  return from;
}

/**
 * `reauth`: the provider authenticates the person again, whatever session it holds (an
 * operator's step-up before money actions, worker/admin/operator-guards.ts).
 */
export function signInStartUrl(from: string | null | undefined, reauth = false): string {
  return `${SIGN_IN_START_PATH}?from=${encodeURIComponent(safeFrom(from))}${reauth ? "&reauth=1" : ""}`;
}
