// The player-protection calls. Each answers the whole user document, so the caller can
// merge it into the session's user at once. The date-of-birth form is part of the first
// page, so the user document's schema loads beside the first request (see api-client).
import type { ApiClient } from "../../../lib/api-client";
import type { BreakPeriod } from "../../../shared/protection";
import type { LimitsRequest } from "../../../shared/schemas/protection";
import type { UserDocument } from "../../../shared/schemas/user";

const userDocumentSchema = async () => (await import("../../../shared/schemas/user")).UserDocumentSchema;

export function confirmDateOfBirth(api: ApiClient, dateOfBirth: string): Promise<UserDocument> {
  return api.patch("/me", userDocumentSchema, { dateOfBirth });
}

export function takeBreak(api: ApiClient, period: BreakPeriod): Promise<UserDocument> {
  return api.post("/me/break", userDocumentSchema, { period });
}

export function setLimits(api: ApiClient, limits: LimitsRequest): Promise<UserDocument> {
  return api.request("/me/limits", userDocumentSchema, { method: "PUT", body: limits });
}

/** A fresh user document: limits in force, allowance left, region (all change with time and place). */
export function fetchMe(api: ApiClient): Promise<UserDocument> {
  return api.get("/me", userDocumentSchema);
}
