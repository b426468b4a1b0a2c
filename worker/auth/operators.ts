// Operators are people, not mailboxes. ADMIN_EMAILS names the operators' addresses, but an
// address outlives the person who held it (a recycled mailbox, a domain that lapsed), so
// the first verified sign-in of each listed address pins its Google account — the ID
// token's `sub`, and its Workspace domain `hd` when ADMIN_DOMAIN is set — in D1
// `admin_operators` (migration 0017). From then on only that account is the operator: another
// account holding the same address is a player like any other, and the console answers
// it as a route that does not exist. Removing an operator: drop the address from
// ADMIN_EMAILS and delete its row (docs/operations.md), so the next holder pins afresh.
//
// Money-moving console actions also need a fresh sign-in (step-up): the sign-in the
// access token belongs to must have been completed within ADMIN_STEP_UP_MINUTES.
import { adminEmails } from "../config";
import type { IdTokenClaims } from "./id-token-verifier";
import type { UserRow } from "./users";

/** ADMIN_DOMAIN: the Workspace domain operators must sign in with, or null for any Google account. */
export function adminDomain(env: Env): string | null {
  const domain = (env.ADMIN_DOMAIN ?? "").trim().toLowerCase();
  return domain || null;
}

export type OperatorPin = { googleSub: string; hostedDomain: string | null };

/** Pure: whether `account` is the operator its address is pinned to, under `domain`. */
export function isPinnedOperator(account: { id: string; emailVerified: boolean }, pin: OperatorPin | null, domain: string | null): boolean {
  if (!account.emailVerified || !pin || pin.googleSub !== account.id) return false;
  return domain === null || pin.hostedDomain === domain;
}

async function readPin(db: D1Database, email: string): Promise<OperatorPin | null> {
  return db
    .prepare("SELECT google_sub AS googleSub, hosted_domain AS hostedDomain FROM admin_operators WHERE email = ?")
    .bind(email)
    .first<OperatorPin>();
}

/**
 * At every verified sign-in: the first one of a listed address pins its account (later
 * ones change nothing). Under ADMIN_DOMAIN an account of another domain pins nothing.
 */
export async function pinOperatorAtSignIn(env: Env, claims: IdTokenClaims, now: number): Promise<void> {
  const email = claims.email.trim().toLowerCase();
  if (!claims.emailVerified || !adminEmails(env).has(email)) return;
  const domain = adminDomain(env);
  if (domain !== null && claims.hostedDomain !== domain) return;
  await env.DB.prepare(
    "INSERT INTO admin_operators (email, google_sub, hosted_domain, pinned_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING",
  )
    .bind(email, claims.sub, claims.hostedDomain, now)
    .run();
}

/** Whether the stored account is an operator now: a listed, verified address pinned to this very account. */
export async function isOperator(env: Env, account: UserRow): Promise<boolean> {
  const email = account.email.trim().toLowerCase();
  if (!account.emailVerified || !adminEmails(env).has(email)) return false;
  return isPinnedOperator(account, await readPin(env.DB, email), adminDomain(env));
}
