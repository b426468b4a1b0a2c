// The parts of a bet card shared by My Picks and the social pages (profiles, shared
// picks, the Following feed): a leg with its price and result, and the stake, to win
// and payout amounts (spec §2). Presentational: the caller passes the odds format.
import { formatAmount } from "../shared/money";
import { formatPrice, formatSpreadLine, type OddsFormat } from "../shared/odds";
import type { BetDocument, BetLeg, BetResult } from "../shared/schemas/bets";
import { sportLabel } from "../shared/sports";
import "./bet-parts.css";

const RESULT_LABEL: Record<BetResult, string> = { win: "Won", loss: "Lost", push: "Push", void: "Void", cashed_out: "Cashed out" };

export function ResultBadge({ result }: { result: BetResult | null }) {
  if (result === null) return <span className="badge picks-badge picks-open">Open</span>;
  return <span className={`badge picks-badge picks-${result}`}>{RESULT_LABEL[result]}</span>;
}

function pickName(leg: BetLeg): string {
  const team = leg.side === "Home" ? leg.home : leg.side === "Away" ? leg.away : leg.side;
  return leg.market === "Total"
    ? `${team} ${leg.line ?? ""}`.trim()
    : `${team} ${leg.market === "Spread" && leg.line !== null ? formatSpreadLine(leg.line) : ""}`.trim();
}

export function LegLine({ leg, result, format }: { leg: BetLeg; result: BetResult | null; format: OddsFormat }) {
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

export function placedAt(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** Spec §2: stake, to win and payout — once settled, the payout is what was paid. */
export function Amounts({ bet }: { bet: Pick<BetDocument, "wallet" | "status" | "stake" | "toWin" | "payoutPaid"> }) {
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
