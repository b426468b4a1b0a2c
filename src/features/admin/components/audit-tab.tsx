// Audit log: every operator action, newest first — who, what, to whom, when and why.
import { useCallback } from "react";
import { useApi } from "../../../session/auth-provider";
import { fetchAudit } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { LoadStatus } from "./view-state";

function summary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && typeof v !== "object")
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");
}

export function AuditTab() {
  const api = useApi();
  const log = useAdminLoad(useCallback(() => fetchAudit(api), [api]));
  if (log.status === "not-found") return null;
  const entries = log.data?.entries;
  return (
    <div className="admin-stack">
      <LoadStatus load={log} what="the audit log" />
      {entries && (
        <AdminTable
          rows={entries}
          rowKey={(e) => e.id}
          empty="No operator action has been taken yet."
          columns={[
            { header: "When", cell: (e) => formatTime(e.at) },
            { header: "Operator", cell: (e) => e.actor },
            { header: "Action", cell: (e) => e.action },
            { header: "Target", className: "admin-id", cell: (e) => e.target },
            { header: "Reason", className: "admin-wrap", cell: (e) => e.reason || "—" },
            { header: "Details", className: "admin-id admin-wrap", cell: (e) => summary(e.details) },
          ]}
        />
      )}
    </div>
  );
}
