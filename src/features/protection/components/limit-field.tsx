// One limit on /account: its label, a number input ("No limit" when empty) with its unit
// before ($) or after (Coins, minutes), and a line under it saying what is in force. Both
// limit forms (stake and purchase limits, loss and time limits) draw their rows with it.
import type { ReactNode } from "react";

export function LimitField(props: {
  inputId: string;
  label: string;
  unit: string;
  step: string;
  value: string;
  onChange: (value: string) => void;
  note: ReactNode;
}) {
  const { inputId, unit } = props;
  return (
    <div className="field protection-limit">
      <label htmlFor={inputId}>{props.label}</label>
      <div className="protection-input">
        {unit === "$" && <span aria-hidden="true">$</span>}
        <input
          id={inputId}
          className="input tabular"
          type="number"
          inputMode="decimal"
          min="0"
          step={props.step}
          placeholder="No limit"
          value={props.value}
          aria-describedby={`${inputId}-note`}
          onChange={(e) => props.onChange(e.target.value)}
        />
        {unit !== "$" && <span aria-hidden="true">{unit}</span>}
      </div>
      <span id={`${inputId}-note`} className="muted protection-hint">
        {props.note}
      </span>
    </div>
  );
}
