// /terms: the rules of using the product (public).
import { LegalPage } from "./legal-page";

export function TermsPage() {
  return (
    <LegalPage title="Terms of Use">
      <p>
        These terms govern your use of Vantage, an entertainment-only sportsbook played with virtual currency. By signing in you agree to
        them.
      </p>
      <h2>Eligibility</h2>
      <ul>
        <li>You must be at least 18 years old to use Vantage.</li>
        <li>Vantage is not directed at children, and children under 13 are not targeted or knowingly allowed to use it.</li>
        <li>You may hold one account, signed in with your own Google account.</li>
      </ul>
      <h2>Entertainment only</h2>
      <ul>
        <li>Vantage is for entertainment only. There is no real-money wagering.</li>
        <li>
          Coins and Vantage Cash are virtual currency. They have no monetary value, are not your property, cannot be transferred or sold,
          and are never a deposit or a stake of real money.
        </li>
        <li>Coin packs bought in the shop are a purchase of entertainment; purchases are final except where the law says otherwise.</li>
        <li>Any redemption of Vantage Cash is a promotional feature we may limit, review or refuse, and is not a payout of winnings.</li>
      </ul>
      <h2>Fair play</h2>
      <ul>
        <li>Odds, lines and results come from data providers and may be delayed or wrong; we may void picks affected by errors.</li>
        <li>Automated play, exploiting bugs or sharing accounts may lead to balances being corrected or the account closed.</li>
        <li>We may change, suspend or end the service, its virtual currency and these terms, with notice where practical.</li>
      </ul>
      <h2>No warranty</h2>
      <p>
        Vantage is provided as is. To the extent the law allows, we are not liable for lost virtual currency, interruptions or data-provider
        errors.
      </p>
    </LegalPage>
  );
}
