// /free-entry (signed in): how to get Vantage Cash without buying anything, in plain
// words. The player's single-use request codes come from the Worker (one is issued on the
// first visit; "Get another code" adds one, up to the allowed number), with the address
// to mail a handwritten card to. Asking for a code needs the rules accepted: the rules
// dialog opens by itself, and the page loads again once they are.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useApi, useAuth } from "../../../session/auth-provider";
import { formatAmount } from "../../../shared/money";
import { NO_PURCHASE_NECESSARY, SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";
import { getFreeEntryCodes, requestAnotherFreeEntryCode } from "../api/sweepstakes-api";
import { useLoad } from "../../../lib/use-load";
import "./sweepstakes.css";

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long" });

export function FreeEntryPage() {
  const api = useApi();
  const { user } = useAuth();
  const accepted = user?.rulesAcceptedVersion ?? null;
  const load = useCallback(() => getFreeEntryCodes(api), [api]);
  const [codes, retry, replace] = useLoad(load);
  // Loads again once the player accepts the rules (the first answer may have asked for that).
  const seenAccepted = useRef(accepted);
  useEffect(() => {
    if (seenAccepted.current === accepted) return;
    seenAccepted.current = accepted;
    retry();
  }, [accepted, retry]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const another = async () => {
    setBusy(true);
    setMessage(null);
    try {
      replace(await requestAnotherFreeEntryCode(api));
    } catch (err) {
      setMessage(errorMessage(err, "Could not get another code. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const data = codes.status === "ready" ? codes.data : null;
  return (
    <main className="page page-narrow sweeps-page">
      <article className="card sweeps-card" aria-labelledby="free-entry-title">
        <h1 id="free-entry-title">Free entry by post</h1>
        <p>
          <strong>{NO_PURCHASE_NECESSARY}</strong> You never need to buy anything to get Vantage Cash. Besides the daily bonus, you can ask
          for it by post{data ? `: each card gets you ${formatAmount("cash", data.cashCents)}` : ""}.
        </p>
        <h2>How it works</h2>
        <ol className="sweeps-steps">
          <li>Take a request code from this page. Each code works once{data ? ` and is valid for ${data.validDays} days` : ""}.</li>
          <li>
            By hand, write the code, your full name and the e-mail address of your Vantage account on a card (a postcard or an index card).
          </li>
          <li>Put the card in an envelope and mail it to the address below before the code expires.</li>
          <li>When the card arrives, the Vantage Cash appears in your wallet. One card counts per code, and one per postmark day.</li>
        </ol>
        <p className="muted">
          Vantage Cash you get for free follows the same rules as all other Vantage Cash, including play-through before it can be redeemed.
          Read the <Link to={SWEEPSTAKES_RULES_PATH}>Official Sweepstakes Rules</Link>.
        </p>

        <h2>Your request codes</h2>
        {codes.status === "loading" && (
          <p className="muted" role="status">
            Getting your code…
          </p>
        )}
        {codes.status === "error" && (
          <div role="alert">
            <p>{codes.message}</p>
            <button type="button" className="btn" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {data && (
          <>
            <ul className="sweeps-codes" aria-label="Request codes">
              {data.codes.map((code) => (
                <li key={code.code} className="sweeps-code">
                  <span className="sweeps-code-value">{code.code}</span>
                  <span className="muted">valid until {dateOf(code.expiresAt)}</span>
                </li>
              ))}
            </ul>
            {data.codes.length < data.maxOpenCodes && (
              <button type="button" className="btn" onClick={() => void another()} disabled={busy}>
                {busy ? "Getting a code…" : "Get another code"}
              </button>
            )}
            <h2>Mail your card to</h2>
            <address className="sweeps-address" aria-label="Mailing address">
              {data.mailTo.name}
              {"\n"}
              {data.mailTo.address}
            </address>
          </>
        )}
        {message && (
          <p className="negative" role="alert">
            {message}
          </p>
        )}
      </article>
    </main>
  );
}
