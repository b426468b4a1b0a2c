// "No purchase necessary. Void where prohibited." with links to free entry and the
// Official Sweepstakes Rules: shown beside the existing entertainment-only notices on
// every page where Vantage Cash is bought, redeemed or held (shop, /redeem, the wallet
// panel) and in the footer. Shared so each says the same words and links the same pages.
import { Link } from "react-router";
import "./components.css";
import { FREE_ENTRY_PATH, NO_PURCHASE_NECESSARY, SWEEPSTAKES_RULES_PATH } from "../shared/sweepstakes-notice";

export function SweepstakesNotice({ className = "" }: { className?: string }) {
  return (
    <p className={`sweeps-notice ${className}`.trim()}>
      {NO_PURCHASE_NECESSARY} <Link to={FREE_ENTRY_PATH}>Free entry</Link> · <Link to={SWEEPSTAKES_RULES_PATH}>Official rules</Link>
    </p>
  );
}
