// The Statistics figures (spec §9) as a definition list: the board's Statistics card and
// public profiles show the same rows. Presentational: the caller passes the odds format.
import { formatAmount, type WalletKind } from "../shared/money";
import { formatDecimalOdds, type OddsFormat } from "../shared/odds";
import type { BetStatistics } from "../shared/statistics";
import { sportLabel } from "../shared/sports";
import "./statistics.css";

export function StatisticsList({ stats, wallet, format }: { stats: BetStatistics; wallet: WalletKind; format: OddsFormat }) {
  const dash = "—";
  const avgOdds =
    stats.averagePickDecimal === null
      ? dash
      : format === "decimal"
        ? stats.averagePickDecimal.toFixed(2)
        : stats.averagePickDecimal > 1
          ? formatDecimalOdds(stats.averagePickDecimal, format)
          : dash;
  const rows: [string, string][] = [
    ["Win rate", stats.winRate === null ? dash : `${Math.round(stats.winRate * 100)}%`],
    ["Longest win streak", String(stats.longestWinStreak)],
    ["Average pick odds", avgOdds],
    ["Total picks", stats.totalPicks.toLocaleString("en-US")],
    ["Biggest win", stats.biggestWin === null ? dash : formatAmount(wallet, stats.biggestWin)],
    ["Most picked sport", stats.mostPickedSport ? sportLabel(stats.mostPickedSport) : dash],
    ["Settled", stats.settledCount.toLocaleString("en-US")],
  ];
  return (
    <dl className="stats-grid tabular">
      {rows.map(([label, value]) => (
        <div key={label} className="stats-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
