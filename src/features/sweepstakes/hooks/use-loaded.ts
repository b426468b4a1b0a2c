// Loads one answer for a sweepstakes page: loading, ready or an error message with a
// retry. `load` is memoised by the caller; a newer load replaces one still in flight.
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-client";

export type Loaded<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "error"; message: string };

export function useLoaded<T>(load: (() => Promise<T>) | null): [Loaded<T>, () => void, (data: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const newest = useRef(0);
  const run = useCallback(() => {
    const id = ++newest.current;
    setState({ status: "loading" });
    load?.().then(
      (data) => id === newest.current && setState({ status: "ready", data }),
      (err: unknown) =>
        id === newest.current && setState({ status: "error", message: errorMessage(err, "Could not load this right now.") }),
    );
  }, [load]);
  useEffect(() => {
    run();
    return () => {
      newest.current += 1;
    };
  }, [run]);
  const replace = useCallback((data: T) => setState({ status: "ready", data }), []);
  return [state, run, replace];
}
