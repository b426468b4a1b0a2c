// The /redeem page's calls (spec §7): Connect status, starting onboarding, identity
// verification (state and a new session), and withdrawals (request and history, each
// with its timeline). Answers are parsed with the shared schemas.
import type { ApiClient } from "../../../lib/api-client";
import { UserDocumentSchema, type UserDocument } from "../../../shared/schemas/user";
import { IdentitySessionSchema, IdentityStateSchema, type IdentityState } from "../../../shared/schemas/identity";
import {
  ConnectStatusSchema,
  OnboardingLinkSchema,
  WithdrawalListSchema,
  WithdrawalResponseSchema,
  type ConnectStatus,
  type Redemption,
} from "../../../shared/schemas/redemptions";

export function fetchConnectStatus(api: ApiClient): Promise<ConnectStatus> {
  return api.get("/connect/status", ConnectStatusSchema);
}

/** Creates (or finds) the payout account, then returns the onboarding page to open. */
export async function startOnboarding(api: ApiClient): Promise<string> {
  await api.send("/connect/create-or-link", { method: "POST", body: {} });
  return (await api.post("/connect/onboarding-link", OnboardingLinkSchema, {})).url;
}

export async function requestWithdrawal(api: ApiClient, amount: number, idempotencyKey: string): Promise<Redemption> {
  return (await api.post("/withdrawals", WithdrawalResponseSchema, { amount }, { "Idempotency-Key": idempotencyKey })).redemption;
}

/** What may be redeemed now, what is still to play (play-through) and what is held (fresh purchases), from GET /api/me. */
export type Redeemable = Pick<
  UserDocument,
  "vantageCash" | "redeemableCash" | "cashToPlay" | "redemptionPause" | "purchaseHolds" | "purchaseHoldDays"
>;

export async function fetchRedeemable(api: ApiClient): Promise<Redeemable> {
  const { vantageCash, redeemableCash, cashToPlay, redemptionPause, purchaseHolds, purchaseHoldDays } = await api.get(
    "/me",
    UserDocumentSchema,
  );
  return { vantageCash, redeemableCash, cashToPlay, redemptionPause, purchaseHolds, purchaseHoldDays };
}

export async function fetchRedemptions(api: ApiClient): Promise<Redemption[]> {
  return (await api.get("/withdrawals", WithdrawalListSchema)).redemptions;
}

export function fetchIdentity(api: ApiClient): Promise<IdentityState> {
  return api.get("/identity", IdentityStateSchema);
}

/** Opens a verification session; answers the provider's page to go to. */
export async function startIdentityVerification(api: ApiClient): Promise<string> {
  return (await api.post("/identity/session", IdentitySessionSchema, {})).url;
}
