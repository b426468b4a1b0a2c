// The in-play rules shared by the Worker and the betslip: which game is under way, the
// per-sport delay table as an operator writes it, how long a slip is held, and when a
// live market is closed or suspended (close windows, the book's clock, score changes)
// with the words a player reads.
import { describe, expect, it } from "vitest";
import {
  betDelayFor,
  isUnderway,
  legName,
  liveClosesAt,
  liveSuspension,
  parseCloseAfterMinutes,
  parseDelayBySport,
  priceAgeMs,
  slipDelaySeconds,
  suspensionSentence,
  type CloseAfterMinutes,
  type LiveMarketFacts,
} from "../../src/shared/live-rules";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";

const T = Date.UTC(2026, 10, 23, 20, 0, 0);

describe("live rules", () => {
  it("counts a game as under way once the feed says live or its start has passed on the feed's clock", () => {
    expect(isUnderway({ status: "scheduled", startTime: new Date(T + 1).toISOString() }, T)).toBe(false);
    expect(isUnderway({ status: "scheduled", startTime: new Date(T).toISOString() }, T)).toBe(true);
    expect(isUnderway({ status: "live", startTime: new Date(T + 60_000).toISOString() }, T)).toBe(true);
  });

  it("reads sport_key:seconds pairs and names what is wrong", () => {
    expect(parseDelayBySport("")).toEqual({ ok: true, value: {} });
    expect(parseDelayBySport(" soccer_usa_mls:8 , basketball_nba:0 ")).toEqual({
      ok: true,
      value: { soccer_usa_mls: 8, basketball_nba: 0 },
    });
    expect(parseDelayBySport("cricket:5")).toMatchObject({ ok: false, message: expect.stringContaining("cricket") });
    expect(parseDelayBySport("basketball_nba:31")).toMatchObject({ ok: false });
    expect(parseDelayBySport("basketball_nba:2.5")).toMatchObject({ ok: false });
    expect(parseDelayBySport("basketball_nba:5,basketball_nba:6")).toMatchObject({ ok: false, message: expect.stringContaining("twice") });
    expect(parseDelayBySport("basketball_nba")).toMatchObject({ ok: false });
  });

  it("holds a slip for the longest delay among its live sports, and not at all without one", () => {
    const delays = Object.fromEntries(
      SPORT_KEYS.map((k) => [k, betDelayFor(k, 5, { soccer_usa_mls: 8, mma_mixed_martial_arts: 0 })]),
    ) as Record<SportKey, number>;
    expect(slipDelaySeconds([], delays)).toBe(0);
    expect(slipDelaySeconds(["basketball_nba"], delays)).toBe(5);
    expect(slipDelaySeconds(["basketball_nba", "soccer_usa_mls"], delays)).toBe(8);
    expect(slipDelaySeconds(["mma_mixed_martial_arts"], delays)).toBe(0);
  });
});

const WINDOWS = {
  americanfootball_nfl: 170,
  basketball_nba: 125,
  baseball_mlb: 145,
  icehockey_nhl: 140,
  americanfootball_ncaaf: 180,
  basketball_ncaab: 110,
  soccer_usa_mls: 100,
  mma_mixed_martial_arts: 20,
} satisfies CloseAfterMinutes;

