// Risk: the house's exposure per game (GET /api/admin/risk…). The list, worst cash outcome
// first, refreshes every few seconds while the tab is visible; a game opens its markets as
// its exposure object holds them now (stakes, what each selection would cost the house,
// the worst), and any market can be suspended or resumed with a reason (audited). Limits
// in force are shown; the list downloads as CSV.
import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { formatMoney, type WalletKind } from "../../../shared/money";
import type { GameExposureView, MarketExposureView, RiskGame } from "../../../shared/schemas/risk";
import { sportLabel } from "../../../shared/sports";
import { useApi } from "../../../session/auth-provider";
import { fetchGameExposure, fetchRiskCsv, fetchRiskList, suspendMarket } from "../api/risk-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { formatMinusOnly, formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { saveFile } from "../../../lib/save-file";
import { LoadStatus, Section, Stat } from "./view-state";

/** How often the list and an open game are read again while the tab is visible. */
const REFRESH_MS = 5_000;

const gameName = (g: { home: string; away: string }) => `${g.away} at ${g.home}`;

/** Calls `reload` every REFRESH_MS while the page is visible. */
function useLiveReload(reload: () => void): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
}

type Suspending = { market: MarketExposureView | { market: string; label: string }; suspended: boolean };

function MarketsTable({
  wallet,
  markets,
  suspended,
  onSuspend,
}: {
  wallet: WalletKind;
  markets: readonly MarketExposureView[];
  suspended: ReadonlySet<string>;
  onSuspend(s: Suspending): void;
}) {
  return (
    <AdminTable
      rows={markets}
      rowKey={(m) => m.market}
      empty={`No open ${wallet === "cash" ? "Vantage Cash" : "Coins"} bets on this game.`}
      columns={[
        { header: "Market", cell: (m) => m.label },
        { header: "Stakes", num: true, cell: (m) => formatMoney(wallet, m.stakes) },
        {
          header: "House pays if",
          cell: (m) =>
            Object.entries(m.payouts)
              .map(([selection, paid]) => `${selection}: ${formatMoney(wallet, paid)}`)
              .join(" · "),
        },
        {
          header: "Worst",
          num: true,
          className: (m) => (m.worst > 0 ? "admin-bad" : undefined),
          cell: (m) => `${formatMinusOnly(wallet, m.worst)}${m.worstSelection ? ` (${m.worstSelection})` : ""}`,
        },
        {
          header: "",
          cell: (m) => {
            const isSuspended = suspended.has(m.market);
            return (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => onSuspend({ market: m, suspended: !isSuspended })}>
                {isSuspended ? "Resume" : "Suspend"}
              </button>
            );
          },
        },
      ]}
    />
  );
}

