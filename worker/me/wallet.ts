// The data export's view of the player's wallet: the one stub, typed with The data export's own methods and the
// kernel's (a type-only narrowing, see worker/wallet/wallet-object.ts). Other folders that
// ask The data export's methods of a wallet import this file, never The data export's in-wallet code.
import { type KernelWallet, walletOf } from "../wallet";
import type { ExportWallet } from "./in-wallet";
export type { ExportWallet };
export type { WalletRecords } from "./in-wallet";
/** The player's wallet, typed for The data export. The id must come from the verified token, never from a request body. */
export function exportWallet(env: Env, userId: string): ExportWallet & KernelWallet {
  return walletOf<ExportWallet & KernelWallet>(env, userId);
}
