// The frame around every route: header, a break notice when one runs, the region's notice
// where Vantage Cash is limited (once), nudges near a limit,
// a due reality check, the routed page, footer, the tab's title, the sweepstakes rules
// dialog when the player must accept them, and in-app alerts from the embedded push service.
// Before a date of birth is confirmed, and for an account closed under age, the page is
// that step alone: none of the play notices or dialogs around it.
import { Outlet } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { isGatedStep, onboardingStep } from "../../session/onboarding";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { DocumentTitle } from "./document-title";
import { PlayNudges } from "../../features/protection/components/play-nudges";
import { PlayStatusBanner } from "../../features/protection/components/play-status-banner";
import { RealityCheckDialog } from "../../features/protection/components/reality-check-dialog";
import { RegionNoticeBanner } from "../../features/sweepstakes/components/region-notice-banner";
import { RulesAcceptanceGate } from "../../features/sweepstakes/components/rules-acceptance-gate";
import { InAppAlertsGate } from "../../features/alerts/components/in-app-alerts-gate";
import "./layout.css";

export function AppLayout() {
  const { user } = useAuth();
  const gated = user !== null && isGatedStep(onboardingStep(user));
  return (
    <>
      <DocumentTitle />
      <AppHeader />
      {!gated && (
        <>
          <PlayStatusBanner />
          <RegionNoticeBanner />
          <PlayNudges />
          <RealityCheckDialog />
        </>
      )}
      <div id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </div>
      <AppFooter />
      <RulesAcceptanceGate />
      <InAppAlertsGate />
    </>
  );
}
