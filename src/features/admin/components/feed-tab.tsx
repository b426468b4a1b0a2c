// Feed: which provider serves odds, its credits (The Odds API's quota headers), the
// credit guard and live refresh state, players' markets' share of the month's credits,
// spend per hour, the last call per sport and errors.
import { useCallback } from "react";
import { useApi } from "../../../session/auth-provider";
import { fetchFeed } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { LoadStatus, Section, Stat } from "./view-state";

export function FeedTab() {
  const api = useApi();
  const feed = useAdminLoad(useCallback(() => fetchFeed(api), [api]));
  if (feed.status === "not-found") return null;
  const data = feed.data;
  return (
    <div className="admin-stack">
      <LoadStatus load={feed} what="the feed" />
      {data && (
        <>
          <dl className="admin-stats">
            <Stat label="Provider">{data.provider ?? "none configured"}</Stat>
            <Stat label="Credits remaining">
              {data.credits?.remaining?.toLocaleString("en-US") ?? (data.provider === "simulator" ? "no quota" : "—")}
            </Stat>
            <Stat label="Credits used">{data.credits?.used?.toLocaleString("en-US") ?? "—"}</Stat>
            <Stat label="Spend this hour">{data.spend.thisHour?.credits.toLocaleString("en-US") ?? 0}</Stat>
            <Stat label="Average per hour">{data.spend.averagePerHour?.toLocaleString("en-US") ?? "—"}</Stat>
            <Stat label="Live refresh" className={data.live.state === "running" ? "admin-ok" : "admin-bad"}>
              {data.live.state === "running" ? `running, every ${data.live.refreshSeconds} s` : "stopped"}
            </Stat>
            <Stat label="Credit guard" className={data.creditGuard.locked ? "admin-bad" : "admin-ok"}>
              {data.creditGuard.locked ? `locked (${data.creditGuard.reason})` : `open (reserve ${data.reserve.toLocaleString("en-US")})`}
            </Stat>
          </dl>
          <Section title={`Players' markets this month (${data.props.month})`}>
            <dl className="admin-stats">
              <Stat label="Credits spent on props">{data.props.credits.toLocaleString("en-US")}</Stat>
              <Stat label={`Allowed (${data.props.sharePercent}% of the month)`}>
                {data.props.allowance?.toLocaleString("en-US") ?? (data.provider === "simulator" ? "no quota" : "—")}
              </Stat>
              <Stat label="Props calls">{data.props.calls.toLocaleString("en-US")}</Stat>
              <Stat label="Props guard" className={data.props.guard.locked ? "admin-bad" : "admin-ok"}>
                {data.props.guard.locked ? `holding props back (${data.props.guard.reason})` : "open"}
              </Stat>
            </dl>
            <AdminTable
              rows={data.props.sports}
              rowKey={(s) => s.sport}
              empty="No players' markets fetched this month."
              columns={[
                { header: "Sport", cell: (s) => s.sport },
                { header: "Calls", num: true, cell: (s) => s.calls },
                { header: "Credits", num: true, cell: (s) => s.credits },
              ]}
            />
          </Section>
          <Section title="Errors">
            <AdminTable
              rows={data.errors}
              rowKey={(e) => e.sport}
              empty="No feed errors on the last calls."
              columns={[
                { header: "Sport", cell: (e) => e.sport },
                { header: "When", cell: (e) => formatTime(e.at) },
                { header: "Status", cell: (e) => e.status ?? "—" },
                { header: "Error", className: "admin-wrap", cell: (e) => e.error },
              ]}
            />
          </Section>
          <Section title="Last call per sport">
            <AdminTable
              rows={data.sports}
              rowKey={(s) => s.sport}
              empty="The feed has not been called yet."
              columns={[
                { header: "Sport", cell: (s) => s.sport },
                { header: "Provider", cell: (s) => s.provider },
                { header: "Last call", cell: (s) => formatTime(s.lastCallAt) },
                { header: "Status", className: (s) => (s.lastError ? "admin-bad" : undefined), cell: (s) => s.lastStatus ?? "—" },
                { header: "Remaining", num: true, cell: (s) => s.requestsRemaining ?? "—" },
                { header: "Used", num: true, cell: (s) => s.requestsUsed ?? "—" },
                { header: "Last cost", num: true, cell: (s) => s.requestsLast ?? "—" },
              ]}
            />
          </Section>
          <Section title="Spend per hour (last 24 h)">
            <AdminTable
              rows={data.spend.hours}
              rowKey={(h) => h.hour}
              empty="No calls in the last 24 hours."
              columns={[
                { header: "Hour", cell: (h) => formatTime(h.hour) },
                { header: "Calls", num: true, cell: (h) => h.calls },
                { header: "Credits", num: true, cell: (h) => h.credits },
                { header: "Errors", num: true, cell: (h) => h.errors },
              ]}
            />
          </Section>
        </>
      )}
    </div>
  );
}
