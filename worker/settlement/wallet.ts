// Settlement's view of the player's wallet: the one stub, typed with Settlement's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask Settlement's methods of a wallet import this file, never Settlement's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { SettlementWallet } from "./in-wallet/methods";
export type { SettlementWallet };
export type { CorrectionSummary } from "./in-wallet/corrections";
export type { EventOutcome, SettlementSummary } from "./in-wallet/settlement";
/** The player's wallet, typed for Settlement. The id must come from the verified token, never from a request body. */
export function settlementWallet(env: Env, userId: string): SettlementWallet & KernelWallet {
  return walletOf<SettlementWallet & KernelWallet>(env, userId);
}
