// The one interface behind which the outside payment service sits: coin-pack checkout
// (Stripe Checkout) and payouts to a connected account (Stripe Connect Express). Two
// implementations: Stripe (stripe-provider.ts) and the embedded development simulator
// (simulated-provider.ts), chosen per request by configured-provider.ts. Both complete a
// checkout through the same signed webhook and the same wallet credit, so the simulator
// exercises the production path.
import type { Pack } from "../../src/shared/packs";

export type CheckoutSessionInput = {
  userId: string;
  email: string;
  pack: Pack;
  successUrl: string;
  cancelUrl: string;
  now: number;
  /** When the session stops accepting payment (it is counted toward purchase limits until then). */
  expiresAt: number;
};

export type PayoutAccountState = {
  accountId: string;
  payoutsEnabled: boolean;
  currentlyDue: string[];
  /**
   * Fingerprints of the account's payout destinations (bank accounts, cards): one payout identity
   * per person. The one payouts go to (`payoutDestination`) comes first, and it alone is claimed.
   */
  destinationFingerprints: string[];
  /**
   * The account holder's legal name as the provider has it (first and last name joined), or
   * null while it has none: payouts go only to the player's verified person (payout-payee.ts).
   */
  holderName: string | null;
  /**
   * Where the account holder's address is, as a region ("US-WA": the individual's address
   * country and state, read like a card's billing address), or null while the provider has
   * none or it names no state: a second witness, beside the verified document, of where the
   * payee lives. Payouts are held while it is in a region that offers no redemptions
   * (payout-destination.ts); null holds nothing, and the verified residence still governs.
   */
  holderRegion: string | null;
  /**
   * The provider's id of the external account payouts go to (its default for US dollars), or
   * null while it has none: the one destination a redemption's payout is sent to, by id, so a
   * bank account added or swapped in after the checks receives nothing (payout-port.ts).
   */
  payoutDestination: string | null;
  /**
   * The name the payout destination itself is held in (a bank account's holder name), or null
   * when the provider gives none: when it gives one, that too must be the verified person.
   */
  destinationHolderName: string | null;
  /**
   * `now`: the account's payouts became manual (Vantage's to make) with this call, created so
   * or switched from an automatic schedule; `already`: they were manual when read.
   */
  manualPayouts: "now" | "already";
};

/**
 * One transfer of a redemption. `redemptionId` is also its `transfer_group`, so every
 * transfer ever sent for it can be listed; `idempotencyKey` comes from the wallet
 * (worker/payments/in-wallet/payout-attempts.ts), the same for every retry while the provider keeps it.
 */
export type TransferInput = { accountId: string; amountCents: number; redemptionId: string; userId: string; idempotencyKey: string };

/**
 * Whose transfer a redemption's is: the redemption and the player its metadata names, sent to
 * `accountId`, or to any destination when null (the question is only whether it went at all).
 */
export type TransferOwner = { redemptionId: string; userId: string; accountId: string | null };

/**
 * `createdAt`: when the provider made the transfer (epoch ms; an answer replayed for a key
 * is the first one's), when it says. `definitive: false` means the outcome is unknown
 * (network, provider outage): the held amount stays held and the same idempotency key is
 * retried later, never refunded blind.
 */
export type TransferResult = { ok: true; transferId: string; createdAt?: number } | { ok: false; definitive: boolean; reason: string };

/** A transfer the provider made: its id, and when it made it (epoch ms) when the provider says. */
export type MadeTransfer = { transferId: string; createdAt?: number };

/**
 * The payout of a redemption's transfer from the connected account's balance to its bank:
 * to `destination` (an external account's id) only, under `idempotencyKey` (derived from the
 * transfer's, so it changes when that does), naming the redemption and player in its metadata.
 */
export type BankPayoutInput = {
  accountId: string;
  destination: string;
  amountCents: number;
  redemptionId: string;
  userId: string;
  idempotencyKey: string;
};

/** As TransferResult: `definitive: false` is a lost answer, retried under the same key. */
export type BankPayoutResult = { ok: true; payoutId: string } | { ok: false; definitive: boolean; reason: string };

/**
 * A redemption's transfer taken back from the connected account after the bank returned its
 * payout there: the whole `amountCents`, once per `idempotencyKey`; only the transfer of this
 * redemption and player, sent to `accountId`, is taken back.
 */
