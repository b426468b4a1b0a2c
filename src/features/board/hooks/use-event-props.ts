// One game's players' markets for its page, loaded once when the page shows a game that has
// not started (with the retry the error state offers).
import { useCallback } from "react";
import { useLoad } from "../../../lib/use-load";
import { useApi } from "../../../session/auth-provider";
import type { SportKey } from "../../../shared/sports";
import { getEventProps } from "../api/get-props";

export function useEventProps(eventId: string, sport: SportKey) {
  const api = useApi();
  const load = useCallback(() => getEventProps(api, eventId, sport), [api, eventId, sport]);
  const [state, retry] = useLoad(load);
  return { state, retry };
}
