// Handles and profile privacy in D1 `player_profiles` (migration 0014). Handle rules are
// in src/shared/handles.ts; uniqueness is the table's unique index, so two players
// racing for one handle get exactly one winner and one 409 `handle-taken`.
import type { ErrorResult } from "../http/api-error";
import { checkHandle } from "../../src/shared/handles";

export type ProfileRow = { handle: string | null; hidden: boolean };

export async function readProfile(db: D1Database, userId: string): Promise<ProfileRow> {
  const row = await db
    .prepare("SELECT handle, hidden FROM player_profiles WHERE user_id = ?")
    .bind(userId)
    .first<{ handle: string | null; hidden: number }>();
  return { handle: row?.handle ?? null, hidden: row?.hidden === 1 };
}

/** The visible player behind a handle (case-insensitive), or null when unknown or hidden. */
export async function findVisibleByHandle(
  db: D1Database,
  rawHandle: string,
): Promise<{ userId: string; handle: string; displayName: string; createdAt: number } | null> {
  const handle = rawHandle.trim().toLowerCase();
  if (handle.length === 0 || handle.length > 64) return null;
  return db
    .prepare(
      `SELECT p.user_id AS userId, p.handle AS handle, u.display_name AS displayName, u.created_at AS createdAt
       FROM player_profiles p JOIN users u ON u.id = p.user_id
       WHERE p.handle = ? AND p.hidden = 0`,
    )
    .bind(handle)
    .first();
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/i.test(err.message);
}

/** Sets (or with null clears) the player's handle; errors are values. */
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
  try {
    await db
      .prepare(
        `INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, ?, 0, ?)
         ON CONFLICT (user_id) DO UPDATE SET handle = excluded.handle, updated_at = excluded.updated_at`,
      )
      .bind(userId, handle, now)
      .run();
  } catch (err) {
    if (isUniqueViolation(err))
      return { ok: false, status: 409, code: "handle-taken", message: "That handle is taken. Please choose another." };
    throw err;
  }
  return { ok: true, handle };
}

export function setHiddenStatement(db: D1Database, userId: string, hidden: boolean, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, NULL, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET hidden = excluded.hidden, updated_at = excluded.updated_at`,
    )
    .bind(userId, hidden ? 1 : 0, now);
}
