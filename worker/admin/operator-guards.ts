// Separation of duties in the operator console, beyond "is an operator" (requireAdmin):
// money-moving actions need a fresh sign-in (step-up), nobody acts on their own account,
// and an operator holding a bet on a game has no say in its result.
import { createMiddleware } from "hono/factory";
import { HOLDS_BET, OWN_ACCOUNT, STEP_UP_REQUIRED } from "../../src/shared/schemas/operator-actions";
import { signInStartedAt } from "../auth/refresh-tokens";
import { getDb } from "../db/database";
import { ApiError, type ErrorResult } from "../http/api-error";
import type { AppEnv, AuthedUser } from "../http/app-types";
import { tunables } from "../tunables";
import { getUserWallet } from "../wallet";

/**
 * Money-moving console actions (adjustments, approvals, results, dead-letter replays): the
 * sign-in behind the access token must have been completed within ADMIN_STEP_UP_MINUTES.
 * A refresh does not count: only signing in again (Google, or the development sign-in).
 */
export const requireRecentSignIn = createMiddleware<AppEnv>(async (c, next) => {
  const minutes = tunables(c.env).ADMIN_STEP_UP_MINUTES;
  const startedAt = await signInStartedAt(getDb(c.env), c.var.user.sessionId);
  if (startedAt === null || Date.now() - startedAt > minutes * 60_000) {
    throw new ApiError(
      403,
      STEP_UP_REQUIRED,
      `Sign in again to confirm it is you: money actions need a sign-in from the last ${minutes} minutes.`,
    );
  }
  await next();
});

/** The account is the operator's own: the same account, or one holding the operator's address. */
export function isOwnAccount(operator: AuthedUser, player: { id: string; email: string }): boolean {
  return player.id === operator.id || player.email.trim().toLowerCase() === operator.email.trim().toLowerCase();
}

export function ownAccountRefusal(): ErrorResult {
  return { ok: false, status: 403, code: OWN_ACCOUNT, message: "Operators cannot act on their own account. Ask another operator." };
}

/** Throws 403 own-account when `player` is the operator's own account. */
export function refuseOwnAccount(operator: AuthedUser, player: { id: string; email: string }): void {
  if (!isOwnAccount(operator, player)) return;
  const refusal = ownAccountRefusal();
  throw new ApiError(refusal.status, refusal.code, refusal.message);
}

/**
 * A refusal when the operator (any account holding their address) has a bet on the game,
 * open or settled. Their wallet's outbox is drained first, so a bet placed a moment ago counts.
 */
export async function betHolderRefusal(env: Env, operator: AuthedUser, eventId: string): Promise<ErrorResult | null> {
  await getUserWallet(env, operator.id).flushOutbox();
  const held = await env.DB.prepare(
    `SELECT 1 FROM bet_legs l JOIN users u ON u.id = l.user_id
      WHERE l.event_id = ? AND (u.id = ? OR lower(u.email) = ?) LIMIT 1`,
  )
    .bind(eventId, operator.id, operator.email.trim().toLowerCase())
    .first();
  if (!held) return null;
  return {
    ok: false,
    status: 403,
    code: HOLDS_BET,
    message: "You hold a bet on this game, so another operator must record, correct or approve its result.",
  };
}
