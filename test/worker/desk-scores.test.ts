// How the price desk merges the feed's scores into its board: a game reported completed
// with its final score is the desk's final (which lets one operator's matching final
// apply); one reported completed without a score is closed but reports no final, so the
// last live score is never taken for it.
import { describe, expect, it } from "vitest";
import type { EventScore } from "../../src/shared/schemas/events";
import type { FeedEvent } from "../../worker/odds/feed-provider";
import { hasGamesUnderway, mergeOdds, mergeScores, type DeskBoard } from "../../worker/odds/price-desk/desk-board";
import { DEFAULT_CLOSE_AFTER } from "./desk-fixtures";

const START = Date.parse("2026-11-29T18:00:00Z");
const clock = { now: START + 2 * 3_600_000, feedNow: START + 2 * 3_600_000, closeAfter: DEFAULT_CLOSE_AFTER };
const empty: DeskBoard = { fetchedAt: clock.now, feedOffsetMs: 0, events: [], games: {}, scoresAt: null };

const score = (over: Partial<EventScore>): EventScore => ({
  eventId: "nhl-glitch",
  sport: "icehockey_nhl",
  startTime: new Date(START).toISOString(),
  home: "Boston Bruins",
  away: "Toronto Maple Leafs",
  completed: false,
  homeScore: 3,
  awayScore: 2,
  updatedAt: null,
  ...over,
});

describe("the desk's finals", () => {
  it("a game reported completed with its score is final; reported completed without one, it is only closed", () => {
    const live = mergeScores(empty, [score({})], clock.now - 60_000, clock).board;
    expect(live.games["nhl-glitch"]).toMatchObject({ homeScore: 3, awayScore: 2, over: false, completed: false });

    const glitch = mergeScores(live, [score({ completed: true, homeScore: null, awayScore: null })], clock.now, clock);
    expect(glitch.board.games["nhl-glitch"]).toMatchObject({ over: true, completed: false });

    const final = mergeScores(live, [score({ completed: true, homeScore: 4, awayScore: 2 })], clock.now, clock);
    expect(final.board.games["nhl-glitch"]).toMatchObject({ homeScore: 4, awayScore: 2, over: true, completed: true });
    expect(final.finals.map((f) => [f.homeScore, f.awayScore])).toEqual([[4, 2]]);
  });

  it("a game first seen completed without a score is not final either", () => {
    const first = mergeScores(empty, [score({ completed: true, homeScore: null, awayScore: null })], clock.now, clock);
    expect(first.board.games["nhl-glitch"]).toMatchObject({ over: true, completed: false });
  });
});

describe("a start the feed lists wrongly", () => {
  const feedNow = clock.feedNow;
  const listedAt = new Date(feedNow + 10 * 60_000).toISOString();
  const upcoming: FeedEvent = {
    eventId: "nhl-glitch",
    sport: "icehockey_nhl",
    startTime: listedAt,
    home: "Boston Bruins",
    away: "Toronto Maple Leafs",
    status: "scheduled",
    live: null,
    markets: { moneyline: { home: -130, away: 110 } },
    confirmedAt: clock.now,
  };
  const board: DeskBoard = { ...empty, events: [upcoming] };

  it("a game the scores show scored before its listed start is live from that read, and stays so after the next odds answer", () => {
    const early = mergeScores(board, [score({ startTime: listedAt, homeScore: 0, awayScore: 1 })], clock.now, clock).board;
    expect(early.events[0]).toMatchObject({ status: "live", startTime: new Date(feedNow).toISOString() });
    expect(hasGamesUnderway(early, feedNow)).toBe(true);
    // The feed's next odds answer still lists the old start: the desk keeps the start it saw.
    const again = mergeOdds(early, { events: [upcoming] }, clock.now + 30_000, 0, false, { ...clock, now: clock.now + 30_000 }).board;
    expect(again.events[0]).toMatchObject({ status: "live", startTime: new Date(feedNow).toISOString() });

    // Listed but not scored yet: still upcoming.
    const quiet = mergeScores(board, [score({ startTime: listedAt, homeScore: null, awayScore: null })], clock.now, clock).board;
    expect(quiet.events[0]).toMatchObject({ status: "scheduled", startTime: listedAt });
    expect(hasGamesUnderway(quiet, feedNow)).toBe(false);
  });

  it("a start moved later, before the game began, leaves it upcoming: not taken as over when it leaves the scores list", () => {
    const past = new Date(feedNow - 5 * 60_000).toISOString();
    const listed = mergeScores(
      { ...board, events: [{ ...upcoming, startTime: past }] },
      [score({ startTime: past, homeScore: null, awayScore: null })],
      clock.now,
      clock,
    ).board;
    expect(listed.games["nhl-glitch"]).toBeDefined();
    // The feed now lists it an hour later; the next scores read drops what the desk knew.
    const later = new Date(feedNow + 3_600_000).toISOString();
    const moved = { ...listed, events: [{ ...upcoming, startTime: later }] };
    const reread = mergeScores(moved, [score({ startTime: later, homeScore: null, awayScore: null })], clock.now + 30_000, clock).board;
    expect(reread.games["nhl-glitch"]).toBeUndefined();
    const gone = mergeScores(reread, [], clock.now + 60_000, clock).board;
    expect(gone.games["nhl-glitch"]).toBeUndefined();
    expect(gone.events[0]).toMatchObject({ status: "scheduled", startTime: later });
  });

  it("a score on a game listed further off than 15 minutes is a glitch: it stays upcoming", () => {
    const days = new Date(feedNow + 3 * 24 * 3_600_000).toISOString();
    const far = { ...board, events: [{ ...upcoming, startTime: days }] };
    const merged = mergeScores(far, [score({ startTime: days, homeScore: 1, awayScore: 0 })], clock.now, clock).board;
    expect(merged.games["nhl-glitch"]).toBeUndefined();
    expect(merged.events[0]).toMatchObject({ status: "scheduled", startTime: days });
  });

  it("a game begun early whose next scores entry has no score stays live, not taken as over", () => {
    const early = mergeScores(board, [score({ startTime: listedAt, homeScore: 0, awayScore: 1 })], clock.now, clock).board;
    const blank = mergeScores(early, [score({ startTime: listedAt, homeScore: null, awayScore: null })], clock.now + 30_000, clock).board;
    expect(blank.games["nhl-glitch"]).toMatchObject({ over: false });
    expect(blank.events[0]).toMatchObject({ status: "live" });
  });
});

