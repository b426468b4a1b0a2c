// Accounts in D1: created or refreshed from verified ID-token claims on every sign-in.
// A returning player keeps the username they chose; new players get spec §3's default.
import { eq } from "drizzle-orm";
import { defaultDisplayName } from "../../src/shared/display-name";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import type { IdTokenClaims } from "./id-token-verifier";

export type UserRow = typeof users.$inferSelect;

export async function upsertUserFromClaims(db: Db, claims: IdTokenClaims, now: number): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      id: claims.sub,
      email: claims.email,
      emailVerified: claims.emailVerified,
      displayName: defaultDisplayName(claims.name, claims.email),
      photoUrl: claims.picture,
      createdAt: now,
      lastLoginAt: now,
    })
    .onConflictDoUpdate({
      target: users.id,
      set: { email: claims.email, emailVerified: claims.emailVerified, photoUrl: claims.picture, lastLoginAt: now },
    })
    .returning();
  if (!row) throw new Error("user upsert returned no row");
  return row;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}
