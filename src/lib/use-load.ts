// Loads one answer for a page: loading, ready, or an error message (and whether it was a
// 404) with a retry; a newer load replaces an older one still in flight. `load` is the
// caller's memoised call (useCallback / useMemo name what it reads), so a new one loads
// again; null means "not yet" (the page waits for the sign-in to settle) and stays
// loading. `replace` puts an answer the page already has (e.g. from a POST) in place.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "./api-client";

export type Load<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "error"; message: string; notFound: boolean };

export function useLoad<T>(load: (() => Promise<T>) | null): [Load<T>, () => void, (data: T) => void] {
  const [state, setState] = useState<Load<T>>({ status: "loading" });
  // Numbers each load; an answer counts only while its load is the newest.
  const newest = useRef(0);
  const run = useCallback(() => {
    const id = ++newest.current;
    setState({ status: "loading" });
    load?.().then(
      (data) => id === newest.current && setState({ status: "ready", data }),
      (err: unknown) =>
        id === newest.current &&
        setState({
          status: "error",
          message: errorMessage(err, "Could not load this right now."),
          notFound: err instanceof ApiError && err.status === 404,
        }),
    );
  }, [load]);
  useEffect(() => {
    run();
    return () => {
      newest.current += 1;
    };
  }, [run]);
  const replace = useCallback((data: T) => {
    newest.current += 1;
    setState({ status: "ready", data });
  }, []);
  return [state, run, replace];
}
