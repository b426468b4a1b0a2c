// Free entry's view of the player's wallet: the one stub, typed with Free entry's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask Free entry's methods of a wallet import this file, never Free entry's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { SweepstakesWallet } from "./in-wallet";
export type { SweepstakesWallet };
export type { FreeEntryFailure, FreeEntryOutcome } from "./in-wallet";
/** The player's wallet, typed for Free entry. The id must come from the verified token, never from a request body. */
export function sweepstakesWallet(env: Env, userId: string): SweepstakesWallet & KernelWallet {
  return walletOf<SweepstakesWallet & KernelWallet>(env, userId);
}
