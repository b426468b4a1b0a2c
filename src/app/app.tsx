// The application root: an error boundary around the providers around the router.
import { useState } from "react";
import { RouterProvider } from "react-router";
import { ErrorBoundary } from "../components/error-screen";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
