// Handles and profile privacy in D1 `player_profiles` (migrations 0014 and 0018). Handle
// rules are in src/shared/handles.ts; uniqueness is the table's unique index, so two
// players racing for one handle get exactly one winner and one 409 `handle-taken`.
// A player is public only with a handle and a visible profile: hiding the profile or
// clearing the handle deletes the player's share links in the same D1 batch, so they
// answer 404 and a later handle or un-hiding does not bring them back.
import type { ErrorResult } from "../http/api-error";
import { checkHandle } from "../../src/shared/handles";

export type ProfileRow = { handle: string | null; hidden: boolean; showCashResults: boolean };

export async function readProfile(db: D1Database, userId: string): Promise<ProfileRow> {
  const row = await db
    .prepare("SELECT handle, hidden, show_cash_results AS showCash FROM player_profiles WHERE user_id = ?")
    .bind(userId)
    .first<{ handle: string | null; hidden: number; showCash: number }>();
  return { handle: row?.handle ?? null, hidden: row?.hidden === 1, showCashResults: row?.showCash === 1 };
}

export type VisiblePlayer = { userId: string; handle: string; createdAt: number; showCashResults: boolean };

/** The visible player behind a handle (case-insensitive), or null when unknown or hidden. */
export async function findVisibleByHandle(db: D1Database, rawHandle: string): Promise<VisiblePlayer | null> {
  const handle = rawHandle.trim().toLowerCase();
  if (handle.length === 0 || handle.length > 64) return null;
  const row = await db
    .prepare(
      `SELECT p.user_id AS userId, p.handle AS handle, u.created_at AS createdAt, p.show_cash_results AS showCash
       FROM player_profiles p JOIN users u ON u.id = p.user_id
       WHERE p.handle = ? AND p.hidden = 0`,
    )
    .bind(handle)
    .first<{ userId: string; handle: string; createdAt: number; showCash: number }>();
  return row ? { userId: row.userId, handle: row.handle, createdAt: row.createdAt, showCashResults: row.showCash === 1 } : null;
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/i.test(err.message);
}

function withdrawSharesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM shared_picks WHERE user_id = ?").bind(userId);
}

/** Sets (or with null clears, withdrawing the player's share links) the player's handle; errors are values. */
export async function setHandle(
  db: D1Database,
  userId: string,
  raw: string | null,
  now: number,
): Promise<{ ok: true; handle: string | null } | ErrorResult> {
  let handle: string | null = null;
  if (raw !== null) {
    const checked = checkHandle(raw);
    if (!checked.ok) return { ok: false, status: 400, code: checked.code, message: checked.message };
    handle = checked.handle;
  }
  const upsert = db
    .prepare(
      `INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, ?, 0, ?)
       ON CONFLICT (user_id) DO UPDATE SET handle = excluded.handle, updated_at = excluded.updated_at`,
    )
    .bind(userId, handle, now);
  if (handle === null) {
    await db.batch([upsert, withdrawSharesStatement(db, userId)]);
    return { ok: true, handle };
  }
  try {
    await upsert.run();
  } catch (err) {
    if (isUniqueViolation(err))
      return { ok: false, status: 409, code: "handle-taken", message: "That handle is taken. Please choose another." };
    throw err;
  }
  return { ok: true, handle };
}

/** Hides or shows the profile; hiding also withdraws the player's share links, in the same batch. */
export function setHiddenStatements(db: D1Database, userId: string, hidden: boolean, now: number): D1PreparedStatement[] {
  const upsert = db
    .prepare(
      `INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, NULL, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET hidden = excluded.hidden, updated_at = excluded.updated_at`,
    )
    .bind(userId, hidden ? 1 : 0, now);
  return hidden ? [upsert, withdrawSharesStatement(db, userId)] : [upsert];
}

/** "Show my Vantage Cash results" on the public profile and the Vantage Cash leaderboards. */
export function setShowCashResultsStatement(db: D1Database, userId: string, show: boolean, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_profiles (user_id, handle, hidden, show_cash_results, updated_at) VALUES (?, NULL, 0, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET show_cash_results = excluded.show_cash_results, updated_at = excluded.updated_at`,
    )
    .bind(userId, show ? 1 : 0, now);
}
