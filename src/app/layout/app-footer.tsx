// The footer of spec §2: links to the legal pages (and responsible play) and the entertainment-only statement,
// with the sweepstakes notice linking free entry and the Official Sweepstakes Rules.
import { Link } from "react-router";
import { SweepstakesNotice } from "../../components/sweepstakes-notice";
import { PRODUCT_TITLE } from "../../lib/brand";

export function AppFooter() {
  return (
    <footer className="app-footer">
      <nav aria-label="Legal" className="footer-links">
        <Link to="/terms">Terms</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/disclaimer">Disclaimer</Link>
        <Link to="/responsible-play">Responsible play</Link>
        <Link to="/winners">Winners</Link>
        <Link to="/where-cash-is-offered">Where Cash is offered</Link>
      </nav>
      <p className="footer-statement">
        {PRODUCT_TITLE} is for entertainment only. No real-money wagering: virtual currency has no monetary value. 18+ only.
      </p>
      <SweepstakesNotice className="footer-statement" />
    </footer>
  );
}
