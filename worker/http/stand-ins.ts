// Routes that exist only while an embedded development stand-in is the active service
// (the development sign-in, the odds simulator's controls, the simulated payment pages).
// Outside development they do not exist (404); in development beside a live Stripe key
// they are refused with 503 not-configured, so a development bundle deployed with real
// money keys can neither sign anyone in nor fake a payment or a game (worker/config.ts).
import { createMiddleware } from "hono/factory";
import { hasLiveStripeKey, isDevelopment, type ServiceMode } from "../config";
import { ApiError } from "./api-error";
import type { AppEnv } from "./app-types";

export const STAND_IN_REFUSED_MESSAGE = "Development stand-ins are off: this server holds a live Stripe key.";

/** Passes only while `modeOf` says the embedded stand-in serves; `missing` is the 404's message. */
export function embeddedOnly(modeOf: (env: Env) => ServiceMode, missing = "No such API route.") {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isDevelopment(c.env)) throw new ApiError(404, "not-found", missing);
    if (hasLiveStripeKey(c.env)) throw new ApiError(503, "not-configured", STAND_IN_REFUSED_MESSAGE);
    if (modeOf(c.env) !== "embedded") throw new ApiError(404, "not-found", missing);
    await next();
  });
}
