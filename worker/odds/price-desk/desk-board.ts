// A sport's board as its price desk keeps it and readers get it from KV: the events the
// feed last answered (with their book's clock), when we fetched them, and what the desk
// has learned from the scores of each game under way: its last score, when that score
// changed, and whether the game is over or was ever seen past its close window. Pure
// functions that merge a new odds answer or a new scores answer into it; the desk
// (sport-desk.ts) calls them and keeps the result, the board view (board-view.ts) turns
// it into what a player may bet on at a given moment. Every game under way is checked again
// at the score merged in (src/shared/sure-profit-lock.ts): a higher score leaves fewer
// finals, so a set of its sides can be sure at it that was not before.
import { isUnderway, liveClosesAt, type CloseAfterMinutes } from "../../../src/shared/live-rules";
import { hasBegun, ODDS_CACHE_MS, START_SOON_MS } from "../../../src/shared/odds";
import { lockSureProfitSets } from "../../../src/shared/sure-profit-lock";
import type { EventScore } from "../../../src/shared/schemas/events";
import type { SportKey } from "../../../src/shared/sports";
import type { FeedEvent } from "../feed-provider";

/** What the desk knows of one game under way (times on the Worker's clock, the start on the feed's). */
export type GameFacts = {
  home: string;
  away: string;
  startTime: string;
  homeScore: number | null;
  awayScore: number | null;
  /** When the score last changed, timed by the scores entry's `last_update` (else by our read); null while unknown. */
  scoreChangedAt: number | null;
  /** The scores said completed, or the game left the scores list while under way: closed at once. */
  over: boolean;
  /**
   * The scores themselves said completed, with the final score above (leaving the list does
   * not count): what lets one operator's matching final apply without a second operator.
   * Absent on boards stored before it existed, which reads as not completed.
   */
  completed: boolean;
  /** When the desk learned it was over (the Worker's clock). */
  overAt: number | null;
  /** Seen past its close window once: stays closed whatever later start time the feed gives. */
  closed: boolean;
};

export type DeskBoard = {
  /** When our odds call answered (the Worker's clock); every event's `confirmedAt`. */
  fetchedAt: number;
  /** The simulator's clock offset the board was taken at (0 for a real feed). */
  feedOffsetMs: number;
  events: FeedEvent[];
  /** The quota guard was up when the board was last due: its live games are served locked. */
  liveLocked?: boolean;
  games: Record<string, GameFacts>;
  /** When the scores last merged in were read, or null when none were. */
  scoresAt: number | null;
};

/** How long a game that is over stays on the desk's board (placement names it as closed; readers never see it). */
const KEEP_OVER_MS = 60 * 60 * 1000;
/** Facts about games that started longer ago than this are dropped. */
const KEEP_FACTS_MS = 2 * 24 * 60 * 60 * 1000;

/** Every board in KV has a key under this prefix, then `<feed>:`. */
export const BOARD_KEY_PREFIX = "odds:v2:";

/** The KV key readers find a sport's board under; the simulator's includes its clock offset, so moving the clock is a new board. */
export function boardCacheKey(providerName: string, sport: SportKey, feedOffsetMs: number): string {
  const base = `${BOARD_KEY_PREFIX}${providerName}:${sport}`;
  return providerName === "simulator" ? `${base}:${feedOffsetMs}` : base;
}

export function hasGamesUnderway(board: Pick<DeskBoard, "events" | "games">, feedNow: number): boolean {
  return board.events.some((e) => e.status !== "final" && !board.games[e.eventId]?.over && isUnderway(e, feedNow));
}

/** A game not yet under way is due to start within START_SOON_MS (the feed's clock). */
export function hasGamesStartingSoon(board: Pick<DeskBoard, "events">, feedNow: number): boolean {
  return board.events.some((e) => e.status === "scheduled" && Date.parse(e.startTime) - feedNow <= START_SOON_MS);
}

/**
 * When a board stops being fresh: 10 minutes after it was taken, or the live cadence once a
 * game is under way or due to start within START_SOON_MS (a kick-off before the listed time
 * shows at the next refresh).
 */
