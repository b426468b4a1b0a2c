// One verified person, one account. A verified document claims two keys for its player:
// - the document itself, a keyed hash (HMAC with IDENTITY_HASH_KEY) of its type, issuing
//   country and number (D1 `identity_documents`);
// - the person on it, a keyed hash of the name and date of birth it prints
//   (D1 `identity_persons`), so a second document of the same person (a passport after a
//   driver's licence) cannot verify a second account. A person has two keys there: the
//   full name's (`personHash`, `idp_`) and the first and last name's alone
//   (`tolerantPersonHash`, `idt_`), so the same person's documents (and bank accounts) that
//   spell the name with and without a middle name are one person too. The tolerant key's
//   cost: two people who share a first name, a last name and a date of birth are one
//   person to it (an operator's identity reset only chooses which account holds it).
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

/** Last words that say which generation a person is, not their family: kept with the last name. */
const GENERATION_SUFFIXES = new Set(["JR", "SR", "II", "III", "IV"]);

/**
 * The first and last name a tolerant person key is taken from, or null for a name of fewer
 * than two words. The name's words are what whitespace separates; each is normalised as
 * `normalName` does (accents dropped, letters only, upper case), so a hyphen or an
 * apostrophe joins rather than splits, and a word with no letters ("-", "&") is no word.
 * The first word is the first name, the last the last name, and every word between (middle
 * names, initials) is left out. A last word that names a generation (Jr, Sr, II, III, IV) stays
 * with the word before it, so a father's "John Smith" is not his son's "John Smith Jr.":
 * - "John Michael Smith", "John Smith", "JOHN A. SMITH" → JOHN, SMITH
 * - "Mary-Jane O'Neil Smith" → MARYJANE, SMITH ("Mary Jane Smith" → MARY, SMITH)
 * - "José-María Núñez" → JOSEMARIA, NUNEZ
 * - "John Michael Smith Jr." → JOHN, SMITHJR
 * - "Madonna", "" → null
 */
export function firstAndLastName(name: string): { first: string; last: string } | null {
  const words = name
    .trim()
    .split(/\s+/u)
    .map(normalName)
    .filter((word) => word !== "");
  if (words.length < 2) return null;
  const last = words.at(-1)!;
  const generation = words.length >= 3 && GENERATION_SUFFIXES.has(last);
  return { first: words[0]!, last: generation ? `${words.at(-2)!}${last}` : last };
}

/** The person's tolerant key (first and last name and date of birth), or null for a name of fewer than two words. */
export async function tolerantPersonHash(key: string, person: { name: string; dateOfBirth: string }): Promise<string | null> {
  const name = firstAndLastName(person.name);
  if (name === null) return null;
  return `idt_${await keyedHash(key, ["person-first-last", name.first, name.last, person.dateOfBirth])}`;
}

/** Every key of the person a player claims: the full name's, then the tolerant one when the name has one. */
export async function personHashes(key: string, person: { name: string; dateOfBirth: string }): Promise<string[]> {
  const keys = [await personHash(key, person), await tolerantPersonHash(key, person)];
  return keys.filter((hash): hash is string => hash !== null);
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

/** Gives up the player's claim on one person key (a claim just made for a session that was retired or refused). */
export async function releasePerson(db: Db, input: { personHash: string; userId: string }): Promise<void> {
  await db.delete(identityPersons).where(and(eq(identityPersons.personHash, input.personHash), eq(identityPersons.userId, input.userId)));
}
