// /verify (public): anyone pastes a Vantage receipt, or opens the downloaded file, and the
// browser checks it: the record's Ed25519 signature (over its RFC 8785 canonical JSON) with
// the key it names from the site's published list (/.well-known/vantage-receipt-keys.json),
// within that key's dates, and once its day is sealed its Merkle inclusion proof against the
// root the site publishes for that day. Nothing is sent but the two public reads.
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useApi } from "../../../session/auth-provider";
import type { ReceiptRecord } from "../../../shared/schemas/receipts";
import { ReceiptSchema } from "../../../shared/schemas/receipts";
import { verifyReceipt, type ReceiptCheck } from "../../../shared/receipts/verify";
import { getDayRoot, getReceiptKeys } from "../api/receipts-api";
import "./receipts.css";

type Outcome =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "checked"; check: ReceiptCheck; record: ReceiptRecord | null }
  | { kind: "error"; message: string };

function describe(record: ReceiptRecord): string {
  const issued = new Date(record.issuedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  if (record.kind === "bet" && record.bet) {
    const unit = record.bet.wallet === "cash" ? "Vantage Cash cents" : "Coins";
    return `A ${record.bet.kind === "Parlay" ? "parlay" : "single"} of ${record.bet.stake} ${unit} (${record.bet.legs.length} leg${record.bet.legs.length === 1 ? "" : "s"}), issued ${issued} UTC.`;
  }
  if (record.kind === "payout" && record.payout)
    return `A paid redemption of ${record.payout.amountCents} Vantage Cash cents, issued ${issued} UTC.`;
  return `Issued ${issued} UTC.`;
}

export function VerifyPage() {
  const api = useApi();
  const id = useId();
  const [text, setText] = useState("");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });

  const check = async (event: FormEvent) => {
    event.preventDefault();
    let pasted: unknown;
    try {
      pasted = JSON.parse(text);
    } catch {
      setOutcome({ kind: "checked", check: { ok: false, reason: "This is not JSON: paste the whole receipt file." }, record: null });
      return;
    }
    setOutcome({ kind: "busy" });
    try {
      const parsed = ReceiptSchema.safeParse(pasted);
      const day = parsed.success && parsed.data.proof ? await getDayRoot(api, parsed.data.proof.day) : null;
      const result = await verifyReceipt(pasted, await getReceiptKeys(), day);
      setOutcome({ kind: "checked", check: result, record: parsed.success ? parsed.data.record : null });
    } catch (err) {
      setOutcome({ kind: "error", message: errorMessage(err, "The site's keys or roots could not be read. Try again.") });
    }
  };

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };

  return (
    <main className="page page-narrow verify-page">
      <article className="card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Verify a receipt</h1>
        <p className="muted">
          Every bet placed and every prize paid on Vantage gets a receipt signed by the site. Paste one here, or open its file, and your
          browser checks its signature with the site's published keys and, once its day is sealed, that it is in that day's published
          record.
        </p>
        <form onSubmit={check} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>Receipt</label>
            <textarea
              id={`${id}-text`}
              className="verify-text"
              rows={10}
              spellCheck={false}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setOutcome({ kind: "idle" });
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-file`}>Or open a receipt file</label>
            <input id={`${id}-file`} type="file" accept="application/json,.json" onChange={open} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={outcome.kind === "busy" || text.trim() === ""}>
            {outcome.kind === "busy" ? "Checking…" : "Verify"}
          </button>
        </form>
        {outcome.kind === "error" && <p role="alert">{outcome.message}</p>}
        {outcome.kind === "checked" && (
          <section className={`verify-result ${outcome.check.ok ? "verify-valid" : "verify-invalid"}`} role="status" aria-live="polite">
            <h2>{outcome.check.ok ? "Valid" : "Invalid"}</h2>
            {outcome.check.ok ? (
              <>
                <p>Signed by this site with key “{outcome.check.keyId}”, and not changed since.</p>
                {outcome.record && <p>{describe(outcome.record)}</p>}
                <p>
                  {outcome.check.inclusion === "included"
                    ? `It is in the record the site published for ${outcome.record?.day ?? "its day"}, which chains to every day before it.`
                    : "Its day is not sealed yet: download the receipt again after that UTC day has ended to get its proof in the day's published record."}
                </p>
              </>
            ) : (
              <p>{outcome.check.reason}</p>
            )}
          </section>
        )}
      </article>
    </main>
  );
}
