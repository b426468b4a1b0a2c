// What players may bet on at a given moment, from the desk's board: pre-game games as the
// feed priced them; games under way with every price 'Locked' while the quota guard is
// up or our own copy is older than a live bet could be accepted at; otherwise each live
// market offered only while the live rules (src/shared/live-rules.ts) allow it. A market
// they refuse is named with its reason in `suspended`, and suspends the game: every price
// of it shows 'Locked' (gameSuspension, the rule the card applies). Games that are over leave
// the board; placement keeps them, closed, so a slip on one is told why. Pure: the
// reader applies it to a board at each request's `now`, placement at the moment it
// judges the slip.
import { gameSuspension, isUnderway, liveSuspension, MARKET_KEYS, type CloseAfterMinutes } from "../../../src/shared/live-rules";
import type { Event } from "../../../src/shared/schemas/events";
import { bookUpdatedAt, type FeedEvent } from "../feed-provider";
import type { DeskBoard } from "./desk-board";

export type ViewRules = {
  /** LIVE_PRICE_MAX_AGE_SECONDS in ms. */
  maxAgeMs: number;
  closeAfter: Readonly<CloseAfterMinutes>;
};

export type ViewClock = { now: number; feedNow: number };

/** Every price of the event locked (lines kept); `suspended` names why, when there is a reason to give. */
export function lockedEvent(event: Event, reasons: NonNullable<Event["suspended"]> = {}): Event {
  const { moneyline, spread, total } = event.markets;
  const markets: Event["markets"] = {
    ...(moneyline && { moneyline: { home: null, away: null, ...(moneyline.draw !== undefined && { draw: null }) } }),
    ...(spread && { spread: { ...spread, home: null, away: null } }),
    ...(total && { total: { ...total, over: null, under: null } }),
  };
  return { ...event, markets, ...(Object.keys(reasons).length > 0 && { suspended: reasons }) };
}

/** The wire Event of a feed event (the book's clock stays with the desk). */
function publicEvent(event: FeedEvent): Event {
  const { book: _book, ...rest } = event;
  return rest;
}

/**
 * The board at `clock`: see the module comment. `placement` keeps games that are over
 * (closed, reason "over") instead of dropping them.
 */
export function boardView(
  board: DeskBoard,
  clock: ViewClock,
  rules: ViewRules,
  options: { placement?: boolean; only?: ReadonlySet<string> } = {},
): Event[] {
  const out: Event[] = [];
  for (const feedEvent of board.events) {
    if (options.only && !options.only.has(feedEvent.eventId)) continue;
    const facts = board.games[feedEvent.eventId];
    const over = feedEvent.status === "final" || (facts?.over ?? false);
    if (over && !options.placement) continue;
    const event = publicEvent(feedEvent);
    const live = over || (facts?.closed ?? false) || isUnderway(event, clock.feedNow);
    if (!live) {
      out.push(event);
      continue;
    }
    const fetchedAt = event.confirmedAt ?? board.fetchedAt;
    if (!over && (board.liveLocked || clock.now - fetchedAt > rules.maxAgeMs)) {
      // The feed, not the book, is behind: nothing live is offered until it answers again.
      out.push(lockedEvent(event));
      continue;
    }
    const reasons: NonNullable<Event["suspended"]> = {};
    for (const market of MARKET_KEYS) {
      if (!event.markets[market]) continue;
      const reason = liveSuspension(
        {
          now: clock.now,
          feedNow: clock.feedNow,
          sport: event.sport,
          startTime: event.startTime,
          fetchedAt,
          bookUpdatedAt: bookUpdatedAt(feedEvent, market),
          over,
          closed: facts?.closed ?? false,
          scoreChangedAt: facts?.scoreChangedAt ?? null,
          // Scores read that do not list a game under way say nothing of it; a board that
          // has read none yet is judged again on fresh scores at placement (freshScores).
          scoreSeen: facts !== undefined || board.scoresAt === null,
        },
        rules,
      );
      if (reason) reasons[market] = reason;
    }
    out.push(gameSuspension({ suspended: reasons }) ? lockedEvent(event, reasons) : event);
  }
  return out;
}
