// The daily bonus's view of the player's wallet: the one stub, typed with The daily bonus's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask The daily bonus's methods of a wallet import this file, never The daily bonus's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { BonusWallet } from "./in-wallet";
export type { BonusWallet };

/** The player's wallet, typed for The daily bonus. The id must come from the verified token, never from a request body. */
export function bonusWallet(env: Env, userId: string): BonusWallet & KernelWallet {
  return walletOf<BonusWallet & KernelWallet>(env, userId);
}
