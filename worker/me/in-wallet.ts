// A player's own records for one period, read in one transaction so they agree with each
// other: the ledger rows in the period with the balances either side of it, the bets
// placed in it, and every purchase and redemption (few; the caller picks the year's by
// their own dates, see src/shared/money-totals.ts). Read only.
import type { ExportBet, ExportLedgerRow, ExportPurchase, ExportRedemption } from "../../src/shared/schemas/data-export";
import { BetLegSchema, type BetLeg } from "../../src/shared/schemas/bets";
import type { WalletKind } from "../../src/shared/money";
import type { Period } from "../../src/shared/money-totals";
import type { Ledger } from "../wallet/ledger";
import { z } from "zod";
import type { WalletHost, WalletMethods } from "../wallet/wallet-object";

export type WalletRecords = {
  opening: Record<WalletKind, number>;
  closing: Record<WalletKind, number>;
  ledger: ExportLedgerRow[];
  bets: ExportBet[];
  purchases: ExportPurchase[];
  redemptions: ExportRedemption[];
};

const LegsSchema = z.array(BetLegSchema);

function legText(leg: BetLeg): string {
  const line = leg.line === null ? "" : ` ${leg.line > 0 && leg.market === "Spread" ? "+" : ""}${leg.line}`;
  const price = leg.priceAm > 0 ? `+${leg.priceAm}` : String(leg.priceAm);
  return `${leg.away} @ ${leg.home} · ${leg.market} ${leg.side}${line} ${price}`;
}

function balanceBefore(tx: Ledger, currency: WalletKind, at: number): number {
  const row = tx.sql
    .exec<{ balance_after: number }>(
      "SELECT balance_after FROM ledger WHERE currency = ? AND created_at < ? ORDER BY seq DESC LIMIT 1",
      currency,
      at,
    )
    .toArray()[0];
  return row?.balance_after ?? 0;
}

export function exportRecordsInTx(tx: Ledger, period: Period): WalletRecords {
  const sql = tx.sql;
  const ledger = sql
    .exec<{
      seq: number;
      created_at: number;
      currency: WalletKind;
      amount: number;
      balance_after: number;
      reason: string;
      reference: string;
    }>(
      "SELECT seq, created_at, currency, amount, balance_after, reason, reference FROM ledger WHERE created_at >= ? AND created_at < ? ORDER BY seq",
      period.from,
      period.to,
    )
    .toArray()
    .map((r) => ({
      seq: r.seq,
      at: r.created_at,
      currency: r.currency,
      amount: r.amount,
      balanceAfter: r.balance_after,
      reason: r.reason,
      reference: r.reference,
    }));
  const bets = sql
    .exec<{
      id: string;
      created_at: number;
      settled_at: number | null;
      wallet: WalletKind;
      kind: ExportBet["kind"];
      status: ExportBet["status"];
      result: ExportBet["result"];
      stake: number;
      to_win: number;
      payout_paid: number;
      legs: string;
    }>(
      "SELECT id, created_at, settled_at, wallet, kind, status, result, stake, to_win, payout_paid, legs FROM bets WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id",
      period.from,
      period.to,
    )
    .toArray()
    .map((b) => ({
      id: b.id,
      placedAt: b.created_at,
      settledAt: b.settled_at,
      wallet: b.wallet,
      kind: b.kind,
      status: b.status,
      result: b.result,
      stake: b.stake,
      toWin: b.to_win,
      payoutPaid: b.payout_paid,
      legs: LegsSchema.parse(JSON.parse(b.legs)).map(legText),
    }));
  const purchases = sql
    .exec<{
      checkout_session_id: string;
      created_at: number;
      amount_cents: number;
      coins: number;
      cash_cents: number;
      refunded_cents: number;
    }>("SELECT checkout_session_id, created_at, amount_cents, coins, cash_cents, refunded_cents FROM purchases ORDER BY created_at")
    .toArray()
    .map((p) => ({
      id: p.checkout_session_id,
      at: p.created_at,
      amountCents: p.amount_cents,
      coins: p.coins,
      cashCents: p.cash_cents,
      refundedCents: p.refunded_cents,
    }));
  const redemptions = sql
    .exec<{
      id: string;
      created_at: number;
      updated_at: number;
      amount_cents: number;
      status: ExportRedemption["status"];
      failure_reason: string | null;
    }>("SELECT id, created_at, updated_at, amount_cents, status, failure_reason FROM redemptions ORDER BY created_at, id")
    .toArray()
    .map((r) => ({
      id: r.id,
      requestedAt: r.created_at,
      updatedAt: r.updated_at,
      amountCents: r.amount_cents,
      status: r.status,
      failureReason: r.failure_reason,
    }));
  return {
    opening: { coins: balanceBefore(tx, "coins", period.from), cash: balanceBefore(tx, "cash", period.from) },
    closing: { coins: balanceBefore(tx, "coins", period.to), cash: balanceBefore(tx, "cash", period.to) },
    ledger,
    bets,
    purchases,
    redemptions,
  };
}

export const exportMethods = {
  /** The player's own records for one period ("Download my data"). */
  async exportRecords(host: WalletHost, userId: string, period: Period, now: number): Promise<WalletRecords> {
    return host.read(userId, now, (tx) => exportRecordsInTx(tx, period));
  },
};

/** The data export as a caller's stub sees it. */
export type ExportWallet = WalletMethods<typeof exportMethods>;
