// Formatting shared by the console's tables: times in the operator's zone, signed
// amounts in a wallet's unit.
import { formatMoney, type WalletKind } from "../../../shared/money";

export function formatTime(at: number | null | undefined): string {
  if (at === null || at === undefined) return "—";
  return new Date(at).toLocaleString("en-US", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export function formatSigned(wallet: WalletKind, minor: number): string {
  return `${minor > 0 ? "+" : minor < 0 ? "−" : ""}${formatMoney(wallet, Math.abs(minor))}`;
}

export const WALLET_SHORT: Record<WalletKind, string> = { coins: "Coins", cash: "Cash" };

/** An amount that may be negative (a hold, a house result), with a minus but no plus sign. */
export function formatMinusOnly(wallet: WalletKind, minor: number): string {
  return `${minor < 0 ? "−" : ""}${formatMoney(wallet, Math.abs(minor))}`;
}

/** The last characters of a bank account's fingerprint: enough to tell two apart, never the whole key. */
export const fingerprintTail = (fingerprint: string) => fingerprint.slice(-8);
