// The parts of a bet card shared by My Picks and the social pages (profiles, shared
// picks, the Following feed): a leg with its price and result, and the stake, to win
// and payout amounts (spec §2). Presentational: the caller passes the odds format.
import { openStake } from "../shared/grading";
import { formatAmount } from "../shared/money";
import { toWinFor } from "../shared/payout";
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
  // Over, Under and Draw read as themselves.
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

/**
 * Spec §2: stake, to win and payout — once settled, the payout is what was paid. A bet
 * partly cashed out shows what the cash-out paid, and its to win and payout are those of
 * the stake still riding (plus what was cashed out).
 */
export function Amounts({ bet }: { bet: Pick<BetDocument, "wallet" | "status" | "stake" | "toWin" | "payoutPaid" | "legs" | "cashOut"> }) {
  const cashOut = bet.cashOut;
  const riding = openStake(bet);
  const toWin = cashOut
    ? toWinFor(
        riding,
        bet.legs.map((l) => l.priceAm),
      )
    : bet.toWin;
  const payout = bet.status === "settled" ? bet.payoutPaid : (cashOut?.paid ?? 0) + riding + toWin;
  return (
    <dl className="picks-amounts tabular">
      <div>
        <dt>Stake</dt>
        <dd>{formatAmount(bet.wallet, bet.stake)}</dd>
      </div>
      <div>
        <dt>To win</dt>
        <dd>{formatAmount(bet.wallet, toWin)}</dd>
      </div>
      <div>
        <dt>Payout</dt>
        <dd>{formatAmount(bet.wallet, payout)}</dd>
      </div>
      {cashOut && (
        <div className="picks-cashed">
          <dt>Cashed out</dt>
          <dd>
            {formatAmount(bet.wallet, cashOut.paid)}{" "}
            <span className="muted">
              for {formatAmount(bet.wallet, cashOut.stake)} of the stake
              {riding > 0 ? `; ${formatAmount(bet.wallet, riding)} still riding` : ""}
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}
