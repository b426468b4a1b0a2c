// Where a game's own page is: /game/:eventId, with its sport, so the page asks for that
// sport's board alone (a link without it still works: the page looks through each sport).
import type { Event } from "../../shared/schemas/events";

export function gamePath(event: Pick<Event, "eventId" | "sport">): string {
  return `/game/${encodeURIComponent(event.eventId)}?sport=${event.sport}`;
}
