// The /redeem page's calls (spec §7): Connect status, starting onboarding, and
// withdrawals (request and history). Answers are parsed with the shared schemas.
import type { ApiClient } from "../../../lib/api-client";
import { UserDocumentSchema, type UserDocument } from "../../../shared/schemas/user";
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

/** What may be redeemed now and what is still to play (play-through), from GET /api/me. */
export type Redeemable = Pick<UserDocument, "vantageCash" | "redeemableCash" | "cashToPlay" | "redemptionPause">;

export async function fetchRedeemable(api: ApiClient): Promise<Redeemable> {
  const { vantageCash, redeemableCash, cashToPlay, redemptionPause } = await api.get("/me", UserDocumentSchema);
  return { vantageCash, redeemableCash, cashToPlay, redemptionPause };
}

export async function fetchRedemptions(api: ApiClient): Promise<Redemption[]> {
  return (await api.get("/withdrawals", WithdrawalListSchema)).redemptions;
}
