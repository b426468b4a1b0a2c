// The embedded stand-in for Stripe in development (never in production configuration,
// see payments-config.ts). Checkout sessions are D1 rows served by a local checkout page
// whose Pay button sends a Stripe-signed `checkout.session.completed` to the real webhook
// handler (sim-routes.ts), and an expired session's page refuses to pay; connected accounts
// are payout_accounts rows that a local onboarding page enables (with the holder's legal name
// typed there, kept as Stripe keeps it, standing for both the account's individual and its
// bank account's holder, and the state of the holder's address), paying out only when Vantage says; transfers succeed for an
// onboarded account (once per redemption, as Stripe's idempotency keys make them), and its
// payout to the bank goes only to the bank account named, if the account still has it (one
// swapped in since has another id, see simulated-ids.ts), and a transfer whose payout the
// bank returned is taken back (sim-payouts.ts fails payouts to Stripe's test account
// 000111111116); a refund (an actionable early
// fraud warning's, a declined pack's) gives back what is left of the simulated payment. What
// it paid and took back is kept in its own D1 books (sim-records.ts), which `listRecords`
// reads as Stripe's lists.
import { and, eq } from "drizzle-orm";
import { getDb } from "../db/database";
import { simCheckoutSessions } from "../db/schema";
import type { PaymentsProvider, PayoutAccountState } from "./payments-provider";
import { currentlyDue, findPayoutAccountById } from "./payout-accounts";
import { destinationFingerprints, simPayoutDestinationOf } from "./payout-identity";
import {
  findSimPayout,
  findSimTransfer,
  listSimRecords,
  recordSimPayout,
  recordSimReversal,
  recordSimTransfer,
  reverseSimTransfer,
  simRefundedCents,
} from "./sim-records";
import { SIM_CHARGE_ID, simPayoutId } from "./simulated-ids";

/**
 * Tests only: payment intents whose next refunds the simulator refuses, with how many are left
 * to refuse, as Stripe refuses one it cannot make (a restricted key, a disputed charge), so the
 * retries of a refund that failed can be exercised. Empty otherwise.
 */
export const simRefundRefusals = new Map<string, number>();

/** What the simulated onboarding asks for until it is completed. */
export const SIM_ONBOARDING_REQUIREMENTS = ["external_account", "individual.dob.day", "tos_acceptance.date"];

function randomHex(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

export function createSimulatedProvider(env: Env, origin: string): PaymentsProvider {
  const db = getDb(env);
  return {
    kind: "simulated",

    async createCheckoutSession(input) {
      const id = `cs_sim_${randomHex()}`;
      await db.insert(simCheckoutSessions).values({
        id,
        userId: input.userId,
        amountCents: input.pack.amountCents,
        status: "open",
        createdAt: input.now,
      });
      return { id, url: `${origin}/api/payments/sim/checkout/${id}` };
    },

    // Its page refuses to pay from now on; a session already paid or canceled stays as it is.
    async expireCheckoutSession(sessionId) {
      await db
        .update(simCheckoutSessions)
        .set({ status: "expired" })
        .where(and(eq(simCheckoutSessions.id, sessionId), eq(simCheckoutSessions.status, "open")));
    },

    async createPayoutAccount() {
      return {
        accountId: `acct_sim_${randomHex()}`,
        payoutsEnabled: false,
        currentlyDue: [...SIM_ONBOARDING_REQUIREMENTS],
        destinationFingerprints: [],
        holderName: null,
        holderRegion: null,
        payoutDestination: null,
        destinationHolderName: null,
        manualPayouts: "now",
      };
    },

    async payoutAccountState(accountId): Promise<PayoutAccountState | null> {
      const row = await findPayoutAccountById(db, accountId);
      return row
        ? {
            accountId,
            payoutsEnabled: row.payoutsEnabled,
            currentlyDue: currentlyDue(row),
            destinationFingerprints: destinationFingerprints(row),
            holderName: row.simHolderName,
            holderRegion: row.holderRegion,
            payoutDestination: simPayoutDestinationOf(row),
            destinationHolderName: row.simHolderName,
            manualPayouts: "already",
          }
        : null;
    },

    async onboardingLink({ accountId }) {
      return { url: `${origin}/api/payments/sim/onboarding/${accountId}` };
    },

    // A redemption's transfer made already is answered again, as Stripe answers a retried key.
    async transfer(input) {
      const made = await findSimTransfer(env, input.redemptionId);
      if (made) return { ok: true, transferId: made.transferId };
      const row = await findPayoutAccountById(db, input.accountId);
      if (!row?.payoutsEnabled) return { ok: false, definitive: true, reason: "Payouts are not enabled for this account." };
      const transferId = `tr_sim_${input.redemptionId}`;
      await recordSimTransfer(env, { transferId, ...input }, Date.now());
      return { ok: true, transferId };
    },

    // The simulator answers every transfer at once, so no attempt is ever left unknown.
    async findTransfer() {
      return null;
    },

    async payout(input) {
      const made = await findSimPayout(env, input);
      if (made) return { ok: true, payoutId: made.payoutId };
      const row = await findPayoutAccountById(db, input.accountId);
      if (!row?.payoutsEnabled) return { ok: false, definitive: true, reason: "Payouts are not enabled for this account." };
      if (simPayoutDestinationOf(row) !== input.destination) {
        return { ok: false, definitive: true, reason: `No such external account: '${input.destination}'.` };
      }
      const payoutId = simPayoutId(input.redemptionId);
      await recordSimPayout(env, { payoutId, ...input }, Date.now());
      return { ok: true, payoutId };
    },

    async findPayout(input) {
      const made = await findSimPayout(env, input);
      return made ? { payoutId: made.payoutId } : null;
    },

    // A transfer of the simulator's, taken back in full once however often asked.
    async reverseTransfer(input) {
      return (await reverseSimTransfer(env, input))
        ? { ok: true }
        : { ok: false, reason: `No such transfer of this redemption: '${input.transferId}'.` };
    },

    // What is left of a simulated payment (`pi_sim_<hex>` of session `cs_sim_<hex>`) goes into
    // the simulator's books once per key, as Stripe lists refunds; the wallet reverses the pack
    // itself. A payment the simulator never took has nothing to give back.
    async refundPayment({ paymentIntent, idempotencyKey }) {
      const refusals = simRefundRefusals.get(paymentIntent) ?? 0;
      if (refusals > 0) {
        simRefundRefusals.set(paymentIntent, refusals - 1);
        return { ok: false, reason: "The simulator refused this refund, as a test asked." };
      }
      const hex = paymentIntent.startsWith("pi_sim_") ? paymentIntent.slice("pi_sim_".length) : null;
      const [session] = hex
        ? await db
            .select()
            .from(simCheckoutSessions)
            .where(eq(simCheckoutSessions.id, `cs_sim_${hex}`))
            .limit(1)
        : [];
      if (!session) return { ok: true };
      const left = session.amountCents - (await simRefundedCents(env, paymentIntent));
      if (left > 0) {
        await recordSimReversal(
          env,
          { id: `re_sim_${idempotencyKey}`, kind: "refund", paymentIntent, chargeId: `ch_sim_${hex}`, amountCents: left },
          Date.now(),
        );
      }
      return { ok: true };
    },

    async paymentIntentOfCharge(chargeId) {
      return SIM_CHARGE_ID.test(chargeId) ? `pi_sim_${chargeId.slice("ch_sim_".length)}` : null;
    },

    async listRecords(window) {
      return listSimRecords(env, window);
    },
  };
}
