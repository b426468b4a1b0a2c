// Settings → Alerts: one switch per kind of alert (a bet settled, a redemption paid or
// failed, a limit or break taking effect, a nudge near a limit), all off until the player
// turns one on. Turning the first one on is what asks the browser for permission; the
// page never asks on its own. Alerts report the player's own account only, never
// marketing, and the card says so.
import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { PUSH_KIND_LABELS, PUSH_KINDS, PushPreferencesSchema, type PushKind, type PushPreferences } from "../../../shared/schemas/push";
import { useAuth } from "../../../session/auth-provider";
import { AlertsUnavailable, subscribeThisBrowser } from "../push-subscription";
import "./alerts.css";

export function AlertSettings() {
  const { api } = useAuth();
  const [preferences, setPreferences] = useState<PushPreferences | null>(null);
  const [busy, setBusy] = useState<PushKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPreferences(await api.get("/push/preferences", PushPreferencesSchema));
    } catch (err) {
      setProblem(errorMessage(err, "Your alert settings could not be loaded."));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (kind: PushKind, enabled: boolean) => {
    setBusy(kind);
    setProblem(null);
    try {
      if (enabled) await subscribeThisBrowser(api);
      setPreferences(await api.request("/push/preferences", PushPreferencesSchema, { method: "PUT", body: { kind, enabled } }));
    } catch (err) {
      setProblem(err instanceof AlertsUnavailable ? err.message : errorMessage(err, "The alert could not be changed. Please try again."));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card alert-settings" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="card-title">
        Alerts
      </h2>
      <p className="muted">
        Notifications about your own account, each one only if you turn it on. Vantage never sends marketing messages.
      </p>
      <ul className="alert-kinds">
        {PUSH_KINDS.map((kind) => (
          <li key={kind} className="alert-kind">
            <label className="alert-switch">
              <span>
                <span className="alert-kind-title">{PUSH_KIND_LABELS[kind].title}</span>
                <span className="muted alert-kind-description">{PUSH_KIND_LABELS[kind].description}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={preferences?.kinds[kind] ?? false}
                checked={preferences?.kinds[kind] ?? false}
                disabled={preferences === null || busy !== null}
                onChange={(e) => void toggle(kind, e.target.checked)}
              />
            </label>
          </li>
        ))}
      </ul>
      <div role="status">{problem && <p className="negative">{problem}</p>}</div>
    </section>
  );
}
