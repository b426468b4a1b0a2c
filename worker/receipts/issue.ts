// Issuing receipts: a record of a placed bet or a paid redemption, signed with the current
// receipt key (worker/config.ts receiptSigningKey) and stored in D1 once per subject. The
// first write wins (INSERT … ON CONFLICT DO NOTHING on (kind, subject_id)), so a retried
// placement, a lazy read and the cron may all ask for the same receipt and get the same one.
// A record names no person beyond the player's own id: no e-mail, name or region.
import type { BetDocument } from "../../src/shared/schemas/bets";
import { canonicalJson } from "../../src/shared/receipts/canonical-json";
import { fromHex, toHex } from "../../src/shared/receipts/encoding";
import { leafHash } from "../../src/shared/receipts/merkle";
import { type ReceiptSigner, type ReceiptSigningJwk, receiptSigner } from "../../src/shared/receipts/signing";
import { RECEIPT_FORMAT, type ReceiptKind } from "../../src/shared/schemas/receipts";

export const utcDayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export const receiptIdOf = (kind: ReceiptKind, subjectId: string) => `${kind}-${subjectId}`;

/** What a bet receipt says about its bet: as placed, never its later result. */
export type BetSubject = Pick<BetDocument, "id" | "wallet" | "kind" | "stake" | "toWin" | "createdAt" | "legs">;

export type PayoutSubject = { redemptionId: string; userId: string; amountCents: number; paidAt: number };

export type StoredReceipt = {
  id: string;
  user_id: string;
  day: string;
  salt: string;
  hash: string;
  record_json: string;
  signature: string;
};

function betPart(bet: BetSubject) {
  return {
    wallet: bet.wallet,
    kind: bet.kind,
    stake: bet.stake,
    toWin: bet.toWin,
    placedAt: new Date(bet.createdAt).toISOString(),
    legs: bet.legs.map((leg) => ({
      eventId: leg.eventId,
      league: leg.league,
      market: leg.market,
      side: leg.side,
      line: leg.line,
      priceAm: leg.priceAm,
      home: leg.home,
      away: leg.away,
      startTime: leg.startTime,
      ...(leg.prop && {
        prop: { playerId: leg.prop.playerId, player: leg.prop.player, marketKey: leg.prop.marketKey, label: leg.prop.label },
      }),
    })),
  };
}

function recordOf(kind: ReceiptKind, subjectId: string, userId: string, keyId: string, now: number, body: Record<string, unknown>) {
  return {
    format: RECEIPT_FORMAT,
    id: receiptIdOf(kind, subjectId),
    kind,
    subjectId,
    userId,
    issuedAt: new Date(now).toISOString(),
    day: utcDayOf(now),
    keyId,
    ...body,
  };
}

