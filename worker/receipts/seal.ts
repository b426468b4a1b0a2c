// Sealing: once a UTC day has ended (and RECEIPT_SEAL_AFTER_MINUTES more have passed, so
// receipts written at midnight have landed), the cron builds the Merkle tree over that day's
// receipt hashes, sorted by receipt id, and stores its root chained to the previous sealed
// day's root. Every day from the first receipt's on is sealed, empty ones too, so the chain
// has no gaps; a day is sealed once (its row is never rewritten). Inclusion proofs are
// computed from the stored hashes when a receipt is read.
import { dayRoot, GENESIS_ROOT, inclusionProof, merkleRoot } from "../../src/shared/receipts/merkle";
import type { ReceiptDayRoot, ReceiptProof } from "../../src/shared/schemas/receipts";
import { utcDayOf } from "./issue";

const DAY_MS = 86_400_000;

type DayRow = { day: string; root: string; previous_root: string; tree_root: string; count: number; sealed_at: number };

const nextDay = (day: string) => utcDayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

export function dayRootOf(row: DayRow): ReceiptDayRoot {
  return {
    day: row.day,
    root: row.root,
    previousRoot: row.previous_root,
    treeRoot: row.tree_root,
    count: row.count,
    sealedAt: new Date(row.sealed_at).toISOString(),
  };
}

export async function sealedDay(db: D1Database, day: string): Promise<DayRow | null> {
  return db
    .prepare("SELECT day, root, previous_root, tree_root, count, sealed_at FROM receipt_days WHERE day = ?")
    .bind(day)
    .first<DayRow>();
}

async function dayHashes(db: D1Database, day: string): Promise<{ id: string; hash: string }[]> {
  const { results } = await db
    .prepare("SELECT id, hash FROM receipts WHERE day = ? ORDER BY id")
    .bind(day)
    .all<{ id: string; hash: string }>();
  return results;
}

export type SealOptions = { sealAfterMinutes: number; daysPerRun: number };

/** Seals each ended day not sealed yet, oldest first; answers the days it sealed. */
export async function sealEndedDays(db: D1Database, now: number, options: SealOptions): Promise<string[]> {
  const lastSealable = utcDayOf(now - options.sealAfterMinutes * 60_000 - DAY_MS);
  let last = await db
    .prepare("SELECT day, root, previous_root, tree_root, count, sealed_at FROM receipt_days ORDER BY day DESC LIMIT 1")
    .first<DayRow>();
  let day: string | null = last
    ? nextDay(last.day)
    : ((await db.prepare("SELECT MIN(day) AS day FROM receipts").first<{ day: string | null }>())?.day ?? null);
  const sealed: string[] = [];
  while (day !== null && day <= lastSealable && sealed.length < options.daysPerRun) {
    const leaves = (await dayHashes(db, day)).map((row) => row.hash);
    const link = { day, count: leaves.length, previousRoot: last?.root ?? GENESIS_ROOT, treeRoot: await merkleRoot(leaves) };
    const root = await dayRoot(link);
    await db
      .prepare(
        "INSERT INTO receipt_days (day, root, previous_root, tree_root, count, sealed_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day) DO NOTHING",
      )
      .bind(day, root, link.previousRoot, link.treeRoot, link.count, now)
      .run();
    // Another run may have sealed it first: chain on what is stored.
    last = await sealedDay(db, day);
    if (!last) break;
    sealed.push(day);
    day = nextDay(day);
  }
  return sealed;
}

/**
 * The inclusion proof of receipt `id` in its sealed day; null when the day is not sealed, or
 * the stored hashes no longer give the sealed tree (a receipt written after its day was sealed).
 */
export async function proofFor(db: D1Database, id: string, day: string): Promise<ReceiptProof | null> {
  const sealed = await sealedDay(db, day);
  if (!sealed) return null;
  const rows = await dayHashes(db, day);
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0 || rows.length !== sealed.count) return null;
  const leaves = rows.map((row) => row.hash);
  if ((await merkleRoot(leaves)) !== sealed.tree_root) return null;
  return {
    day,
    index,
    count: sealed.count,
    steps: await inclusionProof(leaves, index),
    treeRoot: sealed.tree_root,
    previousRoot: sealed.previous_root,
    root: sealed.root,
  };
}
