// Which games a new odds answer shows started since the desk's previous board, and their
// closes: the previous board is the last fair snapshot before the scheduled start, and it
// is the game's close when it is at most CLOSE_MAX_AGE_MS old at the start; the desk's
// last props answer of the game is its players' markets' close under the same rule
// (src/shared/clv.ts). Pure; the desk hands what it finds to its close recorder
// (worker/clv/closes-store.ts).
import { closesOfEvent, isCloseSnapshot, type PropClose, propClosesOf } from "../../../src/shared/clv";
import type { CapturedClose } from "../../clv/closes-store";
import type { FeedEvent } from "../feed-provider";
import type { DeskBoard } from "./desk-board";
import { isPropsCloseSnapshot, type PropsState } from "./props-desk";

type Started = { event: FeedEvent; startAt: number };

/** Games that had not started by the previous board's snapshot and have by `feedNow` (a start the new answer moves counts at its new time). */
function startedSince(previous: DeskBoard, events: readonly FeedEvent[], feedNow: number): Started[] {
  const snapshotAt = previous.fetchedAt + previous.feedOffsetMs;
  const latest = new Map(events.map((e) => [e.eventId, e]));
  return previous.events.flatMap((event) => {
    if (event.status !== "scheduled") return [];
    const startAt = Date.parse((latest.get(event.eventId) ?? event).startTime);
    return snapshotAt < startAt && startAt <= feedNow ? [{ event, startAt }] : [];
  });
}

/** The ids of the games whose closes `closesAtStart` would look for (the desk loads their props first). */
export function gamesStartedSince(previous: DeskBoard | null, events: readonly FeedEvent[], feedNow: number): string[] {
  return previous ? startedSince(previous, events, feedNow).map((s) => s.event.eventId) : [];
}

/** A game's props close: the desk's last props answer, when it can be the close (props-desk.ts `isPropsCloseSnapshot`). */
export function propsCloseOf(
  state: PropsState | undefined,
  startAt: number,
  feedOffsetMs: number,
): { snapshotAt: number; props: PropClose[] } | null {
  if (!state || !isPropsCloseSnapshot(state, startAt, feedOffsetMs)) return null;
  const props = propClosesOf(state.props);
  return props.length > 0 ? { snapshotAt: state.fetchedAt + feedOffsetMs, props } : null;
}

/**
 * The closes of games that started since the previous board: the board's sides and score
 * model where that board is a close, and the players' markets where `propsOf` has a props
 * answer that is one. Games with neither have nothing to close.
 */
export function closesAtStart(
  previous: DeskBoard | null,
  events: readonly FeedEvent[],
  feedNow: number,
  propsOf: (eventId: string) => PropsState | undefined = () => undefined,
): CapturedClose[] {
  if (!previous) return [];
  const snapshotAt = previous.fetchedAt + previous.feedOffsetMs;
  const found: CapturedClose[] = [];
  for (const { event, startAt } of startedSince(previous, events, feedNow)) {
    const board = isCloseSnapshot(snapshotAt, startAt) ? closesOfEvent(event) : { eventId: event.eventId, sides: [] };
    const props = propsCloseOf(propsOf(event.eventId), startAt, previous.feedOffsetMs);
    if (board.sides.length === 0 && !board.model && !props) continue;
    found.push({ ...board, snapshotAt, ...(props && { props: props.props, propsSnapshotAt: props.snapshotAt }) });
  }
  return found;
}
