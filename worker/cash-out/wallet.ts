// Cash-out's view of the player's wallet: the one stub, typed with Cash-out's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask Cash-out's methods of a wallet import this file, never Cash-out's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { CashOutWallet } from "./in-wallet";
export type { CashOutWallet };
export type { CashOutFailure, CashOutPricing, CashOutResult, QuoteResult } from "./in-wallet";
/** The player's wallet, typed for Cash-out. The id must come from the verified token, never from a request body. */
export function cashOutWallet(env: Env, userId: string): CashOutWallet & KernelWallet {
  return walletOf<CashOutWallet & KernelWallet>(env, userId);
}