describe("live markets", () => {
  const start = new Date(T).toISOString();
  const facts = (over: Partial<LiveMarketFacts> = {}): LiveMarketFacts => ({
    now: T + 60 * 60_000,
    feedNow: T + 60 * 60_000,
    sport: "basketball_nba",
    startTime: start,
    fetchedAt: T + 60 * 60_000 - 10_000,
    bookUpdatedAt: T + 60 * 60_000 - 12_000,
    over: false,
    closed: false,
    scoreChangedAt: null,
    scoreSeen: true,
    ...over,
  });
  const rules = { closeAfter: WINDOWS, maxAgeMs: 45_000 };

  it("reads close windows over their defaults and names what is wrong", () => {
    expect(parseCloseAfterMinutes("", WINDOWS)).toEqual({ ok: true, value: WINDOWS });
    expect(parseCloseAfterMinutes("basketball_nba:135", WINDOWS)).toEqual({ ok: true, value: { ...WINDOWS, basketball_nba: 135 } });
    expect(parseCloseAfterMinutes("basketball_nba:0", WINDOWS)).toMatchObject({ ok: false });
    expect(parseCloseAfterMinutes("basketball_nba:601", WINDOWS)).toMatchObject({ ok: false });
    expect(parseCloseAfterMinutes("basketball_nba:135", {})).toMatchObject({ ok: false, message: expect.stringContaining("no window") });
    expect(liveClosesAt({ sport: "basketball_nba", startTime: start }, WINDOWS)).toBe(T + 125 * 60_000);
  });

  it("measures a price's age on the book's clock: the older of the book's confirmation and our fetch", () => {
    expect(priceAgeMs(T + 90_000, T + 85_000, T)).toBe(90_000);
    expect(priceAgeMs(T + 90_000, T, T + 85_000)).toBe(90_000);
    expect(priceAgeMs(T, T, undefined)).toBe(Number.POSITIVE_INFINITY);
  });

  it("offers a live market only while the game is not over, inside its window, priced after its last score, and recently confirmed", () => {
    expect(liveSuspension(facts(), rules)).toBeNull();
    expect(liveSuspension(facts({ over: true }), rules)).toBe("over");
    expect(liveSuspension(facts({ feedNow: T + 125 * 60_000 - 1 }), rules)).toBeNull();
    expect(liveSuspension(facts({ feedNow: T + 125 * 60_000 }), rules)).toBe("closing");
    // Once seen past its window, a game stays closed whatever start time the feed gives later.
    expect(liveSuspension(facts({ closed: true }), rules)).toBe("closing");
    // A game the scores feed has not listed since it started could have scored, or ended, unseen.
    expect(liveSuspension(facts({ scoreSeen: false }), rules)).toBe("no-score");
    const bookAt = T + 60 * 60_000 - 12_000;
    expect(liveSuspension(facts({ scoreChangedAt: bookAt }), rules)).toBe("score-change");
    expect(liveSuspension(facts({ scoreSeen: false, scoreChangedAt: bookAt }), rules)).toBe("no-score");
    expect(liveSuspension(facts({ scoreChangedAt: bookAt - 1 }), rules)).toBeNull();
    expect(liveSuspension(facts({ bookUpdatedAt: T + 60 * 60_000 - 45_000 }), rules)).toBeNull();
    expect(liveSuspension(facts({ bookUpdatedAt: T + 60 * 60_000 - 45_001 }), rules)).toBe("price-age");
    expect(liveSuspension(facts({ bookUpdatedAt: undefined }), rules)).toBe("price-age");
    // The strongest reason is given: over before closed before a score change before age.
    expect(liveSuspension(facts({ over: true, closed: true, scoreChangedAt: bookAt, bookUpdatedAt: undefined }), rules)).toBe("over");
  });

  it("names the leg and the reason in one sentence", () => {
    const game = { home: "Boston Celtics", away: "Miami Heat" };
    expect(legName({ ...game, market: "Moneyline", side: "Away", line: null })).toBe("Miami Heat ML (Miami Heat @ Boston Celtics)");
    expect(legName({ ...game, market: "Spread", side: "Home", line: -3.5 })).toBe("Boston Celtics -3.5 (Miami Heat @ Boston Celtics)");
    expect(legName({ ...game, market: "Total", side: "Under", line: 221.5 })).toBe("Under 221.5 (Miami Heat @ Boston Celtics)");
    expect(suspensionSentence("Over 221.5", "closing")).toBe(
      "Over 221.5 is closed because live betting on this game has ended for its final minutes.",
    );
    expect(suspensionSentence("Over 221.5", "over")).toBe("Over 221.5 is closed because the game is over.");
  });
});
