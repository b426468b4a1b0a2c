// Where a payout goes, read again when it is sent. A withdrawal request checks that its
// bank account (the payout account's destination fingerprints) is the player's own
// (payout-identity.ts) and that the account's holders are the player's verified person
// (payout-payee.ts), but a redemption that waits — for an operator's review, or for a
// retry — is sent later, and the player can change the bank account behind their payout
// account meanwhile, to one another player already holds, or change its holder's name or
// address. So every transfer, the request's own first one included, checks the account, the
// destination, the holders and where the holder lives as they stand then; one whose account
// cannot receive payouts, whose destination has become another player's, or whose holder is
// no longer the verified person is not sent (an unknown outcome: the wallet keeps it pending
// and tries again later) and logged; a destination of another player's is also recorded for
// operators, like a refused request. One whose holder's address is in a region that offers no
// redemptions today, or where the player is under the minimum age, is judged by the wallet, in
// its transaction, by the rules in force, as the verified residence is, and ends as a closed
// residence ends it: returned to the balance at once when no other attempt of it ever began
// (the wallet returns it in that transaction; nothing is sent), else held while an earlier
// attempt's key is remembered, then only its earlier transfer is looked for (adopted if it
// went, the amount returned if not); each is logged. An address that names no state places
// nobody and holds nothing: the verified residence still governs. One that passes claims the
// destination it pays out to for the player (only that one), and its payout to the bank goes
// to it, by the id read in that same check (payout-port.ts).
import { getDb } from "../db/database";
import { loggerFor } from "../logging/logger";
import type { PaymentsProvider, PayoutAccountState } from "./payments-provider";
import { findPayoutAccount, type HolderKeys, updateHolderKeys, updatePayoutAccountState, type PayoutAccountRow } from "./payout-accounts";
import { checkPayoutIdentity, claimPayoutIdentity, simPayoutDestinationOf } from "./payout-identity";
import { checkPayee, destinationHolderPersonHash, holderPersonHash, PAYEE_HELD_REASON } from "./payout-payee";
import type { PayoutRequest, PayoutRoute } from "./wallet";

/** Why a transfer was held back: its destination belongs to another player. */
export const DESTINATION_HELD_REASON = "Not sent: the payout's bank account is used by another Vantage account.";

/** Why a transfer was held back: the provider does not let the payout account receive payouts now. */
export const PAYOUTS_DISABLED_HELD_REASON = "Not sent: the payout account cannot receive payouts until its onboarding is finished.";

/**
 * Why a transfer was held back: the payout account holder's address is in a region that offers no redemptions today
 * (or where the player is under its age), and an earlier attempt may still be answered by its key.
 */
export const ADDRESS_HELD_REASON = "Not sent: Vantage Cash is not redeemable where your payout account's address is.";

/** The keys of an account's holder and of its payout destination's holder, as payout-payee.ts takes them. */
async function holderKeys(
  env: Env,
  userId: string,
  names: { holder: string | null; destinationHolder: string | null },
  now: number,
): Promise<HolderKeys> {
  return {
    holderPersonHash: await holderPersonHash(env, userId, names.holder, now),
    destinationHolderPersonHash: await destinationHolderPersonHash(env, userId, names.destinationHolder, now),
  };
}

/** An account's holder keys from the provider's state as just read. */
export const holderKeysOf = (env: Env, userId: string, state: PayoutAccountState, now: number) =>
  holderKeys(env, userId, { holder: state.holderName, destinationHolder: state.destinationHolderName }, now);

