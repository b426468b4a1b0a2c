// Reconciliation: money in and out set against the payment provider's own records
// (GET/POST /api/admin/reconciliation). The cron reconciles yesterday once a day; here an
// operator runs any ended UTC day now, reads the chosen run's differences in three views
// (packs credited vs payments, redemptions paid vs transfers, reversals vs refunds and
// disputes), each with the provider's and Vantage's references, and downloads each view as
// CSV (fetched with the session's token, then saved). Above them, whatever the day, the
// payouts the bank sent back that are still being taken back from players' payout accounts.
import { useCallback, useId, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { formatMoney } from "../../../shared/money";
import {
  type BankReturnWaiting,
  RECONCILIATION_VIEWS,
  type DifferenceKind,
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationView,
} from "../../../shared/schemas/reconciliation";
import { useApi } from "../../../session/auth-provider";
import { fetchReconciliation, fetchReconciliationCsv, runReconciliation } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { saveFile } from "../../../lib/save-file";
import { LoadStatus, Section, Stat } from "./view-state";

const DAY_MS = 24 * 60 * 60 * 1000;

const VIEW_TITLE: Record<ReconciliationView, string> = {
  packs: "Packs credited vs checkout payments",
  payouts: "Redemptions paid vs transfers sent",
  reversals: "Reversals vs refunds and disputes",
};

const KIND_LABEL: Record<DifferenceKind, string> = {
  "missing-credit": "Paid, not credited",
  "credit-without-payment": "Credited, not paid",
  "amount-mismatch": "Amounts differ",
  "payout-sent-twice": "Payout sent twice",
  "transfer-without-redemption": "Transfer without a paid redemption",
  "redemption-without-transfer": "Paid redemption without a transfer",
  "refund-without-reversal": "Refunded, not reversed",
  "reversal-without-refund": "Reversed, not refunded",
  "dispute-without-reversal": "Disputed, not reversed",
  "reversal-without-dispute": "Reversed, no dispute",
};

const cash = (cents: number | null) => (cents === null ? "—" : formatMoney("cash", cents));

/** The UTC day before `now`, as YYYY-MM-DD: the latest day that has ended. */
const yesterday = (now: number) => new Date(now - DAY_MS).toISOString().slice(0, 10);

function CsvButton({ day, view }: { day: string; view: ReconciliationView }) {
  const api = useApi();
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    try {
      saveFile(`reconciliation-${day}-${view}.csv`, await fetchReconciliationCsv(api, day, view), "text/csv");
    } catch (err) {
      setProblem(errorMessage(err, "The CSV could not be downloaded."));
    }
  };
  return (
    <span>
      <button type="button" className="btn btn-sm btn-ghost" onClick={download}>
        Download CSV
      </button>
      {problem && <span className="admin-bad"> {problem}</span>}
    </span>
  );
}

function RunSummary({ run }: { run: ReconciliationRun }) {
  return (
    <dl className="admin-stats">
      <Stat label="Day (UTC)">{run.day}</Stat>
      <Stat label="Run">
        {run.trigger === "cron" ? "by the cron" : `by ${run.requestedBy ?? "an operator"}`}, {formatTime(run.startedAt)}
      </Stat>
      <Stat label="Provider">{run.provider}</Stat>
      <Stat label="Status" className={run.status === "ok" ? "admin-ok" : "admin-bad"}>
        {run.status === "ok" ? "Completed" : `Failed: ${run.error ?? "unknown reason"}`}
      </Stat>
      <Stat label="Differences" className={run.differences === 0 ? "admin-ok" : "admin-bad"}>
        {run.differences}
      </Stat>
      {run.counts && (
        <>
          <Stat label="Payments / credits">
            {run.counts.providerPayments} / {run.counts.vantageCredits}
          </Stat>
          <Stat label="Transfers / paid redemptions">
            {run.counts.providerTransfers} / {run.counts.vantagePaidRedemptions}
          </Stat>
          <Stat label="Refunds and disputes / reversals">
            {run.counts.providerReversals} / {run.counts.vantageReversals}
          </Stat>
        </>
      )}
    </dl>
  );
}

function DifferencesView({ day, view, rows }: { day: string; view: ReconciliationView; rows: readonly ReconciliationDifference[] }) {
  return (
    <Section title={VIEW_TITLE[view]} action={<CsvButton day={day} view={view} />}>
      <AdminTable
        rows={rows}
        rowKey={(d) => `${d.kind}|${d.providerRef ?? ""}|${d.vantageRef ?? ""}|${d.at}`}
        empty="No differences."
        scroll
        columns={[
          { header: "Difference", cell: (d) => KIND_LABEL[d.kind], className: "admin-bad" },
          { header: "Provider reference", cell: (d) => <span className="admin-id">{d.providerRef ?? "—"}</span> },
          { header: "Vantage reference", cell: (d) => <span className="admin-id">{d.vantageRef ?? "—"}</span> },
          { header: "Player", cell: (d) => <span className="admin-id">{d.userId ?? "—"}</span> },
          { header: "Provider", num: true, cell: (d) => cash(d.providerCents) },
          { header: "Vantage", num: true, cell: (d) => cash(d.vantageCents) },
          { header: "When", cell: (d) => formatTime(d.at) },
          { header: "Detail", cell: (d) => d.detail },
        ]}
      />
    </Section>
  );
}

