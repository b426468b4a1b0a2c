// The header of spec §2: wallet button, Shop link, product title, Social and My Picks
// links and the profile menu. Signed-out visitors see the title, and on a public page a
// Sign in link that brings them back to it (the home page is the sign-in card). While a sign-in this
// browser holds is being resumed (the session hint), the header keeps its signed-in size
// with placeholders, so nothing below it moves when the player's controls arrive.
// A player who has not confirmed a date of birth sees only the title and Sign out: no
// balances, Shop or links to money pages before their age is known. An account closed
// under age sees only the title (its page carries Sign out).
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { isGatedStep, onboardingStep } from "../../session/onboarding";
import { WalletButton } from "../../features/wallet/components/wallet-button";
import { PRODUCT_TITLE } from "../../lib/brand";
import { hasSessionHint } from "../../shared/session-hint";
import { ProfileMenu } from "./profile-menu";

export function AppHeader() {
  const { status, user, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const step = user ? onboardingStep(user) : null;
  const gated = status === "signed-in" && step !== null && isGatedStep(step);
  const playing = status === "signed-in" && !gated;
  const resuming = status === "loading" && hasSessionHint(document.cookie);
  const leave = async () => {
    await signOut();
    navigate("/", { replace: true });
  };
  return (
    <header className="app-header">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <div className="app-header-inner">
        <div className="header-left">
          {resuming && <span className="header-placeholder header-placeholder-wallet" aria-hidden="true" />}
          {playing && (
            <>
              <WalletButton />
              <NavLink to="/shop" className="header-link">
                Shop
              </NavLink>
            </>
          )}
        </div>
        <Link to="/" className="header-title">
          {PRODUCT_TITLE}
        </Link>
        {gated ? (
          <div className="header-right">
            {step === "date-of-birth" && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => void leave()}>
                Sign out
              </button>
            )}
          </div>
        ) : (
          <nav className="header-right" aria-label="Main">
            {resuming && <span className="header-placeholder header-placeholder-nav" aria-hidden="true" />}
            {status === "signed-out" && location.pathname !== "/" && (
              <Link to={`/?from=${encodeURIComponent(location.pathname + location.search)}`} className="header-link">
                Sign in
              </Link>
            )}
            {playing && (
              <>
                <NavLink to="/social" className="header-link">
                  Social
                </NavLink>
                <NavLink to="/picks" className="header-link">
                  My Picks
                </NavLink>
                <ProfileMenu />
              </>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
