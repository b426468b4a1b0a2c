// The Statistics card (spec §9) for the selected wallet, from src/shared/statistics.ts;
// it follows the same live bet list as My Picks, so it updates without a reload.
import { lazy, Suspense } from "react";
import { StatisticsList } from "../../../components/statistics-list";
import { WALLET_LABEL } from "../../../shared/money";
import { computeStatistics } from "../../../shared/statistics";
import { useOddsFormat } from "../../../session/odds-format";
import { useWalletBets } from "../../../session/use-wallet-bets";
import { useWallet } from "../../../session/wallet-provider";

/** Closing-line value beside the figures, loaded on demand (clv-figures.tsx). */
const ClvFigures = lazy(async () => ({ default: (await import("./clv-figures")).ClvFigures }));

export function StatisticsCard() {
  const { mode } = useWallet();
  const [format] = useOddsFormat();
  const { status, bets } = useWalletBets(mode);
  const stats = computeStatistics(bets);
  return (
    <section className="card stats-card" aria-labelledby="stats-title">
      <h2 id="stats-title" className="card-title">
        Statistics <span className="muted stats-wallet">{WALLET_LABEL[mode]}</span>
      </h2>
      {status === "loading" && <p className="muted">Loading statistics…</p>}
      {status === "error" && <p className="error-text">Could not load statistics.</p>}
      {status === "ready" && <StatisticsList stats={stats} wallet={mode} format={format} />}
      {status === "ready" && (
        <Suspense fallback={null}>
          <ClvFigures bets={bets} />
        </Suspense>
      )}
    </section>
  );
}
