// Starting and continuing a session: the one place a verified identity turns into a
// player account, a refresh-token family (cookie) and a short-lived access token. Both
// sign-in paths (POST /session with an ID token, and the Google redirect callback)
// end here, so a per-account sign-in limit belongs in startSession, and so does pinning
// an operator's account (operators.ts).
import type { Context } from "hono";
import type { SessionResponse } from "../../src/shared/schemas/session";
import type { UserDocument } from "../../src/shared/schemas/user";
import { getDb } from "../db/database";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { ACCESS_TOKEN_TTL_S, issueAccessToken } from "./access-tokens";
import type { IdTokenClaims } from "./id-token-verifier";
import { pinOperatorAtSignIn } from "./operators";
import { familyMaxAgeMs, revokeFamily, startRefreshFamily } from "./refresh-tokens";
import { markSessionEnded } from "./session-revocation";
import { setRefreshCookie } from "./session-cookies";
import { upsertUserFromClaims, type UserRow } from "./users";
import { tunables } from "../tunables";
import { type KernelWallet, walletOf } from "../wallet";

/**
 * How a session answer gets the player's user document (GET /api/me's answer, built in
 * worker/me). The app hands it to authRoutes, so auth does not import the routes that
 * require a signed-in user.
 */
export type LoadUserDocument = (env: Env, user: UserRow, now: number, request?: Request) => Promise<UserDocument>;

/** An access token for `user` under the sign-in `sessionId`, with their user document; `request` says where the player is (region rules and minimum age). */
export async function sessionResponse(
  env: Env,
  loadUserDocument: LoadUserDocument,
  user: UserRow,
  sessionId: string,
  now: number,
  request?: Request,
): Promise<SessionResponse> {
  const session = await issueAccessToken(env, { id: user.id, email: user.email, sessionId }, now);
  return { ...session, user: await loadUserDocument(env, user, now, request) };
}

/** The configured absolute lifetime of a sign-in (REFRESH_FAMILY_MAX_AGE_DAYS). */
export function sessionMaxAgeMs(env: Env): number {
  return familyMaxAgeMs(tunables(env).REFRESH_FAMILY_MAX_AGE_DAYS);
}

/**
 * Ends one sign-in everywhere at once: its refresh tokens are revoked (so are its access
 * tokens, see session-revocation.ts) and the live sockets it opened are closed.
 */
export async function endSession(env: Env, session: { userId: string; familyId: string }, now: number): Promise<void> {
  await revokeFamily(getDb(env), session.familyId, now);
  markSessionEnded(session.familyId);
  // New sockets of the sign-in are refused until its last access token has expired.
  await walletOf<KernelWallet>(env, session.userId).closeLiveSockets(session.familyId, now + ACCESS_TOKEN_TTL_S * 1000);
}

export const EMAIL_NOT_VERIFIED_MESSAGE =
  "Your Google account's e-mail address is not verified. Verify it with Google, then sign in again.";

/**
 * Upserts the account, opens its wallet, sets the refresh cookie; answers the session.
 * Only accounts whose e-mail the provider verified get one (security review finding 6):
 * an unverified address may belong to someone else, and operators and payouts are keyed
 * by it. Both routes check first to answer in their own way; this is the backstop.
 */
export async function startSession(
  c: Context<AppEnv>,
  loadUserDocument: LoadUserDocument,
  claims: IdTokenClaims,
  now: number,
): Promise<SessionResponse> {
  if (!claims.emailVerified) throw new ApiError(403, "email-not-verified", EMAIL_NOT_VERIFIED_MESSAGE);
  const db = getDb(c.env);
  const user = await upsertUserFromClaims(db, claims, now);
  await pinOperatorAtSignIn(c.env, claims, now);
  // The provider's own time of the person's authentication, never later than now.
  const authenticatedAt = claims.authTime === null ? null : Math.min(claims.authTime, now);
  const refresh = await startRefreshFamily(db, user.id, now, sessionMaxAgeMs(c.env), authenticatedAt);
  const response = await sessionResponse(c.env, loadUserDocument, user, refresh.familyId, now, c.req.raw);
  setRefreshCookie(c, refresh.token, refresh.expiresAt, now);
  return response;
}
