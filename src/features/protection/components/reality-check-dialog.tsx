// The reality check: when the player chose one (every 30, 60 or 90 minutes of a session),
// this dialog opens as it falls due, with the session's time played, what was staked and
// the net result. Bets are refused until it is answered: "Keep playing" starts the next
// interval, "Take a break" pauses play for 24 hours, "Set a limit" opens the limits.
import { useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useFocusTrap } from "../../../lib/use-focus-trap";
import { accountSectionPath } from "../../../shared/account-sections";
import { formatAmount } from "../../../shared/money";
import { formatMinutes } from "../../../shared/play-limits";
import type { RealityCheckAnswer } from "../../../shared/play-time";
import type { PlayView } from "../../../shared/schemas/play";
import { useAuth } from "../../../session/auth-provider";
import { usePlay } from "../../../session/play-provider";
import { answerRealityCheck } from "../api/play-api";
import { fetchMe } from "../api/protection-api";
import "./protection.css";

export const REALITY_CHECK_FAILED = "Could not send your answer. Please try again.";

type Session = NonNullable<PlayView["realityCheck"]["session"]>;

function signed(wallet: "coins" | "cash", units: number): string {
  const minor = wallet === "cash" ? Math.round(units * 100) : units;
  const text = formatAmount(wallet, Math.abs(minor));
  return minor > 0 ? `+${text}` : minor < 0 ? `−${text}` : text;
}

function SessionFigures({ session }: { session: Session }) {
  return (
    <dl className="reality-check-figures">
      <dt>Time played</dt>
      <dd className="tabular">{formatMinutes(session.minutes)}</dd>
      <dt>Staked</dt>
      <dd className="tabular">
        {formatAmount("coins", session.staked.coins)} · {formatAmount("cash", Math.round(session.staked.cash * 100))}
      </dd>
      <dt>Net</dt>
      <dd className="tabular">
        {signed("coins", session.net.coins)} · {signed("cash", session.net.cash)}
      </dd>
    </dl>
  );
}

export function RealityCheckDialog() {
  const { play, applyPlay } = usePlay();
  const { api, updateUser } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const open = play?.realityCheck.due === true;
  if (!open || !play) return null;
  return (
    <RealityCheckPanel
      panel={panel}
      session={play.realityCheck.session}
      busy={busy}
      error={error}
      onAnswer={async (answer) => {
        setBusy(true);
        setError(null);
        try {
          applyPlay(await answerRealityCheck(api, answer));
          if (answer === "take-break") updateUser(await fetchMe(api));
          if (answer === "set-limit") void navigate(`${accountSectionPath("limits")}#play-limits`);
        } catch (err) {
          setError(errorMessage(err, REALITY_CHECK_FAILED));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function RealityCheckPanel({
  panel,
  session,
  busy,
  error,
  onAnswer,
}: {
  panel: RefObject<HTMLDivElement | null>;
  session: Session | null;
  busy: boolean;
  error: string | null;
  onAnswer(answer: RealityCheckAnswer): Promise<void>;
}) {
  // The check must be answered: Escape keeps it open (the three answers are all one Tab away).
  useFocusTrap(panel, { onClose: () => undefined, busy });
  return (
    <div className="modal-backdrop">
      <div
        ref={panel}
        className="modal-panel reality-check card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-check-title"
        aria-describedby="reality-check-text"
      >
        <h2 id="reality-check-title" className="card-title">
          Reality check
        </h2>
        <p id="reality-check-text">
          {session ? `You have been playing for ${formatMinutes(session.minutes)} this session.` : "Time for a reality check."} Take a
          moment to look at your session before your next bet.
        </p>
        {session && <SessionFigures session={session} />}
        <div className="reality-check-actions">
          <button type="button" className="btn btn-primary" data-autofocus disabled={busy} onClick={() => void onAnswer("keep-playing")}>
            Keep playing
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void onAnswer("take-break")}>
            Take a break (24 hours)
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void onAnswer("set-limit")}>
            Set a limit
          </button>
        </div>
        <p role="status" className="negative protection-error">
          {error ?? ""}
        </p>
      </div>
    </div>
  );
}
