// Checks a receipt as anyone can, from the receipt, the deployment's public keys and the
// published root of the receipt's day: the same code in the Worker's tests and in the
// browser (/verify). Signature and hashes are computed over the record exactly as it was
// received (its canonical form), never over a parsed copy. The answer names the first
// check that failed, in the words the page shows.
import { type ReceiptDayRoot, type ReceiptKey, ReceiptSchema } from "../schemas/receipts";
import { canonicalBytes, CanonicalJsonError } from "./canonical-json";
import { fromBase64Url, fromHex } from "./encoding";
import { dayRoot, leafHash, rootFromProof } from "./merkle";

export type ReceiptCheck =
  | {
      ok: true;
      /** "included": in the day's published root; "pending": signed, the day not yet sealed (or the receipt has no proof yet). */
      inclusion: "included" | "pending";
      keyId: string;
    }
  | { ok: false; reason: string };

/** Ed25519 verification of `signature` over `bytes` with a raw public key (base64url). */
export async function verifyEd25519(
  publicKey: string,
  signature: Uint8Array<ArrayBuffer>,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const raw = fromBase64Url(publicKey);
  if (raw?.length !== 32) return false;
  try {
    const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    return await crypto.subtle.verify({ name: "Ed25519" }, key, signature, bytes);
  } catch {
    return false;
  }
}

function isRecordLike(value: unknown): value is { record: unknown } {
  return typeof value === "object" && value !== null && "record" in value;
}

/**
 * `receipt` as pasted (parsed JSON), `keys` the deployment's key list, `day` its published
 * root of the receipt's day (null when not sealed yet or not found).
 */
export async function verifyReceipt(receipt: unknown, keys: readonly ReceiptKey[], day: ReceiptDayRoot | null): Promise<ReceiptCheck> {
  const parsed = ReceiptSchema.safeParse(receipt);
  if (!parsed.success || !isRecordLike(receipt)) return { ok: false, reason: "This is not a Vantage receipt." };
  const { record, signature, salt, proof } = parsed.data;
  const key = keys.find((k) => k.keyId === record.keyId);
  if (!key) return { ok: false, reason: `It is signed with key "${record.keyId}", which this site has never used.` };
  const issued = Date.parse(record.issuedAt);
  if (issued < Date.parse(key.validFrom) || (key.validUntil !== null && issued >= Date.parse(key.validUntil))) {
    return { ok: false, reason: `It was issued outside the dates key "${key.keyId}" was in use.` };
  }
  if (record.issuedAt.slice(0, 10) !== record.day) return { ok: false, reason: "Its day is not the day it was issued." };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = canonicalBytes(receipt.record);
  } catch (err) {
    if (err instanceof CanonicalJsonError) return { ok: false, reason: "This is not a Vantage receipt." };
    throw err;
  }
  const signatureBytes = fromBase64Url(signature);
  if (signatureBytes?.length !== 64 || !(await verifyEd25519(key.publicKey, signatureBytes, bytes))) {
    return { ok: false, reason: "The signature does not match: the receipt was changed after it was issued." };
  }
  if (!proof) return { ok: true, inclusion: "pending", keyId: key.keyId };
  if (proof.day !== record.day) return { ok: false, reason: "Its proof is for another day." };
  const leaf = await leafHash(fromHex(salt)!, bytes);
  const treeRoot = await rootFromProof(leaf, proof.index, proof.count, proof.steps);
  if (treeRoot === null || treeRoot !== proof.treeRoot)
    return { ok: false, reason: "Its inclusion proof does not lead to the day's tree." };
  const root = await dayRoot({ day: proof.day, count: proof.count, previousRoot: proof.previousRoot, treeRoot });
  if (root !== proof.root) return { ok: false, reason: "Its inclusion proof does not lead to the day's root." };
  if (!day) return { ok: false, reason: `The site publishes no root for ${proof.day}, though the receipt has a proof for it.` };
  if (day.day !== proof.day || day.root !== root || day.previousRoot !== proof.previousRoot || day.count !== proof.count) {
    return { ok: false, reason: `It is not in the root the site publishes for ${proof.day}.` };
  }
  return { ok: true, inclusion: "included", keyId: key.keyId };
}