function GameDetail({ game, onChanged }: { game: RiskGame; onChanged(): void }) {
  const api = useApi();
  const load = useAdminLoad(useCallback(() => fetchGameExposure(api, game.sport, game.eventId), [api, game.sport, game.eventId]));
  useLiveReload(load.reload);
  const [suspending, setSuspending] = useState<Suspending | null>(null);
  const view: GameExposureView | null = load.data;
  const suspended = new Set(view?.suspended.map((s) => s.market) ?? []);
  return (
    <Section title={`${gameName(game)}: markets now`}>
      <LoadStatus load={load} what="the game's exposure" />
      {view && (
        <>
          <dl className="admin-stats">
            <Stat label="Worst cash outcome" className={view.cash.worst > 0 ? "admin-bad" : undefined}>
              {formatMinusOnly("cash", view.cash.worst)}
              {view.cash.bound ? " (at most)" : ""}
            </Stat>
            <Stat label="Worst Coins outcome">{formatMinusOnly("coins", view.coins.worst)}</Stat>
            <Stat label="Cash bets open">{view.cash.positions.toLocaleString("en-US")}</Stat>
            <Stat label="Being placed">{view.reserved.toLocaleString("en-US")}</Stat>
          </dl>
          {view.suspended.length > 0 && (
            <ul className="admin-list" aria-label="Suspended markets">
              {view.suspended.map((s) => (
                <li key={s.market}>
                  <strong>{s.label}</strong> suspended by {s.by} at {formatTime(s.at)}: {s.reason}{" "}
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSuspending({ market: s, suspended: false })}>
                    Resume
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h3 className="admin-subhead">Vantage Cash</h3>
          <MarketsTable wallet="cash" markets={view.cash.markets} suspended={suspended} onSuspend={setSuspending} />
          <h3 className="admin-subhead">Coins</h3>
          <MarketsTable wallet="coins" markets={view.coins.markets} suspended={suspended} onSuspend={setSuspending} />
        </>
      )}
      {suspending && (
        <ActionDialog
          title={`${suspending.suspended ? "Suspend" : "Resume"} ${suspending.market.label}: ${gameName(game)}`}
          confirmLabel={suspending.suspended ? "Suspend market" : "Resume market"}
          danger={suspending.suspended}
          onClose={() => setSuspending(null)}
          onConfirm={async (reason) => {
            await suspendMarket(api, game.sport, game.eventId, {
              market: suspending.market.market,
              suspended: suspending.suspended,
              reason,
              game: { home: game.home, away: game.away, startTime: game.startTime },
            });
            load.reload();
            onChanged();
          }}
        >
          <p>
            {suspending.suspended
              ? "Players are refused new bets on this market of this game until it is resumed. Open bets stand."
              : "Players may bet on this market again."}
          </p>
        </ActionDialog>
      )}
    </Section>
  );
}

export function RiskTab() {
  const api = useApi();
  const list = useAdminLoad(useCallback(() => fetchRiskList(api), [api]));
  useLiveReload(list.reload);
  const [openId, setOpenId] = useState<string | null>(null);
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  if (list.status === "not-found") return null;
  const games = list.data?.games ?? [];
  const open = games.find((g) => g.eventId === openId) ?? null;
  const download = async () => {
    setCsvProblem(null);
    try {
      saveFile("risk.csv", await fetchRiskCsv(api), "text/csv");
    } catch (err) {
      setCsvProblem(errorMessage(err, "The CSV could not be downloaded."));
    }
  };
  return (
    <div className="admin-stack">
      <LoadStatus load={list} what="the games at risk" />
      {list.data && (
        <Section
          title="Games by worst cash outcome"
          action={
            <span>
              <button type="button" className="btn btn-sm btn-ghost" onClick={download}>
                Download (CSV)
              </button>
              {csvProblem && <span className="admin-bad"> {csvProblem}</span>}
            </span>
          }
        >
          <p className="admin-muted">
            Limit per market: {formatMoney("cash", list.data.limits.cashCents)} Vantage Cash, {formatMoney("coins", list.data.limits.coins)}{" "}
            Coins. Updated {formatTime(list.data.asOf)}; refreshes every {REFRESH_MS / 1000} s.
          </p>
          <AdminTable
            rows={games}
            rowKey={(g) => g.eventId}
            rowProps={(g) => ({ "aria-selected": g.eventId === openId })}
            empty="No game has open bets."
            scroll
            columns={[
              { header: "Game", cell: (g) => gameName(g) },
              { header: "Sport", cell: (g) => sportLabel(g.sport) },
              { header: "Starts", cell: (g) => formatTime(Date.parse(g.startTime)) },
              {
                header: "Worst cash",
                num: true,
                className: (g) => (g.worstCashCents > 0 ? "admin-bad" : undefined),
                cell: (g) => formatMinusOnly("cash", g.worstCashCents),
              },
              { header: "Worst Coins", num: true, cell: (g) => formatMinusOnly("coins", g.worstCoins) },
              { header: "Cash staked", num: true, cell: (g) => formatMoney("cash", g.stakesCashCents) },
              { header: "Open bets", num: true, cell: (g) => g.openBets.toLocaleString("en-US") },
              { header: "Worst market", cell: (g) => g.worstMarket ?? "—" },
              { header: "Suspended", cell: (g) => (g.suspended.length > 0 ? g.suspended.join(", ") : "—") },
              {
                header: "",
                cell: (g) => (
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setOpenId(g.eventId === openId ? null : g.eventId)}>
                    {g.eventId === openId ? "Close" : "Open"}
                  </button>
                ),
              },
            ]}
          />
        </Section>
      )}
      {open && <GameDetail key={open.eventId} game={open} onChanged={list.reload} />}
    </div>
  );
}
