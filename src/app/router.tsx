// Every route of spec §2. '/', the legal pages, /social, public profiles (/u/:handle)
// and shared picks (/p/:shareId) are public; /picks, /settings,
// /shop, /redeem and /account sit behind the protected-route guard. `routes` is
// exported so tests can mount it in a memory router. Pages few players open on a
// given visit load on demand, keeping the initial bundle to the shell and the board.
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "../components/route-error";
import { AppLayout } from "./layout/app-layout";
import { HomeRoute } from "./routes/home-route";
import { NotFoundPage } from "./routes/not-found-page";
import { ProtectedRoute } from "./routes/protected-route";

export const PROTECTED_PATHS = ["/picks", "/settings", "/shop", "/redeem", "/account"] as const;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's on-demand chunk loads (e.g. a reload on /picks).
    hydrateFallbackElement: (
      <p className="auth-status" role="status">
        Loading...
      </p>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: "terms", lazy: async () => ({ Component: (await import("../features/legal/components/terms-page")).TermsPage }) },
          { path: "privacy", lazy: async () => ({ Component: (await import("../features/legal/components/privacy-page")).PrivacyPage }) },
          {
            path: "disclaimer",
            lazy: async () => ({ Component: (await import("../features/legal/components/disclaimer-page")).DisclaimerPage }),
          },
          { path: "social", lazy: async () => ({ Component: (await import("../features/social/components/social-page")).SocialPage }) },
          { path: "u/:handle", lazy: async () => ({ Component: (await import("../features/social/components/profile-page")).ProfilePage }) },
          { path: "p/:shareId", lazy: async () => ({ Component: (await import("../features/social/components/shared-pick-page")).SharedPickPage }) },
          {
            element: <ProtectedRoute />,
            children: [
              { path: "picks", lazy: async () => ({ Component: (await import("../features/picks/components/my-picks-page")).MyPicksPage }) },
              { path: "settings", lazy: async () => ({ Component: (await import("../features/settings/components/settings-page")).SettingsPage }) },
              { path: "shop", lazy: async () => ({ Component: (await import("../features/shop/components/shop-page")).ShopPage }) },
              { path: "redeem", lazy: async () => ({ Component: (await import("../features/redeem/components/redeem-page")).RedeemPage }) },
              { path: "account", lazy: async () => ({ Component: (await import("../features/account/components/account-page")).AccountPage }) },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
