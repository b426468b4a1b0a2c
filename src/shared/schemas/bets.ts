// Bet documents as the API and the live socket send them (spec §3 "Bet document"),
// plus the place-bet payload. Amounts are integers of the wallet's smallest unit
// (coins, or Vantage Cash cents); `amount` in the place-bet payload is in whole
// displayed units as the player typed it, converted with src/shared/money.ts.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";

export const MARKETS = ["Moneyline", "Spread", "Total"] as const;
export const SIDES = ["Home", "Away", "Over", "Under"] as const;
export const LEG_RESULTS = ["win", "loss", "push", "void"] as const;
export type Market = (typeof MARKETS)[number];
export type Side = (typeof SIDES)[number];
export type LegResult = (typeof LEG_RESULTS)[number];

export const BetLegSchema = z.object({
  eventId: z.string(),
  league: z.enum(SPORT_KEYS),
  market: z.enum(MARKETS),
  side: z.enum(SIDES),
  line: z.number().nullable(),
  priceAm: z.number().int(),
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
});
export type BetLeg = z.infer<typeof BetLegSchema>;

export const BetDocumentSchema = z.object({
  id: z.string(),
  /** Bets placed by one confirmed slip share a slipId (Singles make one bet per pick). */
  slipId: z.string(),
  wallet: z.enum(["coins", "cash"]),
  kind: z.enum(["Singles", "Parlay"]),
  status: z.enum(["open", "settled"]),
  result: z.enum(LEG_RESULTS).nullable(),
  stake: z.number().int().nonnegative(),
  toWin: z.number().int().nonnegative(),
  payoutPaid: z.number().int().nonnegative(),
  createdAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  legs: z.array(BetLegSchema).min(1),
  legResults: z.array(z.enum(LEG_RESULTS).nullable()),
});
export type BetDocument = z.infer<typeof BetDocumentSchema>;
