// "Download my data": the player's records for one year as a JSON document or a CSV file.
// The wallet reads the records in one transaction (exportRecords); the yearly totals and
// the ledger's movement come from src/shared/money-totals.ts, the same functions the
// responsible-play statement can use. Free entries appear here when the product has them.
import { EXPORT_NOTICE, type DataExport } from "../../src/shared/schemas/data-export";
import { ledgerMovementTotals, yearlyMoneyTotals, type Period } from "../../src/shared/money-totals";
import type { WalletRecords } from "./wallet";
import { csvLines } from "../http/csv";

export function buildDataExport(records: WalletRecords, year: number, period: Period, now: number): DataExport {
  return {
    year,
    period,
    generatedAt: now,
    notice: EXPORT_NOTICE,
    balances: { opening: records.opening, closing: records.closing },
    ledgerTotals: ledgerMovementTotals(
      records.ledger.map((r) => ({ createdAt: r.at, currency: r.currency, amount: r.amount })),
      period,
    ),
    ledger: records.ledger,
    bets: records.bets,
    purchases: records.purchases.filter((p) => p.at >= period.from && p.at < period.to),
    redemptions: records.redemptions.filter(
      (r) => (r.requestedAt >= period.from && r.requestedAt < period.to) || (r.updatedAt >= period.from && r.updatedAt < period.to),
    ),
    totals: yearlyMoneyTotals(
      year,
      records.purchases.map((p) => ({ createdAt: p.at, amountCents: p.amountCents, refundedCents: p.refundedCents })),
      records.redemptions.map((r) => ({ createdAt: r.requestedAt, updatedAt: r.updatedAt, amountCents: r.amountCents, status: r.status })),
    ),
  };
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
/** Minor units as the file shows them: Coins whole, cents as dollars/Vantage Cash with two decimals. */
const units = (currency: "coins" | "cash" | "usd", minor: number) => (currency === "coins" ? String(minor) : (minor / 100).toFixed(2));

export const CSV_COLUMNS = ["record", "id", "date", "currency", "amount", "balance_after", "status", "detail"] as const;

/** One table a spreadsheet can filter by its first column (`record`): ledger, bet, purchase, redemption, total. */
export function dataExportCsv(doc: DataExport): string {
  const rows: (string | number | null)[][] = [[...CSV_COLUMNS]];
  for (const r of doc.ledger) {
    rows.push([
      "ledger",
      r.seq,
      iso(r.at),
      r.currency,
      units(r.currency, r.amount),
      units(r.currency, r.balanceAfter),
      r.reason,
      r.reference,
    ]);
  }
  for (const b of doc.bets) {
    const detail = `${b.kind}: ${b.legs.join(" | ")}; to win ${units(b.wallet, b.toWin)}; paid ${units(b.wallet, b.payoutPaid)}`;
    rows.push(["bet", b.id, iso(b.placedAt), b.wallet, units(b.wallet, b.stake), null, b.result ?? b.status, detail]);
  }
  for (const p of doc.purchases) {
    const detail = `${p.coins} Coins + ${units("cash", p.cashCents)} Vantage Cash; refunded ${units("usd", p.refundedCents)} USD`;
    rows.push(["purchase", p.id, iso(p.at), "usd", units("usd", p.amountCents), null, "paid", detail]);
  }
  for (const r of doc.redemptions) {
    rows.push([
      "redemption",
      r.id,
      iso(r.requestedAt),
      "usd",
      units("usd", r.amountCents),
      null,
      r.status,
      r.failureReason ?? `updated ${iso(r.updatedAt)}`,
    ]);
  }
  const t = doc.totals;
  rows.push([
    "total",
    "coins moved",
    null,
    "coins",
    units("coins", doc.ledgerTotals.coins),
    units("coins", doc.balances.closing.coins),
    null,
    "ledger",
  ]);
  rows.push([
    "total",
    "vantage cash moved",
    null,
    "cash",
    units("cash", doc.ledgerTotals.cash),
    units("cash", doc.balances.closing.cash),
    null,
    "ledger",
  ]);
  rows.push(["total", "purchases", String(t.year), "usd", units("usd", t.purchasesCents), null, null, "coin packs bought"]);
  rows.push(["total", "purchases refunded", String(t.year), "usd", units("usd", t.purchasesRefundedCents), null, null, "refunded since"]);
  rows.push(["total", "redemptions paid", String(t.year), "usd", units("usd", t.redemptionsPaidCents), null, null, "paid out"]);
  rows.push(["total", "net", String(t.year), "usd", units("usd", t.netCents), null, null, doc.notice]);
  return csvLines(rows);
}
