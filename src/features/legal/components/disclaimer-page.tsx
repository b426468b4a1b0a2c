// /disclaimer: the entertainment-only statement in full (public).
import { LegalPage } from "./legal-page";

export function DisclaimerPage() {
  return (
    <LegalPage title="Disclaimer">
      <p>
        <strong>Vantage is for entertainment only.</strong> It is a simulated sportsbook: no real money is wagered and nothing of real value
        can be won.
      </p>
      <ul>
        <li>Virtual currency (Coins and Vantage Cash) has no monetary value and cannot be exchanged for cash.</li>
        <li>Vantage is intended for adults aged 18 and over. Children under 13 are not targeted.</li>
        <li>Success on Vantage does not mean success at real-money betting.</li>
        <li>Odds and scores are shown for entertainment and may be delayed or inaccurate.</li>
      </ul>
      <p>
        If betting stops being fun for you or someone you know, help is available: in the United States call 1-800-GAMBLER; elsewhere,
        contact your local gambling support service.
      </p>
    </LegalPage>
  );
}
