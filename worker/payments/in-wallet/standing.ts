// What payments asks of the player's standing, answered at the Worker's root by
// protection's in-wallet code (identity, age, region, limits, breaks), so payments never imports
// another feature. Asked inside the transaction that moves the money.
import type { IdentityStatus } from "../../../src/shared/schemas/identity";
import type { PurchaseDecline } from "../../../src/shared/schemas/checkout";
import type { PlayContext } from "../../../src/shared/protection";
import type { WindDown } from "../../../src/shared/play-regions";
import type { Refusal, RefusalOf } from "../../../src/shared/refusals";
import { type Ledger, WalletPort } from "../../wallet/ledger";

/** Why a payout account's holder address keeps a redemption from being sent there: a closed region, or under its age. */
export type PayoutAddressRefusal = RefusalOf<"payout-address-restricted" | "under-age">;

/** Why a payee may not be paid: their identity is not verified (or belongs to someone else). */
export type PayeeRefusal = RefusalOf<"identity-unverified" | "identity-in-use" | "identity-mismatch">;

export type PayeeStanding = {
  /** Why the player may not be paid now (identity not verified, in use, or a mismatch), or null. */
  payeeRefusal(tx: Ledger): PayeeRefusal | null;
  /** The player's identity check, for the sentence a held redemption shows. */
  identityStatus(tx: Ledger): IdentityStatus;
  /** The account gate for a redemption request (freeze, age, region, rules), or null. */
  refuseRedemption(tx: Ledger, play: PlayContext): Refusal | null;
  /**
   * Why a redemption asked for at `requestedAt` may not be sent now, asked by every transfer
   * attempt: where the player's verified document says they live offers no redemptions today
   * (a law's day has come), unless the player asked inside a redeem-only window there; or they
   * are under the age there; or null.
   */
  payoutPlaceRefusal(tx: Ledger, play: PlayContext, requestedAt: number): Refusal | null;
  /**
   * Why a redemption asked for at `requestedAt` may not be sent now to a payout account whose
   * holder's address is in `region` (as the provider has it), judged as the verified residence
   * is: the region offers no redemptions today, or the player is under its minimum age; or
   * null. A new request is asked with `requestedAt` now.
   */
  payoutAddressRefusal(tx: Ledger, play: PlayContext, requestedAt: number, region: string): PayoutAddressRefusal | null;
  /** The redeem-only window the player's governing region is in (what they held when it began is free of play-through), or null. */
  windDown(tx: Ledger, play: PlayContext): WindDown | null;
  /** A credited pack counts toward the player's purchase limits (never refused: the money was taken). */
  countPurchase(tx: Ledger, purchase: { reference: string; amountCents: number }): void;
  /**
   * Why a paid checkout must be declined and refunded rather than credited, or null: the player
   * is closed for play or on a break, or the checkout was withdrawn before it was paid (or the
   * region it was opened under, or the card's billing region, offers no packs now, by the rules
   * `play` carries). A declined checkout's hold stops counting toward the purchase limits.
   */
  declinePurchase(
    tx: Ledger,
    checkoutSessionId: string,
    play: PlayContext | undefined,
    billingRegion: string | null,
  ): PurchaseDecline | null;
  /**
   * A card payment lost to a chargeback closes the shop: the player's open checkouts are
   * withdrawn (expired at the provider by the alarm, declined if paid anyway). How many were.
   */
  withdrawOpenCheckouts(tx: Ledger, reason: "purchases-closed-chargeback"): number;
};

/** Why a paid pack was declined (see declined-purchases.ts); the shop reads the same reasons. */
export type { PurchaseDecline };

export const PAYEE_STANDING = new WalletPort<PayeeStanding>("payee standing");
