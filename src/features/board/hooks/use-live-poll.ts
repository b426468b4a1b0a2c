// Reads a page's prices again at the live cadence (LIVE_REFRESH_SECONDS, from GET
// /api/sports), the one way the board (use-events.ts) and the game page's player props
// (use-event-props.ts) keep current: only while the tab is visible (a hidden tab catches up
// the moment it is shown again), never a second read while one is in flight, and a failed
// read leaves what is shown for the next one to try again. `poll` says whether there is
// anything to read now (null when not) and is handed `current`, false once the poll was
// replaced or the page left, so a late answer is dropped.
import { useEffect } from "react";

/** One read, or null when there is nothing to read now; `current()` says whether its answer is still wanted. */
export type LivePoll = (current: () => boolean) => Promise<unknown> | null;

export function useLivePoll(poll: LivePoll | null, refreshSeconds: number | null): void {
  useEffect(() => {
    if (!poll || !refreshSeconds) return;
    let cancelled = false;
    let inFlight = false;
    const current = () => !cancelled;
    const read = () => {
      if (inFlight || document.visibilityState === "hidden") return;
      const answer = poll(current);
      if (!answer) return;
      inFlight = true;
      answer
        .catch(() => undefined) // what is shown stays; the next read tries again
        .finally(() => (inFlight = false));
    };
    const timer = setInterval(read, refreshSeconds * 1000);
    const onVisible = () => document.visibilityState === "visible" && read();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [poll, refreshSeconds]);
}
