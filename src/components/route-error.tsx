// The router's error element: logs what broke inside a route and shows the error screen.
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { ErrorScreen } from "./error-screen";

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error("route error", error);
  }, [error]);
  return <ErrorScreen />;
}
