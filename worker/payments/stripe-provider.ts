// The real payment provider: Stripe Checkout for coin packs and Stripe Connect Express
// for redemptions. Chosen by getPaymentsProvider when STRIPE_SECRET_KEY is set; the SDK
// is loaded only when a call is made, so Stripe stays out of every other path.
// Connected accounts pay out only when Vantage says, to the bank account Vantage names: they
// are created with a manual payout schedule, and an account on any other schedule (made
// before, or changed since) is switched to manual whenever it is read, whether or not its
// payouts are enabled yet, as it is before every transfer. Otherwise Stripe would pay a
// transfer out to whatever bank account is the default when its automatic payout runs, one
// the player could have swapped in after the checks. Each read says whether it switched the
// account now, so D1 keeps when its payouts became manual (payout-accounts.ts `manual_since`).
import { addressRegionOf } from "../../src/shared/play-regions";
import { stripeSdk } from "../on-demand";
import type {
  PaymentsProvider,
  PayoutAccountState,
  ProviderPayment,
  ProviderReversal,
  ProviderTransfer,
  TransferResult,
} from "./payments-provider";

async function stripeClient(secretKey: string) {
  const Stripe = await stripeSdk();
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient() });
}

type StripeAccountLike = {
  id: string;
  payouts_enabled?: boolean | null;
  requirements?: { currently_due?: string[] | null } | null;
  /** Returned to the platform that controls the (Express) account: its bank accounts and cards. */
  external_accounts?: {
    data?:
      | {
          id?: string;
          object?: string;
          fingerprint?: string | null;
          currency?: string | null;
          default_for_currency?: boolean | null;
          /** A bank account's holder, as the bank account was entered. */
          account_holder_name?: string | null;
          /** A debit card's cardholder. */
          name?: string | null;
        }[]
      | null;
  } | null;
  settings?: { payouts?: { schedule?: { interval?: string | null } | null } | null } | null;
  /**
   * The individual who holds the account (`business_type: "individual"`); the platform reads
   * their names while Stripe collects the requirements (`controller.requirement_collection: stripe`).
   */
  individual?: {
    first_name?: string | null;
    last_name?: string | null;
    /** The individual's address, which Express onboarding collects: its country and state place the payee. */
    address?: { country?: string | null; state?: string | null } | null;
  } | null;
};

/** The holder's legal name, first and last joined; null unless Stripe has both. */
function holderNameOf(account: StripeAccountLike): string | null {
  const first = account.individual?.first_name?.trim();
  const last = account.individual?.last_name?.trim();
  return first && last ? `${first} ${last}` : null;
}

/** Where the holder's address is ("US-WA"); null without one, or a US address without its state (addressRegionOf). */
const holderRegionOf = (account: StripeAccountLike): string | null => addressRegionOf(account.individual?.address);

/** Payouts wait for Vantage to make them (see the header). */
const MANUAL_PAYOUTS = { payouts: { schedule: { interval: "manual" as const } } };

type ExternalAccountLike = NonNullable<NonNullable<NonNullable<StripeAccountLike["external_accounts"]>["data"]>[number]>;

/** The external account Stripe pays US dollars out to by default (else the first in US dollars). */
function payoutExternalAccountOf(account: StripeAccountLike): ExternalAccountLike | null {
  const usd = (account.external_accounts?.data ?? []).filter((external) => !!external.id && (external.currency ?? "usd") === "usd");
  return usd.find((external) => external.default_for_currency === true) ?? usd[0] ?? null;
}

/**
 * The name the payout destination is held in: a bank account's `account_holder_name` (US
 * bank accounts added through Express onboarding normally carry it), a card's cardholder;
 * null when Stripe gives none.
 */
function destinationHolderNameOf(external: ExternalAccountLike | null): string | null {
  const name = (external?.object === "card" ? external.name : external?.account_holder_name)?.trim();
  return name ? name : null;
}

const isManual = (account: StripeAccountLike) => account.settings?.payouts?.schedule?.interval === "manual";

function accountState(account: StripeAccountLike, manualPayouts: PayoutAccountState["manualPayouts"]): PayoutAccountState {
  const destination = payoutExternalAccountOf(account);
  // The payout destination's own key first: only that one is claimed by a payout (payout-identity.ts).
  // One Stripe gives no fingerprint is keyed by its id, so another bank account never takes its
  // place; with no destination nothing is paid out, and nothing is listed to claim.
  const others = (account.external_accounts?.data ?? []).map((external) => external.fingerprint).filter((f): f is string => !!f);
  const fingerprints = destination ? [destination.fingerprint || `external:${destination.id}`, ...others] : [];
  return {
    accountId: account.id,
    payoutsEnabled: account.payouts_enabled === true,
    currentlyDue: account.requirements?.currently_due ?? [],
    destinationFingerprints: [...new Set(fingerprints)],
    holderName: holderNameOf(account),
    holderRegion: holderRegionOf(account),
    payoutDestination: destination?.id ?? null,
    destinationHolderName: destinationHolderNameOf(destination),
    manualPayouts,
  };
}

