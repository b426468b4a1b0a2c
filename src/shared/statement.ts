// My statement: a player's money and play, one Eastern-time month at a time. The wallet
// sums its ledger by reason for each month; these rules group the reasons into the lines
// a player reads, so the lines of a month always add up to what its ledger rows add up to.
// Pure; months are named "YYYY-MM" and start at midnight Eastern like every limit period.
import { etDayKey } from "./bonus";
import { etMidnight } from "./protection";

export const STATEMENT_LINES = ["purchases", "redemptions", "stakes", "results", "bonuses", "opening", "other"] as const;
export type StatementLine = (typeof STATEMENT_LINES)[number];

export const STATEMENT_LINE_LABEL: Record<StatementLine, string> = {
  purchases: "Purchases",
  redemptions: "Redemptions",
  stakes: "Stakes",
  results: "Results",
  bonuses: "Bonuses",
  opening: "Opening balance",
  other: "Adjustments and reversals",
};

/** Which line each ledger reason belongs to (unknown reasons: `other`). */
const LINE_OF_REASON: Record<string, StatementLine> = {
  purchase: "purchases",
  redemption_hold: "redemptions",
  redemption_refund: "redemptions",
  bet_stake: "stakes",
  bet_payout: "results",
  bet_correction: "results",
  daily_bonus: "bonuses",
  streak_bonus: "bonuses",
  opening_balance: "opening",
};

/** One currency's month: each line (signed minor units, as the ledger has them), `net` = stakes + results, `total` = every line. */
export type StatementFigures = Record<StatementLine, number> & { net: number; total: number };

export function statementFigures(sumsByReason: Readonly<Record<string, number>>): StatementFigures {
  const figures: StatementFigures = {
    purchases: 0,
    redemptions: 0,
    stakes: 0,
    results: 0,
    bonuses: 0,
    opening: 0,
    other: 0,
    net: 0,
    total: 0,
  };
  for (const [reason, sum] of Object.entries(sumsByReason)) {
    figures[LINE_OF_REASON[reason] ?? "other"] += sum;
    figures.total += sum;
  }
  figures.net = figures.stakes + figures.results;
  return figures;
}

/** "YYYY-MM" of the Eastern month containing `at`. */
export function etMonthKey(at: number): string {
  return etDayKey(at).slice(0, 7);
}

/** [start, end) of an Eastern month "YYYY-MM", in epoch ms. */
export function monthBounds(month: string): { start: number; end: number } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
  return { start: etMidnight(`${month}-01`), end: etMidnight(`${next}-01`) };
}

/** Months from the one containing `from` to the one containing `to`, newest first. */
export function monthsBetween(from: number, to: number): string[] {
  const first = etMonthKey(from);
  const months: string[] = [];
  let month = etMonthKey(to);
  while (month >= first && months.length < 600) {
    months.push(month);
    const [y, m] = month.split("-").map(Number) as [number, number];
    month = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
  }
  return months;
}
