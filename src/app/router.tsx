// Every route of spec §2. '/', the legal pages, /pricing, /social, public profiles (/u/:handle)
// and shared picks (/p/:shareId) are public; /picks, /settings,
// /shop, /redeem and /account sit behind the protected-route guard. `routes` is
// exported so tests can mount it in a memory router. Pages few players open on a
// given visit load on demand, keeping the initial bundle to the shell and the board.
// Each route's `handle.title` names it in the browser tab ("My Picks · Vantage").
// A page made of several features is composed by its route component in ./routes/
// (features never import one another); a single feature's page is loaded directly.
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "../components/route-error";
import { AppLayout } from "./layout/app-layout";
import type { RouteHandle } from "./layout/document-title";
import { HomeRoute } from "./routes/home-route";
import { NotFoundPage } from "../components/not-found-page";
import { ProtectedRoute } from "./routes/protected-route";

const titled = (title: string): RouteHandle => ({ title });

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
          {
            path: "terms",
            handle: titled("Terms of Use"),
            lazy: async () => ({ Component: (await import("../features/legal/components/terms-page")).TermsPage }),
          },
          {
            path: "privacy",
            handle: titled("Privacy Policy"),
            lazy: async () => ({ Component: (await import("../features/legal/components/privacy-page")).PrivacyPage }),
          },
          {
            path: "disclaimer",
            handle: titled("Disclaimer"),
            lazy: async () => ({ Component: (await import("../features/legal/components/disclaimer-page")).DisclaimerPage }),
          },
          {
            path: "responsible-play",
            handle: titled("Responsible play"),
            lazy: async () => ({
              Component: (await import("../features/protection/components/responsible-play-page")).ResponsiblePlayPage,
            }),
          },
          {
            path: "pricing",
            handle: titled("How we price"),
            lazy: async () => ({ Component: (await import("../features/pricing/components/pricing-page")).PricingPage }),
          },
          {
            path: "social",
            handle: titled("Social"),
            lazy: async () => ({ Component: (await import("../features/social/components/social-page")).SocialPage }),
          },
          {
            path: "u/:handle",
            handle: titled("Profile"),
            lazy: async () => ({ Component: (await import("../features/social/components/profile-page")).ProfilePage }),
          },
          {
            path: "p/:shareId",
            handle: titled("Shared pick"),
            lazy: async () => ({ Component: (await import("./routes/shared-pick-route")).SharedPickRoute }),
          },
          {
            element: <ProtectedRoute />,
            children: [
              {
                path: "picks",
                handle: titled("My Picks"),
                lazy: async () => ({ Component: (await import("./routes/my-picks-route")).MyPicksRoute }),
              },
              {
                path: "settings",
                handle: titled("Settings"),
                lazy: async () => ({ Component: (await import("../features/settings/components/settings-page")).SettingsPage }),
              },
              {
                path: "shop",
                handle: titled("Coin Shop"),
                lazy: async () => ({ Component: (await import("../features/shop/components/shop-page")).ShopPage }),
              },
              {
                path: "redeem",
                handle: titled("Redeem Vantage Cash"),
                lazy: async () => ({ Component: (await import("../features/redeem/components/redeem-page")).RedeemPage }),
              },
              {
                path: "account",
                handle: titled("Account"),
                lazy: async () => ({ Component: (await import("./routes/account-route")).AccountRoute }),
              },
            ],
          },
          // The operator console (issue 15): its own chunk; no title of its own, so to
          // anyone but an operator it is the not-found page in every respect.
          {
            path: "admin",
            lazy: async () => ({ Component: (await import("../features/admin/components/admin-console-page")).AdminConsolePage }),
          },
          { path: "*", handle: titled("Page not found"), element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
