// My statement and the history behind the signs of harm, read from one player's wallet:
// each Eastern month's ledger sums by reason (so the statement's lines add up to the
// ledger's), dollars paid, minutes played, limits reached, and the limit and break history.
// Operators' notes on a sign of harm are written here too, with their audit row.
import { isRaise, type HarmFlag, type HarmHistory } from "../../../src/shared/harm-signs";
import type { WalletKind } from "../../../src/shared/money";
import type { HARM_ACTION_NAMES } from "../../../src/shared/schemas/play";
import { monthBounds, monthsBetween, statementFigures, type StatementFigures } from "../../../src/shared/statement";
import type { Ledger } from "../../wallet/ledger";
import { limitHistoryInTx, type LimitHistoryRow } from "./limit-history";
import { auditInTx, type AuditFailure, type OperatorAudit } from "../../wallet/operator-actions";
import { minutesBetween } from "./play";
import { takeBreakInTx } from "./protection";

export type StatementMonth = {
  month: string;
  coins: StatementFigures;
  cash: StatementFigures;
  /** Dollars paid for packs credited in the month, in cents. */
  purchasedCents: number;
  minutesPlayed: number;
  limitsReached: { name: string; code: string; at: number }[];
};

export type Statement = { months: StatementMonth[]; history: LimitHistoryRow[] };

function monthOf(tx: Ledger, month: string): StatementMonth {
  const { start, end } = monthBounds(month);
  const sums: Record<WalletKind, Record<string, number>> = { coins: {}, cash: {} };
  const rows = tx.sql
    .exec<{ currency: WalletKind; reason: string; total: number }>(
      "SELECT currency, reason, SUM(amount) AS total FROM ledger WHERE created_at >= ? AND created_at < ? GROUP BY currency, reason",
      start,
      end,
    )
    .toArray();
  for (const row of rows) sums[row.currency][row.reason] = row.total;
  const purchased = tx.sql
    .exec<{ total: number | null }>(
      "SELECT SUM(amount_cents) AS total FROM protection_purchases WHERE created_at >= ? AND created_at < ?",
      start,
      end,
    )
    .one().total;
  const reached = tx.sql
    .exec<{ name: string; code: string; at: number }>(
      "SELECT name, code, at FROM limits_reached WHERE at >= ? AND at < ? ORDER BY at",
      start,
      end,
    )
    .toArray();
  return {
    month,
    coins: statementFigures(sums.coins),
    cash: statementFigures(sums.cash),
    purchasedCents: purchased ?? 0,
    minutesPlayed: minutesBetween(tx, start, end),
    limitsReached: reached.map((r) => ({ name: r.name, code: r.code, at: r.at })),
  };
}

/** This month and each past month since the wallet opened, newest first, with the limit and break history. */
export function statementInTx(tx: Ledger): Statement {
  const opened = tx.sql.exec<{ created_at: number }>("SELECT created_at FROM wallet WHERE id = 1").one().created_at;
  return { months: monthsBetween(opened, tx.now).map((month) => monthOf(tx, month)), history: limitHistoryInTx(tx) };
}

/** The dated facts the signs of harm are read from, over the last `days` days. */
export function harmHistoryInTx(tx: Ledger, days: number): HarmHistory {
  const since = tx.now - days * 24 * 60 * 60 * 1000;
  const raisesAskedAt = limitHistoryInTx(tx)
    .filter((row) => row.kind === "limit" && row.askedAt >= since && isRaise(row.fromValue, row.toValue))
    .map((row) => row.askedAt);
  const purchasesAt = tx.sql
    .exec<{ at: number }>("SELECT created_at AS at FROM protection_purchases WHERE created_at >= ? ORDER BY created_at", since)
    .toArray()
    .map((r) => r.at);
  const lossesSettledAt = tx.sql
    .exec<{ at: number }>(
      "SELECT settled_at AS at FROM bets WHERE status = 'settled' AND settled_at >= ? AND payout_paid < stake ORDER BY settled_at",
      since,
    )
    .toArray()
    .map((r) => r.at);
  const minutesPlayedAt = tx.sql
    .exec<{ minute: number }>("SELECT minute FROM play_minutes WHERE minute >= ? ORDER BY minute", Math.floor(since / 60_000))
    .toArray()
    .map((r) => r.minute * 60_000);
  return { raisesAskedAt, purchasesAt, lossesSettledAt, minutesPlayedAt };
}

export type HarmAction = (typeof HARM_ACTION_NAMES)[number];

export type HarmNote = { flag: string; action: string; note: string; actor: string; createdAt: number };

export function harmNotesInTx(tx: Ledger): HarmNote[] {
  return tx.sql
    .exec<{ flag: string; action: string; note: string; actor: string; created_at: number }>(
      "SELECT flag, action, note, actor, created_at FROM harm_notes ORDER BY seq DESC LIMIT 50",
    )
    .toArray()
    .map((r) => ({ flag: r.flag, action: r.action, note: r.note, actor: r.actor, createdAt: r.created_at }));
}

/** An operator's note on a sign of harm, and what they did about it (a 7-day break), with its audit row. */
export function noteHarmFlagInTx(
  tx: Ledger,
  input: { flag: HarmFlag; action: HarmAction; note: string },
  audit: OperatorAudit,
): { ok: true; notes: HarmNote[] } | AuditFailure {
  tx.sql.exec(
    "INSERT INTO harm_notes (flag, action, note, actor, created_at) VALUES (?, ?, ?, ?, ?)",
    input.flag,
    input.action,
    input.note,
    audit.actor,
    tx.now,
  );
  if (input.action === "break-7d") takeBreakInTx(tx, "7d");
  const failed = auditInTx(tx, "harm-flag", audit, { flag: input.flag, action: input.action });
  if (failed) return failed;
  return { ok: true, notes: harmNotesInTx(tx) };
}
