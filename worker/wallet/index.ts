// The money kernel's one public face. Every balance change of a player happens in their
// wallet Durable Object; Worker code outside the wallet imports only this file: how to reach
// a player's wallet (`walletOf`, typed with the methods the caller uses: the kernel's
// `KernelWallet` here, a feature's own from worker/<feature>/wallet.ts), and the live
// socket's protocol.
export { isWalletError, walletOf, type WalletMethods } from "./wallet-object";
export type { KernelWallet } from "./kernel-methods";
export type { BetsCursor } from "./bet-rows";
export type { AdjustmentResult, FreezeState, OperatorAudit } from "./operator-actions";
export type { LedgerRow } from "./ledger-audit";
export type { BetChange } from "./projection";

// ---- the live socket: the protocol the SPA shares, and the Worker-to-object headers ----
export { LIVE_PROTOCOL, LIVE_TOKEN_PREFIX } from "../../src/shared/live-protocol";
export { LIVE_SESSION_HEADER, LIVE_TOKEN_EXPIRES_HEADER, LIVE_USER_HEADER } from "./live-sockets";