/** Stripe's own error types say whether a request (a transfer, a payout) was refused (definitive) or lost. */
function transferFailure(err: unknown, fallback = "Transfer failed."): Extract<TransferResult, { ok: false }> {
  const type = err && typeof err === "object" && "type" in err ? String((err as { type: unknown }).type) : "";
  const message = err instanceof Error ? err.message : fallback;
  const definitive = type === "StripeInvalidRequestError" || type === "StripeCardError" || type === "StripePermissionError";
  return { ok: false, definitive, reason: message };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** When Stripe made an object (its `created`, whole seconds) in epoch ms, when it says. */
const createdAtOf = (object: { created?: number | null }): { createdAt?: number } =>
  typeof object.created === "number" ? { createdAt: object.created * 1000 } : {};

/** Stripe's `created` filter in whole seconds for [from, to) in epoch ms. */
function createdWithin(window: { from: number; to: number }) {
  return { gte: Math.ceil(window.from / 1000), lt: Math.ceil(window.to / 1000) };
}

export function createStripeProvider(secretKey: string): PaymentsProvider {
  return {
    kind: "stripe",

    async createCheckoutSession(input) {
      const stripe = await stripeClient(secretKey);
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        // Cards only: a purchase counts toward the player's purchase limits through a hold that
        // lasts as long as the session. A bank debit settles days later, after the hold has
        // gone, so packs paid that way would pass the limits (and land during a break).
        allowed_payment_method_types: ["card"],
        // The card's billing address: a pack paid from a state that offers none is declined
        // (worker/protection/in-wallet/protection.ts), the one witness of where a player who
        // has not verified their identity yet really is.
        billing_address_collection: "required",
        client_reference_id: input.userId,
        customer_email: input.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: input.pack.amountCents,
              product_data: {
                name: `${input.pack.coins.toLocaleString("en-US")} Coins + ${input.pack.cashCents / 100} Vantage Cash`,
              },
            },
          },
        ],
        metadata: { amountCents: String(input.pack.amountCents), userId: input.userId },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(input.expiresAt / 1000),
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },

    async expireCheckoutSession(sessionId) {
      const stripe = await stripeClient(secretKey);
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Only an open session can be expired; one already expired or completed cannot be
        // paid from now on either (a completion meets the wallet's decline).
        if ((await stripe.checkout.sessions.retrieve(sessionId)).status === "open") throw err;
      }
    },

    async createPayoutAccount({ userId, email }) {
      const stripe = await stripeClient(secretKey);
      const account = await stripe.accounts.create(
        // An individual's account: its holder is a person, whose name must be the player's verified one.
        {
          type: "express",
          business_type: "individual",
          email,
          capabilities: { transfers: { requested: true } },
          settings: MANUAL_PAYOUTS,
          metadata: { userId },
        },
        { idempotencyKey: `connect-account-${userId}` },
      );
      return accountState(account, "now");
    },

    // An account on any schedule but manual (made before payouts were manual, or changed
    // since) is switched first, whether its payouts are enabled yet or not; if that fails, or
    // Stripe answers with another schedule still, the read fails and nothing is transferred on it.
    async payoutAccountState(accountId) {
      const stripe = await stripeClient(secretKey);
      const account: StripeAccountLike = await stripe.accounts.retrieve(accountId);
      if (isManual(account)) return accountState(account, "already");
      const switched: StripeAccountLike = await stripe.accounts.update(accountId, { settings: MANUAL_PAYOUTS });
      const interval = switched.settings?.payouts?.schedule?.interval;
      if (interval != null && interval !== "manual") throw new Error(`Stripe kept the payout schedule ${interval} for ${accountId}.`);
      return accountState(switched, "now");
    },

    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      const stripe = await stripeClient(secretKey);
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: "account_onboarding",
      });
      return { url: link.url };
    },

    async transfer(input) {
      const stripe = await stripeClient(secretKey);
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: "usd",
            destination: input.accountId,
            transfer_group: input.redemptionId,
            metadata: { redemptionId: input.redemptionId, userId: input.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { ok: true, transferId: transfer.id, ...createdAtOf(transfer) };
      } catch (err) {
        return transferFailure(err);
      }
    },

    async refundPayment({ paymentIntent, idempotencyKey, reason }) {
      const stripe = await stripeClient(secretKey);
      try {
        await stripe.refunds.create({ payment_intent: paymentIntent, reason }, { idempotencyKey });
        return { ok: true };
      } catch (err) {
        const code = err && typeof err === "object" && "code" in err ? String((err as { code: unknown }).code) : "";
        if (code === "charge_already_refunded") return { ok: true };
        return { ok: false, reason: err instanceof Error ? err.message : "Refund failed." };
      }
    },

    async paymentIntentOfCharge(chargeId) {
      const stripe = await stripeClient(secretKey);
      const charge = await stripe.charges.retrieve(chargeId);
      return typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    },

    async findTransfer({ redemptionId, userId, accountId }) {
      const stripe = await stripeClient(secretKey);
      // Every transfer of the group, however many: one that is not this player's, to this
      // player's destination, is never adopted (it would mark the redemption paid with
      // another payout).
      for await (const transfer of stripe.transfers.list({ transfer_group: redemptionId, limit: 100 })) {
        const destination = typeof transfer.destination === "string" ? transfer.destination : transfer.destination?.id;
        const toAccount = accountId === null || destination === accountId;
        if (transfer.metadata?.redemptionId === redemptionId && transfer.metadata?.userId === userId && toAccount) {
          return { transferId: transfer.id, ...createdAtOf(transfer) };
        }
      }
      return null;
    },

    async payout(input) {
      const stripe = await stripeClient(secretKey);
      try {
        const payout = await stripe.payouts.create(
          {
            amount: input.amountCents,
            currency: "usd",
            destination: input.destination,
            metadata: { redemptionId: input.redemptionId, userId: input.userId },
          },
          { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
        );
        return { ok: true, payoutId: payout.id };
      } catch (err) {
        return transferFailure(err, "Payout failed.");
      }
    },

    async findPayout({ accountId, redemptionId, userId }) {
      const stripe = await stripeClient(secretKey);
      // Every payout of the account, however many: one that failed or was canceled gave the
      // money back to the account's balance, so it is not this redemption's payout.
      for await (const payout of stripe.payouts.list({ limit: 100 }, { stripeAccount: accountId })) {
        if (payout.status === "failed" || payout.status === "canceled") continue;
        if (payout.metadata?.redemptionId === redemptionId && payout.metadata?.userId === userId) return { payoutId: payout.id };
      }
      return null;
    },

    // The transfer is read first: one already taken back in full (an answer lost, a key Stripe
    // no longer remembers) is not asked for again, only what is left of one taken back in part
    // by hand is, and one of another redemption, player or account is never taken back.
    async reverseTransfer(input) {
      const stripe = await stripeClient(secretKey);
      try {
        const transfer = await stripe.transfers.retrieve(input.transferId);
        const owner = transfer.metadata?.redemptionId === input.redemptionId && transfer.metadata?.userId === input.userId;
        if (!owner || idOf(transfer.destination) !== input.accountId) {
          return { ok: false, reason: `Transfer ${input.transferId} is not this redemption's.` };
        }
        if (transfer.amount_reversed >= input.amountCents) return { ok: true };
        await stripe.transfers.createReversal(
          input.transferId,
          {
            amount: input.amountCents - transfer.amount_reversed,
            metadata: { redemptionId: input.redemptionId, userId: input.userId, reason: "bank_return" },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: err instanceof Error ? err.message : "Transfer reversal failed." };
      }
    },

    // Each list is walked to its end with the SDK's auto-pagination, 100 a page.
    async listRecords(window) {
      const stripe = await stripeClient(secretKey);
      const created = createdWithin(window);
      const payments: ProviderPayment[] = [];
      for await (const session of stripe.checkout.sessions.list({ created, status: "complete", limit: 100 })) {
        if (session.mode !== "payment" || session.payment_status !== "paid" || session.amount_total == null) continue;
        payments.push({
          checkoutSessionId: session.id,
          paymentIntent: idOf(session.payment_intent),
          userId: session.client_reference_id ?? session.metadata?.userId ?? null,
          amountCents: session.amount_total,
          at: session.created * 1000,
        });
      }
      const transfers: ProviderTransfer[] = [];
      for await (const transfer of stripe.transfers.list({ created, limit: 100 })) {
        transfers.push({
          transferId: transfer.id,
          redemptionId: transfer.transfer_group ?? transfer.metadata?.redemptionId ?? null,
          userId: transfer.metadata?.userId ?? null,
          amountCents: transfer.amount,
          reversedCents: transfer.amount_reversed ?? 0,
          at: transfer.created * 1000,
        });
      }
      const reversals: ProviderReversal[] = [];
      for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
        // A refund that failed or was canceled gave nothing back.
        if (refund.status === "failed" || refund.status === "canceled") continue;
        reversals.push({
          kind: "refund",
          id: refund.id,
          paymentIntent: idOf(refund.payment_intent),
          chargeId: idOf(refund.charge),
          amountCents: refund.amount,
          at: refund.created * 1000,
        });
      }
      for await (const dispute of stripe.disputes.list({ created, limit: 100 })) {
        reversals.push({
          kind: "dispute",
          id: dispute.id,
          paymentIntent: idOf(dispute.payment_intent),
          chargeId: idOf(dispute.charge),
          amountCents: dispute.amount,
          at: dispute.created * 1000,
        });
      }
      return { payments, transfers, reversals };
    },
  };
}
