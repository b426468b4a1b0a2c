// /settings (spec §2): the odds format — American, Decimal or Fractional — saved on the
// device and applied at once to every price the app shows. Below it the route places
// the alerts feature's switches.
import type { ReactNode } from "react";
import { formatPrice, type OddsFormat } from "../../../shared/odds";
import { useOddsFormat } from "../../../session/odds-format";
import "./settings.css";

const CHOICES: Array<{ value: OddsFormat; label: string; example: number }> = [
  { value: "american", label: "American", example: 150 },
  { value: "decimal", label: "Decimal", example: 150 },
  { value: "fractional", label: "Fractional", example: 150 },
];

export function SettingsPage({ alerts }: { alerts?: ReactNode }) {
  const [format, setFormat] = useOddsFormat();
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
      {alerts}
    </div>
  );
}