describe("a new score checks the game's prices again", () => {
  // A live MLS game without a model. At 0-0 no set of its sides wins on every final; at 2-0,
  // Home (−600) and Over 3.5 (+700) do (a draw or an away win needs two more away goals):
  // 1/8 + 6/7 = 0.982 staked returns 1. The scores read merged in locks Home, the side
  // with the smaller margin (src/shared/sure-profit-lock.ts), before any reader sees the board.
  const soccer: FeedEvent = {
    eventId: "mls-live",
    sport: "soccer_usa_mls",
    startTime: new Date(START).toISOString(),
    home: "Seattle Sounders",
    away: "Portland Timbers",
    status: "live",
    live: { homeScore: 0, awayScore: 0, periodLabel: null, clock: null },
    markets: { moneyline: { home: -600, away: 2000, draw: 900 }, total: { line: 3.5, over: 700, under: -1200 } },
    fair: {
      moneyline: { books: 6, home: { p: 0.85, margin: 0.0083 }, away: { p: 0.04, margin: 0.16 }, draw: { p: 0.1, margin: 0 } },
      total: { books: 6, line: 3.5, over: { p: 0.12, margin: 0.04 }, under: { p: 0.88, margin: 0.0467 } },
    },
    confirmedAt: clock.now,
  };
  const mls = (homeScore: number, awayScore: number): EventScore =>
    score({ eventId: "mls-live", sport: "soccer_usa_mls", home: soccer.home, away: soccer.away, homeScore, awayScore });

  it("locks a side that the new score makes part of a sure set, and keeps it locked", () => {
    const board: DeskBoard = { ...empty, events: [soccer] };
    const nil = mergeScores(board, [mls(0, 0)], clock.now, clock).board;
    expect(nil.events[0]!.markets).toEqual(soccer.markets);
    const twoNil = mergeScores(nil, [mls(2, 0)], clock.now + 60_000, { ...clock, now: clock.now + 60_000 }).board;
    expect(twoNil.events[0]!.markets.moneyline).toEqual({ home: null, away: 2000, draw: 900 });
    expect(twoNil.events[0]!.fair!.moneyline!.home).toEqual({ p: 0.85, margin: null });
    expect(twoNil.events[0]!.markets.total).toEqual(soccer.markets.total);
    // The book's next answer (same prices) at the score the desk knows: locked again.
    const next = mergeOdds(twoNil, { events: [soccer] }, clock.now + 90_000, 0, false, { ...clock, now: clock.now + 90_000 }).board;
    expect(next.events[0]!.live).toMatchObject({ homeScore: 2, awayScore: 0 });
    expect(next.events[0]!.markets.moneyline!.home).toBeNull();
  });
});
