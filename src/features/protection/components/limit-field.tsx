// One limit on /account: its label, a number input ("No limit" when empty) with its unit
// before ($) or after (Coins, minutes), and a line under it saying what is in force. Both
// limit forms (stake and purchase limits, loss and time limits) draw their rows with it,
// and read what the player changed with `changedLimits`.
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

/**
 * The limits the player changed, as a request body (empty box: null, no limit), or the
 * sentence refusing a box that is not a number of 0 or more. Only what changed is sent:
 * an untouched box must not cancel a waiting raise.
 */
export function changedLimits<N extends string>(
  names: readonly N[],
  values: Record<N, string>,
  initial: Record<N, string>,
  labelOf: (name: N) => string,
): { body: Partial<Record<N, number | null>> } | { error: string } {
  const body: Partial<Record<N, number | null>> = {};
  for (const name of names) {
    const text = values[name].trim();
    if (text === initial[name].trim()) continue;
    const next = text === "" ? null : Number(text);
    if (next !== null && (!Number.isFinite(next) || next < 0)) {
      return { error: `${labelOf(name)}: enter a number of 0 or more, or leave it empty for no limit.` };
    }
    body[name] = next;
  }
  return { body };
}
