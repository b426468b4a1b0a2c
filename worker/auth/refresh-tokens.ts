// Long-lived sign-in, kept as rotating opaque refresh tokens. D1 stores only a SHA-256
// of each token, grouped in a family per sign-in. Every refresh spends the presented
// token and issues its successor; presenting a spent token again means it was copied,
// so the whole family is revoked. One exception keeps two tabs of the same browser from
// logging each other out: the immediately-previous token, presented within a few
// seconds of its rotation while its successor is still unspent, gets a fresh access
// token but no new refresh token (the browser already holds the successor cookie).
// A family also has an absolute lifetime (REFRESH_FAMILY_MAX_AGE_DAYS, counted from
// `family_started_at`): rotation keeps a session going 30 days past its last use, but
// never past that age, so a stolen token kept alive by a thief still dies.
// Invariant relied on by session-revocation.ts: a family is revoked by marking every one
// of its rows, so any single row tells whether the family is revoked.
import { sha256Hex } from "../digest";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { refreshTokens } from "../db/schema";
import { TUNABLES } from "../tunables";
import { randomToken } from "./pkce";

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after rotation the previous token is still accepted (without a new one). */
export const REFRESH_GRACE_MS = 20_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The REFRESH_FAMILY_MAX_AGE_DAYS default, for callers that pass no configured value. */
export const DEFAULT_FAMILY_MAX_AGE_MS = Number(TUNABLES.REFRESH_FAMILY_MAX_AGE_DAYS.default) * DAY_MS;

export function familyMaxAgeMs(days: number): number {
  return days * DAY_MS;
}

export type RefreshOutcome =
  | {
      ok: true;
      userId: string;
      familyId: string /** null on the grace path: keep the cookie the browser has. */;
      token: string | null;
      expiresAt: number;
    }
  | { ok: false; reason: "unknown" | "expired" | "revoked" }
  /** A spent token presented again: the family is now revoked (the route ends its live sockets). */
  | { ok: false; reason: "reused"; userId: string; familyId: string };

/** A token issued at `now` in a family started at `startedAt` lives 30 days, but not past the family's end. */
function expiryOf(now: number, startedAt: number, maxAgeMs: number): number {
  return Math.min(now + REFRESH_TOKEN_TTL_MS, startedAt + maxAgeMs);
}

export function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/**
 * Starts a new family (one per sign-in) and returns its first token. The player's
 * expired rows are dropped at the same time, so the table does not grow forever.
 */
export async function startRefreshFamily(
  db: Db,
  userId: string,
  now: number,
  maxAgeMs = DEFAULT_FAMILY_MAX_AGE_MS,
  authenticatedAt: number | null = null,
): Promise<{ token: string; familyId: string; expiresAt: number }> {
  const token = randomToken();
  const familyId = crypto.randomUUID();
  const expiresAt = expiryOf(now, now, maxAgeMs);
  await db.batch([
    db.delete(refreshTokens).where(and(eq(refreshTokens.userId, userId), lte(refreshTokens.expiresAt, now))),
    db
      .insert(refreshTokens)
      .values({ id: await hashToken(token), familyId, userId, createdAt: now, expiresAt, familyStartedAt: now, authenticatedAt }),
  ]);
  return { token, familyId, expiresAt };
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Spends `token` and returns its successor (or the grace answer described above). */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: number,
  maxAgeMs = DEFAULT_FAMILY_MAX_AGE_MS,
): Promise<RefreshOutcome> {
  const id = await hashToken(token);
  const row = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).get();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt !== null) return { ok: false, reason: "revoked" };
  // Rows from before migration 0012 were backfilled; 0 would only mean "unknown start".
  const startedAt = row.familyStartedAt || row.createdAt;
  if (row.expiresAt <= now || startedAt + maxAgeMs <= now) return { ok: false, reason: "expired" };

  if (row.usedAt === null) {
    const next = randomToken();
    const nextId = await hashToken(next);
    const expiresAt = expiryOf(now, startedAt, maxAgeMs);
    // The successor exists before the old token is marked spent, so a simultaneous
    // refresh that loses the race always finds it (and gets the grace answer).
    await db.insert(refreshTokens).values({
      id: nextId,
      familyId: row.familyId,
      userId: row.userId,
      createdAt: now,
      expiresAt,
      familyStartedAt: startedAt,
      authenticatedAt: row.authenticatedAt,
    });
    // Only one concurrent request can spend the token: the update is conditional.
    const spent = await db
      .update(refreshTokens)
      .set({ usedAt: now, replacedBy: nextId })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 1) return { ok: true, userId: row.userId, familyId: row.familyId, token: next, expiresAt };
    await db.delete(refreshTokens).where(eq(refreshTokens.id, nextId));
    return rotateSpent(db, id, now);
  }
  return rotateSpent(db, id, now);
}

async function rotateSpent(db: Db, id: string, now: number): Promise<RefreshOutcome> {
  const row = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).get();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt !== null) return { ok: false, reason: "revoked" };
  const successor = row.replacedBy ? await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)).get() : undefined;
  const withinGrace =
    row.usedAt !== null &&
    now - row.usedAt <= REFRESH_GRACE_MS &&
    successor !== undefined &&
    successor.usedAt === null &&
    successor.revokedAt === null;
  if (withinGrace) return { ok: true, userId: row.userId, familyId: row.familyId, token: null, expiresAt: successor.expiresAt };
  await revokeFamily(db, row.familyId, now);
  return { ok: false, reason: "reused", userId: row.userId, familyId: row.familyId };
}

/** The sign-in (user and family) a refresh token belongs to, or null for an unknown token. */
export async function familyOfToken(db: Db, token: string): Promise<{ userId: string; familyId: string } | null> {
  const row = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.id, await hashToken(token)))
    .get();
  return row ? { userId: row.userId, familyId: row.familyId } : null;
}

/**
 * When the person behind the sign-in `familyId` last authenticated to the identity provider
 * (its ID token's `auth_time`), or null when the provider did not say or the family is
 * unknown. Refreshes never move it.
 */
export async function authenticatedAtOf(db: Db, familyId: string): Promise<number | null> {
  const row = await db
    .select({ at: sql<number | null>`MAX(${refreshTokens.authenticatedAt})` })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId))
    .get();
  return row?.at ?? null;
}
