// Account → "Download my data": the player picks a year and a format (CSV for a
// spreadsheet, JSON for a program) and saves their bets, ledger movements, purchases and
// redemptions with the year's totals (GET /api/me/export). The request carries the
// session's token, so the file is fetched here and handed to the browser as a download.
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";
import { yearOfET } from "../../../shared/money-totals";
import { EXPORT_FIRST_YEAR } from "../../../shared/schemas/data-export";
import { useAuth } from "../../../session/auth-provider";
import "./data-export.css";

type Format = "csv" | "json";

/** The body as the API client hands it over: CSV arrives as text, JSON already parsed. */
const AsFileText = {
  parse(body: unknown): string {
    return typeof body === "string" ? body : `${JSON.stringify(body, null, 2)}\n`;
  },
};

export function DataExportCard() {
  const { api } = useAuth();
  const currentYear = yearOfET(Date.now());
  const years = Array.from({ length: currentYear - EXPORT_FIRST_YEAR + 1 }, (_, i) => currentYear - i);
  const [year, setYear] = useState(currentYear);
  const [format, setFormat] = useState<Format>("csv");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const download = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const text = await api.get("/me/export", AsFileText, { format, year });
      saveFile(`vantage-${year}.${format}`, text, format === "csv" ? "text/csv" : "application/json");
      setStatus({ ok: true, text: `Your ${year} records were downloaded.` });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err, "Your data could not be downloaded. Please try again.") });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="data-export-heading">
      <h3 id="data-export-heading" className="card-title">
        Your data
      </h3>
      <p className="muted">
        Your bets, balance movements, coin pack purchases and redemptions for one year, with the year's totals of purchases and of
        redemptions paid. The net figure is information for your own records, not tax advice.
      </p>
      <div className="field">
        <label htmlFor="data-export-year">Year</label>
        <select id="data-export-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field data-export-formats">
        <legend>Format</legend>
        <label>
          <input type="radio" name="data-export-format" checked={format === "csv"} onChange={() => setFormat("csv")} /> CSV (spreadsheet)
        </label>{" "}
        <label>
          <input type="radio" name="data-export-format" checked={format === "json"} onChange={() => setFormat("json")} /> JSON
        </label>
      </fieldset>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download()}>
        {busy ? "Preparing…" : "Download my data"}
      </button>
      <div role="status">{status && <p className={status.ok ? "positive" : "negative"}>{status.text}</p>}</div>
    </section>
  );
}
