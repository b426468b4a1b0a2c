// /pricing (public): how Vantage prices, in plain sight. The method of the fair price and
// the house margin (src/shared/fair-odds.ts), cash-out at that fair price with its fee
// (src/shared/cash-out.ts), soccer's draw, and per sport over the last 30 days of settled
// bets the average margin the offered prices carried and the hold the house actually kept
// (GET /api/pricing); that no side is offered better than fair (src/shared/fair-lock.ts,
// src/shared/props/prop-lock.ts) nor in a set that wins on every score, or on some and loses
// on none (src/shared/sure-profit-lock.ts), and books sharing one feed count once
// (src/shared/bookmakers.ts). The rules in force (minimum books, fee, a quote's life) come from
// the same answer, so the page never states a number the Worker does not use.
import { useEffect, useState } from "react";
import { useApi } from "../../../session/auth-provider";
import { formatMargin } from "../../../shared/fair-odds";
import type { PricingKind, PricingSport, PricingStats } from "../../../shared/schemas/pricing";
import { sportLabel } from "../../../shared/sports";
import "./pricing.css";

const statsSchema = async () => (await import("../../../shared/schemas/pricing")).PricingStatsSchema;

function percent(value: number | null): string {
  return value === null ? "—" : formatMargin(value);
}

function holdText(hold: PricingSport["coins"]): string {
  return hold.hold === null ? "—" : `${formatMargin(hold.hold)} (${hold.bets} ${hold.bets === 1 ? "bet" : "bets"})`;
}

type FiguresRow = { key: string; label: string; averageMargin: number | null; coins: PricingSport["coins"]; cash: PricingSport["cash"] };

