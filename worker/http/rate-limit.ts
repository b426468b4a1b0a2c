// Clear 429s for the things worth limiting: bet placement, payment calls and profile changes
// per player, sign-in per client address, and the public social reads (profiles, share links,
// leaderboards) per address. Backed by Workers Rate Limiting bindings (simulated locally);
// `Retry-After` is the binding's period. A limit may answer a throttled browser
// navigation with a page instead of the JSON body (the sign-in limit does, in
// worker/auth/sign-in-failure.ts, so this file needs nothing of auth).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "./api-error";
import type { AppEnv } from "./app-types";

type Keyed = (c: Context<AppEnv>) => string;
/** The answer for a throttled browser navigation, or null to answer the JSON 429. */
type PageAnswer = (c: Context<AppEnv>) => Response | null;

export function limitBy(pick: (env: Env) => RateLimit, key: Keyed, message: string, retryAfterSeconds: number, pageAnswer?: PageAnswer) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { success } = await pick(c.env).limit({ key: key(c) });
    if (!success) {
      const page = pageAnswer?.(c);
      if (page) return page;
      c.header("Retry-After", String(retryAfterSeconds));
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
  10,
);

/**
 * Per player, for reads that may wake a shared object (a game's players' markets ask the
 * sport's one price desk when no fresh copy is kept): a budget of its own on the same
 * binding, so made-up game ids cannot keep a desk busy. Runs after requireUser.
 */
export const limitPlayerReads = limitBy(
  (env) => env.BET_RATE_LIMITER,
  (c) => `read:${c.var.user.id}`,
  "Too many requests in a short time. Please wait a few seconds and try again.",
  10,
);

/**
 * Per player, for every payment route that may call Stripe (checkout, /connect/*,
 * withdrawals): one player must not be able to spend the platform's Stripe API rate
 * (security review finding 3). Runs after requireUser.
 */
export const limitPaymentCalls = limitBy(
  (env) => env.PAYMENT_RATE_LIMITER,
  (c) => `payments:${c.var.user.id}`,
  "Too many payment requests in a short time. Please wait a minute and try again.",
  60,
);

/**
 * Per player, for changes of the account and its public profile (PATCH /api/me): each may
 * purge the edge's copies of the public pages, so one account must not be able to flood
 * those purges. A budget of its own on the sign-in binding. Runs after requireUser.
 */
export const limitProfileChanges = limitBy(
  (env) => env.AUTH_RATE_LIMITER,
  (c) => `me:${c.var.user.id}`,
  "Too many changes in a short time. Please wait a minute and try again.",
  60,
);

/** Per client address, for the public social reads anyone can scrape without a token. */
export const limitPublicReads = limitBy(
  (env) => env.PUBLIC_RATE_LIMITER,
  (c) => `public:${c.req.header("CF-Connecting-IP") ?? "local"}`,
  "Too many requests in a short time. Please wait a few seconds and try again.",
  10,
);
