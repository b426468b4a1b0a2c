// Free entry by post, the D1 half: the single-use request codes players ask for on
// /free-entry (`free_entry_codes`: whose, where the player was, valid until when, and what
// the operator recorded when the card came). The credit itself, once per code and once per
// postmark day, is the player's wallet's (worker/sweepstakes/in-wallet.ts).
import { etDayKey } from "../../src/shared/bonus";
import { formatFreeEntryCode } from "../../src/shared/free-entry-codes";
import type { RefusalOf } from "../../src/shared/refusals";
import type { FreeEntryCode } from "../../src/shared/schemas/sweepstakes";

const DAY_MS = 24 * 60 * 60 * 1000;

export type FreeEntryCodeRow = {
  code: string;
  user_id: string;
  region: string | null;
  issued_at: number;
  expires_at: number;
  recorded_at: number | null;
};

export function toFreeEntryCode(row: FreeEntryCodeRow): FreeEntryCode {
  return { code: row.code, issuedAt: new Date(row.issued_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString() };
}

/** The player's codes not yet recorded and still valid, oldest first. */
export async function openCodes(db: D1Database, userId: string, now: number): Promise<FreeEntryCodeRow[]> {
  const { results } = await db
    .prepare(
      `SELECT code, user_id, region, issued_at, expires_at, recorded_at FROM free_entry_codes
       WHERE user_id = ? AND recorded_at IS NULL AND expires_at > ? ORDER BY issued_at, code`,
    )
    .bind(userId, now)
    .all<FreeEntryCodeRow>();
  return results;
}

/**
 * A new code for the player, valid `validDays`, or null when they already hold `maxOpen`
 * unused ones: the count is part of the insert, so requests at once cannot pass it together.
 * A (vanishingly rare) clash with an existing code draws again.
 */
export async function issueCode(
  db: D1Database,
  input: { userId: string; region: string | null; validDays: number; maxOpen: number },
  now: number,
): Promise<FreeEntryCodeRow | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = formatFreeEntryCode(crypto.getRandomValues(new Uint8Array(8)));
    const row: FreeEntryCodeRow = {
      code,
      user_id: input.userId,
      region: input.region,
      issued_at: now,
      expires_at: now + input.validDays * DAY_MS,
      recorded_at: null,
    };
    const result = await db
      .prepare(
        `INSERT OR IGNORE INTO free_entry_codes (code, user_id, region, issued_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5
          WHERE (SELECT COUNT(*) FROM free_entry_codes WHERE user_id = ?2 AND recorded_at IS NULL AND expires_at > ?4) < ?6`,
      )
      .bind(row.code, row.user_id, row.region, row.issued_at, row.expires_at, input.maxOpen)
      .run();
    if (result.meta.changes === 1) return row;
    if ((await openCodes(db, input.userId, now)).length >= input.maxOpen) return null;
  }
  throw new Error("free entry: could not draw an unused code");
}

export async function findCode(db: D1Database, code: string): Promise<FreeEntryCodeRow | null> {
  return db
    .prepare("SELECT code, user_id, region, issued_at, expires_at, recorded_at FROM free_entry_codes WHERE code = ?")
    .bind(code)
    .first<FreeEntryCodeRow>();
}

/** What the operator recorded: the card's postmark and outcome (`credited` or the refusal's code). */
export async function markRecorded(
  db: D1Database,
  input: { code: string; actor: string; postmarkedOn: string; outcome: string },
  now: number,
): Promise<void> {
  await db
    .prepare(
      "UPDATE free_entry_codes SET recorded_at = ?, recorded_by = ?, postmarked_on = ?, outcome = ? WHERE code = ? AND recorded_at IS NULL",
    )
    .bind(now, input.actor, input.postmarkedOn, input.outcome, input.code)
    .run();
}

export type PostmarkVerdict =
  | { ok: true }
  | RefusalOf<"postmark-not-a-date" | "postmark-after-today" | "postmark-before-issue" | "code-expired">;

/**
 * A postmark the card can carry: a real day, not after today (Eastern), not before the code
 * was issued, and on or before the day the code expired (a card posted in time counts
 * however late it arrives).
 */
export function checkPostmark(postmarkedOn: string, row: FreeEntryCodeRow, now: number): PostmarkVerdict {
  const parsed = Date.parse(`${postmarkedOn}T12:00:00Z`);
  if (!Number.isFinite(parsed) || new Date(parsed).toISOString().slice(0, 10) !== postmarkedOn) {
    return { ok: false, code: "postmark-not-a-date" };
  }
  if (postmarkedOn > etDayKey(now)) return { ok: false, code: "postmark-after-today" };
  if (postmarkedOn < etDayKey(row.issued_at))
    return { ok: false, code: "postmark-before-issue", details: { issuedOn: etDayKey(row.issued_at) } };
  if (postmarkedOn > etDayKey(row.expires_at)) return { ok: false, code: "code-expired", details: { expiredOn: etDayKey(row.expires_at) } };
  return { ok: true };
}
