// The player-protection calls (issue 14). Each answers the whole user document, so the
// caller can merge it into the session's user at once.
import type { ApiClient } from "../../../lib/api-client";
import type { BreakPeriod } from "../../../shared/protection";
import type { LimitsRequest } from "../../../shared/schemas/protection";
import type { UserDocument } from "../../../shared/schemas/user";

export function confirmDateOfBirth(api: ApiClient, dateOfBirth: string): Promise<UserDocument> {
  return api.patch<UserDocument>("/me", { dateOfBirth });
}

export function takeBreak(api: ApiClient, period: BreakPeriod): Promise<UserDocument> {
  return api.post<UserDocument>("/me/break", { period });
}

export function setLimits(api: ApiClient, limits: LimitsRequest): Promise<UserDocument> {
  return api.request<UserDocument>("/me/limits", { method: "PUT", body: limits });
}

/** A fresh user document: limits in force, allowance left, region (all change with time and place). */
export function fetchMe(api: ApiClient): Promise<UserDocument> {
  return api.get<UserDocument>("/me");
}
