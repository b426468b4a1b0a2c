// Crediting a paid coin pack as one wallet step. The Checkout Session id is the ledger
// reference, so however often (or in whatever order, or concurrently) the payment
// provider delivers the completion, the pack is credited once. What is credited comes
// from the shared pack table, looked up by the amount actually paid. The pack is also
// recorded beside its PaymentIntent, so a later dispute or refund can find and reverse it
// (worker/payments/in-wallet/reversals.ts). A credit is booked for the reconciliation
// with the provider (bookings.ts). A pack paid for a player on a break or closed for play,
// or for a checkout withdrawn before it was paid, is declined instead: never credited, and
// refunded in full by the caller (declined-purchases.ts).
import { findPack } from "../../../src/shared/packs";
import type { RefusalOf } from "../../../src/shared/refusals";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import { PAYEE_STANDING } from "./standing";
import { recordPackPaymentInTx } from "./reversals";
import { writeBookingInTx } from "./bookings";
import { declinePurchaseInTx, type DeclinedPurchase, type DeclinedRefundRetry } from "./declined-purchases";
import type { Ledger } from "../../wallet/ledger";
import type { PlayContext } from "../../../src/shared/protection";

/**
 * `play`: the region rules in force when the payment is reported (none on a direct call);
 * `billingRegion`: where the card's billing address is ("US-CA"), when the payment names one.
 */
export type CreditPurchaseInput = {
  checkoutSessionId: string;
  amountCents: number;
  paymentIntent?: string | null;
  play?: PlayContext;
  billingRegion?: string | null;
};

/** `coins`, `cashCents`: what the pack credited (nothing when `declined`: it is refunded instead). */
export type CreditPurchaseResult =
  | { ok: true; credited: boolean; declined: DeclinedPurchase | null; coins: number; cashCents: number; balances: WalletBalances }
  | RefusalOf<"unknown-pack" | "checkout-session-required" | "purchase-not-credited">;

/** `refundRetry`: when the wallet's alarm retries the refund of a pack declined now (declined-purchases.ts). */
export function creditPurchaseInTx(tx: Ledger, input: CreditPurchaseInput, refundRetry: DeclinedRefundRetry): CreditPurchaseResult {
  const pack = findPack(input.amountCents);
  if (!pack) return { ok: false, code: "unknown-pack" };
  const reference = input.checkoutSessionId;
  if (reference.length === 0 || reference.length > 255) {
    return { ok: false, code: "checkout-session-required" };
  }
  const paymentIntent = input.paymentIntent && input.paymentIntent.length <= 255 ? input.paymentIntent : null;
  // A pack credited before a break stays credited when its completion is delivered again.
  if (!tx.hasPosted("coins", "purchase", reference)) {
    const declined = declinePurchaseInTx(
      tx,
      {
        checkoutSessionId: reference,
        paymentIntent,
        amountCents: pack.amountCents,
        play: input.play,
        billingRegion: input.billingRegion ?? null,
      },
      refundRetry,
    );
    if (declined) return { ok: true, credited: false, declined, coins: 0, cashCents: 0, balances: tx.balances() };
  }
  recordPackPaymentInTx(tx, {
    checkoutSessionId: reference,
    paymentIntent,
    amountCents: pack.amountCents,
    coins: pack.coins,
    cashCents: pack.cashCents,
  });
  if (tx.hasPosted("coins", "purchase", reference)) {
    return { ok: true, credited: false, declined: null, coins: pack.coins, cashCents: pack.cashCents, balances: tx.balances() };
  }
  const coins = tx.post({ currency: "coins", amount: pack.coins, reason: "purchase", reference });
  const cash = pack.cashCents > 0 ? tx.post({ currency: "cash", amount: pack.cashCents, reason: "purchase", reference }) : null;
  if (!coins.ok || (cash && !cash.ok)) {
    return { ok: false, code: "purchase-not-credited" };
  }
  // Never refused (the money was taken), but it counts toward the player's purchase limits.
  tx.use(PAYEE_STANDING).countPurchase(tx, { reference, amountCents: pack.amountCents });
  writeBookingInTx(tx, { kind: "credit", reference, paymentIntent, amountCents: pack.amountCents });
  return { ok: true, credited: true, declined: null, coins: pack.coins, cashCents: pack.cashCents, balances: tx.balances() };
}
