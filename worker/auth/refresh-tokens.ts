// Long-lived sign-in, kept as rotating opaque refresh tokens. D1 stores only a SHA-256
// of each token, grouped in a family per sign-in. Every refresh spends the presented
// token and issues its successor; presenting a spent token again means it was copied,
// so the whole family is revoked. One exception keeps two tabs of the same browser from
// logging each other out: the immediately-previous token, presented within a few
// seconds of its rotation while its successor is still unspent, gets a fresh access
// token but no new refresh token (the browser already holds the successor cookie).
import { and, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/database";
import { refreshTokens } from "../db/schema";
import { randomToken } from "./pkce";

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after rotation the previous token is still accepted (without a new one). */
export const REFRESH_GRACE_MS = 20_000;

export type RefreshOutcome =
  | { ok: true; userId: string; familyId: string; /** null on the grace path: keep the cookie the browser has. */ token: string | null; expiresAt: number }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Starts a new family (one per sign-in) and returns its first token. The player's
 * expired rows are dropped at the same time, so the table does not grow forever.
 */
export async function startRefreshFamily(db: Db, userId: string, now: number): Promise<{ token: string; familyId: string; expiresAt: number }> {
  const token = randomToken();
  const familyId = crypto.randomUUID();
  const expiresAt = now + REFRESH_TOKEN_TTL_MS;
  await db.batch([
    db.delete(refreshTokens).where(and(eq(refreshTokens.userId, userId), lte(refreshTokens.expiresAt, now))),
    db.insert(refreshTokens).values({ id: await hashToken(token), familyId, userId, createdAt: now, expiresAt }),
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
export async function rotateRefreshToken(db: Db, token: string, now: number): Promise<RefreshOutcome> {
  const id = await hashToken(token);
  const row = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).get();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt !== null) return { ok: false, reason: "revoked" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };

  if (row.usedAt === null) {
    const next = randomToken();
    const nextId = await hashToken(next);
    const expiresAt = now + REFRESH_TOKEN_TTL_MS;
    // The successor exists before the old token is marked spent, so a simultaneous
    // refresh that loses the race always finds it (and gets the grace answer).
    await db.insert(refreshTokens).values({ id: nextId, familyId: row.familyId, userId: row.userId, createdAt: now, expiresAt });
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
  const successor = row.replacedBy
    ? await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)).get()
    : undefined;
  const withinGrace =
    row.usedAt !== null &&
    now - row.usedAt <= REFRESH_GRACE_MS &&
    successor !== undefined &&
    successor.usedAt === null &&
    successor.revokedAt === null;
  if (withinGrace) return { ok: true, userId: row.userId, familyId: row.familyId, token: null, expiresAt: successor.expiresAt };
  await revokeFamily(db, row.familyId, now);
  return { ok: false, reason: "reused" };
}

/** Revokes the family a token belongs to (logout). Unknown tokens are ignored. */
export async function revokeByToken(db: Db, token: string, now: number): Promise<void> {
  const row = await db.select().from(refreshTokens).where(eq(refreshTokens.id, await hashToken(token))).get();
  if (row) await revokeFamily(db, row.familyId, now);
}
