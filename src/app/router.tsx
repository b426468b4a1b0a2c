// Every route of spec §2. '/' and the legal pages are public; /picks, /settings,
// /shop, /redeem and /account sit behind the protected-route guard. `routes` is
// exported so tests can mount it in a memory router. Pages few players open on a
// given visit (legal, social, account) load on demand to keep the initial bundle small.
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "../components/route-error";
import { MyPicksPage } from "../features/picks/components/my-picks-page";
import { RedeemPage } from "../features/redeem/components/redeem-page";
import { SettingsPage } from "../features/settings/components/settings-page";
import { ShopPage } from "../features/shop/components/shop-page";
import { AppLayout } from "./layout/app-layout";
import { HomeRoute } from "./routes/home-route";
import { NotFoundPage } from "./routes/not-found-page";
import { ProtectedRoute } from "./routes/protected-route";

export const PROTECTED_PATHS = ["/picks", "/settings", "/shop", "/redeem", "/account"] as const;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
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
          {
            element: <ProtectedRoute />,
            children: [
              { path: "picks", element: <MyPicksPage /> },
              { path: "settings", element: <SettingsPage /> },
              { path: "shop", element: <ShopPage /> },
              { path: "redeem", element: <RedeemPage /> },
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
