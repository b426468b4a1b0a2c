// The one dialog that asks a signed-in player to accept the Official Sweepstakes Rules in
// force (when it opens: rules-acceptance-gate.tsx). It says what matters in a few lines,
// each a sentence the rules themselves state, and keeps the whole text one tap away: "Read
// the full rules" unfolds it inside the dialog (loaded only then), and the rules' own page
// is linked. "I accept" sends the version shown; if the rules changed meanwhile the Worker
// says so and the player's document is read again, so the dialog shows the new version.
// "Not now" keeps Coins play going.
import { useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useFocusTrap } from "../../../lib/use-focus-trap";
import { useLoad } from "../../../lib/use-load";
import { useApi, useAuth } from "../../../session/auth-provider";
import { FREE_ENTRY_PATH, NO_PURCHASE_NECESSARY, SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";
import { acceptRules, getSweepstakesRules } from "../api/sweepstakes-api";
import "./sweepstakes.css";

const userSchema = async () => (await import("../../../shared/schemas/user")).UserDocumentSchema;

type DialogProps = { version: number; changed: boolean; minAge: number; onAccepted(): void; onNotNow(): void };

/** The rules in force, as on /sweepstakes-rules, loaded when the player unfolds them. */
function FullRulesText() {
  const api = useApi();
  const load = useCallback(() => getSweepstakesRules(api), [api]);
  const [rules, retry] = useLoad(load);
  if (rules.status === "loading") {
    return (
      <p className="muted" role="status">
        Loading the rules…
      </p>
    );
  }
  if (rules.status === "error") {
    return (
      <div role="alert">
        <p>{rules.message}</p>
        <button type="button" className="btn btn-sm" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <p className="muted">Version {rules.data.version}</p>
      {rules.data.sections.map((section) => (
        <section key={section.id} aria-labelledby={`rules-full-${section.id}`}>
          <h3 id={`rules-full-${section.id}`}>{section.title}</h3>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </>
  );
}

export default function RulesAcceptanceDialog({ version, changed, minAge, onAccepted, onNotNow }: DialogProps) {
  const { api, updateUser } = useAuth();
  const panel = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fullOpen, setFullOpen] = useState(false);
  const fullId = useId();
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
          Please accept the{" "}
          <Link to={SWEEPSTAKES_RULES_PATH} target="_blank" rel="noopener">
            Official Sweepstakes Rules (version {version})
          </Link>{" "}
          before you bet, buy, redeem or claim a bonus with Vantage Cash. Coins play needs nothing. In short:
        </p>
        <ul className="rules-summary">
          <li>{NO_PURCHASE_NECESSARY} A purchase never improves your chances.</li>
          <li>Coins are play money: they have no value and can never be redeemed.</li>
          <li>
            Vantage Cash has no monetary value, but where the sweepstakes is offered it can be redeemed for prizes. Your identity is checked
            before your first redemption.
          </li>
          <li>
            Vantage Cash comes free with the daily bonus, and by post: <Link to={FREE_ENTRY_PATH}>Free entry</Link>.
          </li>
          <li>One account per person, aged {minAge} or older.</li>
        </ul>
        <div>
          <button
            type="button"
            className="btn btn-sm btn-ghost rules-full-toggle"
            aria-expanded={fullOpen}
            aria-controls={fullId}
            onClick={() => setFullOpen(!fullOpen)}
          >
            Read the full rules
          </button>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to scroll it with the arrow keys */}
          <div id={fullId} className="rules-full" role="region" aria-label="Full rules" tabIndex={0} hidden={!fullOpen}>
            {fullOpen && <FullRulesText />}
          </div>
        </div>
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
