// Health: the last 24 hours of the Worker's metrics as charts (health-charts.tsx), read
// again every 30 seconds while the tab is open, so a load (the bench, a busy evening) shows
// as it happens. Where metrics cannot be read (no Analytics Engine token configured) the
// server's sentence is shown with a retry, and the other tabs work as before.
import { useCallback, useEffect } from "react";
import { useApi } from "../../../session/auth-provider";
import { fetchHealth } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatTime } from "./admin-format";
import { HealthCharts } from "./health-charts";
import { LoadStatus } from "./view-state";

const REFRESH_MS = 30_000;

export function HealthTab() {
  const api = useApi();
  const health = useAdminLoad(useCallback(() => fetchHealth(api), [api]));
  const { reload } = health;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  if (health.status === "not-found") return null;
  const data = health.data;
  return (
    <div className="admin-stack">
      <LoadStatus load={health} what="health" />
      {data && (
        <>
          <p className="admin-muted">
            {formatTime(data.from)} to {formatTime(data.to + data.bucketMs)}, in {Math.round(data.bucketMs / 60_000)}-minute buckets, from{" "}
            {data.source === "analytics-engine" ? "Workers Analytics Engine" : "the embedded development store"}.
          </p>
          <HealthCharts data={data} />
        </>
      )}
    </div>
  );
}
