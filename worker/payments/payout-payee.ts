// Payouts go only to the verified person. The identity check keys the person a player's
// document shows (a keyed hash of its name and date of birth, D1 `identity_persons`,
// identity/document-hash.ts), but a payout goes to a Connect account whose holder the
// provider knows by name: without comparing the two, a verified player could onboard
// someone else's bank account. So the holder's legal name is keyed the same way
// (`personHash`, `IDENTITY_HASH_KEY`) with the player's verified date of birth (from their
// wallet), and money goes out only where that key is one this player claims. A person has two
// keys (identity/document-hash.ts): the full name's and the first and last name's alone, so a
// bank account held as "John Smith" pays a player verified as "John Michael Smith" (the
// tolerant key matches), and one held as "John Michael Smith" a player verified as "John
// Smith". A player whose document had no readable name claims no person, and is refused too.
//
// The holder is the Express account's individual, but the money goes to the account's
// payout destination, a bank account that carries a holder name of its own (US bank
// accounts added through Express onboarding normally do): an honest Express account in the
// player's name could otherwise pay out to someone else's bank numbers. When the provider
// gives that name it is keyed the same way and must be one of the player's persons too; when
// it gives none, the individual's name is the one checked.
//
// What is kept is the key, not the name (payout_accounts.holder_person_hash), as identity
// keeps persons: Stripe keeps the name. The key is taken again on every read of the
// provider's account, and every withdrawal and every later transfer reads it afresh
// (payout-destination.ts), so it follows the name the provider has then and the date of
// birth the wallet has then; the stored key only answers GET /connect/status between reads.
// Keying only at check time would need the raw name kept at hand for the status; keying
// only at onboarding would go stale when the player verifies (or is verified again) later.
import { and, eq, inArray } from "drizzle-orm";
import type { RefusalOf } from "../../src/shared/refusals";
import { type Db, getDb } from "../db/database";
import { identityPersons } from "../db/schema";
import { personHashes } from "../identity/document-hash";
import { identityHashKey } from "../identity/identity-port";
import { protectionWallet } from "../protection/wallet";
import type { PayoutAccountRow } from "./payout-accounts";

/** Why a transfer was held back: the payout account's holder is not the player's verified person. */
export const PAYEE_HELD_REASON = "Not sent: the payout account's holder is not the person whose identity was verified.";

/**
 * The holder's key: `personHash` of their name and the player's verified date of birth, or
 * their tolerant key (`tolerantPersonHash`, first and last name alone) when only that one is
 * a person this player claims; null without a name, a verified date or the identity key to
 * take it with.
 */
export async function holderPersonHash(env: Env, userId: string, holderName: string | null, now: number): Promise<string | null> {
  const key = identityHashKey(env);
  if (holderName === null || key === null) return null;
  const { verifiedDateOfBirth } = await protectionWallet(env, userId).getIdentityDetail(userId, now);
  if (verifiedDateOfBirth === null) return null;
  const [full = null, tolerant = null] = await personHashes(key, { name: holderName, dateOfBirth: verifiedDateOfBirth });
  if (full === null || tolerant === null) return full;
  const claimed = await getDb(env)
    .select({ personHash: identityPersons.personHash })
    .from(identityPersons)
    .where(and(eq(identityPersons.userId, userId), inArray(identityPersons.personHash, [full, tolerant])));
  const claims = new Set(claimed.map((claim) => claim.personHash));
  return !claims.has(full) && claims.has(tolerant) ? tolerant : full;
}

/** What a destination holder's name keys to when it cannot be keyed (no letters, no verified date): no person. */
export const UNKEYED_HOLDER = "unkeyed";

/**
 * The payout destination's holder's key, taken like `holderPersonHash`: null when the
 * provider gives no name for it, `UNKEYED_HOLDER` for a name given that cannot be keyed.
 */
export async function destinationHolderPersonHash(env: Env, userId: string, name: string | null, now: number): Promise<string | null> {
  if (name === null || name.trim() === "") return null;
  return (await holderPersonHash(env, userId, name, now)) ?? UNKEYED_HOLDER;
}

/** `no-verified-name`: the player claims no person (their document had no readable name); `name-differs`: the holder is not theirs. */
export type PayeeProblem = "name-differs" | "no-verified-name";
export type PayeeCheck = { ok: true } | { ok: false; problem: PayeeProblem };

/**
 * Whether the account's holder, and its payout destination's holder when the provider names
 * one, are persons this player's verified identity claims.
 */
export async function checkPayee(
  db: Db,
  userId: string,
  account: Pick<PayoutAccountRow, "holderPersonHash" | "destinationHolderPersonHash">,
): Promise<PayeeCheck> {
  const claims = await db
    .select({ personHash: identityPersons.personHash })
    .from(identityPersons)
    .where(eq(identityPersons.userId, userId));
  if (claims.length === 0) return { ok: false, problem: "no-verified-name" };
  const claimed = (key: string | null) => key !== null && claims.some((claim) => claim.personHash === key);
  const destination = account.destinationHolderPersonHash;
  const ok = claimed(account.holderPersonHash) && (destination === null || claimed(destination));
  return ok ? { ok: true } : { ok: false, problem: "name-differs" };
}

export function payeeRefusal(problem: PayeeProblem): RefusalOf<"payee-not-verified-person"> {
  return { ok: false, code: "payee-not-verified-person", details: { problem } };
}
