// Logout ends the access token too (security review finding 10). Access tokens are
// stateless 15-minute JWTs; each names its sign-in (`sid`, the refresh-token family),
// and a signed-in request is refused once that family is revoked: by logout, by a
// replayed (stolen) refresh token, or when the family's rows are gone. Only that one
// sign-in ends — the player's other devices stay signed in.
//
// Cost: one indexed single-row D1 read (refresh_tokens by family_id) per session per
// isolate per SESSION_CHECK_CACHE_MS; a revoked answer is remembered for good (revocation
// is final), and a logout handled by this isolate takes effect here at once. Other
// isolates notice within SESSION_CHECK_CACHE_MS. Requests arriving together while the
// answer is stale each read for themselves: a read started by one request is never
// awaited by another (Workers cancel a request's I/O when it ends, and a request may not
// touch another's I/O), so only answers are shared, never reads under way.
import { eq } from "drizzle-orm";
import { getDb } from "../db/database";
import { refreshTokens } from "../db/schema";
import { tunables } from "../tunables";
import { isolateMemo } from "../isolate-memos";

/** Bounds on the per-isolate memory; past them the oldest entries are dropped. */
const MAX_LIVE_ENTRIES = 20_000;
const MAX_REVOKED_ENTRIES = 20_000;

// Per isolate: when each session was last seen live in D1, and sessions seen revoked.
// Plain caches of D1 facts (no env, no secrets); losing them only costs a read.
const checkedLiveAt = new Map<string, number>();
const knownRevoked = new Set<string>();
isolateMemo(() => {
  checkedLiveAt.clear();
  knownRevoked.clear();
});

function remember<T>(collection: Map<string, T> | Set<string>, limit: number): void {
  if (collection.size < limit) return;
  const oldest = collection.keys().next().value;
  if (oldest !== undefined) collection.delete(oldest);
}

/** Whether the sign-in `sessionId` has not been logged out or revoked. */
export async function isSessionLive(env: Env, sessionId: string, now: number): Promise<boolean> {
  if (knownRevoked.has(sessionId)) return false;
  const checkedAt = checkedLiveAt.get(sessionId);
  if (checkedAt !== undefined && now - checkedAt < tunables(env).SESSION_CHECK_CACHE_MS) return true;
  return readSessionLive(env, sessionId, now);
}

async function readSessionLive(env: Env, sessionId: string, now: number): Promise<boolean> {
  // Any one row tells: revokeFamily marks every row of a family (refresh-tokens.ts).
  const row = await getDb(env)
    .select({ revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, sessionId))
    .limit(1)
    .get();
  if (!row || row.revokedAt !== null) {
    markSessionEnded(sessionId);
    return false;
  }
  if (knownRevoked.has(sessionId)) return false; // ended here while the read was under way
  checkedLiveAt.delete(sessionId);
  remember(checkedLiveAt, MAX_LIVE_ENTRIES);
  checkedLiveAt.set(sessionId, now);
  return true;
}

/** Records in this isolate that a session has ended (its family was just revoked here). */
export function markSessionEnded(sessionId: string): void {
  checkedLiveAt.delete(sessionId);
  remember(knownRevoked, MAX_REVOKED_ENTRIES);
  knownRevoked.add(sessionId);
}
