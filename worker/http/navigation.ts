// Whether a request is a browser navigation (the address bar, a link, a redirect
// followed by the browser) rather than a script or API client. Navigations are
// answered with a page or a redirect to one; everything else gets the JSON error.
// Browsers say so in Sec-Fetch-Mode; without it, a client that asks for JSON and not
// HTML is an API caller, and anything else (a plain link follower) is treated as a
// navigation.
export function isBrowserNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  const accept = request.headers.get("Accept") ?? "";
  return !(accept.includes("application/json") && !accept.includes("text/html"));
}
