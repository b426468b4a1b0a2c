// "Download my data" (GET /api/me/export?format=csv|json&year=): the query, and the JSON
// document the Worker sends and the Account page saves. The same records go into the CSV.
// Amounts are integers of the smallest unit (Coins, Vantage Cash cents, dollar cents).
import { z } from "zod";
import { LEG_RESULTS } from "./bets";

/** Years a player may ask for: from the product's first year to the next one. */
export const EXPORT_FIRST_YEAR = 2024;

export const DataExportQuerySchema = z.object({
  format: z.enum(["csv", "json"]).default("json"),
  /** The Eastern calendar year; the current one when omitted. */
  year: z.coerce.number().int().min(EXPORT_FIRST_YEAR).max(2100).optional(),
});
export type DataExportQuery = z.infer<typeof DataExportQuerySchema>;

/** Shown in the file and next to the totals: the net is the player's own arithmetic. */
export const EXPORT_NOTICE =
  "Your records from Vantage. The net figure is shown for information only and is not tax advice. Redemptions may be reported to tax authorities where the law requires it.";

const CurrencySchema = z.enum(["coins", "cash"]);
const BalancesSchema = z.object({ coins: z.number().int(), cash: z.number().int() });

export const ExportLedgerRowSchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  currency: CurrencySchema,
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  reference: z.string(),
});
export type ExportLedgerRow = z.infer<typeof ExportLedgerRowSchema>;

export const ExportBetSchema = z.object({
  id: z.string(),
  placedAt: z.number(),
  settledAt: z.number().nullable(),
  wallet: CurrencySchema,
  kind: z.enum(["Singles", "Parlay"]),
  status: z.enum(["open", "settled"]),
  result: z.enum(LEG_RESULTS).nullable(),
  stake: z.number().int(),
  toWin: z.number().int(),
  payoutPaid: z.number().int(),
  /** "Lakers @ Celtics · Moneyline Home -150", one leg per entry. */
  legs: z.array(z.string()),
});
export type ExportBet = z.infer<typeof ExportBetSchema>;

export const ExportPurchaseSchema = z.object({
  id: z.string(),
  at: z.number(),
  amountCents: z.number().int(),
  coins: z.number().int(),
  cashCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type ExportPurchase = z.infer<typeof ExportPurchaseSchema>;

export const ExportRedemptionSchema = z.object({
  id: z.string(),
  requestedAt: z.number(),
  updatedAt: z.number(),
  amountCents: z.number().int(),
  status: z.enum(["pending", "paid", "failed"]),
  failureReason: z.string().nullable(),
});
export type ExportRedemption = z.infer<typeof ExportRedemptionSchema>;

export const DataExportSchema = z.object({
  year: z.number().int(),
  period: z.object({ from: z.number(), to: z.number() }),
  generatedAt: z.number(),
  notice: z.string(),
  balances: z.object({ opening: BalancesSchema, closing: BalancesSchema }),
  /** Signed sum of the ledger rows below per currency: closing − opening. */
  ledgerTotals: BalancesSchema,
  ledger: z.array(ExportLedgerRowSchema),
  bets: z.array(ExportBetSchema),
  purchases: z.array(ExportPurchaseSchema),
  redemptions: z.array(ExportRedemptionSchema),
  totals: z.object({
    year: z.number().int(),
    purchasesCents: z.number().int(),
    purchasesRefundedCents: z.number().int(),
    redemptionsPaidCents: z.number().int(),
    netCents: z.number().int(),
  }),
});
export type DataExport = z.infer<typeof DataExportSchema>;
