// Clear 429s for what is worth limiting: bet placement per player, sign-in per client
// address, and the public social reads (profiles, share links, leaderboards) per address. Backed by Workers Rate Limiting bindings (simulated locally).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "./api-error";
import type { AppEnv } from "./app-types";

type Keyed = (c: Context<AppEnv>) => string;

function limitBy(pick: (env: Env) => RateLimit, key: Keyed, message: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { success } = await pick(c.env).limit({ key: key(c) });
    if (!success) {
      c.header("Retry-After", "10");
      throw new ApiError(429, "rate-limited", message);
    }
    await next();
  });
}

/** Per player: runs after requireUser, keyed by the verified user id. */
export const limitBetPlacement = limitBy(
  (env) => env.BET_RATE_LIMITER,
  (c) => `bet:${c.var.user.id}`,
  "Too many bets in a short time. Please wait a few seconds and try again.",
);

/** Per client address, for the sign-in and session endpoints. */
export const limitSignIn = limitBy(
  (env) => env.AUTH_RATE_LIMITER,
  (c) => `auth:${c.req.header("CF-Connecting-IP") ?? "local"}`,
  "Too many sign-in attempts. Please wait a minute and try again.",
);

/** Per client address, for the public social reads anyone can scrape without a token. */
export const limitPublicReads = limitBy(
  (env) => env.PUBLIC_RATE_LIMITER,
  (c) => `public:${c.req.header("CF-Connecting-IP") ?? "local"}`,
  "Too many requests in a short time. Please wait a few seconds and try again.",
);
