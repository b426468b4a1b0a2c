// The /redeem page's calls (spec §7): Connect status, starting onboarding, and
// withdrawals (request and history). Answers are checked against the shared schemas.
import type { ApiClient } from "../../../lib/api-client";
import { UserDocumentSchema, type UserDocument } from "../../../shared/schemas/user";
import {
  ConnectStatusSchema,
  WithdrawalListSchema,
  WithdrawalResponseSchema,
  type ConnectStatus,
  type Redemption,
} from "../../../shared/schemas/redemptions";

export async function fetchConnectStatus(api: ApiClient): Promise<ConnectStatus> {
  return ConnectStatusSchema.parse(await api.get<unknown>("/connect/status"));
}

/** Creates (or finds) the payout account, then returns the onboarding page to open. */
export async function startOnboarding(api: ApiClient): Promise<string> {
  await api.post<unknown>("/connect/create-or-link", {});
  const body = await api.post<{ url?: unknown }>("/connect/onboarding-link", {});
  if (typeof body?.url !== "string" || !body.url) throw new Error("no onboarding url");
  return body.url;
}

export async function requestWithdrawal(api: ApiClient, amount: number, idempotencyKey: string): Promise<Redemption> {
  const body = await api.post<unknown>("/withdrawals", { amount }, { "Idempotency-Key": idempotencyKey });
  return WithdrawalResponseSchema.parse(body).redemption;
}

/** What may be redeemed now, what is still to play (play-through) and what is held (fresh purchases), from GET /api/me. */
export type Redeemable = Pick<
  UserDocument,
  "vantageCash" | "redeemableCash" | "cashToPlay" | "redemptionPause" | "purchaseHolds" | "purchaseHoldDays"
>;

export async function fetchRedeemable(api: ApiClient): Promise<Redeemable> {
  const { vantageCash, redeemableCash, cashToPlay, redemptionPause, purchaseHolds, purchaseHoldDays } = UserDocumentSchema.parse(
    await api.get<unknown>("/me"),
  );
  return { vantageCash, redeemableCash, cashToPlay, redemptionPause, purchaseHolds, purchaseHoldDays };
}

export async function fetchRedemptions(api: ApiClient): Promise<Redemption[]> {
  return WithdrawalListSchema.parse(await api.get<unknown>("/withdrawals")).redemptions;
}
