// The embedded stand-in for Stripe in development (never in production configuration,
// see payments-config.ts). Checkout sessions are D1 rows served by a local checkout page
// whose Pay button sends a Stripe-signed `checkout.session.completed` to the real webhook
// handler (sim-routes.ts); connected accounts are payout_accounts rows that a local
// onboarding page enables; transfers succeed for an onboarded account; a refund asked for
// by an early fraud warning is the wallet's reversal alone. What it paid and took back is
// kept in its own D1 books (sim-records.ts), which `listRecords` reads as Stripe's lists.
import { getDb } from "../db/database";
import { simCheckoutSessions } from "../db/schema";
import type { PaymentsProvider, PayoutAccountState } from "./payments-provider";
import { currentlyDue, findPayoutAccountById } from "./payout-accounts";
import { destinationFingerprints } from "./payout-identity";
import { listSimRecords, recordSimTransfer } from "./sim-records";
import { SIM_CHARGE_ID } from "./simulated-ids";

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

    async createPayoutAccount() {
      return {
        accountId: `acct_sim_${randomHex()}`,
        payoutsEnabled: false,
        currentlyDue: [...SIM_ONBOARDING_REQUIREMENTS],
        destinationFingerprints: [],
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
          }
        : null;
    },

    async onboardingLink({ accountId }) {
      return { url: `${origin}/api/payments/sim/onboarding/${accountId}` };
    },

    async transfer(input) {
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

    // A simulated payment holds no money to give back: the refund is what the wallet
    // reverses (the same path as the simulated checkout page's Refund).
    async refundPayment() {
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
