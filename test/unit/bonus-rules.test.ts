import { describe, expect, it } from "vitest";
import {
  claimedToday,
  DAILY_BONUS,
  displayedStreak,
  etDayKey,
  nextBonusClaim,
  previousDayKey,
  STREAK_BONUS,
  STREAK_GOAL,
  type BonusState,
} from "../../src/shared/bonus";

const at = (iso: string) => Date.parse(iso);

describe("Eastern-time day key", () => {
  it("resets at midnight EST (05:00 UTC) in winter", () => {
    expect(etDayKey(at("2025-01-15T04:59:59.999Z"))).toBe("2025-01-14");
    expect(etDayKey(at("2025-01-15T05:00:00.000Z"))).toBe("2025-01-15");
  });

  it("resets at midnight EDT (04:00 UTC) in summer", () => {
    expect(etDayKey(at("2025-07-04T03:59:59.999Z"))).toBe("2025-07-03");
    expect(etDayKey(at("2025-07-04T04:00:00.000Z"))).toBe("2025-07-04");
  });

  it("follows the spring-forward change: the short day of 9 March 2025 ends at 04:00 UTC", () => {
    expect(etDayKey(at("2025-03-09T04:59:59Z"))).toBe("2025-03-08");
    expect(etDayKey(at("2025-03-09T05:00:00Z"))).toBe("2025-03-09");
    // 2 AM EST jumps to 3 AM EDT at 07:00 UTC; still the same day either side.
    expect(etDayKey(at("2025-03-09T06:59:59Z"))).toBe("2025-03-09");
    expect(etDayKey(at("2025-03-09T07:00:00Z"))).toBe("2025-03-09");
    expect(etDayKey(at("2025-03-10T03:59:59Z"))).toBe("2025-03-09");
    expect(etDayKey(at("2025-03-10T04:00:00Z"))).toBe("2025-03-10");
  });

  it("follows the fall-back change: the long day of 2 November 2025 ends at 05:00 UTC", () => {
    expect(etDayKey(at("2025-11-02T03:59:59Z"))).toBe("2025-11-01");
    expect(etDayKey(at("2025-11-02T04:00:00Z"))).toBe("2025-11-02");
    expect(etDayKey(at("2025-11-03T04:30:00Z"))).toBe("2025-11-02");
    expect(etDayKey(at("2025-11-03T04:59:59Z"))).toBe("2025-11-02");
    expect(etDayKey(at("2025-11-03T05:00:00Z"))).toBe("2025-11-03");
  });

  it("knows the day before across month, year and leap-day boundaries", () => {
    expect(previousDayKey("2025-03-01")).toBe("2025-02-28");
    expect(previousDayKey("2024-03-01")).toBe("2024-02-29");
    expect(previousDayKey("2026-01-01")).toBe("2025-12-31");
    expect(previousDayKey("garbage")).toBeNull();
  });
});

/** Claims once on each given ET day (17:00 UTC is midday Eastern, EST or EDT). */
function claimOn(days: string[], start: BonusState = { lastBonusDayET: "", bonusStreak: 0 }) {
  let state = start;
  return days.map((day) => {
    const claim = nextBonusClaim(state, at(`${day}T17:00:00Z`));
    if (!claim.alreadyClaimed) state = { lastBonusDayET: claim.day, bonusStreak: claim.streak };
    return claim;
  });
}

describe("daily claim and streak", () => {
  it("pays 1,000 Coins and 1 Vantage Cash on a first claim, streak 1", () => {
    const claim = nextBonusClaim({ lastBonusDayET: "", bonusStreak: 0 }, at("2025-05-01T16:00:00Z"));
    expect(claim).toEqual({ alreadyClaimed: false, day: "2025-05-01", streak: 1, milestone: false, coins: 1000, cashCents: 100 });
  });

  it("refuses a second claim in the same ET day, even across the UTC midnight", () => {
    const state = { lastBonusDayET: "2025-05-01", bonusStreak: 3 };
    expect(nextBonusClaim(state, at("2025-05-02T03:59:00Z"))).toEqual({ alreadyClaimed: true, day: "2025-05-01", streak: 3 });
    expect(claimedToday(state, at("2025-05-02T03:59:00Z"))).toBe(true);
    expect(nextBonusClaim(state, at("2025-05-02T04:00:00Z")).alreadyClaimed).toBe(false);
  });

  it("grows on consecutive ET days and pays the milestone on day 7, then starts a new cycle", () => {
    const days = ["2025-02-25", "2025-02-26", "2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"];
    const claims = claimOn(days);
    expect(claims.map((c) => c.streak)).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
    expect(claims.map((c) => !c.alreadyClaimed && c.milestone)).toEqual([false, false, false, false, false, false, true, false]);
    const seventh = claims[6]!;
    expect(seventh.alreadyClaimed === false && [seventh.coins, seventh.cashCents]).toEqual([
      DAILY_BONUS.coins + STREAK_BONUS.coins,
      DAILY_BONUS.cashCents + STREAK_BONUS.cashCents,
    ]);
    expect(STREAK_GOAL).toBe(7);
    expect([STREAK_BONUS.coins, STREAK_BONUS.cashCents]).toEqual([5000, 500]);
  });

  it("keeps the streak across the DST change (a 23-hour ET day is still one day)", () => {
    const claims = claimOn(["2025-03-08", "2025-03-09", "2025-03-10"]);
    expect(claims.map((c) => c.streak)).toEqual([1, 2, 3]);
  });

  it("restarts at 1 after a missed day", () => {
    const claims = claimOn(["2025-06-01", "2025-06-02", "2025-06-03", "2025-06-05"]);
    expect(claims.map((c) => c.streak)).toEqual([1, 2, 3, 1]);
  });

  it("shows the streak as broken (0/7) once a day is missed or after a completed cycle", () => {
    const now = at("2025-06-10T15:00:00Z");
    expect(displayedStreak({ lastBonusDayET: "2025-06-10", bonusStreak: 4 }, now)).toBe(4);
    expect(displayedStreak({ lastBonusDayET: "2025-06-09", bonusStreak: 4 }, now)).toBe(4);
    expect(displayedStreak({ lastBonusDayET: "2025-06-08", bonusStreak: 4 }, now)).toBe(0);
    expect(displayedStreak({ lastBonusDayET: "2025-06-09", bonusStreak: 7 }, now)).toBe(0);
    expect(displayedStreak({ lastBonusDayET: "", bonusStreak: 0 }, now)).toBe(0);
  });
});
