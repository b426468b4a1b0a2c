// The player view's responsible-play part: signs of harm (each flag with its count against
// its threshold and the dated evidence), operators' notes on them with a form to note a
// flag and act on it (a 7-day break; audited, and never on the operator's own account),
// the player's statement month by month, and their limit and break history.
import { useCallback, useState, type FormEvent } from "react";
import { errorMessage } from "../../../lib/api-client";
import { formatAmount } from "../../../shared/money";
import { HARM_FLAGS, type HarmFlag } from "../../../shared/harm-signs";
import { HARM_ACTION_NAMES, type PlayerPlayView } from "../../../shared/schemas/play";
import { useAuth } from "../../../session/auth-provider";
import { fetchPlayerPlay, noteHarmFlag } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { AdminTable } from "./admin-table";
import { formatTime } from "./admin-format";
import { LoadError, Loading, Section } from "./view-state";

const FLAG_LABEL: Record<HarmFlag, string> = { raises: "Limit raises", chasing: "Chasing losses", nights: "Late-night play" };
const ACTION_LABEL: Record<(typeof HARM_ACTION_NAMES)[number], string> = {
  note: "Note only",
  contacted: "Contacted the player",
  "break-7d": "Start a 7-day break",
};

type Month = PlayerPlayView["statement"]["months"][number];
const cash = (units: number) => formatAmount("cash", Math.round(units * 100));
/** Money that went out is a negative ledger sum; shown as a positive amount (and 0, never "-0"). */
const spent = (ledgerSum: number) => (ledgerSum === 0 ? 0 : -ledgerSum);

export function PlayerPlayPanel({ uid, own, onChanged }: { uid: string; own: boolean; onChanged(message: string): void }) {
  const { api } = useAuth();
  const view = useAdminLoad(
    useCallback(() => fetchPlayerPlay(api, uid), [api, uid]),
    { missingMeansDenied: false },
  );
  const [flag, setFlag] = useState<HarmFlag>("raises");
  const [action, setAction] = useState<(typeof HARM_ACTION_NAMES)[number]>("note");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = view.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await noteHarmFlag(api, uid, { flag, action, note });
      setNote("");
      onChanged(`Noted: ${FLAG_LABEL[flag]} (${ACTION_LABEL[action].toLowerCase()}).`);
      view.reload();
    } catch (err) {
      setError(errorMessage(err, "Could not save the note. Try again."));
    } finally {
      setBusy(false);
    }
  };

  if (!data) return view.status === "error" ? <LoadError message={view.message} onRetry={view.reload} /> : <Loading what="signs of harm" />;
  return (
    <>
      <Section title="Signs of harm">
        <AdminTable
          rows={data.signs}
          rowKey={(s) => s.flag}
          rowProps={(s) => ({ className: s.fired ? "admin-bad" : undefined })}
          columns={[
            { header: "Sign", cell: (s) => FLAG_LABEL[s.flag] },
            { header: "Flag", cell: (s) => (s.fired ? "FLAGGED" : "no") },
            { header: "Seen", num: true, cell: (s) => `${s.count} / ${s.threshold}` },
            { header: "Rule", className: "admin-wrap", cell: (s) => s.description },
            { header: "When", className: "admin-wrap", cell: (s) => s.evidence.map((at) => formatTime(Date.parse(at))).join("; ") || "—" },
          ]}
        />
        {own ? (
          <p className="admin-muted">This is your own account: another operator notes and acts on its signs.</p>
        ) : (
          <form className="admin-harm-form" onSubmit={(e) => void submit(e)}>
            <label>
              Sign
              <select className="input" value={flag} onChange={(e) => setFlag(e.target.value as HarmFlag)}>
                {HARM_FLAGS.map((f) => (
                  <option key={f} value={f}>
                    {FLAG_LABEL[f]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Action
              <select className="input" value={action} onChange={(e) => setAction(e.target.value as typeof action)}>
                {HARM_ACTION_NAMES.map((a) => (
                  <option key={a} value={a}>
                    {ACTION_LABEL[a]}
                  </option>
                ))}
              </select>
            </label>
            <label className="admin-harm-note">
              Note
              <textarea className="input" value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
            </label>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy || note.trim().length < 3}>
              {busy ? "Saving..." : "Save note"}
            </button>
            {error && (
              <p role="alert" className="admin-bad">
                {error}
              </p>
            )}
          </form>
        )}
        <AdminTable
          rows={data.notes}
          rowKey={(n) => `${n.createdAt}-${n.flag}`}
          empty="No notes yet."
          columns={[
            { header: "When", cell: (n) => formatTime(Date.parse(n.createdAt)) },
            { header: "Sign", cell: (n) => FLAG_LABEL[n.flag as HarmFlag] ?? n.flag },
            { header: "Action", cell: (n) => ACTION_LABEL[n.action as keyof typeof ACTION_LABEL] ?? n.action },
            { header: "Operator", cell: (n) => n.actor },
            { header: "Note", className: "admin-wrap", cell: (n) => n.note },
          ]}
        />
      </Section>
      <Section title="Statement">
        <AdminTable
          scroll
          rows={data.statement.months}
          rowKey={(m: Month) => m.month}
          columns={[
            { header: "Month", cell: (m) => m.month },
            { header: "Paid", num: true, cell: (m) => `$${m.purchasedDollars.toFixed(2)}` },
            { header: "Stakes (Coins)", num: true, cell: (m) => formatAmount("coins", spent(m.coins.stakes)) },
            { header: "Net (Coins)", num: true, cell: (m) => formatAmount("coins", m.coins.net) },
            { header: "Stakes (VC)", num: true, cell: (m) => cash(spent(m.cash.stakes)) },
            { header: "Net (VC)", num: true, cell: (m) => cash(m.cash.net) },
            { header: "Redeemed (VC)", num: true, cell: (m) => cash(spent(m.cash.redemptions)) },
            { header: "Time played", num: true, cell: (m) => `${m.minutesPlayed} min` },
            { header: "Limits reached", className: "admin-wrap", cell: (m) => m.limitsReached.map((r) => r.label).join("; ") || "—" },
          ]}
        />
      </Section>
      <Section title="Limit and break history">
        <AdminTable
          scroll
          rows={[...data.statement.history].reverse()}
          rowKey={(h) => `${h.askedAt}-${h.name}-${h.to}`}
          empty="No limit or break changes."
          columns={[
            { header: "Change", cell: (h) => h.label },
            { header: "From", cell: (h) => h.from },
            { header: "To", className: "admin-wrap", cell: (h) => h.to },
            { header: "Asked", cell: (h) => formatTime(Date.parse(h.askedAt)) },
            { header: "Effective", cell: (h) => (h.cancelledAt ? "replaced" : formatTime(Date.parse(h.effectiveAt))) },
          ]}
        />
      </Section>
    </>
  );
}
