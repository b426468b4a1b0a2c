// Feed: which provider serves odds, its credits (The Odds API's quota headers), the
// credit guard and live refresh state, spend per hour, the last call per sport and errors.
import { useApi } from "../../auth/auth-provider";
import { fetchFeed } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { Empty, LoadStatus, Section } from "./view-state";

export function FeedTab() {
  const api = useApi();
  const feed = useAdminLoad(() => fetchFeed(api), [api]);
  if (feed.status === "not-found") return null;
  const data = feed.data;
  return (
    <div className="admin-stack">
      <LoadStatus load={feed} what="the feed" />
      {data && (
        <>
          <dl className="admin-stats">
            <div>
              <dt>Provider</dt>
              <dd>{data.provider ?? "none configured"}</dd>
            </div>
            <div>
              <dt>Credits remaining</dt>
              <dd>{data.credits?.remaining?.toLocaleString("en-US") ?? (data.provider === "simulator" ? "no quota" : "—")}</dd>
            </div>
            <div>
              <dt>Credits used</dt>
              <dd>{data.credits?.used?.toLocaleString("en-US") ?? "—"}</dd>
            </div>
            <div>
              <dt>Spend this hour</dt>
              <dd>{data.spend.thisHour?.credits.toLocaleString("en-US") ?? 0}</dd>
            </div>
            <div>
              <dt>Average per hour</dt>
              <dd>{data.spend.averagePerHour?.toLocaleString("en-US") ?? "—"}</dd>
            </div>
            <div>
              <dt>Live refresh</dt>
              <dd className={data.live.state === "running" ? "admin-ok" : "admin-bad"}>
                {data.live.state === "running" ? `running, every ${data.live.refreshSeconds} s` : "stopped"}
              </dd>
            </div>
            <div>
              <dt>Credit guard</dt>
              <dd className={data.creditGuard.locked ? "admin-bad" : "admin-ok"}>
                {data.creditGuard.locked ? `locked (${data.creditGuard.reason})` : `open (reserve ${data.reserve.toLocaleString("en-US")})`}
              </dd>
            </div>
          </dl>
          <Section title="Errors">
            {data.errors.length === 0 ? (
              <Empty>No feed errors on the last calls.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Sport</th>
                      <th>When</th>
                      <th>Status</th>
                      <th>Error</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.errors.map((e) => (
                      <tr key={e.sport}>
                        <td>{e.sport}</td>
                        <td>{formatTime(e.at)}</td>
                        <td>{e.status ?? "—"}</td>
                        <td className="admin-wrap">{e.error}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section title="Last call per sport">
            {data.sports.length === 0 ? (
              <Empty>The feed has not been called yet.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Sport</th>
                      <th>Provider</th>
                      <th>Last call</th>
                      <th>Status</th>
                      <th className="num">Remaining</th>
                      <th className="num">Used</th>
                      <th className="num">Last cost</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.sports.map((s) => (
                      <tr key={s.sport}>
                        <td>{s.sport}</td>
                        <td>{s.provider}</td>
                        <td>{formatTime(s.lastCallAt)}</td>
                        <td className={s.lastError ? "admin-bad" : undefined}>{s.lastStatus ?? "—"}</td>
                        <td className="num">{s.requestsRemaining ?? "—"}</td>
                        <td className="num">{s.requestsUsed ?? "—"}</td>
                        <td className="num">{s.requestsLast ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section title="Spend per hour (last 24 h)">
            {data.spend.hours.length === 0 ? (
              <Empty>No calls in the last 24 hours.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Hour</th>
                      <th className="num">Calls</th>
                      <th className="num">Credits</th>
                      <th className="num">Errors</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.spend.hours.map((h) => (
                      <tr key={h.hour}>
                        <td>{formatTime(h.hour)}</td>
                        <td className="num">{h.calls}</td>
                        <td className="num">{h.credits}</td>
                        <td className="num">{h.errors}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
