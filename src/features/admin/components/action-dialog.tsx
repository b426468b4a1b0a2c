// The console's confirmation for every action that moves money or changes a player:
// a modal that says what will happen, asks for the operator's reason (required, at
// least 3 characters, as the API demands) and shows the server's refusal in place.
// When the server wants a fresh sign-in first (403 step-up-required: money actions need
// one from the last ADMIN_STEP_UP_MINUTES), it sends the operator through sign-in, back
// to the same console tab. Focus moves in and is trapped; Escape or Cancel closes it
// unless a request is running.
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useFocusTrap } from "../../../lib/use-focus-trap";
import { useAuth } from "../../../session/auth-provider";
import { STEP_UP_REQUIRED } from "../../../shared/schemas/operator-actions";

type Props = {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  children?: ReactNode;
  /** Extra validation of the dialog's own fields; a message blocks the confirm. */
  invalid?: string | null;
  onConfirm(reason: string): Promise<void>;
  onClose(): void;
};

export const MIN_REASON = 3;

export function ActionDialog({ title, confirmLabel, danger = false, children, invalid = null, onConfirm, onClose }: Props) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const { signIn } = useAuth();
  const location = useLocation();
  const titleId = useId();
  const reasonId = useId();
  useFocusTrap(panel, { onClose, busy });

  const reasonMissing = reason.trim().length < MIN_REASON;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (reasonMissing || invalid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === STEP_UP_REQUIRED) {
        // Stays busy: the browser is leaving for the sign-in page.
        setError(`${err.message} Taking you to sign-in...`);
        signIn(`${location.pathname}${location.search}`, { reauth: true });
        return;
      }
      setError(errorMessage(err, "That did not work. Try again."));
      setBusy(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the mouse's way out; keyboards have Escape through the focus trap
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div ref={panel} className="modal-panel admin-dialog card" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <form onSubmit={submit} noValidate>
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          {children}
          <label className="admin-field" htmlFor={reasonId}>
            <span>Reason (required, kept in the audit log)</span>
            <textarea
              id={reasonId}
              className="input"
              rows={2}
              value={reason}
              maxLength={500}
              data-autofocus={children ? undefined : true}
              aria-invalid={tried && reasonMissing}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {tried && reasonMissing && (
            <p className="admin-error" role="alert">
              Give a reason of at least {MIN_REASON} characters.
            </p>
          )}
          {tried && invalid && (
            <p className="admin-error" role="alert">
              {invalid}
            </p>
          )}
          {error && (
            <p className="admin-error" role="alert">
              {error}
            </p>
          )}
          <div className="admin-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className={`btn ${danger ? "btn-danger" : "btn-primary"}`} disabled={busy}>
              {busy ? "Working..." : confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
