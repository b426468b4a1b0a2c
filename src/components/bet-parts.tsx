// The parts of a bet card shared by My Picks and the social pages (profiles, shared
// picks, the Following feed): a leg with its price and result, and the stake, to win
// and payout amounts (spec §2). A player prop's leg reads as the slip named it (legName).
// Presentational: the caller passes the odds format. A parlay's legs on one game were
// priced together: they show as one same-game block with the block's price (BetLegs).
import { useId } from "react";
import { openStake } from "../shared/bet-outcome";
import { formatAmount } from "../shared/money";
import { parlayPricesAm, toWinFor } from "../shared/payout";
import { legName } from "../shared/live-rules";
import { formatPrice, formatSpreadLine, type OddsFormat } from "../shared/odds";
import type { BetDocument, BetLeg, BetResult, SameGameBlock } from "../shared/schemas/bets";
import { sportLabel } from "../shared/sports";
import "./bet-parts.css";

const RESULT_LABEL: Record<BetResult, string> = { win: "Won", loss: "Lost", push: "Push", void: "Void", cashed_out: "Cashed out" };

export function ResultBadge({ result }: { result: BetResult | null }) {
  if (result === null) return <span className="badge picks-badge picks-open">Open</span>;
  return <span className={`badge picks-badge picks-${result}`}>{RESULT_LABEL[result]}</span>;
}

function pickName(leg: BetLeg): string {
  // A player's market: "Paolo Banchero Over 22.5 Points (Magic @ Cavaliers)", as the slip named it.
  if (leg.market === "Prop") return legName(leg);
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
          {leg.market === "Prop"
            ? `Player prop · ${sportLabel(leg.league)}`
            : `${leg.market} · ${leg.away} @ ${leg.home} · ${sportLabel(leg.league)}`}
        </div>
      </div>
      <ResultBadge result={result} />
    </div>
  );
}

/** A same-game block of a placed parlay: a labelled group of its legs under the price they were priced at together. */
function SameGameLegs({
  block,
  legs,
  legResults,
  format,
}: {
  block: SameGameBlock;
  legs: readonly BetLeg[];
  legResults: readonly (BetResult | null)[];
  format: OddsFormat;
}) {
  const titleId = useId();
  const first = legs[block.legs[0]!];
  return (
    <div role="group" aria-labelledby={titleId} className="picks-legs picks-same-game">
      <div>
        <div id={titleId} className="picks-leg-name">
          Same-game parlay <span className="tabular picks-price">{formatPrice(block.priceAm, format)}</span>
        </div>
        {first && (
          <div className="muted picks-meta">
            {first.away} @ {first.home} · {sportLabel(first.league)}
          </div>
        )}
      </div>
      {block.legs.map((i) => {
        const leg = legs[i];
        return leg && <LegLine key={i} leg={leg} result={legResults[i] ?? null} format={format} />;
      })}
    </div>
  );
}

/**
 * Each leg's result as a player sees it: a cashed-out bet's legs read "Cashed out" (a
 * parlay's as much as a single's), and a settled single's leg reads the bet's result.
 */
export function shownLegResults(bet: Pick<BetDocument, "kind" | "status" | "result" | "legs" | "legResults">): (BetResult | null)[] {
  return bet.legs.map((_, i) =>
    bet.result === "cashed_out"
      ? bet.result
      : (bet.legResults[i] ?? (bet.kind === "Singles" && bet.status === "settled" ? bet.result : null)),
  );
}

/** A bet's legs in order, each same-game block's legs grouped under its label and price where its first leg stands. */
export function BetLegs({
  bet,
  format,
}: {
  bet: Pick<BetDocument, "legs" | "sameGame"> & { legResults: readonly (BetResult | null)[] };
  format: OddsFormat;
}) {
  const blocks = bet.sameGame ?? [];
  return (
    <>
      {bet.legs.map((leg, i) => {
        const block = blocks.find((b) => b.legs.includes(i));
        // biome-ignore lint/suspicious/noArrayIndexKey: a placed bet's legs never change order
        if (!block) return <LegLine key={`leg:${i}`} leg={leg} result={bet.legResults[i] ?? null} format={format} />;
        if (block.legs[0] !== i) return null;
        // biome-ignore lint/suspicious/noArrayIndexKey: a placed bet's legs never change order
        return <SameGameLegs key={`same-game:${i}`} block={block} legs={bet.legs} legResults={bet.legResults} format={format} />;
      })}
    </>
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
export function Amounts({
  bet,
}: {
  bet: Pick<BetDocument, "wallet" | "status" | "stake" | "toWin" | "payoutPaid" | "legs" | "cashOut" | "sameGame">;
}) {
  const cashOut = bet.cashOut;
  const riding = openStake(bet);
  // The stake still riding pays as the bet does: each same-game block's price once, then the other legs.
  const toWin = cashOut ? toWinFor(riding, parlayPricesAm(bet.legs, bet.sameGame)) : bet.toWin;
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
