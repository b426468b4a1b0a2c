// Request body limits (security review finding 2). Without them every route read whole
// bodies, unauthenticated ones too, so a 50 MB POST cost us 50 MB of reading before any
// check. Hono's bodyLimit refuses a declared Content-Length above the limit without
// reading a byte, and stops a chunked body as soon as it passes the limit. The answer
// is a 413 `payload-too-large` in the app's error shape, and the connection is closed,
// because what is left of the body is never read (the drain middleware,
// drain-request-body.ts, only reads small leftovers).
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { ApiError } from "./api-error";
import type { AppEnv } from "./app-types";

/** Every API route but those that set their own limit. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/** A bodyLimit whose refusal is `413 payload-too-large`. */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      c.header("Connection", "close");
      throw new ApiError(413, "payload-too-large", `The request body is too large (at most ${Math.floor(maxBytes / 1024)} KB).`);
    },
  });
}

/**
 * The default limit for every route, except the paths listed, which apply their own
 * limit in their own route (the Stripe webhook checks its signature header first).
 */
export function limitRequestBodies(ownLimitPaths: readonly string[]): MiddlewareHandler<AppEnv> {
  const standard = limitBody(API_BODY_LIMIT_BYTES);
  const skipped = new Set(ownLimitPaths);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (skipped.has(c.req.path)) return next();
    return standard(c, next);
  });
}
