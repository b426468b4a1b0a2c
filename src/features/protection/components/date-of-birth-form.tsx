// The one-time date-of-birth step: shown after sign-in, before the board, until
// the player confirms. The date is stored once (changing it needs an operator), so the
// form says so. Under the minimum age the server closes the account for play.
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../lib/api-client";
import { etDayKey } from "../../../shared/bonus";
import { useAuth } from "../../../session/auth-provider";
import { confirmDateOfBirth } from "../api/protection-api";
import "./protection.css";

export const DATE_OF_BIRTH_FAILED = "Could not confirm your date of birth. Please try again.";

export function DateOfBirthForm() {
  const { api, updateUser, user } = useAuth();
  const [value, setValue] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      setError("Please enter your date of birth.");
      return;
    }
    setSaving(true);
    setError(null);
    try {
      updateUser(await confirmDateOfBirth(api, value));
    } catch (err) {
      setError(errorMessage(err, DATE_OF_BIRTH_FAILED));
      setSaving(false);
    }
  };

  return (
    <main className="page page-narrow protection-gate">
      <section className="card" aria-labelledby="dob-title">
        <h1 id="dob-title" className="card-title">
          Confirm your age
        </h1>
        <p className="muted">
          Vantage is for players aged {user?.minAge ?? 18} and over. Confirm your date of birth once to start playing; it can only be
          changed by support.
        </p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor={inputId}>Date of birth</label>
            <input
              id={inputId}
              className="input"
              type="date"
              required
              min="1900-01-01"
              max={etDayKey(Date.now())}
              value={value}
              aria-describedby={hintId}
              aria-invalid={error !== null}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
            />
            <span id={hintId} className="muted protection-hint">
              As on your ID, e.g. 04/25/1990.
            </span>
          </div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Confirming…" : "Confirm"}
          </button>
        </form>
        <p role="alert" className="negative protection-error">
          {error ?? ""}
        </p>
      </section>
    </main>
  );
}
