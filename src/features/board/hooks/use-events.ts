// Loads a sport's board once per selection (cached 10 minutes in the session); no
// polling. Switching sports shows 'Loading live odds…' until the answer lands, and a
// failure leaves an empty list with the error.
import { useEffect, useState } from "react";
import { useApi } from "../../auth/auth-provider";
import type { Event } from "../../../shared/schemas/events";
import type { SportKey } from "../../../shared/sports";
import { getEvents, readCachedEvents } from "../api/get-events";

export type EventsState =
  | { status: "loading"; events: [] }
  | { status: "ready"; events: Event[] }
  | { status: "error"; events: []; message: string };

export function useEvents(sport: SportKey | null): EventsState {
  const api = useApi();
  const [state, setState] = useState<{ sport: SportKey | null; value: EventsState }>(() => {
    const cached = sport ? readCachedEvents(sport, Date.now()) : null;
    return { sport, value: cached ? { status: "ready", events: cached } : { status: "loading", events: [] } };
  });

  useEffect(() => {
    if (!sport) return;
    let cancelled = false;
    const cached = readCachedEvents(sport, Date.now());
    if (cached) {
      setState({ sport, value: { status: "ready", events: cached } });
      return;
    }
    setState({ sport, value: { status: "loading", events: [] } });
    getEvents(api, sport, Date.now()).then(
      (events) => !cancelled && setState({ sport, value: { status: "ready", events } }),
      (err: unknown) => {
        if (cancelled) return;
        console.error(err);
        setState({ sport, value: { status: "error", events: [], message: err instanceof Error ? err.message : "events 0" } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, sport]);

  // No sport the feed carries (every one 'Coming soon'): nothing is loading, the list is empty.
  if (!sport) return { status: "ready", events: [] };
  return state.sport === sport ? state.value : { status: "loading", events: [] };
}
