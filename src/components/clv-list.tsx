// Closing-line value figures as a definition list, beside the Statistics figures (the
// Statistics card and public profiles show the same two rows): the average CLV and the
// share of bets that beat the close, a dash before any bet has one.
import type { ClvSummary } from "../shared/clv";
import "./statistics.css";

/** A CLV as players read it: "+3.2%", "−1.5%" (as src/shared/clv.ts formats it; kept here so this list does not load the CLV rules). */
function percentSigned(value: number): string {
  const percent = (Math.abs(value) * 100).toFixed(1);
  return value < 0 ? `−${percent}%` : `+${percent}%`;
}

export function ClvList({ figures }: { figures: Pick<ClvSummary, "average" | "beatShare"> }) {
  const dash = "—";
  const rows: [string, string][] = [
    ["Average CLV", figures.average === null ? dash : percentSigned(figures.average)],
    ["Beat the close", figures.beatShare === null ? dash : `${Math.round(figures.beatShare * 100)}%`],
  ];
  return (
    <dl className="stats-grid tabular stats-clv" aria-label="Closing-line value">
      {rows.map(([label, value]) => (
        <div key={label} className="stats-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
