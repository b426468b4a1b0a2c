// Where the SPA asked to land after sign-in ("from"): only ever a same-origin relative
// path with its query, so the sign-in flow can never be used as an open redirect.
// The rules are checked on the path the browser will actually follow (after URL
// normalisation: dot segments, percent-encoded dots), not only on the raw string:
// `/.//evil.example/x` or `/%2e//evil.example/x` normalise to `//evil.example/x`, which
// a browser reads as another host.
const MAX_FROM_LENGTH = 2048;
const BASE = "https://vantage.invalid";

/** A path a browser resolves against our origin only: one leading slash, no backslash, no controls. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  return !/[\p{Cc}\\]/u.test(path);
}

export function safeFromPath(from: string | null | undefined): string {
  if (!from || from.length > MAX_FROM_LENGTH || !isPlainPath(from)) return "/";
  let url: URL;
  try {
    url = new URL(from, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE || !isPlainPath(url.pathname)) return "/";
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return "/";
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Belt and braces: what we answer must resolve to the same origin and path again.
  const again = new URL(target, BASE);
  if (again.origin !== BASE || again.pathname !== url.pathname) return "/";
  return target;
}