/**
 * The player's account at the active provider, refreshed from Stripe when it is real, with
 * the holder's name and its bank account's holder's name keyed with the player's verified
 * date of birth (payout-payee.ts); nothing read here is claimed (payout-identity.ts says when
 * that happens). A read of a Stripe account also switches its payouts to manual if they are
 * not, and keeps since when they are. `maxAgeMs` lets
 * a read-only caller (GET /connect/status) take the stored state when it is that fresh, so
 * reloading /redeem does not call Stripe every time. The simulator's state is the row
 * itself; its holder (one name standing for both) is keyed again on every read.
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
    const keys = await holderKeys(env, userId, { holder: row.simHolderName, destinationHolder: row.simHolderName }, now);
    if (keys.holderPersonHash !== row.holderPersonHash || keys.destinationHolderPersonHash !== row.destinationHolderPersonHash) {
      await updateHolderKeys(db, row.accountId, keys);
    }
    return { ...row, ...keys, payoutDestination: simPayoutDestinationOf(row) };
  }
  if (now - row.updatedAt < maxAgeMs) return row;
  const state = await provider.payoutAccountState(row.accountId);
  if (!state) return null;
  const keys = await holderKeysOf(env, userId, state, now);
  const manualSince = await updatePayoutAccountState(db, row.accountId, state, keys, now);
  return {
    ...row,
    payoutsEnabled: state.payoutsEnabled,
    currentlyDueJson: JSON.stringify(state.currentlyDue),
    destinationFingerprintsJson: JSON.stringify(state.destinationFingerprints),
    ...keys,
    payoutDestination: state.payoutDestination,
    holderRegion: state.holderRegion,
    manualSince,
    updatedAt: now,
  };
}

/**
 * The route `routeTo` builds, sending only while `account` (read once, at the first send)
 * can receive payouts, its destination is still the player's own, its holders are still
 * the player's verified person and the wallet finds its holder's address where redemptions
 * are offered (the request's `addressHold`; where it is not, the wallet's answer returns it,
 * holds it, or lets it only look for an earlier transfer); the destinations are then claimed for the player (only here,
 * right before money goes: a withdrawal refused or held earlier claims nothing), and the
 * route is built from the account as read in that check: its payout to the bank goes to the
 * payout destination read then. Without a payout account nothing is checked here and no
 * destination is known, so nothing is paid out to a bank.
 */
export function checkedPayoutRoute(
  env: Env,
  routeTo: (checked: PayoutAccountRow | null) => PayoutRoute,
  account: () => Promise<PayoutAccountRow | null>,
  now: number,
): PayoutRoute {
  let read: Promise<PayoutAccountRow | null> | null = null;
  let sentTo: PayoutRoute = routeTo(null);
  return {
    accountId: sentTo.accountId,
    async send(request) {
      let current: PayoutAccountRow | null;
      let sending: PayoutRequest = request;
      try {
        read ??= account();
        current = await read;
        if (current) {
          if (!current.payoutsEnabled) {
            loggerFor(env).warn("payout held: its payout account cannot receive payouts", request.redemption.id);
            return { kind: "unknown", reason: PAYOUTS_DISABLED_HELD_REASON };
          }
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
          // Where the holder lives, as the provider has the address: judged inside the wallet's transaction.
          const region = current.holderRegion;
          const held = region !== null && request.addressHold ? await request.addressHold(region) : null;
          if (held) {
            const what = { returned: "payout returned", held: "payout held", "adopt-only": "payout only looked for" }[held.course];
            loggerFor(env).warn(
              `${what}: its account holder's address is where redemptions are not offered`,
              request.redemption.id,
              region,
              held.refusal.code,
            );
            // Returned by the wallet in the answer's own transaction: nothing was ever sent, nothing is.
            if (held.course === "returned") return { kind: "failed", reason: held.reason };
            if (held.course === "held") return { kind: "unknown", reason: ADDRESS_HELD_REASON };
            // Attempted before, its key's window passed: only the earlier transfer is looked for.
            sending = { ...request, listFirst: true, adoptOnly: { reason: held.reason } };
          }
          if (!(await claimPayoutIdentity(getDb(env), input)).ok) {
            loggerFor(env).warn("payout held: its bank account was claimed by another player", request.redemption.id);
            return { kind: "unknown", reason: DESTINATION_HELD_REASON };
          }
        }
      } catch (err) {
        return { kind: "unknown", reason: err instanceof Error ? err.message : "The payout account could not be read." };
      }
      sentTo = routeTo(current);
      return sentTo.send(sending);
    },
    afterSent: (redemption, userId) => sentTo.afterSent?.(redemption, userId) ?? Promise.resolve(),
  };
}
