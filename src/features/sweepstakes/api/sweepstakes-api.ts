// The sweepstakes feature's calls: the rules in force and their acceptance, the player's
// free-entry codes, the public winners list and the region rules. Answers are parsed with the shared schemas.
import type { ApiClient } from "../../../lib/api-client";
import {
  FreeEntryCodesSchema,
  RegionOffersSchema,
  type RegionOffers,
  SweepstakesRulesSchema,
  WinnersSchema,
  type FreeEntryCodes,
  type SweepstakesRules,
  type Winner,
} from "../../../shared/schemas/sweepstakes";
import { UserDocumentSchema, type UserDocument } from "../../../shared/schemas/user";
import { RedemptionTimesSchema, type RedemptionTimes } from "../../../shared/schemas/redemption-times";

export function getSweepstakesRules(api: ApiClient): Promise<SweepstakesRules> {
  return api.get("/public/sweepstakes-rules", SweepstakesRulesSchema);
}

export function acceptRules(api: ApiClient, version: number): Promise<UserDocument> {
  return api.post("/me/rules-acceptance", UserDocumentSchema, { version });
}

export function getFreeEntryCodes(api: ApiClient): Promise<FreeEntryCodes> {
  return api.get("/free-entry/code", FreeEntryCodesSchema);
}

export function requestAnotherFreeEntryCode(api: ApiClient): Promise<FreeEntryCodes> {
  return api.post("/free-entry/code", FreeEntryCodesSchema);
}

export async function getWinners(api: ApiClient): Promise<Winner[]> {
  return (await api.get("/public/winners", WinnersSchema)).winners;
}

/** How long redemptions took, per week, for the winners page. */
export function getRedemptionTimes(api: ApiClient): Promise<RedemptionTimes> {
  return api.get("/public/redemption-times", RedemptionTimesSchema);
}

export function getRegionOffers(api: ApiClient): Promise<RegionOffers> {
  return api.get("/public/region-rules", RegionOffersSchema);
}
