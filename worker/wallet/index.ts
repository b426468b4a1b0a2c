// The wallet module's one public face. Every balance change of a player happens in
// their UserWallet Durable Object; callers outside worker/wallet import only this file:
// how to reach a player's wallet, the types its RPC methods take and answer, the payout
// port and attempt runner, and the live socket's protocol.
import type { UserWallet } from "./user-wallet";

export { UserWallet } from "./user-wallet";

/**
 * The one way the Worker reaches a player's wallet. The id must come from the verified
 * token in the request context, never from a request body.
 */
export function getUserWallet(env: Env, userId: string): DurableObjectStub<UserWallet> {
  const namespace = env.USER_WALLET as DurableObjectNamespace<UserWallet>;
  return namespace.get(namespace.idFromName(userId));
}

/**
 * Whether `error` came from `userId`'s wallet: an RPC method that threw there, or the
 * object failing (reset, overloaded). Errors from a Durable Object carry its id.
 */
export function isWalletError(env: Env, userId: string, error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("durableObjectId" in error)) return false;
  return String(error.durableObjectId) === env.USER_WALLET.idFromName(userId).toString();
}

// ---- RPC inputs and results ----
export type { BetsCursor, PlaceBetsResult } from "./operations/bet-operations";
export type { CashOutFailure, CashOutPricing, CashOutResult, QuoteResult } from "./operations/cash-out-operations";
export type { CorrectionSummary } from "./operations/correction-operations";
export type { PlayContext, ProtectionSnapshot } from "./operations/protection-operations";
export type { PlaySnapshot } from "./operations/play-operations";
export type { LimitHistoryRow } from "./operations/limit-history-operations";
export type { HarmAction, HarmNote, Statement, StatementMonth } from "./operations/statement-operations";
export type { RedemptionResult, ReviewResult, ReviewRules } from "./operations/redemption-operations";
export type { IdentityOutcome, IdentityResetResult, IdentityResult } from "./operations/identity-operations";
export type { ReversalResult } from "./operations/reversal-operations";
export type { FraudWarning } from "./operations/fraud-warning-operations";
export type { FreeEntryFailure, FreeEntryOutcome } from "./operations/sweepstakes-operations";
export type { WalletRecords } from "./operations/export-operations";

// ---- what players are told while redemptions are paused ----
export { FRAUD_WARNING_HOLD_MESSAGE, UNDER_REVIEW_MESSAGE } from "./operations/reversal-operations";
export type { EventOutcome, SettlementSummary } from "./operations/settlement-operations";

// ---- payouts: attempts, the port worker/payments implements, and the runner ----
export type { PayoutAttempt, PayoutOutcome, PayoutTiming } from "./operations/payout-attempt-operations";
export { payoutTiming, runPayoutAttempt, type PayoutPort, type PayoutRequest, type PayoutRoute, type PayoutWallet } from "./payouts";

// ---- the live socket: the protocol the SPA shares, and the Worker-to-object headers ----
export { LIVE_PROTOCOL, LIVE_TOKEN_PREFIX } from "../../src/shared/live-protocol";
export { LIVE_SESSION_HEADER, LIVE_TOKEN_EXPIRES_HEADER, LIVE_USER_HEADER } from "./live-sockets";
