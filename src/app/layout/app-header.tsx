// The header of spec §2: wallet button, Shop link, product title, Social and My Picks
// links and the profile menu. Signed-out visitors see only the title.
import { Link, NavLink } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { WalletButton } from "../../features/wallet/components/wallet-button";
import { PRODUCT_TITLE } from "../../lib/brand";
import { ProfileMenu } from "./profile-menu";

export function AppHeader() {
  const { status } = useAuth();
  const signedIn = status === "signed-in";
  return (
    <header className="app-header">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <div className="app-header-inner">
        <div className="header-left">
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
