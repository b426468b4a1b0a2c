// Browser-facing hardening for every /api response: security headers (pages the
// Worker renders itself, like the development sign-in chooser, set their own CSP and
// keep it), and refusal of state-changing requests that a browser sent from a foreign
// origin. The SPA's own HTML and assets get the same headers from public/_headers.
import { createMiddleware } from "hono/factory";
import { publicOrigin } from "../config";
import { ApiError } from "./api-error";
import { NO_STORE } from "./cache-control";
import type { AppEnv } from "./app-types";

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
const HSTS = "max-age=63072000; includeSubDomains";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP);
  headers.set("Strict-Transport-Security", HSTS);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // Only a successful public read may be kept by a cache (worker/http/cache-control.ts);
  // every other answer, refusals and redirects included, is no-store.
  if (!headers.has("Cache-Control") || c.res.status !== 200) headers.set("Cache-Control", NO_STORE);
});

/**
 * Refuses POST/PATCH/PUT/DELETE that a browser sent from another site. Requests with
 * no Origin and no Sec-Fetch-Site (server-to-server, like Stripe's webhook) pass; the
 * bearer token or webhook signature is what authenticates those.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const allowed = publicOrigin(c.env, c.req.url);
    const foreignOrigin = origin !== undefined && origin !== allowed && origin !== new URL(c.req.url).origin;
    if (foreignOrigin || fetchSite === "cross-site") {
      throw new ApiError(403, "forbidden-origin", "Requests from other sites are not allowed.");
    }
  }
  await next();
});
