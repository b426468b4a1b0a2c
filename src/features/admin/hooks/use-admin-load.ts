// Loads one console view and keeps its loading / error / ready state, with a reload for
// after an action. A 404 means the caller is not an operator (the console then shows the
// not-found page); any other failure is an error state with a retry.
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";

export type LoadState<T> =
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "error"; data: T | null; message: string }
  | { status: "not-found"; data: null };

/** Set by the console page: called when the API says the caller is not an operator. */
export const AdminDeniedContext = createContext<() => void>(() => undefined);

export function useAdminLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): LoadState<T> & { reload(): void } {
  const [state, setState] = useState<LoadState<T>>({ status: "loading", data: null });
  const [tick, setTick] = useState(0);
  const denied = useContext(AdminDeniedContext);
  const deniedRef = useRef(denied);
  deniedRef.current = denied;
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setState((prev) => ({ status: "loading", data: prev.data }));
    loadRef.current().then(
      (data) => live && setState({ status: "ready", data }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404 && err.code === "not-found" && err.message === "No such API route.") {
          setState({ status: "not-found", data: null });
          deniedRef.current();
        } else
          setState((prev) => ({ status: "error", data: prev.data, message: errorMessage(err, "Could not load this view. Try again.") }));
      },
    );
    return () => {
      live = false;
    };
  }, [tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
