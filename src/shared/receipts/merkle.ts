// The daily Merkle tree over receipts' salted hashes. Leaves and inner nodes are hashed
// with different leading bytes (0x00 leaf, 0x01 node, as RFC 6962 does) so a leaf can never
// pass for a node. Each level pairs neighbours left to right; a last node without a
// neighbour goes up unchanged. An inclusion proof is the sibling at each level where
// there is one, with its side; its shape follows from the leaf's index and the count, which
// the verifier checks too. A day's published root chains the tree's root to the previous
// day's root (0x02 over the canonical JSON of day, count, previous root and tree root), so
// a receipt removed or changed later, or a day rewritten, changes every root after it.
import { canonicalBytes } from "./canonical-json";
import { concatBytes, fromHex, sha256, toHex } from "./encoding";

/** The previous root of the first day ever sealed. */
export const GENESIS_ROOT = "0".repeat(64);

export type ProofStep = { side: "left" | "right"; hash: string };

const LEAF = new Uint8Array([0]);
const NODE = new Uint8Array([1]);
const DAY = new Uint8Array([2]);

function bytesOf(hash: string): Uint8Array<ArrayBuffer> {
  const bytes = fromHex(hash);
  if (bytes?.length !== 32) throw new Error("Not a SHA-256 hash.");
  return bytes;
}

/** A receipt's leaf: SHA-256(0x00 ‖ salt ‖ canonical record bytes), hex. */
export async function leafHash(salt: Uint8Array, recordBytes: Uint8Array): Promise<string> {
  return toHex(await sha256(concatBytes(LEAF, salt, recordBytes)));
}

export async function nodeHash(left: string, right: string): Promise<string> {
  return toHex(await sha256(concatBytes(NODE, bytesOf(left), bytesOf(right))));
}

/** The root of `leaves` in order; an empty day's root is SHA-256 of nothing. */
export async function merkleRoot(leaves: readonly string[]): Promise<string> {
  if (leaves.length === 0) return toHex(await sha256(new Uint8Array(0)));
  let level = [...leaves];
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? await nodeHash(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return level[0]!;
}

/** The sides a proof of leaf `index` among `count` has, bottom up. */
export function proofShape(index: number, count: number): ("left" | "right")[] {
  const sides: ("left" | "right")[] = [];
  let at = index;
  let size = count;
  while (size > 1) {
    if (at % 2 === 1) sides.push("left");
    else if (at + 1 < size) sides.push("right");
    at = Math.floor(at / 2);
    size = Math.ceil(size / 2);
  }
  return sides;
}

/** The inclusion proof of leaf `index`. */
export async function inclusionProof(leaves: readonly string[], index: number): Promise<ProofStep[]> {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) throw new Error("No such leaf.");
  const steps: ProofStep[] = [];
  let level = [...leaves];
  let at = index;
  while (level.length > 1) {
    if (at % 2 === 1) steps.push({ side: "left", hash: level[at - 1]! });
    else if (at + 1 < level.length) steps.push({ side: "right", hash: level[at + 1]! });
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? await nodeHash(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
    at = Math.floor(at / 2);
  }
  return steps;
}

/** The tree root a proof leads to from `leaf`; null when the proof's shape does not fit index and count. */
export async function rootFromProof(leaf: string, index: number, count: number, steps: readonly ProofStep[]): Promise<string | null> {
  if (!Number.isInteger(index) || !Number.isInteger(count) || index < 0 || index >= count) return null;
  const shape = proofShape(index, count);
  if (shape.length !== steps.length || shape.some((side, i) => steps[i]!.side !== side)) return null;
  let hash = leaf;
  try {
    for (const step of steps) hash = step.side === "left" ? await nodeHash(step.hash, hash) : await nodeHash(hash, step.hash);
  } catch {
    return null;
  }
  return hash;
}

export type DayLink = { day: string; count: number; previousRoot: string; treeRoot: string };

/** A day's published root: SHA-256(0x02 ‖ canonical {count, day, previousRoot, treeRoot}), hex. */
export async function dayRoot(link: DayLink): Promise<string> {
  const body = canonicalBytes({ count: link.count, day: link.day, previousRoot: link.previousRoot, treeRoot: link.treeRoot });
  return toHex(await sha256(concatBytes(DAY, body)));
}

export type SealedDay = DayLink & { root: string };

/**
 * Checks a run of sealed days, oldest first: each day's root is its own link's, and each
 * names the day before's root as its previous. Answers the first day that breaks, or null.
 */
export async function brokenLink(days: readonly SealedDay[]): Promise<string | null> {
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if ((await dayRoot(day)) !== day.root) return day.day;
    if (i > 0 && day.previousRoot !== days[i - 1]!.root) return day.day;
  }
  return null;
}
