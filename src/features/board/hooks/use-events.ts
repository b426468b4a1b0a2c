// Loads a sport's board once per selection (cached 10 minutes in the session), then keeps
// it current while games are under way: every LIVE_REFRESH_SECONDS (from GET /api/sports)
// the board is asked again past the session cache, as long as it shows a game under
// way and the tab is visible (use-live-poll.ts; the game page's player props poll alike).
// Polling, not a push over the live socket: the Worker refreshes each sport's board
// once per interval for everyone, so a poll is one cheap cached read per watcher, with
// no per-player fan-out of every price change through the wallet objects. Upcoming-only
// boards are not polled. Switching sports shows 'Loading live odds…' until the answer
// lands, and a failure leaves an empty list with the error; a failed poll keeps the
// board shown and the next one tries again. The betslip follows the prices of the board
// shown (its picks on these games, as the price buttons would add them now).
import { useCallback, useEffect, useRef, useState } from "react";
import { useApi } from "../../../session/auth-provider";
import { useBetslip, type BoardOffer } from "../../../session/betslip-provider";
import { isUnderway } from "../../../shared/live-rules";
import type { Event } from "../../../shared/schemas/events";
import type { SportKey } from "../../../shared/sports";
import { getEvents, readCachedEvents } from "../api/get-events";
import { currentBoardPick } from "../components/event-card";
import { type LivePoll, useLivePoll } from "./use-live-poll";

export type EventsState =
  | { status: "loading"; events: [] }
  | { status: "ready"; events: Event[] }
  | { status: "error"; events: []; message: string };

export type LivePolling = {
  /** The live cadence; null (not known yet) polls nothing. */
  refreshSeconds: number | null;
  /** The feed's clock minus the browser's. */
  skewMs: number;
};

const NO_POLLING: LivePolling = { refreshSeconds: null, skewMs: 0 };

/** A slip's pick as this board offers it now: what its price button would add, or null while locked. */
const boardOffer: BoardOffer = (event, pick) => currentBoardPick(event, pick.market, pick.side);

export function useEvents(sport: SportKey | null, live: LivePolling = NO_POLLING): EventsState {
  const api = useApi();
  const [state, setState] = useState<{ sport: SportKey | null; value: EventsState }>(() => {
    const cached = sport ? readCachedEvents(sport, Date.now()) : null;
    return { sport, value: cached ? { status: "ready", events: cached } : { status: "loading", events: [] } };
  });
  const shown = useRef(state);
  useEffect(() => {
    shown.current = state;
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

  const { refreshSeconds, skewMs } = live;
  const poll = useCallback<LivePoll>(
    (current) => {
      const shownNow = shown.current;
      if (!sport || shownNow.sport !== sport || shownNow.value.status !== "ready") return null;
      if (!shownNow.value.events.some((e) => e.status !== "final" && isUnderway(e, Date.now() + skewMs))) return null;
      return getEvents(api, sport, Date.now(), true).then((events) => current() && setState({ sport, value: { status: "ready", events } }));
    },
    [api, sport, skewMs],
  );
  useLivePoll(sport ? poll : null, refreshSeconds);

  // Each board answer, and each change of the slip (a pick added, a 409's prices), the slip follows the board.
  const { picks, followBoard } = useBetslip();
  const shownEvents = state.sport === sport && state.value.status === "ready" ? state.value.events : null;
  useEffect(() => {
    if (shownEvents && picks.length > 0) followBoard(shownEvents, boardOffer);
  }, [shownEvents, picks, followBoard]);

  // No sport the feed carries (every one 'Coming soon'): nothing is loading, the list is empty.
  if (!sport) return { status: "ready", events: [] };
  return state.sport === sport ? state.value : { status: "loading", events: [] };
}
