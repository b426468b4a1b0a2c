// My Picks (/picks, spec §2): the selected wallet's bets, filtered All / Open / Settled.
// Singles show one row per leg; parlays show stake, to win and payout with an
// expandable legs list (legs on one game grouped as a same-game block). Live: new bets and settlements appear without a reload. What a
// bet row offers besides (sharing it) comes from the route, which composes the features.
import { useState, type ReactNode } from "react";
import { WALLET_LABEL } from "../../../shared/money";
import type { BetDocument } from "../../../shared/schemas/bets";
import { useOddsFormat, type OddsFormat } from "../../../session/odds-format";
import { useWalletBets } from "../../../session/use-wallet-bets";
import { useWallet } from "../../../session/wallet-provider";
import { Amounts, BetLegs, LegLine, ResultBadge, placedAt, shownLegResults } from "../../../components/bet-parts";
import { PickClv } from "./pick-clv";
import "./my-picks.css";

type Filter = "all" | "open" | "settled";
const FILTERS: { key: Filter; label: string }[] = [
  { key: "all", label: "All" },
  { key: "open", label: "Open" },
  { key: "settled", label: "Settled" },
];
const EMPTY: Record<Filter, string> = { all: "No picks yet.", open: "No open picks.", settled: "No settled picks yet." };

/** What a route adds under each bet (e.g. its Share button). */
export type BetActions = (bet: BetDocument) => ReactNode;

function SingleRows({ bet, format, actions }: { bet: BetDocument; format: OddsFormat; actions?: BetActions }) {
  return (
    <>
      {bet.legs.map((leg, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a placed bet's legs never change order
        <li key={`${bet.id}:${i}`} className="picks-item card">
          <div className="picks-item-head">
            <span className="badge">Single</span>
            <span className="muted picks-meta">{placedAt(bet.createdAt)}</span>
          </div>
          {/* A single cashed out in full reads "Cashed out", whatever its game did later. */}
          <LegLine leg={leg} result={shownLegResults(bet)[i] ?? null} format={format} />
          <Amounts bet={bet} />
          <PickClv bet={bet} />
          {actions?.(bet)}
        </li>
      ))}
    </>
  );
}

function ParlayRow({ bet, format, actions }: { bet: BetDocument; format: OddsFormat; actions?: BetActions }) {
  const [open, setOpen] = useState(false);
  const legsId = `legs-${bet.id}`;
  return (
    <li className="picks-item card">
      <div className="picks-item-head">
        <span className="badge badge-accent">Parlay · {bet.legs.length} legs</span>
        <span className="muted picks-meta">{placedAt(bet.createdAt)}</span>
        <ResultBadge result={bet.status === "settled" ? bet.result : null} />
      </div>
      <Amounts bet={bet} />
      <PickClv bet={bet} />
      {actions?.(bet)}
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={legsId} onClick={() => setOpen((v) => !v)}>
        {open ? "Hide legs" : "Show legs"}
      </button>
      {open && (
        <div id={legsId} className="picks-legs">
          <BetLegs bet={{ ...bet, legResults: shownLegResults(bet) }} format={format} />
        </div>
      )}
    </li>
  );
}

export function MyPicksPage({ betActions }: { betActions?: BetActions }) {
  const { mode } = useWallet();
  const [format] = useOddsFormat();
  const [filter, setFilter] = useState<Filter>("all");
  const { status, bets, reload } = useWalletBets(mode);
  const shown = bets.filter((b) => filter === "all" || b.status === filter);

  return (
    <main className="page page-narrow picks-page">
      <div className="picks-header">
        <h1>My Picks</h1>
        <span className="muted">Wallet: {WALLET_LABEL[mode]}</span>
      </div>
      <div className="tabs picks-filters" role="tablist" aria-label="Filter picks">
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            role="tab"
            aria-selected={filter === f.key}
            className={`tab${filter === f.key ? " active" : ""}`}
            onClick={() => setFilter(f.key)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {status === "loading" && <p className="empty-state">Loading your picks…</p>}
      {status === "error" && (
        <div className="empty-state" role="alert">
          <p className="error-text">Could not load your picks.</p>
          <button type="button" className="btn" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {status === "ready" && shown.length === 0 && <p className="empty-state">{EMPTY[filter]}</p>}
      {status === "ready" && shown.length > 0 && (
        <ul className="stack-list picks-list">
          {shown.map((bet) =>
            bet.kind === "Parlay" ? (
              <ParlayRow key={bet.id} bet={bet} format={format} actions={betActions} />
            ) : (
              <SingleRows key={bet.id} bet={bet} format={format} actions={betActions} />
            ),
          )}
        </ul>
      )}
    </main>
  );
}
