// Which games a new odds answer shows started since the desk's previous board: for each,
// the previous board is the last fair snapshot before the scheduled start, and it is the
// game's close when it is at most CLOSE_MAX_AGE_MS old at the start (src/shared/clv.ts).
// Pure; the desk hands what it finds to its close recorder (worker/clv/closes-store.ts).
import { closesOfEvent, isCloseSnapshot } from "../../../src/shared/clv";
import type { CapturedClose } from "../../clv/closes-store";
import type { FeedEvent } from "../feed-provider";
import type { DeskBoard } from "./desk-board";

/**
 * The closes of games that had not started by the previous board's snapshot and have by
 * `feedNow` (a start the new answer moves counts at its new time). Games without any fair
 * figure or score model have nothing to close.
 */
export function closesAtStart(previous: DeskBoard | null, events: readonly FeedEvent[], feedNow: number): CapturedClose[] {
  if (!previous) return [];
  const snapshotAt = previous.fetchedAt + previous.feedOffsetMs;
  const latest = new Map(events.map((e) => [e.eventId, e]));
  const found: CapturedClose[] = [];
  for (const event of previous.events) {
    if (event.status !== "scheduled" || (!event.fair && !event.sameGame)) continue;
    const start = Date.parse((latest.get(event.eventId) ?? event).startTime);
    if (!(snapshotAt < start && start <= feedNow) || !isCloseSnapshot(snapshotAt, start)) continue;
    const closes = closesOfEvent(event);
    if (closes.sides.length > 0 || closes.model) found.push({ ...closes, snapshotAt });
  }
  return found;
}
