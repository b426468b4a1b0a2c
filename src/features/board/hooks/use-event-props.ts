// One game's players' markets for its page: loaded when the page shows a game that has not
// started (with the retry the error state offers), then read again at the board's live
// cadence while they are shown in a visible tab (use-live-poll.ts), so the page's prices and
// the slip's picks of them keep up. A read again replaces the props in place, never through
// 'Loading'; one that fails leaves them shown and the next one tries again.
import { useCallback } from "react";
import { useLoad } from "../../../lib/use-load";
import { useApi } from "../../../session/auth-provider";
import type { SportKey } from "../../../shared/sports";
import { getEventProps } from "../api/get-props";
import { type LivePoll, useLivePoll } from "./use-live-poll";

/** `refreshSeconds`: the live cadence from GET /api/sports; null (not known yet) reads nothing again. */
export function useEventProps(eventId: string, sport: SportKey, refreshSeconds: number | null) {
  const api = useApi();
  const load = useCallback(() => getEventProps(api, eventId, sport), [api, eventId, sport]);
  const [state, retry, replace] = useLoad(load);
  const poll = useCallback<LivePoll>((current) => load().then((props) => current() && replace(props)), [load, replace]);
  useLivePoll(state.status === "ready" ? poll : null, refreshSeconds);
  return { state, retry };
}
