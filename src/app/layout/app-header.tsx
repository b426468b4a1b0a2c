// The header of spec §2: wallet button, Shop link, product title, Social and My Picks
// links and the profile menu. Signed-out visitors see the title, and on a public page a
// Sign in link that brings them back to it (the home page is the sign-in card). While a sign-in this
// browser holds is being resumed (the session hint), the header keeps its signed-in size
// with placeholders, so nothing below it moves when the player's controls arrive.
import { Link, NavLink, useLocation } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { WalletButton } from "../../features/wallet/components/wallet-button";
import { PRODUCT_TITLE } from "../../lib/brand";
import { hasSessionHint } from "../../shared/session-hint";
import { ProfileMenu } from "./profile-menu";

export function AppHeader() {
  const { status } = useAuth();
  const location = useLocation();
  const signedIn = status === "signed-in";
  const resuming = status === "loading" && hasSessionHint(document.cookie);
  return (
    <header className="app-header">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <div className="app-header-inner">
        <div className="header-left">
          {resuming && <span className="header-placeholder header-placeholder-wallet" aria-hidden="true" />}
          {signedIn && (
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
        <nav className="header-right" aria-label="Main">
          {resuming && <span className="header-placeholder header-placeholder-nav" aria-hidden="true" />}
          {status === "signed-out" && location.pathname !== "/" && (
            <Link to={`/?from=${encodeURIComponent(location.pathname + location.search)}`} className="header-link">
              Sign in
            </Link>
          )}
          {signedIn && (
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
      </div>
    </header>
  );
}
