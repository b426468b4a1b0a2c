// The frame around every route: header, a break notice when one runs, the routed page,
// footer, the tab's title, and in-app alerts from the embedded push service.
import { Outlet } from "react-router";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { DocumentTitle } from "./document-title";
import { PlayStatusBanner } from "../../features/protection/components/play-status-banner";
import { InAppAlertsGate } from "../../features/alerts/components/in-app-alerts-gate";
import "./layout.css";

export function AppLayout() {
  return (
    <>
      <DocumentTitle />
      <AppHeader />
      <PlayStatusBanner />
      <div id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </div>
      <AppFooter />
      <InAppAlertsGate />
    </>
  );
}
