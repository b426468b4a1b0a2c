// How the price desk merges the feed's scores into its board: a game reported completed
// with its final score is the desk's final (which lets one operator's matching final
// apply); one reported completed without a score is closed but reports no final, so the
// last live score is never taken for it.
import { describe, expect, it } from "vitest";
import type { EventScore } from "../../src/shared/schemas/events";
import { mergeScores, type DeskBoard } from "../../worker/odds/price-desk/desk-board";
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
