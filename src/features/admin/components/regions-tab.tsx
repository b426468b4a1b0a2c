// Regions: where Vantage Cash is offered, as dated data. The table Vantage ships and the
// entries operators added (each with who asked and who approved), and a form to ask for a
// new entry: a new law or regulator action (coins-only from its day), a redemption window
// (redeem-only until a last day), a repeal (full), with its source. Nothing changes until a
// second operator approves it under Approvals; it then takes effect on its own day.
import { useCallback, useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useApi } from "../../../session/auth-provider";
import { REGION_MODES, type RegionMode } from "../../../shared/region-rules";
import { fetchRegionRules, requestRegionRule } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { LoadStatus, Section } from "./view-state";

type Row = { region: string; mode: string; from: string; until?: string; covers: string; source: { title: string; url: string } };

const COLUMNS = [
  { header: "Region", cell: (r: Row) => r.region },
  { header: "Mode", cell: (r: Row) => `${r.mode}${r.until ? ` until ${r.until}` : ""}` },
  { header: "From", cell: (r: Row) => r.from },
  { header: "Covers", cell: (r: Row) => r.covers },
  { header: "Source", className: "admin-wrap", cell: (r: Row) => r.source.title },
];

export function RegionsTab({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const load = useAdminLoad(useCallback(() => fetchRegionRules(api), [api]));
  const id = useId();
  const [form, setForm] = useState({ region: "", mode: "coins-only" as RegionMode, from: "", until: "", title: "", url: "", reason: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestRegionRule(
        api,
        {
          region: form.region,
          mode: form.mode,
          from: form.from,
          ...(form.mode === "redeem-only" && { until: form.until }),
          covers: "sweepstakes-sports",
          source: { title: form.title, url: form.url },
        },
        form.reason,
      );
      onChanged(
        `Sent for approval: another operator must approve ${form.region.toUpperCase()} ${form.mode} from ${form.from} (Approvals tab).`,
      );
      setForm((f) => ({ ...f, region: "", from: "", until: "", title: "", url: "", reason: "" }));
    } catch (err) {
      setError(errorMessage(err, "The entry could not be sent. Try again."));
    }
    setBusy(false);
  };

  const field = (key: keyof typeof form, label: string, props: Record<string, string> = {}) => (
    <label className="admin-field" htmlFor={`${id}-${key}`}>
      <span>{label}</span>
      <input id={`${id}-${key}`} className="input" value={form[key]} onChange={set(key)} {...props} />
    </label>
  );

  return (
    <div className="admin-stack">
      <section className="card admin-stack" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card-title">
          Add a region rule
        </h2>
        <p className="admin-muted">
          A new law or regulator action is a new entry dated the day it takes effect; never change an old one. It waits for a second
          operator's approval and then switches on by itself on its day.
        </p>
        <form className="admin-score-row admin-free-entry-form" onSubmit={submit}>
          {field("region", "Region (ISO 3166)", { placeholder: "US-IN" })}
          <label className="admin-field" htmlFor={`${id}-mode`}>
            <span>Mode</span>
            <select id={`${id}-mode`} className="input" value={form.mode} onChange={set("mode")}>
              {REGION_MODES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          {field("from", "In force from", { type: "date" })}
          {form.mode === "redeem-only" && field("until", "Redeem until", { type: "date" })}
          {field("title", "Source", { placeholder: "Indiana HB 1052 (2026)" })}
          {field("url", "Source link", { placeholder: "https://…" })}
          {field("reason", "Reason")}
          <div className="admin-field">
            <span aria-hidden="true">&nbsp;</span>
            <button type="submit" className="btn btn-primary" disabled={busy || !form.region || !form.from || !form.title || !form.reason}>
              {busy ? "Sending..." : "Ask for approval"}
            </button>
          </div>
        </form>
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <LoadStatus load={load} what="region rules" />
      {load.data && (
        <>
          <Section title="Added by operators">
            <AdminTable
              rows={load.data.added}
              rowKey={(r) => `${r.entry.region}-${r.createdAt}`}
              empty="No entries added yet."
              columns={[
                ...COLUMNS.map((c) => ({ ...c, cell: (r: (typeof load.data.added)[number]) => c.cell(r.entry) })),
                { header: "Asked / approved", cell: (r) => `${r.requestedBy} / ${r.approvedBy}, ${formatTime(r.createdAt)}` },
              ]}
            />
          </Section>
          <Section title="Shipped with Vantage">
            <AdminTable rows={load.data.shipped} rowKey={(r) => `${r.region}-${r.from}`} columns={COLUMNS} />
          </Section>
        </>
      )}
    </div>
  );
}
