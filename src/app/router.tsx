// Every route of spec §2. '/' and the legal pages are public; /picks, /settings,
// /shop, /redeem and /account sit behind the protected-route guard. `routes` is
// exported so tests can mount it in a memory router.
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "../components/route-error";
import { AccountPage } from "../features/account/components/account-page";
import { DisclaimerPage } from "../features/legal/components/disclaimer-page";
import { PrivacyPage } from "../features/legal/components/privacy-page";
import { TermsPage } from "../features/legal/components/terms-page";
import { MyPicksPage } from "../features/picks/components/my-picks-page";
import { RedeemPage } from "../features/redeem/components/redeem-page";
import { SettingsPage } from "../features/settings/components/settings-page";
import { ShopPage } from "../features/shop/components/shop-page";
import { SocialPage } from "../features/social/components/social-page";
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
          { path: "terms", element: <TermsPage /> },
          { path: "privacy", element: <PrivacyPage /> },
          { path: "disclaimer", element: <DisclaimerPage /> },
          { path: "social", element: <SocialPage /> },
          {
            element: <ProtectedRoute />,
            children: [
              { path: "picks", element: <MyPicksPage /> },
              { path: "settings", element: <SettingsPage /> },
              { path: "shop", element: <ShopPage /> },
              { path: "redeem", element: <RedeemPage /> },
              { path: "account", element: <AccountPage /> },
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
