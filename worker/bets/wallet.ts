// Betting's view of the player's wallet: the one stub, typed with Betting's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask Betting's methods of a wallet import this file, never Betting's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { BetsWallet } from "./in-wallet";
export type { BetsWallet };
export type { EarlyFetchAsk, EarlyFetchResult, PlaceBetsResult } from "./in-wallet";
/** The player's wallet, typed for Betting. The id must come from the verified token, never from a request body. */
export function betsWallet(env: Env, userId: string): BetsWallet & KernelWallet {
  return walletOf<BetsWallet & KernelWallet>(env, userId);
}
