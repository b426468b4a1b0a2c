// /account: take a break (24 hours, 7 days, 30 days) or close the account for play.
// A break cannot be ended early, so choosing one asks for a clear
// confirmation that names what stops and until when.
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { BREAK_DURATION_MS, BREAK_LABEL, BREAK_PERIODS, formatEtTime, type BreakPeriod } from "../../../shared/protection";
import { useAuth } from "../../../session/auth-provider";
import { takeBreak } from "../api/protection-api";
import "./protection.css";

export const BREAK_FAILED = "Could not start your break. Please try again.";

function confirmText(period: BreakPeriod, now: number): string {
  if (period === "permanent") {
    return "Close your account for play permanently? You will not be able to bet, cash out, buy coins or claim the daily bonus again. You can still sign in, see your balance and redeem Vantage Cash you hold. Reopening needs support.";
  }
  return `Take a break for ${BREAK_LABEL[period]}, until ${formatEtTime(now + BREAK_DURATION_MS[period])}? You will not be able to bet, cash out, buy coins or claim the daily bonus until then, and the break cannot be ended early.`;
}

export function TakeABreak() {
  const { user, api, updateUser } = useAuth();
  const [period, setPeriod] = useState<BreakPeriod>("24h");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const groupId = useId();

  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);

  if (!user) return null;
  const onBreak = user.breakUntil !== null && Date.parse(user.breakUntil) > Date.now();

  const start = async () => {
    setSaving(true);
    setError(null);
    try {
      updateUser(await takeBreak(api, period));
      setConfirming(null);
    } catch (err) {
      setError(errorMessage(err, BREAK_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card protection-card" aria-labelledby="break-heading">
      <h3 id="break-heading" className="card-title">
        Take a break
      </h3>
      {user.closed === "permanent" && <p className="protection-state">Your account is closed for play.</p>}
      {onBreak && user.closed === null && (
        <p className="protection-state">You are on a break until {formatEtTime(Date.parse(user.breakUntil!))}.</p>
      )}
      {user.closed === null && (
        <>
          <p className="muted">
            Pause betting, cash-outs, coin purchases and the daily bonus. You can still sign in, see your balance, follow open bets (they
            settle as usual) and redeem Vantage Cash.
          </p>
          <fieldset className="protection-periods" aria-describedby={groupId}>
            <legend className="visually-hidden">Break length</legend>
            {BREAK_PERIODS.map((p) => (
              <label key={p} className={`protection-period${period === p ? " is-selected" : ""}`}>
                <input
                  type="radio"
                  name="break-period"
                  value={p}
                  checked={period === p}
                  onChange={() => {
                    setPeriod(p);
                    setConfirming(null);
                  }}
                />
                {BREAK_LABEL[p]}
              </label>
            ))}
          </fieldset>
          <p id={groupId} className="muted protection-hint">
            {onBreak ? "A new break can only make the current one longer." : "A break cannot be ended early."}
          </p>
          {confirming === null ? (
            <button
              type="button"
              className={period === "permanent" ? "btn btn-danger" : "btn btn-primary"}
              onClick={() => setConfirming(Date.now())}
            >
              {period === "permanent" ? "Close my account" : "Take a break"}
            </button>
          ) : (
            <div className="protection-confirm" ref={confirmRef} tabIndex={-1} role="group" aria-label="Confirm your break">
              <p>{confirmText(period, confirming)}</p>
              <div className="protection-actions">
                <button type="button" className="btn btn-danger" disabled={saving} onClick={() => void start()}>
                  {saving ? "Starting…" : period === "permanent" ? "Yes, close my account" : "Yes, start my break"}
                </button>
                <button type="button" className="btn btn-ghost" disabled={saving} onClick={() => setConfirming(null)}>
                  Cancel
                </button>
              </div>
            </div>
          )}
          <p role="alert" className="negative protection-error">
            {error ?? ""}
          </p>
        </>
      )}
    </section>
  );
}
