// My Picks (/picks, spec §2): the selected wallet's bets, filtered All / Open / Settled.
// Singles show one row per leg; parlays show stake, to win and payout with an
// expandable legs list. Live: new bets and settlements appear without a reload.
import { useState } from "react";
import { WALLET_LABEL, formatAmount } from "../../../shared/money";
import { formatPrice, formatSpreadLine } from "../../../shared/odds";
import type { BetDocument, BetLeg, LegResult } from "../../../shared/schemas/bets";
import { sportLabel } from "../../../shared/sports";
import { useOddsFormat, type OddsFormat } from "../../settings/odds-format";
import { useWalletBets } from "../../wallet/hooks/use-wallet-bets";
import { useWallet } from "../../wallet/wallet-provider";
import "./my-picks.css";

type Filter = "all" | "open" | "settled";
const FILTERS: { key: Filter; label: string }[] = [
  { key: "all", label: "All" },
  { key: "open", label: "Open" },
  { key: "settled", label: "Settled" },
];
const EMPTY: Record<Filter, string> = { all: "No picks yet.", open: "No open picks.", settled: "No settled picks yet." };

const RESULT_LABEL: Record<LegResult, string> = { win: "Won", loss: "Lost", push: "Push", void: "Void" };

function ResultBadge({ result }: { result: LegResult | null }) {
  if (result === null) return <span className="badge picks-badge picks-open">Open</span>;
  return <span className={`badge picks-badge picks-${result}`}>{RESULT_LABEL[result]}</span>;
}

function pickName(leg: BetLeg): string {
  const team = leg.side === "Home" ? leg.home : leg.side === "Away" ? leg.away : leg.side;
  return leg.market === "Total" ? `${team} ${leg.line ?? ""}`.trim() : `${team} ${leg.market === "Spread" && leg.line !== null ? formatSpreadLine(leg.line) : ""}`.trim();
}

function LegLine({ leg, result, format }: { leg: BetLeg; result: LegResult | null; format: OddsFormat }) {
  return (
    <div className="picks-leg">
      <div>
        <div className="picks-leg-name">
          {pickName(leg)} <span className="tabular picks-price">{formatPrice(leg.priceAm, format)}</span>
        </div>
        <div className="muted picks-meta">
          {leg.market} · {leg.away} @ {leg.home} · {sportLabel(leg.league)}
        </div>
      </div>
      <ResultBadge result={result} />
    </div>
  );
}

function placedAt(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** Spec §2: stake, to win and payout — once settled, the payout is what was paid. */
function Amounts({ bet }: { bet: BetDocument }) {
  const payout = bet.status === "settled" ? bet.payoutPaid : bet.stake + bet.toWin;
  return (
    <dl className="picks-amounts tabular">
      <div>
        <dt>Stake</dt>
        <dd>{formatAmount(bet.wallet, bet.stake)}</dd>
      </div>
      <div>
        <dt>To win</dt>
        <dd>{formatAmount(bet.wallet, bet.toWin)}</dd>
      </div>
      <div>
        <dt>Payout</dt>
        <dd>{formatAmount(bet.wallet, payout)}</dd>
      </div>
    </dl>
  );
}

function SingleRows({ bet, format }: { bet: BetDocument; format: OddsFormat }) {
  return (
    <>
      {bet.legs.map((leg, i) => (
        <li key={`${bet.id}:${i}`} className="picks-item card">
          <div className="picks-item-head">
            <span className="badge">Single</span>
            <span className="muted picks-meta">{placedAt(bet.createdAt)}</span>
          </div>
          <LegLine leg={leg} result={bet.legResults[i] ?? (bet.status === "settled" ? bet.result : null)} format={format} />
          <Amounts bet={bet} />
        </li>
      ))}
    </>
  );
}

function ParlayRow({ bet, format }: { bet: BetDocument; format: OddsFormat }) {
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
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={legsId} onClick={() => setOpen((v) => !v)}>
        {open ? "Hide legs" : "Show legs"}
      </button>
      {open && (
        <div id={legsId} className="picks-legs">
          {bet.legs.map((leg, i) => (
            <LegLine key={i} leg={leg} result={bet.legResults[i] ?? null} format={format} />
          ))}
        </div>
      )}
    </li>
  );
}

export function MyPicksPage() {
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
            bet.kind === "Parlay" ? <ParlayRow key={bet.id} bet={bet} format={format} /> : <SingleRows key={bet.id} bet={bet} format={format} />,
          )}
        </ul>
      )}
    </main>
  );
}
