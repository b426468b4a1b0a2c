// Cash-out on the wire: GET /api/bets/:id/cash-out answers a quote, POST /api/bets/:id/cash-out
// accepts one (with an Idempotency-Key) for a fraction of the open stake. Amounts are integers
// of the bet's wallet's smallest unit (coins, or Vantage Cash cents). The rule is
// src/shared/cash-out.ts; quotes live server-side in the player's wallet.
import { z } from "zod";
import { SUSPENSION_REASONS } from "../suspension-reasons";
import { BetDocumentSchema, ID_MAX_LENGTH, MARKETS, SIDES } from "./bets";
import { WalletBalancesSchema } from "./user";

/** A cash-out quote for the bet's whole open stake, valid until `expiresAt` (epoch ms). */
export const CashOutQuoteSchema = z.object({
  quoteId: z.string(),
  betId: z.string(),
  wallet: z.enum(["coins", "cash"]),
  /** The open stake this quote prices (the bet's stake less any share already cashed out). */
  openStake: z.number().int().positive(),
  /** What the open stake is worth at the fair price now (rounded down). */
  fairValue: z.number().int().nonnegative(),
  /** The cash-out fee: `marginPercent` percent of the fair value (rounded up). */
  fee: z.number().int().nonnegative(),
  marginPercent: z.number().nonnegative(),
  /** What cashing out the whole open stake pays: fair value − fee. */
  amount: z.number().int().nonnegative(),
  expiresAt: z.number().int(),
  /** How long the quote stays good from when it was given (ms): the dialog counts it down on the device's own clock, whatever its skew. */
  validForMs: z.number().int().nonnegative(),
  /** The same figures for each share the dialog offers (src/shared/cash-out.ts CASH_OUT_FRACTIONS), exactly as accepting it pays; a share under one unit is left out. */
  shares: z.array(
    z.object({
      fraction: z.number(),
      stake: z.number().int().positive(),
      fairValue: z.number().int().nonnegative(),
      fee: z.number().int().nonnegative(),
      amount: z.number().int().nonnegative(),
    }),
  ),
});
export type CashOutQuote = z.infer<typeof CashOutQuoteSchema>;

/** POST body: the quote accepted and the share of the open stake to cash out (1 = all of it). */
export const CashOutRequestSchema = z.object({
  quoteId: z.string().min(1).max(ID_MAX_LENGTH),
  fraction: z.number().gt(0, "fraction must be above 0").max(1, "fraction must be at most 1"),
});
export type CashOutRequest = z.infer<typeof CashOutRequestSchema>;

/** POST answer: the bet as it is now, the stake share cashed out, what it paid, and the balances. */
export const CashOutResponseSchema = z.object({
  bet: BetDocumentSchema,
  stake: z.number().int().positive(),
  paid: z.number().int().nonnegative(),
  balances: WalletBalancesSchema,
});
export type CashOutResponse = z.infer<typeof CashOutResponseSchema>;

/** 409 `cash-out-moved` / `quote-expired`: the accepted quote no longer holds; `quote` is the new one. */
export const CashOutMovedDetailsSchema = z.object({ quote: CashOutQuoteSchema });

/** 409 `cash-out-suspended`: a leg the live rules (or a locked market) hold back, and why (null when the market is simply locked). */
export const CashOutSuspendedDetailsSchema = z.object({
  leg: z.object({
    eventId: z.string(),
    market: z.enum(MARKETS),
    side: z.enum(SIDES),
    reason: z.enum(SUSPENSION_REASONS).nullable(),
  }),
});
