// Separation of duties in the operator console, beyond "is an operator" (requireAdmin):
// money-moving actions need a fresh sign-in (step-up), nobody acts on their own account,
// and an operator holding a bet on a game has no say in its result.
//
// An operator's own accounts are not only the one they sign in with: a person may hold a
// player account under another address. Counted as theirs (OWN_ACCOUNT_IDS): the operator
// account itself, any account holding the operator's address, an account that tried the
// identity document or the payout account already verified for the other (either way
// round: D1 identity_checks.owner_user_id, payout_identity_refusals), and accounts named
// in the console as the operator's (operator_own_accounts, migration 0029).
import { createMiddleware } from "hono/factory";
import type { RefusalOf } from "../../src/shared/refusals";
import { STEP_UP_REQUIRED } from "../../src/shared/schemas/operator-actions";
import { authenticatedAtOf } from "../auth/refresh-tokens";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { ApiError } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv, AuthedUser } from "../http/app-types";
import { tunables } from "../tunables";
import { type KernelWallet, walletOf } from "../wallet";

/**
 * Money-moving console actions (adjustments, approvals, results, dead-letter replays): the
 * operator must have authenticated to the identity provider within ADMIN_STEP_UP_MINUTES,
 * by the provider's own word (the sign-in's ID token `auth_time`; the console's step-up asks
 * Google to authenticate again, `max_age=0`). A refresh does not count, and neither does a
 * new sign-in that reused the provider's session: whoever holds a stolen browser session
 * can sign in, not pass the provider's own check of the person.
 */
export const requireRecentSignIn = createMiddleware<AppEnv>(async (c, next) => {
  const minutes = tunables(c.env).ADMIN_STEP_UP_MINUTES;
  const authenticatedAt = await authenticatedAtOf(getDb(c.env), c.var.user.sessionId);
  if (authenticatedAt === null || Date.now() - authenticatedAt > minutes * 60_000) {
    throw new ApiError(
      403,
      STEP_UP_REQUIRED,
      `Sign in again to confirm it is you: money actions need a sign-in from the last ${minutes} minutes.`,
    );
  }
  await next();
});

/**
 * The ids of every account counted as the operator's own (see the header); binds ?1 the
 * operator's account id and ?2 their address in lower case. Four terms: D1 refuses a
 * compound SELECT of more.
 */
const OWN_ACCOUNT_IDS = `
  SELECT id AS user_id FROM users WHERE id = ?1 OR lower(email) = ?2
  UNION SELECT CASE WHEN user_id = ?1 THEN owner_user_id ELSE user_id END FROM identity_checks
   WHERE owner_user_id IS NOT NULL AND (owner_user_id = ?1 OR user_id = ?1)
  UNION SELECT CASE WHEN user_id = ?1 THEN owner_user_id ELSE user_id END FROM payout_identity_refusals
   WHERE owner_user_id = ?1 OR user_id = ?1
  UNION SELECT user_id FROM operator_own_accounts WHERE operator_email = ?2`;

const addressOf = (operator: AuthedUser) => operator.email.trim().toLowerCase();

/** Whether the account is the operator's own: theirs, at their address, sharing their document or payout account, or named theirs. */
export async function isOwnAccount(env: Env, operator: AuthedUser, player: { id: string; email: string }): Promise<boolean> {
  if (player.id === operator.id || player.email.trim().toLowerCase() === addressOf(operator)) return true;
  const row = await env.DB.prepare(`SELECT 1 FROM (${OWN_ACCOUNT_IDS}) WHERE user_id = ?3 LIMIT 1`)
    .bind(operator.id, addressOf(operator), player.id)
    .first();
  return row !== null;
}

export function ownAccountRefusal(): RefusalOf<"own-account"> {
  return { ok: false, code: "own-account" };
}

/** Throws 403 own-account when `player` is the operator's own account. */
export async function refuseOwnAccount(env: Env, operator: AuthedUser, player: { id: string; email: string }): Promise<void> {
  if (!(await isOwnAccount(env, operator, player))) return;
  throw refusalError(ownAccountRefusal());
}

