// Every route of spec §2. '/', the legal pages, /pricing, /sweepstakes-rules, /winners, /social,
// public profiles (/u/:handle) and shared picks (/p/:shareId) are public; a game's page
// (/game/:eventId) is guarded as the board is (the sign-in screen in place); /picks, /settings,
// /shop, /redeem, /account and /free-entry sit behind the protected-route guard. `routes` is
// exported so tests can mount it in a memory router. Pages few players open on a
// given visit load on demand, keeping the initial bundle to the shell and the board.
// Each route's `handle.title` names it in the browser tab ("My Picks · Vantage"); public
// pages also carry a `handle.description` for search results and link previews.
// A page made of several features is composed by its route component in ./routes/
// (features never import one another); a single feature's page is loaded directly.
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "../components/route-error";
import { AppLayout } from "./layout/app-layout";
import type { RouteHandle } from "./layout/document-title";
import { HomeRoute } from "./routes/home-route";
import { NotFoundPage } from "../components/not-found-page";
import { ProtectedRoute } from "./routes/protected-route";

const titled = (title: string, description?: string): RouteHandle => ({ title, description });

export const PROTECTED_PATHS = ["/picks", "/settings", "/shop", "/redeem", "/account", "/free-entry"] as const;

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
            handle: titled("Terms of Use", "The terms of use of Vantage, an entertainment-only sportsbook played with virtual currency."),
            lazy: async () => ({ Component: (await import("../features/legal/components/terms-page")).TermsPage }),
          },
          {
            path: "privacy",
            handle: titled("Privacy Policy", "What Vantage stores about you, why, and how to take it away or delete it."),
            lazy: async () => ({ Component: (await import("../features/legal/components/privacy-page")).PrivacyPage }),
          },
          {
            path: "disclaimer",
            handle: titled(
              "Disclaimer",
              "Vantage is entertainment only: play money and sweepstakes Vantage Cash, never real-money wagering.",
            ),
            lazy: async () => ({ Component: (await import("../features/legal/components/disclaimer-page")).DisclaimerPage }),
          },
          {
            path: "responsible-play",
            handle: titled("Responsible play", "Limits, breaks and help: the tools Vantage gives you to keep play fun."),
            lazy: async () => ({
              Component: (await import("../features/protection/components/responsible-play-page")).ResponsiblePlayPage,
            }),
          },
          {
            path: "sweepstakes-rules",
            handle: titled("Official Sweepstakes Rules"),
            lazy: async () => ({
              Component: (await import("../features/sweepstakes/components/sweepstakes-rules-page")).SweepstakesRulesPage,
            }),
          },
          {
            path: "winners",
            handle: titled("Winners"),
            lazy: async () => ({ Component: (await import("../features/sweepstakes/components/winners-page")).WinnersPage }),
          },
          {
            path: "where-cash-is-offered",
            handle: titled("Where Vantage Cash is offered"),
            lazy: async () => ({ Component: (await import("../features/sweepstakes/components/region-rules-page")).RegionRulesPage }),
          },
          {
            path: "verify",
            handle: titled(
              "Verify a receipt",
              "Check a Vantage receipt's signature and its place in the day's published record, in your browser.",
            ),
            lazy: async () => ({ Component: (await import("../features/receipts/components/verify-page")).VerifyPage }),
          },
          {
            path: "pricing",
            handle: titled("How we price"),
            lazy: async () => ({ Component: (await import("../features/pricing/components/pricing-page")).PricingPage }),
          },
          {
            path: "social",
            handle: titled("Social", "Leaderboards and picks from Vantage players who chose to share them."),
            lazy: async () => ({ Component: (await import("../features/social/components/social-page")).SocialPage }),
          },
          {
            path: "u/:handle",
            handle: titled("Profile", "A Vantage player's public picks and results."),
            lazy: async () => ({ Component: (await import("../features/social/components/profile-page")).ProfilePage }),
          },
          {
            path: "p/:shareId",
            handle: titled("Shared pick", "A pick shared from Vantage: its legs, odds, stake and result."),
            lazy: async () => ({ Component: (await import("./routes/shared-pick-route")).SharedPickRoute }),
          },
          {
            path: "game/:eventId",
            handle: titled("Game"),
            lazy: async () => ({ Component: (await import("./routes/game-route")).GameRoute }),
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
                lazy: async () => ({ Component: (await import("./routes/settings-route")).SettingsRoute }),
              },
              {
                path: "shop",
                handle: titled("Coin Shop"),
                lazy: async () => ({ Component: (await import("../features/shop/components/shop-page")).ShopPage }),
              },
              {
                path: "redeem",
                handle: titled("Redeem Vantage Cash"),
                lazy: async () => ({ Component: (await import("./routes/redeem-route")).RedeemRoute }),
              },
              {
                path: "statement",
                handle: titled("My statement"),
                lazy: async () => ({ Component: (await import("../features/protection/components/statement-page")).StatementPage }),
              },
              {
                path: "free-entry",
                handle: titled("Free entry"),
                lazy: async () => ({ Component: (await import("../features/sweepstakes/components/free-entry-page")).FreeEntryPage }),
              },
              {
                path: "account",
                handle: titled("Account"),
                lazy: async () => ({ Component: (await import("./routes/account-route")).AccountRoute }),
              },
            ],
          },
          // The operator console: its own chunk; no title of its own, so to
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
