// Which payout account belongs to which player (D1 `payout_accounts`, migration 0005),
// with the last known onboarding state so the /redeem page and the withdrawal check do
// not need a provider round trip to say "not onboarded yet", its holder's key and its bank
// account's holder's key (the person it pays, payout-payee.ts), the bank account it pays out
// to as of that state, since when its payouts are manual (payout-port.ts), and the region of
// its holder's address (payout-destination.ts).
import { eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { ConnectStatus } from "../../src/shared/schemas/redemptions";
import type { Db } from "../db/database";
import { payoutAccounts } from "../db/schema";
import type { PayoutAccountState } from "./payments-provider";

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

const CurrentlyDueSchema = z.array(z.string());

export function currentlyDue(row: PayoutAccountRow): string[] {
  const parsed = CurrentlyDueSchema.safeParse(JSON.parse(row.currentlyDueJson));
  return parsed.success ? parsed.data : [];
}

export async function findPayoutAccount(db: Db, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row ?? null;
}

export async function findPayoutAccountById(db: Db, accountId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).limit(1);
  return row ?? null;
}

/** The keys of an account's holders as just taken (payout-payee.ts), never their names. */
export type HolderKeys = { holderPersonHash: string | null; destinationHolderPersonHash: string | null };

/**
 * Records the player's account unless one from the same provider exists already (an
 * account of the other provider, e.g. a simulated one after Stripe was configured, is
 * replaced); returns the stored one.
 */
export async function insertPayoutAccount(
  db: Db,
  input: { userId: string; provider: "stripe" | "simulated"; state: PayoutAccountState; keys: HolderKeys; now: number },
): Promise<PayoutAccountRow> {
  const manualSince = input.state.manualPayouts === "now" ? input.now : null;
  await db
    .insert(payoutAccounts)
    .values({
      userId: input.userId,
      provider: input.provider,
      accountId: input.state.accountId,
      payoutsEnabled: input.state.payoutsEnabled,
      currentlyDueJson: JSON.stringify(input.state.currentlyDue),
      destinationFingerprintsJson: JSON.stringify(input.state.destinationFingerprints),
      ...input.keys,
      payoutDestination: input.state.payoutDestination,
      holderRegion: input.state.holderRegion,
      manualSince,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: {
        provider: input.provider,
        accountId: input.state.accountId,
        payoutsEnabled: input.state.payoutsEnabled,
        currentlyDueJson: JSON.stringify(input.state.currentlyDue),
        destinationFingerprintsJson: JSON.stringify(input.state.destinationFingerprints),
        ...input.keys,
        payoutDestination: input.state.payoutDestination,
        holderRegion: input.state.holderRegion,
        manualSince,
        simHolderName: null,
        updatedAt: input.now,
      },
      setWhere: ne(payoutAccounts.provider, input.provider),
    });
  const row = await findPayoutAccount(db, input.userId);
  if (!row) throw new Error("payout account vanished after insert");
  return row;
}

/**
 * The provider's state as just read, with its holders' keys (payout-payee.ts), never the
 * names, and the region of the holder's address, never the address. Its payouts became manual now when the read switched them; found manual already,
 * since the time kept, or since now when none is (a conservative guess: a transfer made
 * before counts as paid out by the automatic schedule). Answers `manual_since` as stored.
 */
export async function updatePayoutAccountState(
  db: Db,
  accountId: string,
  state: PayoutAccountState,
  keys: HolderKeys,
  now: number,
): Promise<number | null> {
  const [row] = await db
    .update(payoutAccounts)
    .set({
      payoutsEnabled: state.payoutsEnabled,
      currentlyDueJson: JSON.stringify(state.currentlyDue),
      destinationFingerprintsJson: JSON.stringify(state.destinationFingerprints),
      ...keys,
      payoutDestination: state.payoutDestination,
      holderRegion: state.holderRegion,
      manualSince: state.manualPayouts === "now" ? now : sql`COALESCE(${payoutAccounts.manualSince}, ${now})`,
      updatedAt: now,
    })
    .where(eq(payoutAccounts.accountId, accountId))
    .returning({ manualSince: payoutAccounts.manualSince });
  return row?.manualSince ?? null;
}

/** The simulated account's holders keyed again (its name is in the row; the verified date of birth may have changed). */
export async function updateHolderKeys(db: Db, accountId: string, keys: HolderKeys): Promise<void> {
  await db.update(payoutAccounts).set(keys).where(eq(payoutAccounts.accountId, accountId));
}

export function connectStatusOf(row: PayoutAccountRow | null): ConnectStatus {
  if (!row) return { payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } };
  return { payouts_enabled: row.payoutsEnabled, hasAccount: true, requirements: { currently_due: currentlyDue(row) } };
}
