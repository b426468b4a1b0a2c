// The Statistics card (spec §9) for the selected wallet, from src/shared/statistics.ts;
// it follows the same live bet list as My Picks, so it updates without a reload.
import { WALLET_LABEL, formatAmount, type WalletKind } from "../../../shared/money";
import { formatDecimalOdds } from "../../../shared/odds";
import { computeStatistics, type BetStatistics } from "../../../shared/statistics";
import { sportLabel } from "../../../shared/sports";
import { useOddsFormat } from "../../../session/odds-format";
import { useWalletBets } from "../../../session/use-wallet-bets";
import { useWallet } from "../../../session/wallet-provider";
import "./statistics-card.css";

/** The card's figures as a definition list; public profiles show the same rows. */
export function StatisticsList({ stats, wallet }: { stats: BetStatistics; wallet: WalletKind }) {
  const [format] = useOddsFormat();
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

export function StatisticsCard() {
  const { mode } = useWallet();
  const { status, bets } = useWalletBets(mode);
  const stats = computeStatistics(bets);
  return (
    <section className="card stats-card" aria-labelledby="stats-title">
      <h2 id="stats-title" className="card-title">
        Statistics <span className="muted stats-wallet">{WALLET_LABEL[mode]}</span>
      </h2>
      {status === "loading" && <p className="muted">Loading statistics…</p>}
      {status === "error" && <p className="error-text">Could not load statistics.</p>}
      {status === "ready" && <StatisticsList stats={stats} wallet={mode} />}
    </section>
  );
}
