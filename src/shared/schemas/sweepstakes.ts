// Wire types of the sweepstakes footing: the Official Sweepstakes Rules and their
// acceptance, free entry by post (the player's request codes, the operator's record of a
// received card) and the public winners list. Parsed on both sides.
import { z } from "zod";
import { REGION_MODES } from "../region-rules";

export const RulesSectionSchema = z.object({ id: z.string(), title: z.string(), paragraphs: z.array(z.string()) });

/** GET /api/public/sweepstakes-rules */
export const SweepstakesRulesSchema = z.object({
  version: z.number().int().positive(),
  effectiveAt: z.string(),
  sections: z.array(RulesSectionSchema),
});
export type SweepstakesRules = z.infer<typeof SweepstakesRulesSchema>;

/** POST /api/me/rules-acceptance: the version the player read and accepts. */
export const RulesAcceptanceRequestSchema = z.object({ version: z.number().int().positive() });

export const FreeEntryCodeSchema = z.object({ code: z.string(), issuedAt: z.string(), expiresAt: z.string() });
export type FreeEntryCode = z.infer<typeof FreeEntryCodeSchema>;

/** GET /api/free-entry/code (and POST, for one more): the player's open codes and how to mail a card. */
export const FreeEntryCodesSchema = z.object({
  codes: z.array(FreeEntryCodeSchema),
  maxOpenCodes: z.number().int().positive(),
  validDays: z.number().int().positive(),
  cashCents: z.number().int().positive(),
  mailTo: z.object({ name: z.string(), address: z.string() }),
});
export type FreeEntryCodes = z.infer<typeof FreeEntryCodesSchema>;

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/admin/free-entry: a received card's code and the date on its postmark. */
export const RecordFreeEntryRequestSchema = z.object({
  code: z.string().trim().min(1, "Type the code written on the card.").max(40),
  postmarkedOn: z.string().regex(DAY_KEY, "postmarkedOn: a date like 2026-11-25."),
  /** What the recording operator noticed on the card, for the approver. */
  note: z.string().trim().max(500).optional(),
});

/** A recorded card waiting for a second operator: its code, postmark and what it would credit (the recorder's note is the request's reason). */
export const FreeEntryApprovalPayloadSchema = z.strictObject({
  code: z.string(),
  postmarkedOn: z.string().regex(DAY_KEY),
  amountCents: z.number().int().positive(),
});

export const FreeEntryRefusalSchema = z.object({ code: z.string(), message: z.string() });

/** What an approved card came to (the approval's outcome): credited, or recorded with the reason the player got nothing. */
export const FreeEntryRecordSchema = z.object({
  code: z.string(),
  userId: z.string(),
  postmarkedOn: z.string(),
  credited: z.boolean(),
  amountCents: z.number().int().nonnegative(),
  refusal: FreeEntryRefusalSchema.nullable(),
  /** The operator who recorded the card (the approver is the request's `decidedBy`). */
  recordedBy: z.string(),
});
export type FreeEntryRecord = z.infer<typeof FreeEntryRecordSchema>;

/** GET /api/public/winners: recent paid redemptions, never a name or e-mail. */
export const WinnerSchema = z.object({
  paidOn: z.string(),
  amountCents: z.number().int().positive(),
  /** Where the player asked from; null for a winner shown by handle (a handle is never tied to a state). */
  region: z.string().nullable(),
  /** The player's public handle ("@ada"), else "a player in US-TX". */
  winner: z.string(),
});
export type Winner = z.infer<typeof WinnerSchema>;
export const WinnersSchema = z.object({ winners: z.array(WinnerSchema) });

/** One region's entry of the dated region rules, as the public page "Where Vantage Cash is offered" lists it. */
export const RegionOfferSchema = z.object({
  region: z.string(),
  /** The entry's own mode, and what it means today (a redeem-only window may have ended into coins-only). */
  mode: z.enum(REGION_MODES),
  modeToday: z.enum(REGION_MODES),
  from: z.string().regex(DAY_KEY),
  until: z.string().regex(DAY_KEY).nullable(),
  covers: z.enum(["sweepstakes-sports", "casino-only"]),
  /** The minimum age there, where the table raises it. */
  minAge: z.number().int().nullable(),
  source: z.object({ title: z.string(), url: z.string() }),
  /** Dated after today: it takes effect on its day. */
  upcoming: z.boolean(),
});
export type RegionOffer = z.infer<typeof RegionOfferSchema>;

/** GET /api/public/region-rules: the table, the operators' lists, and the day it was read for. */
export const RegionOffersSchema = z.object({
  day: z.string().regex(DAY_KEY),
  entries: z.array(RegionOfferSchema),
  operatorLists: z.object({ coinsOnly: z.array(z.string()), blocked: z.array(z.string()) }),
});
export type RegionOffers = z.infer<typeof RegionOffersSchema>;
