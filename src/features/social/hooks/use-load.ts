// Loads data for a social page with loading / ready / error states and a retry; a
// newer load replaces an older one still in flight.
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";

export type Load<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "error"; message: string; notFound: boolean };

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    load().then(
      (data) => live && setState({ status: "ready", data }),
      (err: unknown) =>
        live &&
        setState({
          status: "error",
          message: errorMessage(err, "Could not load this right now."),
          notFound: err instanceof ApiError && err.status === 404,
        }),
    );
    return () => {
      live = false;
    };
    // `deps` name everything `load` reads; `load` itself is a new closure on every render.
  }, [...deps, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
