// Audit log: every operator action, newest first — who, what, to whom, when and why.
import { useApi } from "../../auth/auth-provider";
import { fetchAudit } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { Empty, LoadStatus } from "./view-state";

function summary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && typeof v !== "object")
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");
}

export function AuditTab() {
  const api = useApi();
  const log = useAdminLoad(() => fetchAudit(api), [api]);
  if (log.status === "not-found") return null;
  const entries = log.data?.entries;
  return (
    <div className="admin-stack">
      <LoadStatus load={log} what="the audit log" />
      {entries &&
        (entries.length === 0 ? (
          <Empty>No operator action has been taken yet.</Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Operator</th>
                  <th>Action</th>
                  <th>Target</th>
                  <th>Reason</th>
                  <th>Details</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>{formatTime(e.at)}</td>
                    <td>{e.actor}</td>
                    <td>{e.action}</td>
                    <td className="admin-id">{e.target}</td>
                    <td className="admin-wrap">{e.reason || "—"}</td>
                    <td className="admin-id admin-wrap">{summary(e.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </div>
  );
}
