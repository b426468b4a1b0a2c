// One verified person, one account: an identity document is known by a keyed hash (HMAC
// with IDENTITY_HASH_KEY) of its type, issuing country and number, normalised so spacing
// and case do not make two hashes of one document. The first player a document verified
// owns its hash (D1 `identity_documents`); the number itself is never stored.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { identityDocuments } from "../db/schema";

export async function documentHash(key: string, document: { type: string; issuingCountry: string; number: string }): Promise<string> {
  const normal = [document.type, document.issuingCountry, document.number].map((part) => part.replace(/[\s-]/g, "").toUpperCase());
  const hmacKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(JSON.stringify(normal))));
  return `idh_${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Claims the document for the player unless someone owns it; answers its owner and whether this call made the claim. */
export async function claimDocument(
  db: Db,
  input: { documentHash: string; userId: string; now: number },
): Promise<{ owner: string; claimedNow: boolean }> {
  const inserted = await db
    .insert(identityDocuments)
    .values({ documentHash: input.documentHash, userId: input.userId, createdAt: input.now })
    .onConflictDoNothing({ target: identityDocuments.documentHash })
    .returning({ documentHash: identityDocuments.documentHash });
  const [owner] = await db
    .select({ userId: identityDocuments.userId })
    .from(identityDocuments)
    .where(eq(identityDocuments.documentHash, input.documentHash))
    .limit(1);
  if (!owner) throw new Error("identity document claim vanished");
  return { owner: owner.userId, claimedNow: inserted.length > 0 };
}

/** Gives up the player's claim on one document (a claim just made for a session that was retired). */
export async function releaseClaim(db: Db, input: { documentHash: string; userId: string }): Promise<void> {
  await db
    .delete(identityDocuments)
    .where(and(eq(identityDocuments.documentHash, input.documentHash), eq(identityDocuments.userId, input.userId)));
}