/**
 * Who may decide a request moving a player's money (an adjustment, a redemption review, a
 * free entry): not an operator whose own account it is; and, when an operator asked
 * (`requester`; a redemption review is the player's own request), no approval while it is
 * one of that operator's own accounts (linked after asking, by a shared document or payout
 * account, or named theirs). A rejection stays open to anyone else. Where rejecting only
 * withholds money from the player (`rejectionWithholds`: a redemption kept back, a credit
 * not made), any operator may reject, their own account's too: an account named as one
 * operator's is not thereby shielded from the others.
 */
export async function moneyDeciderRefusal(
  env: Env,
  playerId: string,
  decider: AuthedUser,
  requester: AuthedUser | null,
  decision: "approve" | "reject",
  rejectionWithholds = false,
): Promise<RefusalOf<"own-account" | "requester-own-account"> | null> {
  if (decision === "reject" && rejectionWithholds) return null;
  const player = await findUser(getDb(env), playerId);
  if (!player) return null;
  if (await isOwnAccount(env, decider, player)) return ownAccountRefusal();
  if (requester === null || decision === "reject") return null;
  return (await isOwnAccount(env, requester, player)) ? { ok: false, code: "requester-own-account" } : null;
}

/**
 * Who may change which player a feed's spelling means in a sport (the props' player names):
 * not an operator holding an open player-prop bet there, from any of their accounts. The map
 * decides which player's statistics the next props of that spelling are graded on.
 */
export async function propHolderRefusal(env: Env, operator: AuthedUser, sport: string): Promise<RefusalOf<"holds-prop-bet"> | null> {
  const held = await ownAccountsHold(env, operator, "sport = ?3 AND market = 'Prop' AND result IS NULL", sport);
  return held ? { ok: false, code: "holds-prop-bet" } : null;
}

/**
 * Who may decide a game's result or statistics: not an operator holding a bet on it; and no
 * approval while the operator who asked holds one (a bet placed after asking, on the result
 * they asked for, would otherwise be paid by it). Such a request can still be rejected.
 */
export async function resultDeciderRefusal(
  env: Env,
  eventId: string,
  decider: AuthedUser,
  requester: AuthedUser,
  decision: "approve" | "reject",
): Promise<RefusalOf<"holds-bet" | "requester-holds-bet"> | null> {
  const own = await betHolderRefusal(env, decider, eventId);
  if (own || decision === "reject") return own;
  return (await betHolderRefusal(env, requester, eventId)) ? { ok: false, code: "requester-holds-bet" } : null;
}

/**
 * A refusal when the operator, on one of their own accounts, has a bet on the game, open or
 * settled. Their own accounts' outboxes are drained first, so a bet placed a moment ago counts.
 */
export async function betHolderRefusal(env: Env, operator: AuthedUser, eventId: string): Promise<RefusalOf<"holds-bet"> | null> {
  return (await ownAccountsHold(env, operator, "event_id = ?3", eventId)) ? { ok: false, code: "holds-bet" } : null;
}

/**
 * Whether any of the operator's own accounts has a bet leg matching `where` (over bet_legs,
 * its one value bound as ?3). Their outboxes are drained first, so a bet placed a moment ago
 * counts: D1's copy would otherwise lag the wallets and the check fail open.
 */
async function ownAccountsHold(env: Env, operator: AuthedUser, where: string, value: string): Promise<boolean> {
  const { results: own } = await env.DB.prepare(OWN_ACCOUNT_IDS).bind(operator.id, addressOf(operator)).all<{ user_id: string }>();
  await Promise.all(
    [operator.id, ...own.map((r) => r.user_id).filter((id) => id !== operator.id)].map((id) =>
      walletOf<KernelWallet>(env, id).flushOutbox(),
    ),
  );
  const held = await env.DB.prepare(`SELECT 1 FROM bet_legs WHERE ${where} AND user_id IN (${OWN_ACCOUNT_IDS}) LIMIT 1`)
    .bind(operator.id, addressOf(operator), value)
    .first();
  return held !== null;
}
