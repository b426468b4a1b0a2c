// Protection's view of the player's wallet: the one stub, typed with Protection's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask Protection's methods of a wallet import this file, never Protection's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { ProtectionWallet } from "./in-wallet/methods";
export type { ProtectionWallet };
export type { CheckoutPort } from "./in-wallet/checkout-withdrawals";
export type { IdentityAsked, IdentityOutcome, IdentityResetResult, IdentityResult } from "./in-wallet/identity";
export type { LimitHistoryRow } from "./in-wallet/limit-history";
export type { PlaySnapshot } from "./in-wallet/play";
export type { ProtectionSnapshot } from "./in-wallet/protection";
export type { HarmAction, HarmNote, Statement, StatementMonth } from "./in-wallet/statements";
/** The player's wallet, typed for Protection. The id must come from the verified token, never from a request body. */
export function protectionWallet(env: Env, userId: string): ProtectionWallet & KernelWallet {
  return walletOf<ProtectionWallet & KernelWallet>(env, userId);
}
