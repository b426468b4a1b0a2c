// The in-play rules shared by the Worker and the betslip: which game is under way, the
// per-sport delay table as an operator writes it, and how long a slip is held.
import { describe, expect, it } from "vitest";
import { betDelayFor, isUnderway, parseDelayBySport, slipDelaySeconds } from "../../src/shared/live-rules";
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
