// /settings (spec §2): the odds format — American, Decimal or Fractional — saved on the
// device and applied at once to every price the app shows; and "Show fair odds", the
// fair price under each offered one and the margin on the betslip (on by default).
// Below them the route places the alerts feature's switches.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPrice, type OddsFormat } from "../../../shared/odds";
import { useOddsFormat } from "../../../session/odds-format";
import { useShowFairOdds } from "../../../session/fair-odds-setting";
import "./settings.css";

const CHOICES: Array<{ value: OddsFormat; label: string; example: number }> = [
  { value: "american", label: "American", example: 150 },
  { value: "decimal", label: "Decimal", example: 150 },
  { value: "fractional", label: "Fractional", example: 150 },
];

export function SettingsPage({ alerts }: { alerts?: ReactNode }) {
  const [format, setFormat] = useOddsFormat();
  const [showFair, setShowFair] = useShowFairOdds();
  return (
    <div className="page page-narrow">
      <h1>Settings</h1>
      <section className="card settings-card" aria-labelledby="odds-format-title">
        <h2 id="odds-format-title" className="card-title">
          Odds format
        </h2>
        <p className="muted">Choose how prices are shown. Saved on this device.</p>
        <div className="settings-choices" role="radiogroup" aria-labelledby="odds-format-title">
          {CHOICES.map((choice) => (
            <label key={choice.value} className={`settings-choice${format === choice.value ? " is-selected" : ""}`}>
              <input
                type="radio"
                name="odds-format"
                value={choice.value}
                checked={format === choice.value}
                onChange={() => setFormat(choice.value)}
              />
              <span className="settings-choice-label">{choice.label}</span>
              <span className="settings-choice-example tabular">
                {formatPrice(choice.example, choice.value)} · {formatPrice(-120, choice.value)}
              </span>
            </label>
          ))}
        </div>
      </section>
      <section className="card settings-card" aria-labelledby="fair-odds-title">
        <h2 id="fair-odds-title" className="card-title">
          Fair odds
        </h2>
        <p className="muted">
          The price with the house margin taken out, from the bookmakers' consensus, under each offered price; the betslip shows the margin
          each selection carries. <Link to="/pricing">How we price</Link>
        </p>
        <label className="settings-toggle">
          <input type="checkbox" checked={showFair} onChange={(e) => setShowFair(e.target.checked)} />
          <span>Show fair odds</span>
        </label>
      </section>
      {alerts}
    </div>
  );
}
