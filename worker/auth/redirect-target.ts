// Where the SPA asked to land after sign-in ("from"): only ever a same-origin relative
// path with its query, so the sign-in flow can never be used as an open redirect.
const MAX_FROM_LENGTH = 2048;

export function safeFromPath(from: string | null | undefined): string {
  if (!from || from.length > MAX_FROM_LENGTH) return "/";
  // A single leading slash; no scheme-relative ("//host"), backslash or control tricks.
  if (!from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f\u007f\\]/.test(from)) return "/";
  const base = "https://vantage.invalid";
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  if (url.pathname.startsWith("/api/")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
