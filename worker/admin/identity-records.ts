// What an operator's identity actions change in D1 beside the wallet (whose state is the
// one money follows). `identity_checks` is the console's copy of each player's state: the
// identity webhook writes it with each outcome, and a date-of-birth correction or a reset
// brings it in step here (a reset removes it). `identity_documents` says which player a
// verified document belongs to, `identity_persons` which player a verified person (name and
// date of birth) belongs to: a reset releases the player's claims on both.
import { eq } from "drizzle-orm";
import type { IdentityState } from "../../src/shared/schemas/identity";
import type { Db } from "../db/database";
import { identityChecks, identityDocuments, identityPersons } from "../db/schema";

export async function copyIdentityForConsole(db: Db, userId: string, state: IdentityState, now: number): Promise<void> {
  if (state.status === "none") {
    await db.delete(identityChecks).where(eq(identityChecks.userId, userId));
    return;
  }
  await db
    .update(identityChecks)
    .set({ status: state.status, reason: state.reason, ownerUserId: state.status === "in-use" ? undefined : null, updatedAt: now })
    .where(eq(identityChecks.userId, userId));
}

/** Releases every document and person the player owns, so the person may verify again; answers how many documents. */
export async function releaseDocuments(db: Db, userId: string): Promise<number> {
  await db.delete(identityPersons).where(eq(identityPersons.userId, userId));
  const released = await db
    .delete(identityDocuments)
    .where(eq(identityDocuments.userId, userId))
    .returning({ documentHash: identityDocuments.documentHash });
  return released.length;
}