export function boardFreshUntil(board: DeskBoard, feedNow: number, liveRefreshMs: number): number {
  const onLiveCadence = hasGamesUnderway(board, feedNow) || hasGamesStartingSoon(board, feedNow);
  return board.fetchedAt + (onLiveCadence ? liveRefreshMs : ODDS_CACHE_MS);
}

/**
 * Whether `board` was fetched at most `maxAgeMs` before `now`; any board when no age is
 * asked. A Vantage Cash slip or cash-out asks PREMATCH_CASH_PRICE_MAX_AGE_SECONDS: a board
 * fresh by its own clock (10 minutes) may still be too old to price it.
 */
export function fetchedWithin(board: Pick<DeskBoard, "fetchedAt">, now: number, maxAgeMs: number | undefined): boolean {
  return maxAgeMs === undefined || now - board.fetchedAt <= maxAgeMs;
}

export type MergeClock = { now: number; feedNow: number; closeAfter: Readonly<CloseAfterMinutes> };

/** A merge's new board and the games it learned are final (their results go to settlement). */
export type Merged = { board: DeskBoard; finals: EventScore[] };

/** Points changed (an unknown score counts as none, so a game's first 0-0 is no change). */
function scoreChanged(facts: GameFacts, score: EventScore): boolean {
  return (
    (facts.homeScore ?? 0) !== (score.homeScore ?? facts.homeScore ?? 0) ||
    (facts.awayScore ?? 0) !== (score.awayScore ?? facts.awayScore ?? 0)
  );
}

/**
 * Merges a scores answer read at `readAt`: a changed score records when it changed (its
 * `last_update`, else our read), a completed game is over (and final if the desk had
 * seen it under way), and a game under way that left the list is over too (the feed
 * lists live and upcoming games; a finished one leaves it). The board's events show the
 * new scores; games that are over leave the readers' view (board-view.ts).
 */
export function mergeScores(board: DeskBoard, scores: readonly EventScore[], readAt: number, clock: MergeClock): Merged {
  const games: Record<string, GameFacts> = { ...board.games };
  const finals: EventScore[] = [];
  const listed = new Set<string>();
  for (const score of scores) {
    const listedStart = Date.parse(score.startTime);
    // A score (or a completed report) means the game has begun, whatever start it is listed
    // at: a kick-off before the listed time is under way from the read that shows it.
    const scored = score.completed || (score.homeScore !== null && score.awayScore !== null);
    if (!hasBegun(listedStart, clock.feedNow, scored)) {
      // Still on the list, so never taken as over for leaving it. Not begun and now listed
      // later: what the desk learned while its old start had passed (no score yet) is dropped.
      listed.add(score.eventId);
      const stale = games[score.eventId];
      if (stale && !stale.over && !stale.closed && stale.homeScore === null && stale.awayScore === null) delete games[score.eventId];
      continue;
    }
    // The start the game is known by: the listed one, or for a game begun early at the
    // latest this read, and never later than one seen before.
    const startedBy = Math.min(listedStart, clock.feedNow);
    listed.add(score.eventId);
    const known = games[score.eventId];
    const changedAt = score.updatedAt ?? readAt;
    // Completed with its final score, not one filled in from the last live read: a report
    // without the score closes the game but reports no final (an operator's final then
    // waits for a second operator).
    const completedWithScore = score.completed && score.homeScore !== null && score.awayScore !== null;
    let facts: GameFacts;
    if (!known) {
      facts = {
        home: score.home,
        away: score.away,
        startTime: new Date(startedBy).toISOString(),
        homeScore: score.homeScore,
        awayScore: score.awayScore,
        scoreChangedAt: score.updatedAt ?? null,
        over: score.completed,
        completed: completedWithScore,
        overAt: score.completed ? clock.now : null,
        closed: false,
      };
    } else {
      const changed = scoreChanged(known, score);
      facts = {
        ...known,
        startTime: new Date(scored ? Math.min(startedBy, Date.parse(known.startTime)) : startedBy).toISOString(),
        homeScore: score.homeScore ?? known.homeScore,
        awayScore: score.awayScore ?? known.awayScore,
        scoreChangedAt: changed ? Math.max(known.scoreChangedAt ?? Number.NEGATIVE_INFINITY, changedAt) : known.scoreChangedAt,
      };
      if (score.completed && !known.over) {
        facts = { ...facts, over: true, overAt: clock.now };
        finals.push(score);
      }
      if (completedWithScore) facts = { ...facts, completed: true };
    }
    games[score.eventId] = facts;
  }
  for (const [eventId, facts] of Object.entries(games)) {
    if (!listed.has(eventId) && !facts.over && Date.parse(facts.startTime) <= clock.feedNow) {
      games[eventId] = { ...facts, over: true, overAt: clock.now };
    }
  }
  const merged = withFacts({ ...board, games, scoresAt: readAt }, clock);
  return { board: merged, finals };
}

