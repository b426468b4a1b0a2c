// GET /api/events/:eventId/props: one game's players' markets for the game page (pre-match
// only; the Worker answers none once the game starts). Not cached on the device: the price
// desk already fetches them at most once per game per refresh for everyone. The schema loads
// beside the request, as the board's do (see api-client).
import type { ApiClient } from "../../../lib/api-client";
import type { EventProps } from "../../../shared/schemas/props";
import type { SportKey } from "../../../shared/sports";

export function getEventProps(api: ApiClient, eventId: string, sport: SportKey): Promise<EventProps> {
  return api.get(
    `/events/${encodeURIComponent(eventId)}/props`,
    async () => (await import("../../../shared/schemas/props")).EventPropsSchema,
    {
      sport,
    },
  );
}
