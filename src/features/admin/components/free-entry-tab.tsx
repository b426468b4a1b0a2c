// Free entry by post: an operator records each received card by the request code written
// on it, the day on its postmark and a note on what the card showed. Nothing is credited
// yet: the card waits under Approvals for a second operator, whose approval credits it or
// says why the player got nothing (on a break, frozen, under age, a blocked region). A
// code recorded before, an expired or unknown code, and more cards than one operator may
// record in a day are refused as the server says. Recording needs a fresh sign-in like
// every money action (the console sends the operator through one), and never for their
// own account.
import { useId, useState, type FormEvent } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useApi, useAuth } from "../../../session/auth-provider";
import { etDayKey } from "../../../shared/bonus";
import { formatAmount } from "../../../shared/money";
import { STEP_UP_REQUIRED } from "../../../shared/schemas/operator-actions";
import type { ApprovalRequest } from "../../../shared/schemas/operator-views";
import { recordFreeEntry } from "../api/admin-api";

type Outcome = { tone: "ok" | "bad"; text: string };

function describe(request: ApprovalRequest): Outcome {
  if (request.kind !== "free-entry") return { tone: "bad", text: "The server answered something other than a free-entry request." };
  const { code, amountCents } = request.payload;
  return {
    tone: "ok",
    text: `Sent for approval: another operator must approve crediting ${formatAmount("cash", amountCents)} to ${request.subjectLabel} for ${code} (Approvals tab).`,
  };
}

export function FreeEntryTab() {
  const api = useApi();
  const { signIn } = useAuth();
  const codeId = useId();
  const dayId = useId();
  const noteId = useId();
  const [code, setCode] = useState("");
  const [note, setNote] = useState("");
  const [postmarkedOn, setPostmarkedOn] = useState(() => etDayKey(Date.now()));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || !postmarkedOn || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { request } = await recordFreeEntry(api, { code: code.trim(), postmarkedOn, note: note.trim() });
      setOutcome(describe(request));
      setCode("");
      setNote("");
    } catch (err) {
      if (err instanceof ApiError && err.code === STEP_UP_REQUIRED) {
        setOutcome({ tone: "bad", text: `${err.message} Taking you to sign-in...` });
        signIn("/admin?tab=free-entry", { reauth: true });
        return;
      }
      setOutcome({ tone: "bad", text: errorMessage(err, "The card could not be recorded. Try again.") });
    }
    setBusy(false);
  };

  return (
    <div className="admin-stack">
      <section className="card admin-stack" aria-labelledby={`${codeId}-title`}>
        <h2 id={`${codeId}-title`} className="card-title">
          Record a free-entry card
        </h2>
        <p className="admin-muted">
          One card per request code, and one credited card per player per postmark day. Record cards that are handwritten and carry the
          player's name and e-mail; the code decides whose account is credited. Another operator approves each card before it credits
          anything.
        </p>
        <form className="admin-score-row admin-free-entry-form" onSubmit={submit}>
          <label className="admin-field" htmlFor={codeId}>
            <span>Request code on the card</span>
            <input
              id={codeId}
              className="input"
              placeholder="VX-XXXX-XXXX"
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <label className="admin-field" htmlFor={dayId}>
            <span>Postmarked on</span>
            <input id={dayId} className="input" type="date" value={postmarkedOn} onChange={(e) => setPostmarkedOn(e.target.value)} />
          </label>
          <label className="admin-field" htmlFor={noteId}>
            <span>Note for the approver</span>
            <input
              id={noteId}
              className="input"
              placeholder="Handwritten, name and e-mail match"
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <div className="admin-field">
            <span aria-hidden="true">&nbsp;</span>
            <button type="submit" className="btn btn-primary" disabled={busy || !code.trim() || !postmarkedOn}>
              {busy ? "Recording..." : "Record card"}
            </button>
          </div>
        </form>
        {outcome && (
          <p className={outcome.tone === "ok" ? "admin-ok" : "admin-error"} role={outcome.tone === "ok" ? "status" : "alert"}>
            {outcome.text}
          </p>
        )}
      </section>
    </div>
  );
}