/**
 * A new odds answer fetched at `fetchedAt` as the desk's board: the facts learned so far
 * carry over (on the same simulator clock), games that are over stay for a while so a
 * slip on one is named as closed, and the answer's scores, when it read them, merge in.
 */
export function mergeOdds(
  previous: DeskBoard | null,
  answer: { events: readonly FeedEvent[]; scores?: { value: EventScore[]; fetchedAt: number } },
  fetchedAt: number,
  feedOffsetMs: number,
  liveLocked: boolean,
  clock: MergeClock,
): Merged {
  const carried = previous && previous.feedOffsetMs === feedOffsetMs ? previous : null;
  const events: FeedEvent[] = answer.events.map((e) => ({ ...e, confirmedAt: fetchedAt }));
  const listed = new Set(events.map((e) => e.eventId));
  for (const e of carried?.events ?? []) {
    const facts = carried!.games[e.eventId];
    if (!listed.has(e.eventId) && facts?.over && facts.overAt !== null && clock.now - facts.overAt < KEEP_OVER_MS) events.push(e);
  }
  const board: DeskBoard = {
    fetchedAt,
    feedOffsetMs,
    events,
    ...(liveLocked && { liveLocked }),
    games: carried?.games ?? {},
    scoresAt: carried?.scoresAt ?? null,
  };
  if (answer.scores) return mergeScores(board, answer.scores.value, answer.scores.fetchedAt, clock);
  return { board: withFacts(board, clock), finals: [] };
}

/** The facts applied: closed windows marked for good, old facts dropped, scores shown (and prices checked at them), games that are over final. */
function withFacts(board: DeskBoard, clock: MergeClock): DeskBoard {
  const games: Record<string, GameFacts> = {};
  for (const [eventId, facts] of Object.entries(board.games)) {
    const start = Date.parse(facts.startTime);
    if (clock.feedNow - start > KEEP_FACTS_MS) continue;
    const event = board.events.find((e) => e.eventId === eventId);
    const pastWindow = event !== undefined && clock.feedNow >= liveClosesAt(event, clock.closeAfter);
    games[eventId] = pastWindow && !facts.closed ? { ...facts, closed: true } : facts;
  }
  const events = board.events.map((e): FeedEvent => {
    const facts = games[e.eventId];
    if (!facts) return e;
    const live = e.live ?? { homeScore: null, awayScore: null, periodLabel: null, clock: null };
    // A game the scores showed begun before its listed start is live from that start on.
    const begunEarly = facts.homeScore !== null && facts.awayScore !== null && Date.parse(facts.startTime) < Date.parse(e.startTime);
    const shown: FeedEvent = {
      ...e,
      ...(begunEarly && { startTime: facts.startTime }),
      status: facts.over ? "final" : begunEarly ? "live" : e.status,
      live: { ...live, homeScore: facts.homeScore ?? live.homeScore, awayScore: facts.awayScore ?? live.awayScore },
    };
    // Fewer finals remain at a higher score, so a set of the game's sides can be sure at the
    // new score though it was not at the old: its prices are checked again at the score shown.
    return facts.over ? shown : lockSureProfitSets(shown);
  });
  return { ...board, games, events };
}
