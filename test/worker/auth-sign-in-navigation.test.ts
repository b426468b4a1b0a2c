// A browser navigating through the redirect sign-in (GET /google/start and
// /google/callback) ends on the sign-in page with a code the SPA knows when it is
// throttled or sign-in is misconfigured, never on a JSON body; scripts and API clients
// calling the same URLs, and the JSON endpoints, keep the JSON error.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { BASE } from "./helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const NAVIGATE = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html,application/xhtml+xml" };
const SCRIPT = { "Sec-Fetch-Mode": "cors", Accept: "application/json" };
const throttled: RateLimit = { limit: async () => ({ success: false }) };

function call(path: string, headers: Record<string, string>, overrides: Partial<Env>, init: RequestInit = {}) {
  const request = new Request(`${BASE}${path}`, {
    redirect: "manual",
    ...init,
    headers: { "CF-Connecting-IP": "198.51.100.4", ...headers },
  });
  return createApp().fetch(request, { ...env, ...overrides }, ctx);
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("a throttled sign-in", () => {
  it("sends a navigation to start back to the sign-in page with 'rate-limited', keeping where the player wanted to go", async () => {
    const res = await call("/api/auth/google/start?from=%2Fpicks%3Ffilter%3Dopen", NAVIGATE, { AUTH_RATE_LIMITER: throttled });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?login_error=rate-limited&from=%2Fpicks%3Ffilter%3Dopen");
    expect(res.headers.get("Content-Type") ?? "").not.toContain("json");
    // No flow was started.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__Host-vantage_signin=") && !c.includes("Max-Age=0"))).toBe(false);
  });

  it("sends a navigation to the callback back with 'rate-limited' and drops the flow cookie", async () => {
    const res = await call(
      "/api/auth/google/callback?code=abc&state=xyz",
      { ...NAVIGATE, Cookie: "__Host-vantage_signin=sealed" },
      { AUTH_RATE_LIMITER: throttled },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?auth_error=rate-limited");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__Host-vantage_signin="))).toContain("Max-Age=0");
  });

  it("treats a link follower without fetch metadata as a navigation", async () => {
    const res = await call("/api/auth/google/start", {}, { AUTH_RATE_LIMITER: throttled });
    expect(res.headers.get("Location")).toBe("/?login_error=rate-limited");
  });

  it("keeps the JSON 429 for scripts and for the JSON endpoints", async () => {
    const script = await call("/api/auth/google/start", SCRIPT, { AUTH_RATE_LIMITER: throttled });
    expect(script.status).toBe(429);
    expect(script.headers.get("Retry-After")).toBeTruthy();
    expect(await errorCode(script)).toBe("rate-limited");

    const session = await call(
      "/api/auth/session",
      { ...NAVIGATE, "Content-Type": "application/json" },
      { AUTH_RATE_LIMITER: throttled },
      {
        method: "POST",
        body: JSON.stringify({ idToken: "x" }),
      },
    );
    expect(session.status).toBe(429);
    expect(await errorCode(session)).toBe("rate-limited");
  });

  it("lets the same navigation through when the limiter allows it", async () => {
    const res = await call("/api/auth/google/start?from=%2Fpicks", NAVIGATE, {});
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("Location")!).pathname).toBe("/api/auth/dev/authorize");
  });
});

describe("sign-in without a session signing key", () => {
  // A Google client is configured but SESSION_SIGNING_KEY is not: the flow cookie
  // cannot be signed, so sign-in is not configured.
  const misconfigured: Partial<Env> = { GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com", SESSION_SIGNING_KEY: "" };

  it("sends a navigation to start back to the sign-in page with 'not-configured'", async () => {
    const res = await call("/api/auth/google/start?from=%2Fshop", NAVIGATE, misconfigured);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?login_error=not-configured&from=%2Fshop");
  });

  it("sends a navigation to the callback back with 'not-configured'", async () => {
    const res = await call("/api/auth/google/callback?code=abc&state=xyz", NAVIGATE, misconfigured);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?auth_error=not-configured");
  });

  it("answers a script with the JSON 503", async () => {
    const res = await call("/api/auth/google/start", SCRIPT, misconfigured);
    expect(res.status).toBe(503);
    expect(await errorCode(res)).toBe("not-configured");
  });
});
