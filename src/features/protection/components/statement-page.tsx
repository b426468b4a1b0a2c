// /statement, My statement: this month and each past month (Eastern time) of the player's
// play — purchases, redemptions, stakes, results and the net, per wallet, with dollars
// paid, time played and limits reached — and the history of every limit and break change
// with when it was asked for and when it took effect. The figures are the ledger's own.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { accountSectionPath } from "../../../shared/account-sections";
import { formatMoney } from "../../../shared/money";
import { formatMinutes } from "../../../shared/play-limits";
import { formatEtTime } from "../../../shared/protection";
import type { Statement } from "../../../shared/schemas/play";
import { STATEMENT_LINE_LABEL, etMonthKey } from "../../../shared/statement";
import { useAuth } from "../../../session/auth-provider";
import { fetchStatement } from "../api/play-api";
import "./protection.css";

export const STATEMENT_FAILED = "Could not load your statement. Please try again.";

type Month = Statement["months"][number];
type Figures = Month["coins"];

const LINES: { key: keyof Figures; label: string }[] = [
  { key: "purchases", label: STATEMENT_LINE_LABEL.purchases },
  { key: "redemptions", label: STATEMENT_LINE_LABEL.redemptions },
  { key: "stakes", label: STATEMENT_LINE_LABEL.stakes },
  { key: "results", label: STATEMENT_LINE_LABEL.results },
  { key: "net", label: "Net (stakes and results)" },
  { key: "bonuses", label: STATEMENT_LINE_LABEL.bonuses },
  { key: "opening", label: STATEMENT_LINE_LABEL.opening },
  { key: "other", label: STATEMENT_LINE_LABEL.other },
  { key: "total", label: "Change in balance" },
];

function monthName(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

function signedMoney(wallet: "coins" | "cash", units: number): string {
  const minor = wallet === "cash" ? Math.round(units * 100) : units;
  const text = formatMoney(wallet, Math.abs(minor));
  return minor < 0 ? `−${text}` : text;
}

function MonthCard({ month, current }: { month: Month; current: boolean }) {
  const headingId = `statement-${month.month}`;
  return (
    <section className="card statement-month" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {current ? `This month (${monthName(month.month)})` : monthName(month.month)}
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col" className="num">
              Coins
            </th>
            <th scope="col" className="num">
              Vantage Cash
            </th>
          </tr>
        </thead>
        <tbody>
          {LINES.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.label}</th>
              <td className="tabular">{signedMoney("coins", month.coins[line.key])}</td>
              <td className="tabular">{signedMoney("cash", month.cash[line.key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="reality-check-figures">
        <dt>Paid for coin packs</dt>
        <dd className="tabular">${month.purchasedDollars.toFixed(2)}</dd>
        <dt>Time played</dt>
        <dd className="tabular">{formatMinutes(month.minutesPlayed)}</dd>
        <dt>Limits reached</dt>
        <dd>
          {month.limitsReached.length === 0
            ? "None"
            : month.limitsReached.map((r) => `${r.label} (${formatEtTime(Date.parse(r.at))})`).join("; ")}
        </dd>
      </dl>
    </section>
  );
}

function HistoryTable({ history }: { history: Statement["history"] }) {
  return (
    <section className="card statement-history" aria-labelledby="statement-history-heading">
      <h2 id="statement-history-heading" className="card-title">
        Limit and break history
      </h2>
      {history.length === 0 ? (
        <p className="muted">No limit or break changes yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">From → to</th>
              <th scope="col">Asked for</th>
              <th scope="col">Took effect</th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((entry) => (
              <tr key={`${entry.askedAt}-${entry.name}-${entry.to}`}>
                <th scope="row">{entry.label}</th>
                <td>
                  {`${entry.from} → ${
                    entry.kind === "break"
                      ? entry.to.replace(/, until (.*)$/, (_, at: string) => `, until ${formatEtTime(Date.parse(at))}`)
                      : entry.to
                  }`}
                </td>
                <td>{formatEtTime(Date.parse(entry.askedAt))}</td>
                <td>
                  {entry.cancelledAt
                    ? `Replaced ${formatEtTime(Date.parse(entry.cancelledAt))}`
                    : entry.effectiveAt === entry.askedAt
                      ? "At once"
                      : Date.parse(entry.effectiveAt) > Date.now()
                        ? `Takes effect ${formatEtTime(Date.parse(entry.effectiveAt))}`
                        : formatEtTime(Date.parse(entry.effectiveAt))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function StatementView({ statement }: { statement: Statement }) {
  const thisMonth = etMonthKey(Date.now());
  return (
    <>
      {statement.months.map((month) => (
        <MonthCard key={month.month} month={month} current={month.month === thisMonth} />
      ))}
      <HistoryTable history={statement.history} />
    </>
  );
}

export function StatementPage() {
  const { api } = useAuth();
  const [statement, setStatement] = useState<Statement | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchStatement(api).then(
      (answer) => live && setStatement(answer),
      (err: unknown) => live && setError(errorMessage(err, STATEMENT_FAILED)),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <main className="page page-narrow statement-page">
      <h1>My statement</h1>
      <p className="muted">
        Your play month by month (Eastern time), straight from your wallet's ledger. Set loss and time limits on your{" "}
        <Link to={`${accountSectionPath("limits")}#play-limits`}>account</Link>.
      </p>
      {error && (
        <p role="alert" className="negative">
          {error}
        </p>
      )}
      {!statement && !error && (
        <p className="muted" role="status">
          Loading your statement…
        </p>
      )}
      {statement && <StatementView statement={statement} />}
    </main>
  );
}
