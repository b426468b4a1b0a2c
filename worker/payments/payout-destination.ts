// Where a payout goes, read again when it is sent. A withdrawal request checks that its
// bank account (the payout account's destination fingerprints) is the player's own
// (payout-identity.ts) and that the account's holder is the player's verified person
// (payout-payee.ts), but a redemption that waits — for an operator's review, or for a
// retry — is sent later, and the player can change the bank account behind their payout
// account meanwhile, to one another player already holds, or change its holder's name. So
// every transfer sent after the request checks the destination and the holder as they
// stand then; one that has become another player's, or whose holder is no longer the
// verified person, is not sent (an unknown outcome: the wallet keeps it pending and tries
// again later) and logged; a destination of another player's is also recorded for
// operators, like a refused request. One that passes claims the account's destinations for
// the player, and its payout to the bank goes to the destination read in that same check,
// by its id (payout-port.ts).
import { getDb } from "../db/database";
import { loggerFor } from "../logging/logger";
import type { PaymentsProvider } from "./payments-provider";
import { findPayoutAccount, updateHolderPersonHash, updatePayoutAccountState, type PayoutAccountRow } from "./payout-accounts";
import { checkPayoutIdentity, claimPayoutIdentity, simPayoutDestinationOf } from "./payout-identity";
import { checkPayee, holderPersonHash, PAYEE_HELD_REASON } from "./payout-payee";
import type { PayoutRoute } from "./wallet";

/** Why a transfer was held back: its destination belongs to another player. */
export const DESTINATION_HELD_REASON = "Not sent: the payout's bank account is used by another Vantage account.";

/**
 * The player's account at the active provider, refreshed from Stripe when it is real, with
 * the holder's name keyed with the player's verified date of birth (payout-payee.ts); nothing
 * read here is claimed (payout-identity.ts says when that happens). `maxAgeMs` lets
 * a read-only caller (GET /connect/status) take the stored state when it is that fresh, so
 * reloading /redeem does not call Stripe every time. The simulator's state is the row
 * itself; its holder is keyed again on every read.
 */
export async function freshPayoutAccount(
  env: Env,
  provider: Pick<PaymentsProvider, "kind" | "payoutAccountState">,
  userId: string,
  now: number,
  maxAgeMs = 0,
): Promise<PayoutAccountRow | null> {
  const db = getDb(env);
  const row = await findPayoutAccount(db, userId);
  if (!row || row.provider !== provider.kind) return null;
  if (provider.kind === "simulated") {
    const holder = await holderPersonHash(env, userId, row.simHolderName, now);
    if (holder !== row.holderPersonHash) await updateHolderPersonHash(db, row.accountId, holder);
    return { ...row, holderPersonHash: holder, payoutDestination: simPayoutDestinationOf(row) };
  }
  if (now - row.updatedAt < maxAgeMs) return row;
  const state = await provider.payoutAccountState(row.accountId);
  if (!state) return null;
  const holder = await holderPersonHash(env, userId, state.holderName, now);
  await updatePayoutAccountState(db, row.accountId, state, holder, now);
  return {
    ...row,
    payoutsEnabled: state.payoutsEnabled,
    currentlyDueJson: JSON.stringify(state.currentlyDue),
    destinationFingerprintsJson: JSON.stringify(state.destinationFingerprints),
    holderPersonHash: holder,
    payoutDestination: state.payoutDestination,
    updatedAt: now,
  };
}

/**
 * The route `routeTo` builds, sending only while the destination of `account` (read once, at
 * the first send) is still the player's own and its holder is still the player's verified
 * person; the destinations are then claimed for the player, and the payout to the bank goes
 * to the account's payout destination as read in that check. Without a payout account
 * nothing is checked here and no destination is known, so nothing is paid out to a bank.
 */
export function checkedPayoutRoute(
  env: Env,
  routeTo: (destination: string | null) => PayoutRoute,
  account: () => Promise<PayoutAccountRow | null>,
  now: number,
): PayoutRoute {
  let read: Promise<PayoutAccountRow | null> | null = null;
  let sentTo: PayoutRoute = routeTo(null);
  return {
    accountId: sentTo.accountId,
    async send(request) {
      let current: PayoutAccountRow | null;
      try {
        read ??= account();
        current = await read;
        if (current) {
          const amountCents = request.redemption.amountCents;
          const input = { userId: request.userId, account: current, amountCents, now };
          const identity = await checkPayoutIdentity(getDb(env), input);
          if (!identity.ok) {
            loggerFor(env).warn("payout held: its bank account belongs to another player", request.redemption.id);
            return { kind: "unknown", reason: DESTINATION_HELD_REASON };
          }
          const payee = await checkPayee(getDb(env), request.userId, current);
          if (!payee.ok) {
            loggerFor(env).warn(
              "payout held: its account holder is not the player's verified person",
              request.redemption.id,
              payee.problem,
            );
            return { kind: "unknown", reason: PAYEE_HELD_REASON };
          }
          if (!(await claimPayoutIdentity(getDb(env), input)).ok) {
            loggerFor(env).warn("payout held: its bank account was claimed by another player", request.redemption.id);
            return { kind: "unknown", reason: DESTINATION_HELD_REASON };
          }
        }
      } catch (err) {
        return { kind: "unknown", reason: err instanceof Error ? err.message : "The payout account could not be read." };
      }
      sentTo = routeTo(current?.payoutDestination ?? null);
      return sentTo.send(request);
    },
    afterSent: (redemption) => sentTo.afterSent?.(redemption) ?? Promise.resolve(),
  };
}
