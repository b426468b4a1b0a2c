// Payments' view of the player's wallet: the one stub, typed with Payments' own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask Payments' methods of a wallet import this file, never Payments' in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { PaymentsWallet } from "./in-wallet/methods";
export type { PaymentsWallet };
export type { DeclinedPurchase, DeclinedRefundPort } from "./in-wallet/declined-purchases";
export type { BankReturnPort, BankReversal } from "./in-wallet/bank-returns";
export type { FraudRefundPort, FraudWarning } from "./in-wallet/fraud-warnings";
export type { PayoutAttempt, PayoutOutcome, PayoutTiming } from "./in-wallet/payout-attempts";
export {
  payoutTiming,
  runPayoutAttempt,
  type PayoutPort,
  type PayoutRequest,
  type PayoutRoute,
  type PayoutWallet,
} from "./in-wallet/payouts";
export type { RedemptionResult, ReviewResult, ReviewRules } from "./in-wallet/redemptions";
export { FRAUD_WARNING_HOLD_MESSAGE, UNDER_REVIEW_MESSAGE, type ReversalResult } from "./in-wallet/reversals";
export type { PurchaseDecline } from "./in-wallet/standing";
/** The player's wallet, typed for Payments. The id must come from the verified token, never from a request body. */
export function paymentsWallet(env: Env, userId: string): PaymentsWallet & KernelWallet {
  return walletOf<PaymentsWallet & KernelWallet>(env, userId);
}
