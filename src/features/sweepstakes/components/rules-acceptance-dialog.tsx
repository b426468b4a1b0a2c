// The one dialog that asks a signed-in player to accept the Official Sweepstakes Rules in
// force, linking them (when it opens: rules-acceptance-gate.tsx). "I accept" sends the
// version shown; if the rules changed meanwhile the Worker says so and the player's
// document is read again, so the dialog shows the new version. "Not now" keeps Coins play going.
import { useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useFocusTrap } from "../../../lib/use-focus-trap";
import { useAuth } from "../../../session/auth-provider";
import { FREE_ENTRY_PATH, NO_PURCHASE_NECESSARY, SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";
const userSchema = async () => (await import("../../../shared/schemas/user")).UserDocumentSchema;
import { acceptRules } from "../api/sweepstakes-api";
import "./sweepstakes.css";

type DialogProps = { version: number; changed: boolean; onAccepted(): void; onNotNow(): void };

export default function RulesAcceptanceDialog({ version, changed, onAccepted, onNotNow }: DialogProps) {
  const { api, updateUser } = useAuth();
  const panel = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useFocusTrap(panel, { onClose: onNotNow, busy });

  const accept = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      updateUser(await acceptRules(api, version));
      onAccepted();
    } catch (err) {
      setError(errorMessage(err, "Could not record your acceptance. Please try again."));
      // The version may have changed meanwhile: the document says which one is in force now.
      api.get("/me", userSchema).then(
        (fresh) => updateUser(fresh),
        () => undefined,
      );
    } finally {
      setBusy(false);
    }
  }, [api, version, updateUser, onAccepted]);

  return (
    <div className="modal-backdrop">
      <div ref={panel} className="modal-panel card rules-dialog" role="dialog" aria-modal="true" aria-labelledby="rules-dialog-title">
        <h2 id="rules-dialog-title" className="card-title">
          {changed ? "The sweepstakes rules have changed" : "Official Sweepstakes Rules"}
        </h2>
        <p>
          Vantage Cash can be redeemed for prizes under the{" "}
          <Link to={SWEEPSTAKES_RULES_PATH} target="_blank" rel="noopener">
            Official Sweepstakes Rules (version {version})
          </Link>
          . Please read and accept them before you bet, buy, redeem or claim a bonus with Vantage Cash. Coins play needs nothing.
        </p>
        <p className="muted">
          {NO_PURCHASE_NECESSARY} <Link to={FREE_ENTRY_PATH}>Free entry</Link>
        </p>
        {error && (
          <p className="negative" role="alert">
            {error}
          </p>
        )}
        <div className="rules-dialog-actions">
          <button type="button" className="btn" onClick={onNotNow} disabled={busy}>
            Not now
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void accept()} disabled={busy} data-autofocus>
            {busy ? "Accepting…" : "I accept"}
          </button>
        </div>
      </div>
    </div>
  );
}
