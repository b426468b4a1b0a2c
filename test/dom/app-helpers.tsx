// Shared by the app DOM tests: the real provider stack around a memory router holding
// the app's real routes, plus the fake /api.
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { AppProviders } from "../../src/app/providers";
import { routes } from "../../src/app/router";

export * from "./app-fake-api";

export type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

export function renderApp(initial: InitialEntry, appRoutes: RouteObject[] = routes) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [initial] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
