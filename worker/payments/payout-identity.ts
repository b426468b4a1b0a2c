// One payout identity per person: each payout destination — a bank account or
// debit card, known by its provider fingerprint — belongs to the first player who redeemed
// to it (D1 `payout_identities`, fingerprint unique). A redemption whose destination belongs
// to another player is refused (403 payout-identity-in-use) and the attempt is recorded in
// `payout_identity_refusals` for operators, so one person cannot farm daily bonuses across
// many accounts into one bank account.
//
// A fingerprint is claimed only by a withdrawal that passed every check — the player's
// identity verified, no destination of the account another player's, the account's holder
// the player's verified person (payout-payee.ts) — when it is asked for and again before
// each later transfer; never by onboarding or by reading the Connect status. Otherwise
// anyone, unverified, could onboard someone else's routing and account number, open
// /redeem, and bar the account's owner from every withdrawal for good. Stripe gives
// fingerprints on the connected account's external accounts; the simulator derives one from
// the account number with a keyed hash, so equal account numbers give equal fingerprints
// and none is stored raw.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/database";
import { payoutIdentities, payoutIdentityRefusals } from "../db/schema";
import type { PayoutAccountRow } from "./payout-accounts";
import { simPayoutDestination } from "./simulated-ids";

/** The simulated provider's fingerprint key (development only; Stripe keys its own per platform). */
const SIM_FINGERPRINT_KEY = "vantage-simulated-payout-fingerprint-v1";

/** A US bank account number as the simulated onboarding page accepts it. */
export const SIM_ACCOUNT_NUMBER = /^[0-9]{4,17}$/;
export const SIM_ROUTING_NUMBER = /^[0-9]{9}$/;

export const PAYOUT_IDENTITY_IN_USE_MESSAGE =
  "This bank account is already used for payouts by another Vantage account. Each person can redeem to their own bank account from one Vantage account only; contact support if this is a mistake.";

const FingerprintsSchema = z.array(z.string().min(1).max(200)).max(50);

/** The simulator's fingerprint of a routing and account number: a keyed hash, never the number itself. */
export async function simulatedFingerprint(routingNumber: string, accountNumber: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(SIM_FINGERPRINT_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${routingNumber}:${accountNumber}`)));
  return `fp_sim_${[...mac.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function destinationFingerprints(row: Pick<PayoutAccountRow, "destinationFingerprintsJson">): string[] {
  const parsed = FingerprintsSchema.safeParse(JSON.parse(row.destinationFingerprintsJson));
  return parsed.success ? parsed.data : [];
}

/** A simulated account's payout destination: its bank account's external-account id, or null before onboarding. */
export function simPayoutDestinationOf(row: Pick<PayoutAccountRow, "destinationFingerprintsJson">): string | null {
  const [fingerprint] = destinationFingerprints(row);
  return fingerprint === undefined ? null : simPayoutDestination(fingerprint);
}

/** Records each fingerprint as this player's unless it already belongs to someone (see the header for when). */
export async function claimPayoutIdentities(
  db: Db,
  input: { userId: string; provider: "stripe" | "simulated"; accountId: string; fingerprints: readonly string[]; now: number },
): Promise<void> {
  if (input.fingerprints.length === 0) return;
  await db
    .insert(payoutIdentities)
    .values(
      input.fingerprints.map((fingerprint) => ({
        fingerprint,
        userId: input.userId,
        provider: input.provider,
        accountId: input.accountId,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing({ target: payoutIdentities.fingerprint });
}

export type PayoutIdentityCheck = { ok: true } | { ok: false; fingerprint: string; ownerUserId: string };

type IdentityInput = { userId: string; account: PayoutAccountRow; amountCents: number; now: number };

/**
 * Before a redemption: no destination of the player's account may be another player's. One
 * that is refuses the redemption and records the attempt. Claims nothing (claimPayoutIdentity).
 */
export async function checkPayoutIdentity(db: Db, input: IdentityInput): Promise<PayoutIdentityCheck> {
  const fingerprints = destinationFingerprints(input.account);
  if (fingerprints.length === 0) return { ok: true };
  const owners = await db.select().from(payoutIdentities).where(inArray(payoutIdentities.fingerprint, fingerprints));
  const taken = owners.find((owner) => owner.userId !== input.userId);
  if (!taken) return { ok: true };
  await db.insert(payoutIdentityRefusals).values({
    fingerprint: taken.fingerprint,
    userId: input.userId,
    ownerUserId: taken.userId,
    accountId: input.account.accountId,
    amountCents: input.amountCents,
    createdAt: input.now,
  });
  return { ok: false, fingerprint: taken.fingerprint, ownerUserId: taken.userId };
}

/**
 * Once a withdrawal has passed every check (see the header): the destination it pays out to
 * (the first fingerprint, see PayoutAccountState) becomes this player's where nobody holds it,
 * then the account is checked again, since another player's claim made meanwhile came first.
 * Only that one: the holder checks vouch for the bank account paid, not for others the player
 * added beside it, so a stranger's numbers entered there are never claimed.
 */
export async function claimPayoutIdentity(db: Db, input: IdentityInput): Promise<PayoutIdentityCheck> {
  await claimPayoutIdentities(db, {
    userId: input.userId,
    provider: input.account.provider,
    accountId: input.account.accountId,
    fingerprints: destinationFingerprints(input.account).slice(0, 1),
    now: input.now,
  });
  return checkPayoutIdentity(db, input);
}

/** True when any destination of the account belongs to another player (for the Connect status). */
export async function payoutIdentityInUse(db: Db, userId: string, account: PayoutAccountRow): Promise<boolean> {
  const fingerprints = destinationFingerprints(account);
  if (fingerprints.length === 0) return false;
  const owners = await db.select().from(payoutIdentities).where(inArray(payoutIdentities.fingerprint, fingerprints));
  return owners.some((owner) => owner.userId !== userId);
}