/** The receipt's signed row, as one statement: the first write of (kind, subject) wins. */
async function receiptStatement(
  db: D1Database,
  signer: ReceiptSigner,
  kind: ReceiptKind,
  subjectId: string,
  userId: string,
  record: Record<string, unknown>,
  now: number,
): Promise<D1PreparedStatement> {
  const salt = toHex(crypto.getRandomValues(new Uint8Array(16)));
  // One canonical form: what is signed, hashed and stored are the same bytes.
  const text = canonicalJson(record);
  const bytes = new Uint8Array(new TextEncoder().encode(text));
  const signature = await signer.sign(bytes);
  const hash = await leafHash(fromHex(salt)!, bytes);
  return db
    .prepare(
      `INSERT INTO receipts (id, kind, subject_id, user_id, day, salt, hash, record_json, signature, key_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(record.id, kind, subjectId, userId, record.day, salt, hash, text, signature, signer.kid, now);
}

async function store(...args: Parameters<typeof receiptStatement>): Promise<void> {
  await (await receiptStatement(...args)).run();
}

/** The receipt statements of bets, one per bet (those that exist already stay as they are when run). */
export async function betReceiptStatements(
  db: D1Database,
  signer: ReceiptSigner,
  bets: readonly (BetSubject & { userId: string })[],
  now: number,
): Promise<D1PreparedStatement[]> {
  return Promise.all(
    bets.map((bet) =>
      receiptStatement(
        db,
        signer,
        "bet",
        bet.id,
        bet.userId,
        recordOf("bet", bet.id, bet.userId, signer.kid, now, { bet: betPart(bet) }),
        now,
      ),
    ),
  );
}

/** Receipts for bets just placed (one per bet); those that exist already are left as they are. */
export async function issueBetReceipts(
  db: D1Database,
  key: ReceiptSigningJwk,
  userId: string,
  bets: readonly BetSubject[],
  now: number,
): Promise<void> {
  const statements = await betReceiptStatements(
    db,
    await receiptSigner(key),
    bets.map((bet) => ({ ...bet, userId })),
    now,
  );
  if (statements.length > 0) await db.batch(statements);
}

export async function issuePayoutReceipt(db: D1Database, key: ReceiptSigningJwk, payout: PayoutSubject, now: number): Promise<void> {
  const body = { payout: { amountCents: payout.amountCents, paidAt: new Date(payout.paidAt).toISOString() } };
  await store(
    db,
    await receiptSigner(key),
    "payout",
    payout.redemptionId,
    payout.userId,
    recordOf("payout", payout.redemptionId, payout.userId, key.kid, now, body),
    now,
  );
}

export async function storedReceipt(db: D1Database, id: string): Promise<StoredReceipt | null> {
  return db
    .prepare("SELECT id, user_id, day, salt, hash, record_json, signature FROM receipts WHERE id = ?")
    .bind(id)
    .first<StoredReceipt>();
}

type BetRow = {
  id: string;
  user_id: string;
  wallet: "coins" | "cash";
  kind: "Singles" | "Parlay";
  stake: number;
  to_win: number;
  created_at: number;
  legs_json: string;
};

/**
 * The receipt of `id` for its owner, issued now from D1's copy of the bet or paid
 * redemption when its first write never landed; null when there is no such subject of theirs.
 */
export async function receiptFor(
  db: D1Database,
  key: ReceiptSigningJwk | null,
  id: string,
  userId: string,
  now: number,
): Promise<StoredReceipt | null> {
  const found = await storedReceipt(db, id);
  if (found) return found.user_id === userId ? found : null;
  if (!key) return null;
  const [kind, ...rest] = id.split("-");
  const subjectId = rest.join("-");
  if (kind === "bet") {
    const bet = await db
      .prepare("SELECT id, user_id, wallet, kind, stake, to_win, created_at, legs_json FROM bets WHERE id = ? AND user_id = ?")
      .bind(subjectId, userId)
      .first<BetRow>();
    if (!bet) return null;
    const subject: BetSubject = {
      id: bet.id,
      wallet: bet.wallet,
      kind: bet.kind,
      stake: bet.stake,
      toWin: bet.to_win,
      createdAt: bet.created_at,
      legs: JSON.parse(bet.legs_json),
    };
    await issueBetReceipts(db, key, userId, [subject], now);
  } else if (kind === "payout") {
    const paid = await db
      .prepare("SELECT redemption_id, user_id, amount_cents, paid_at FROM sweepstakes_winners WHERE redemption_id = ? AND user_id = ?")
      .bind(subjectId, userId)
      .first<{ redemption_id: string; user_id: string; amount_cents: number; paid_at: number }>();
    if (!paid) return null;
    await issuePayoutReceipt(
      db,
      key,
      { redemptionId: paid.redemption_id, userId: paid.user_id, amountCents: paid.amount_cents, paidAt: paid.paid_at },
      now,
    );
  } else {
    return null;
  }
  const issued = await storedReceipt(db, id);
  return issued?.user_id === userId ? issued : null;
}

/** Payout receipts for redemptions paid since `since` that have none yet (at most `limit`); the cron calls it. */
export async function issueMissingPayoutReceipts(
  db: D1Database,
  key: ReceiptSigningJwk,
  since: number,
  now: number,
  limit = 200,
): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT w.redemption_id, w.user_id, w.amount_cents, w.paid_at FROM sweepstakes_winners w
       LEFT JOIN receipts r ON r.kind = 'payout' AND r.subject_id = w.redemption_id
       WHERE w.paid_at >= ? AND r.id IS NULL ORDER BY w.paid_at LIMIT ?`,
    )
    .bind(since, limit)
    .all<{ redemption_id: string; user_id: string; amount_cents: number; paid_at: number }>();
  for (const row of results) {
    await issuePayoutReceipt(
      db,
      key,
      { redemptionId: row.redemption_id, userId: row.user_id, amountCents: row.amount_cents, paidAt: row.paid_at },
      now,
    );
  }
  return results.length;
}