function RunNow({ onRan }: { onRan(day: string): void }) {
  const api = useApi();
  const id = useId();
  const latest = yesterday(Date.now());
  const [day, setDay] = useState(latest);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setProblem(null);
    setRunning(true);
    try {
      const answer = await runReconciliation(api, day);
      onRan(answer.run.day);
    } catch (err) {
      setProblem(errorMessage(err, "The reconciliation could not be run."));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Section title="Reconcile a day">
      <div className="admin-score-row">
        <label className="admin-field" htmlFor={`${id}-day`}>
          <span>UTC day</span>
          <input id={`${id}-day`} className="input" type="date" max={latest} value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <button type="button" className="btn btn-sm" onClick={run} disabled={running || day === ""}>
          {running ? "Running..." : "Run now"}
        </button>
      </div>
      {problem && (
        <p className="admin-bad" role="alert">
          {problem}
        </p>
      )}
      <p className="admin-muted">The cron reconciles yesterday once a day, an hour after midnight UTC.</p>
    </Section>
  );
}

/**
 * Payouts the bank sent back whose transfer the player's wallet has not yet taken back from
 * their payout account: the money sits there, and the wallet's alarm keeps trying. Listed
 * first, whatever day is shown, since each is money in the wrong place now.
 */
function BankReturnsWaiting({ rows }: { rows: readonly BankReturnWaiting[] }) {
  return (
    <Section title="Payouts the bank sent back, still being taken back">
      <AdminTable
        rows={rows}
        rowKey={(r) => r.redemptionId}
        columns={[
          { header: "Returned", cell: (r) => formatTime(r.returnedAt) },
          { header: "Player", cell: (r) => r.email ?? r.userId },
          { header: "Redemption", className: "admin-id", cell: (r) => r.redemptionId },
          { header: "Amount", num: true, cell: (r) => formatMoney("cash", r.amountCents) },
          { header: "Bank's reason", cell: (r) => r.reason },
          { header: "Tries", num: true, cell: (r) => r.tries },
          { header: "Last failure", cell: (r) => r.lastError ?? "—" },
          { header: "Next try", cell: (r) => (r.nextTryAt === null ? "—" : formatTime(r.nextTryAt)) },
        ]}
      />
    </Section>
  );
}

export function ReconciliationTab() {
  const api = useApi();
  const [shown, setShown] = useState<string | undefined>(undefined);
  const load = useAdminLoad(useCallback(() => fetchReconciliation(api, shown), [api, shown]));
  if (load.status === "not-found") return null;
  const data = load.data;
  const run = data?.run ?? null;
  return (
    <div className="admin-stack">
      <RunNow
        onRan={(day) => {
          if (day === shown) load.reload();
          else setShown(day);
        }}
      />
      <LoadStatus load={load} what="the reconciliation" />
      {data && data.bankReturnsWaiting.length > 0 && <BankReturnsWaiting rows={data.bankReturnsWaiting} />}
      {data && !run && <p className="admin-muted admin-empty">No reconciliation has run yet.</p>}
      {run && (
        <Section title="The run">
          <RunSummary run={run} />
        </Section>
      )}
      {run?.status === "ok" &&
        RECONCILIATION_VIEWS.map((view) => (
          <DifferencesView key={view} day={run.day} view={view} rows={data?.differences.filter((d) => d.view === view) ?? []} />
        ))}
      {data && data.runs.length > 0 && (
        <Section title="Recent runs">
          <AdminTable
            rows={data.runs}
            rowKey={(r) => r.id}
            columns={[
              { header: "Day", cell: (r) => r.day },
              { header: "Run", cell: (r) => (r.trigger === "cron" ? "cron" : (r.requestedBy ?? "operator")) },
              { header: "At", cell: (r) => formatTime(r.startedAt) },
              { header: "Status", cell: (r) => (r.status === "ok" ? "ok" : `failed: ${r.error ?? ""}`) },
              { header: "Differences", num: true, cell: (r) => r.differences },
              {
                header: "",
                cell: (r) => (
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setShown(r.day)} disabled={r.day === run?.day}>
                    Show
                  </button>
                ),
              },
            ]}
          />
        </Section>
      )}
    </div>
  );
}