export type TransferReversalInput = {
  transferId: string;
  accountId: string;
  amountCents: number;
  redemptionId: string;
  userId: string;
  idempotencyKey: string;
};

/** `ok` once the provider has taken the transfer back in full, now or before. */
export type TransferReversalResult = { ok: true } | { ok: false; reason: string };

/** Why a payment is refunded, in Stripe's words. */
export type RefundReason = "fraudulent" | "requested_by_customer";

/** A refund of a whole charge: `ok` once the provider has refunded it (now or before). */
export type RefundResult = { ok: true } | { ok: false; reason: string };

/** A Checkout Session the provider completed as paid: the money Vantage received for a pack. */
export type ProviderPayment = {
  checkoutSessionId: string;
  paymentIntent: string | null;
  /** From the session's `client_reference_id` (else its metadata's `userId`); null when it names none. */
  userId: string | null;
  amountCents: number;
  at: number;
};

/**
 * A transfer the provider sent to a connected account; `redemptionId` is its `transfer_group`;
 * `reversedCents`: how much of it has been taken back since (a payout the bank returned).
 */
export type ProviderTransfer = {
  transferId: string;
  redemptionId: string | null;
  userId: string | null;
  amountCents: number;
  reversedCents: number;
  at: number;
};

/** Money the provider gave back on a payment: a refund (its own amount) or a dispute opened (the amount disputed). */
export type ProviderReversal = {
  kind: "refund" | "dispute";
  id: string;
  paymentIntent: string | null;
  chargeId: string | null;
  amountCents: number;
  at: number;
};

/** Everything the provider itself recorded over a time window, for the reconciliation (worker/reconciliation/). */
export type ProviderRecords = { payments: ProviderPayment[]; transfers: ProviderTransfer[]; reversals: ProviderReversal[] };

export interface PaymentsProvider {
  readonly kind: "stripe" | "simulated";
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  /**
   * Ends a checkout before its time (the player took a break, closed the account or lowered a
   * purchase limit): resolves once the session can no longer be paid, expired now or already
   * expired or completed; throws when the provider cannot say.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;
  createPayoutAccount(input: { userId: string; email: string }): Promise<PayoutAccountState>;
  /** Current state of an account; null when the provider does not know it. */
  payoutAccountState(accountId: string): Promise<PayoutAccountState | null>;
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  transfer(input: TransferInput): Promise<TransferResult>;
  /**
   * A transfer already sent for this redemption, or null; throws when the provider cannot say.
   * Only a transfer of the redemption's group whose metadata names this redemption and this
   * player, sent to this destination account, is the redemption's own.
   */
  findTransfer(input: TransferOwner): Promise<MadeTransfer | null>;
  /** Pays a redemption's transfer out of the connected account to the one destination given (see BankPayoutInput). */
  payout(input: BankPayoutInput): Promise<BankPayoutResult>;
  /**
   * A payout already made from `accountId` for this redemption and player (neither failed nor
   * canceled), or null; throws when the provider cannot say.
   */
  findPayout(input: { accountId: string; redemptionId: string; userId: string }): Promise<{ payoutId: string } | null>;
  /** Takes a redemption's transfer back after its bank returned the payout (see TransferReversalInput). */
  reverseTransfer(input: TransferReversalInput): Promise<TransferReversalResult>;
  /**
   * Refunds what is left of a payment, once per `idempotencyKey`: as `fraudulent` for an
   * actionable early fraud warning, as `requested_by_customer` for a pack declined because the
   * player had taken a break or closed the account. A payment already refunded in full counts as refunded.
   */
  refundPayment(input: { paymentIntent: string; idempotencyKey: string; reason: RefundReason }): Promise<RefundResult>;
  /** The PaymentIntent a charge belongs to, or null when the provider knows none; throws when it cannot say. */
  paymentIntentOfCharge(chargeId: string): Promise<string | null>;
  /**
   * The provider's own records created in [from, to) (epoch ms): completed paid checkouts,
   * transfers sent, refunds and disputes, every page of them; throws when it cannot say.
   */
  listRecords(window: { from: number; to: number }): Promise<ProviderRecords>;
}
