// Starting and continuing a session: the one place a verified identity turns into a
// player account, a refresh-token family (cookie) and a short-lived access token. Both
// sign-in paths (POST /session with an ID token, and the Google redirect callback)
// end here, so a per-account sign-in limit (issue #7) belongs in startSession.
import type { Context } from "hono";
import type { UserDocument } from "../../src/shared/schemas/user";
import { getDb } from "../db/database";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { loadUserDocument } from "../me/user-document";
import { issueAccessToken } from "./access-tokens";
import type { IdTokenClaims } from "./id-token-verifier";
import { startRefreshFamily } from "./refresh-tokens";
import { setRefreshCookie } from "./session-cookies";
import { upsertUserFromClaims, type UserRow } from "./users";

export type SessionResponse = { accessToken: string; expiresAt: number; user: UserDocument };

export async function sessionResponse(env: Env, user: UserRow, now: number): Promise<SessionResponse> {
  const session = await issueAccessToken(env, { id: user.id, email: user.email }, now);
  return { ...session, user: await loadUserDocument(env, user, now) };
}

export const EMAIL_NOT_VERIFIED_MESSAGE = "Your Google account's e-mail address is not verified. Verify it with Google, then sign in again.";

/**
 * Upserts the account, opens its wallet, sets the refresh cookie; answers the session.
 * Only accounts whose e-mail the provider verified get one (security review finding 6):
 * an unverified address may belong to someone else, and operators and payouts are keyed
 * by it. Both routes check first to answer in their own way; this is the backstop.
 */
export async function startSession(c: Context<AppEnv>, claims: IdTokenClaims, now: number): Promise<SessionResponse> {
  if (!claims.emailVerified) throw new ApiError(403, "email-not-verified", EMAIL_NOT_VERIFIED_MESSAGE);
  const db = getDb(c.env);
  const user = await upsertUserFromClaims(db, claims, now);
  const response = await sessionResponse(c.env, user, now);
  const refresh = await startRefreshFamily(db, user.id, now);
  setRefreshCookie(c, refresh.token, refresh.expiresAt, now);
  return response;
}
