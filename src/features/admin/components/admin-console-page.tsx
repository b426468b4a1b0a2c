// The operator console at /admin, loaded on demand in its own chunk. Only
// operators see it: everyone else — signed out, a player, an unverified operator
// address — gets the not-found page, as from the API (404). Tabs Feed / Settlement / Props /
// Players / Approvals / Free entry / Regions / Audit / Health / House / Risk / Reconciliation; the open tab lives in the address (?tab=) so a reload
// (or coming back from a fresh sign-in) keeps it.
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { NotFoundPage } from "../../../components/not-found-page";
import { useAuth } from "../../../session/auth-provider";
import { AdminDeniedContext } from "../hooks/use-admin-load";
import { ApprovalsTab } from "./approvals-tab";
import { AuditTab } from "./audit-tab";
import { FeedTab } from "./feed-tab";
import { FreeEntryTab } from "./free-entry-tab";
import { RegionsTab } from "./regions-tab";
import { HealthTab } from "./health-tab";
import { HouseTab } from "./house-tab";
import { PlayersTab } from "./players-tab";
import { PropsTab } from "./props-tab";
import { ReconciliationTab } from "./reconciliation-tab";
import { RiskTab } from "./risk-tab";
import { SettlementTab } from "./settlement-tab";
import "./admin.css";

const TABS = [
  { key: "feed", label: "Feed" },
  { key: "settlement", label: "Settlement" },
  { key: "props", label: "Props" },
  { key: "players", label: "Players" },
  { key: "approvals", label: "Approvals" },
  { key: "free-entry", label: "Free entry" },
  { key: "regions", label: "Regions" },
  { key: "audit", label: "Audit" },
  { key: "health", label: "Health" },
  { key: "house", label: "House" },
  { key: "risk", label: "Risk" },
  { key: "reconciliation", label: "Reconciliation" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

export function AdminConsolePage() {
  const { status, user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [denied, setDenied] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const deny = useCallback(() => setDenied(true), []);
  const tab: TabKey = TABS.find((t) => t.key === params.get("tab"))?.key ?? "feed";

  if (status === "loading") {
    return (
      <p className="auth-status" role="status">
        Loading...
      </p>
    );
  }
  if (status === "signed-out" || !user?.isAdmin || denied) return <NotFoundPage />;

  const select = (key: TabKey) => {
    setNotice(null);
    setParams(key === "feed" ? {} : { tab: key }, { replace: true });
  };

  return (
    <AdminDeniedContext.Provider value={deny}>
      <main className="page admin-page">
        <div className="admin-title">
          <h1>Operator console</h1>
          <span className="admin-muted">{user.email}</span>
        </div>
        <div className="tabs admin-tabs" role="tablist" aria-label="Console views">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`admin-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls="admin-panel"
              className="tab"
              onClick={() => select(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
        {notice && (
          <p className="admin-notice" role="status">
            {notice}
          </p>
        )}
        <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
          {tab === "feed" && <FeedTab />}
          {tab === "settlement" && <SettlementTab onChanged={setNotice} />}
          {tab === "props" && <PropsTab onChanged={setNotice} />}
          {tab === "players" && <PlayersTab onChanged={setNotice} />}
          {tab === "approvals" && <ApprovalsTab onChanged={setNotice} />}
          {tab === "free-entry" && <FreeEntryTab />}
          {tab === "regions" && <RegionsTab onChanged={setNotice} />}
          {tab === "audit" && <AuditTab />}
          {tab === "health" && <HealthTab />}
          {tab === "house" && <HouseTab />}
          {tab === "risk" && <RiskTab />}
          {tab === "reconciliation" && <ReconciliationTab />}
        </div>
      </main>
    </AdminDeniedContext.Provider>
  );
}
