// Auditing a sealed day against what D1 holds now: the tree rebuilt from the day's stored
// receipt hashes must give the sealed tree root, and the sealed root must follow from its
// link. A receipt removed, added or changed after sealing shows here (and in every
// player's proof of that day, and in the next day's previous root).
import { dayRoot, merkleRoot } from "../../src/shared/receipts/merkle";
import { sealedDay } from "./seal";

export type DayAudit = { day: string; ok: boolean; reason: string | null };

export async function auditDay(db: D1Database, day: string): Promise<DayAudit> {
  const sealed = await sealedDay(db, day);
  if (!sealed) return { day, ok: false, reason: "not sealed" };
  const { results } = await db.prepare("SELECT hash FROM receipts WHERE day = ? ORDER BY id").bind(day).all<{ hash: string }>();
  const leaves = results.map((row) => row.hash);
  if (leaves.length !== sealed.count) return { day, ok: false, reason: `${leaves.length} receipts stored, ${sealed.count} sealed` };
  if ((await merkleRoot(leaves)) !== sealed.tree_root) return { day, ok: false, reason: "the stored receipts give another tree root" };
  const root = await dayRoot({ day, count: sealed.count, previousRoot: sealed.previous_root, treeRoot: sealed.tree_root });
  if (root !== sealed.root) return { day, ok: false, reason: "the sealed root does not follow from its link" };
  return { day, ok: true, reason: null };
}