/** Average margin offered and hold kept per row (a sport, or a kind of bet), over the window. */
function MarginHoldTable({ caption, heading, rows }: { caption: string; heading: string; rows: readonly FiguresRow[] }) {
  return (
    <div className="pricing-table-wrap">
      <table className="pricing-table tabular">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">Average margin offered</th>
            <th scope="col">Hold kept, Coins</th>
            <th scope="col">Hold kept, Vantage Cash</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{percent(row.averageMargin)}</td>
              <td>{holdText(row.coins)}</td>
              <td>{holdText(row.cash)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FiguresTable({ stats }: { stats: PricingStats }) {
  const rows = stats.sports.filter((s) => s.legs > 0 || s.coins.bets > 0 || s.cash.bets > 0);
  if (rows.length === 0) return <p className="muted">No bets settled in the last {stats.windowDays} days yet.</p>;
  return (
    <MarginHoldTable
      caption={`Average margin offered and hold kept per sport, last ${stats.windowDays} days`}
      heading="Sport"
      rows={rows.map((row) => ({ ...row, key: row.sport, label: row.sport === "multi" ? "Parlays across sports" : sportLabel(row.sport) }))}
    />
  );
}

const KIND_LABELS: Record<PricingKind["kind"], string> = { single: "Singles", parlay: "Parlays", "same-game": "Same-game parlays" };

function KindsTable({ stats }: { stats: PricingStats }) {
  const rows = stats.kinds.filter((k) => k.priced > 0 || k.coins.bets > 0 || k.cash.bets > 0);
  if (rows.length === 0) return null;
  return (
    <MarginHoldTable
      caption={`Average margin offered and hold kept per kind of bet, last ${stats.windowDays} days`}
      heading="Kind of bet"
      rows={rows.map((row) => ({ ...row, key: row.kind, label: KIND_LABELS[row.kind] }))}
    />
  );
}

export function PricingPage() {
  const api = useApi();
  const [stats, setStats] = useState<PricingStats | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get("/pricing", statsSchema)
      .then((answer) => live && setStats(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);

  const minBooks = stats?.fairMinBooks;
  const fee = stats?.cashOutMarginPercent;
  return (
    <main className="page page-narrow pricing-page">
      <article className="card pricing-card">
        <h1>How we price</h1>
        <p>
          Every sportsbook builds a margin into its prices; almost none shows it. Vantage shows the fair price of every selection and how
          much the house keeps, and pays cash-outs at that same fair price, with the fee stated.
        </p>

        <h2>The fair price</h2>
        <p>
          For every game we read the prices of many bookmakers, not only the one whose prices we offer. Each bookmaker's prices for a market
          add up to more than 100% (that excess is its margin), so we take the margin out of each bookmaker's prices in proportion (the
          multiplicative method: each side's implied probability divided by their sum). For each side we then take the median of those
          probabilities over every bookmaker quoting the same line, and show it as the fair price. Bookmakers that take their prices from
          one odds feed (Unibet and BetRivers both run Kambi's) count as one bookmaker: their prices are one opinion, not two.
        </p>
        <p>
          We only show a fair price when at least {minBooks ?? "several"} bookmakers quote that line; with fewer, the consensus is too thin
          and no fair price is shown. Only the computed figures are kept, never the bookmakers' prices themselves.
        </p>
        <p>
          We never offer a price that implies a smaller chance than the selection's fair chance: that selection shows Locked instead. The
          fair chance is the game's score model's (see same-game parlays below) where the game has one, else the fair probability above; a
          selection with neither is offered as the bookmaker prices it, subject to the check that follows. Without a model, each market's
          fair probability comes from its own bookmakers, and markets can disagree: a home win at +150 and the away side +0.5 at −141 can
          each match its own market and, bet together, return more than both stakes whatever the score. So on such a game, and on a game
          under way from its current score, we check every combination of its moneyline, spread and total selections against every final
          score still possible, and lock a selection that, on its own or with selections of more margin kept, would complete a combination
          returning more than its stakes on every score, or one that never loses and wins on some scores (both sides of draw no bet above
          evens, with no draw offered). A combination that only ever returns its stakes stays offered. A player's market is offered at
          several lines, each from the first bookmaker in our order that quotes it, so we also lock any line's Over or Under that, bet
          together with another line's opposite side, would return more than both stakes whatever the player does.
        </p>

        <h2>The house margin</h2>
        <p>
          A selection's margin is 1 − p × d: p is the fair probability, d the decimal odds we offer. At −110 on an even game the margin is 1
          − 0.5 × 1.909 = 4.55%: for every 100 staked on it, the house expects to keep about 4.55. A parlay multiplies its selections, so
          its margin is 1 − the product of every p × d, and it grows with every leg. Turn on "Show fair odds" in Settings to see the fair
          price under each price on the board and each margin on your betslip.
        </p>

        <h2>Same-game parlays</h2>
        <p>
          Picks on one game are never independent: a favourite that wins big makes the over likelier, and a draw wins both "Draw" and "Away
          +0.5". So we never multiply their prices. For every game we fit one model of its final score to its fair prices, and price the
          picks of one game in a parlay together: the block's fair chance is the model's chance that all of them win, and its price carries
          a margin of {stats ? `${stats.sameGameMarginPercent}%` : "a few percent"} on that chance. Picks that cannot all win are refused, a
          pick another already contains adds nothing, and a game whose prices do not fit one model offers no same-game parlay. The slip
          shows each block's fair price and margin, like every other price.
        </p>

        <h2>Cash-out</h2>
        <p>
          An open bet whose remaining selections all have a fair price can be cashed out, in full or in part. Its fair value is the stake ×
          the decimal odds of the selections already won × p × d for each selection still open. A cash-out pays that fair value less a fee
          of {fee === undefined ? "a few" : `${fee}`}% of it, and the offer holds for {stats?.cashOutQuoteSeconds ?? "a few"} seconds. We
          round the fair value down and the fee up to the whole cent or coin. A selection on a game under way is priced only while live
          betting on it would be open, and its cash-out waits the same short live delay as a bet.
        </p>

        <h2>The draw in soccer</h2>
        <p>
          A soccer match can end level, so its moneyline is a three-way price: home, draw or away. A Draw pick wins on a level score; the
          home and away picks lose on it.
        </p>

        <h2>The last {stats?.windowDays ?? 30} days</h2>
        <p>
          Per sport, over bets settled in the last {stats?.windowDays ?? 30} days: the average margin of the prices players took (where a
          fair price existed), and the hold the house actually kept — stakes less everything paid back, cash-outs included, over stakes.
          Hold moves with results; over many bets it tends toward the margin.
        </p>
        {stats && <FiguresTable stats={stats} />}
        {stats && <KindsTable stats={stats} />}
        {!stats && !failed && <p className="muted">Loading the figures…</p>}
        {failed && <p className="error-text">Could not load the figures.</p>}
      </article>
    </main>
  );
}
