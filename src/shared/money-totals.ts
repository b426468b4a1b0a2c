// Yearly money totals from a player's own records: what coin packs cost, what Vantage
// Cash redemptions paid out, and the difference (shown as information, never as tax
// advice), plus the ledger's movement per currency over a period. Pure functions over
// plain rows, so the data export and the responsible-play statement compute the same
// figures from the same records, and tests can check them against the wallet.
import type { WalletKind } from "./money";

/** One calendar year in US Eastern time, as [from, to) epoch milliseconds. */
export type Period = { from: number; to: number };

/** 1 January of `year`, 00:00 Eastern: always standard time (UTC−5), so exact without a time-zone table. */
export function yearPeriodET(year: number): Period {
  return { from: Date.UTC(year, 0, 1, 5), to: Date.UTC(year + 1, 0, 1, 5) };
}

/** The Eastern calendar year an instant falls in. */
export function yearOfET(at: number): number {
  const year = new Date(at).getUTCFullYear();
  return at < yearPeriodET(year).from ? year - 1 : year;
}

export const inPeriod = (at: number, period: Period) => at >= period.from && at < period.to;

/** A coin pack as the wallet recorded it: what was charged and what of it was refunded since. */
export type PurchaseRecord = { createdAt: number; amountCents: number; refundedCents: number };
/** A redemption: paid ones count in the year they were paid (`updatedAt` of the paid state). */
export type RedemptionRecord = { createdAt: number; updatedAt: number; amountCents: number; status: "pending" | "paid" | "failed" };
export type LedgerMovement = { createdAt: number; currency: WalletKind; amount: number };

export type YearlyMoneyTotals = {
  year: number;
  /** Charged for coin packs bought in the year, before refunds. */
  purchasesCents: number;
  /** Refunded of those packs so far. */
  purchasesRefundedCents: number;
  /** Vantage Cash redemptions paid out in the year. */
  redemptionsPaidCents: number;
  /** redemptionsPaid − (purchases − refunded): information, not tax advice. */
  netCents: number;
};

export function yearlyMoneyTotals(
  year: number,
  purchases: readonly PurchaseRecord[],
  redemptions: readonly RedemptionRecord[],
): YearlyMoneyTotals {
  const period = yearPeriodET(year);
  const bought = purchases.filter((p) => inPeriod(p.createdAt, period));
  const purchasesCents = bought.reduce((sum, p) => sum + p.amountCents, 0);
  const purchasesRefundedCents = bought.reduce((sum, p) => sum + p.refundedCents, 0);
  const redemptionsPaidCents = redemptions
    .filter((r) => r.status === "paid" && inPeriod(r.updatedAt, period))
    .reduce((sum, r) => sum + r.amountCents, 0);
  return {
    year,
    purchasesCents,
    purchasesRefundedCents,
    redemptionsPaidCents,
    netCents: redemptionsPaidCents - (purchasesCents - purchasesRefundedCents),
  };
}

/** The signed sum of ledger movements per currency within `period`: how much each balance moved. */
export function ledgerMovementTotals(movements: readonly LedgerMovement[], period: Period): Record<WalletKind, number> {
  const totals: Record<WalletKind, number> = { coins: 0, cash: 0 };
  for (const m of movements) if (inPeriod(m.createdAt, period)) totals[m.currency] += m.amount;
  return totals;
}
