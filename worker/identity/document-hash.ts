// One verified person, one account. A verified document claims two keys for its player:
// - the document itself, a keyed hash (HMAC with IDENTITY_HASH_KEY) of its type, issuing
//   country and number (D1 `identity_documents`);
// - the person on it, a keyed hash of the name and date of birth it prints
//   (D1 `identity_persons`), so a second document of the same person (a passport after a
//   driver's licence) cannot verify a second account.
// Both are normalised so spacing, case, hyphens and accents do not make two hashes of one
// document or one person. The first player a key verified owns it; the number and the
// name themselves are never stored.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { identityDocuments, identityPersons } from "../db/schema";

async function keyedHash(key: string, parts: readonly string[]): Promise<string> {
  const hmacKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(JSON.stringify(parts))));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function documentHash(key: string, document: { type: string; issuingCountry: string; number: string }): Promise<string> {
  const normal = [document.type, document.issuingCountry, document.number].map((part) => part.replace(/[\s-]/g, "").toUpperCase());
  return `idh_${await keyedHash(key, normal)}`;
}

/** A name as one key: accents dropped, letters only, in order ("José-María O'Neil" and "JOSE MARIA ONEIL" are one). */
export function normalName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}]/gu, "")
    .toUpperCase();
}

/** The person's key, or null when the document gave no name to key on. */
export async function personHash(key: string, person: { name: string; dateOfBirth: string }): Promise<string | null> {
  const name = normalName(person.name);
  if (name === "") return null;
  return `idp_${await keyedHash(key, ["person", name, person.dateOfBirth])}`;
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

/** Claims the person for the player unless someone owns them; answers the owner and whether this call made the claim. */
export async function claimPerson(
  db: Db,
  input: { personHash: string; userId: string; now: number },
): Promise<{ owner: string; claimedNow: boolean }> {
  const inserted = await db
    .insert(identityPersons)
    .values({ personHash: input.personHash, userId: input.userId, createdAt: input.now })
    .onConflictDoNothing({ target: identityPersons.personHash })
    .returning({ personHash: identityPersons.personHash });
  const [owner] = await db
    .select({ userId: identityPersons.userId })
    .from(identityPersons)
    .where(eq(identityPersons.personHash, input.personHash))
    .limit(1);
  if (!owner) throw new Error("identity person claim vanished");
  return { owner: owner.userId, claimedNow: inserted.length > 0 };
}

/** Gives up the player's claim on one document (a claim just made for a session that was retired or refused). */
export async function releaseClaim(db: Db, input: { documentHash: string; userId: string }): Promise<void> {
  await db
    .delete(identityDocuments)
    .where(and(eq(identityDocuments.documentHash, input.documentHash), eq(identityDocuments.userId, input.userId)));
}

/** Gives up the player's claim on one person (a claim just made for a session that was retired). */
export async function releasePerson(db: Db, input: { personHash: string; userId: string }): Promise<void> {
  await db.delete(identityPersons).where(and(eq(identityPersons.personHash, input.personHash), eq(identityPersons.userId, input.userId)));
}
