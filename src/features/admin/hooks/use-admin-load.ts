// Loads one console view and keeps its loading / error / ready state, with a reload for
// after an action. `load` is the caller's memoised call (useCallback names what it reads),
// so a new one loads again. A 404 `not-found` from a view's route means the caller is not
// an operator (the console then shows the not-found page); any other failure is an error
// state with a retry.
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";

export type LoadState<T> =
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "error"; data: T | null; message: string }
  | { status: "not-found"; data: null };

/** Set by the console page: called when the API says the caller is not an operator. */
export const AdminDeniedContext = createContext<() => void>(() => undefined);

/** How the console API answers anyone who is not an operator: as a route that does not exist. */
export function isNotAnOperator(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && err.code === "not-found";
}

/**
 * `missingMeansDenied: false` is for a route that also answers 404 `not-found` for a
 * missing thing (a player): there a 404 is an error like any other, shown with its message.
 */
export function useAdminLoad<T>(
  load: () => Promise<T>,
  { missingMeansDenied = true }: { missingMeansDenied?: boolean } = {},
): LoadState<T> & { reload(): void } {
  const [state, setState] = useState<LoadState<T>>({ status: "loading", data: null });
  const denied = useContext(AdminDeniedContext);
  // Numbers each load; an answer counts only while its load is the newest.
  const newest = useRef(0);
  const run = useCallback(() => {
    const id = ++newest.current;
    setState((prev) => ({ status: "loading", data: prev.data }));
    load().then(
      (data) => id === newest.current && setState({ status: "ready", data }),
      (err: unknown) => {
        if (id !== newest.current) return;
        if (missingMeansDenied && isNotAnOperator(err)) {
          setState({ status: "not-found", data: null });
          denied();
        } else
          setState((prev) => ({ status: "error", data: prev.data, message: errorMessage(err, "Could not load this view. Try again.") }));
      },
    );
  }, [load, missingMeansDenied, denied]);
  useEffect(() => {
    run();
    return () => {
      newest.current += 1;
    };
  }, [run]);
  return { ...state, reload: run };
}
