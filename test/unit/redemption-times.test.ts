// The public redemption-time figures: ISO weeks in UTC, nearest-rank median and 95th
// percentile from request to paid, the share held and why, and counts only for a week
// with too few paid redemptions.
import { describe, expect, it } from "vitest";
import {
  formatRedemptionTime,
  formatShare,
  isoWeekKey,
  isoWeekStart,
  nearestRank,
  REDEMPTION_TIMES_MIN_PAID,
  redemptionTimesFor,
  type RedemptionTimeline,
} from "../../src/shared/redemption-times";
import { RedemptionTimesSchema } from "../../src/shared/schemas/redemption-times";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("ISO weeks", () => {
  it("start on Monday 00:00 UTC and take the year of their Thursday", () => {
    expect(new Date(isoWeekStart(at("2026-11-28T14:00:00Z"))).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(isoWeekStart(at("2026-11-23T00:00:00Z"))).toBe(at("2026-11-23T00:00:00Z"));
    expect(isoWeekStart(at("2026-11-22T23:59:59.999Z"))).toBe(at("2026-11-16T00:00:00Z"));
    expect(isoWeekKey(at("2026-11-28T14:00:00Z"))).toBe("2026-W48");
    expect(isoWeekKey(at("2026-01-01T00:00:00Z"))).toBe("2026-W01");
    expect(isoWeekKey(at("2027-01-01T12:00:00Z"))).toBe("2026-W53");
    expect(isoWeekKey(at("2024-12-30T00:00:00Z"))).toBe("2025-W01");
    expect(isoWeekKey(at("1970-01-01T00:00:00Z"))).toBe("1970-W01");
  });
});

describe("nearest-rank percentiles", () => {
  it("answer a time some redemption really took", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(nearestRank(sorted, 0.5)).toBe(5);
    expect(nearestRank(sorted, 0.95)).toBe(10);
    expect(nearestRank([7], 0.5)).toBe(7);
    expect(nearestRank([1, 2, 3], 0.5)).toBe(2);
    expect(nearestRank([], 0.5)).toBeNull();
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(nearestRank(twenty, 0.95)).toBe(19);
  });
});

describe("redemptionTimesFor", () => {
  const now = at("2026-11-28T14:00:00Z");
  const paid = (requested: string, hours: number, held: RedemptionTimeline["held"] = []): RedemptionTimeline => ({
    requestedAt: at(requested),
    paidAt: at(requested) + hours * HOUR,
    returnedAt: null,
    held,
  });

  it("lists twelve weeks newest first, empty ones included", () => {
    const figures = redemptionTimesFor([], now);
    expect(RedemptionTimesSchema.parse(figures)).toEqual(figures);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]).toEqual({
      week: "2026-W48",
      startsOn: "2026-11-23",
      paid: 0,
      returned: 0,
      medianMs: null,
      p95Ms: null,
      heldShare: null,
      heldFor: null,
    });
    expect(figures.weeks[11]?.week).toBe("2026-W37");
    expect(figures.minPaidForFigures).toBe(REDEMPTION_TIMES_MIN_PAID);
  });

  it("counts a redemption in the week it was paid or returned, and times it from request to paid", () => {
    const timelines: RedemptionTimeline[] = [
      // Requested on Sunday of W46, paid on Monday of W47: counts in W47.
      paid("2026-11-15T20:00:00Z", 10),
      paid("2026-11-17T08:00:00Z", 2),
      paid("2026-11-17T09:00:00Z", 4, ["review"]),
      paid("2026-11-18T09:00:00Z", 6, ["identity", "hold"]),
      paid("2026-11-19T09:00:00Z", 30, ["review"]),
      paid("2026-11-20T09:00:00Z", 1),
      paid("2026-11-20T10:00:00Z", 8),
      { requestedAt: at("2026-11-19T00:00:00Z"), paidAt: null, returnedAt: at("2026-11-21T00:00:00Z"), held: ["review"] },
      // Not ended yet, or outside the twelve weeks: not counted.
      { requestedAt: at("2026-11-21T00:00:00Z"), paidAt: null, returnedAt: null, held: ["hold"] },
      paid("2026-08-01T00:00:00Z", 5),
    ];
    const w47 = redemptionTimesFor(timelines, now).weeks[1];
    expect(w47).toEqual({
      week: "2026-W47",
      startsOn: "2026-11-16",
      paid: 7,
      returned: 1,
      // Sorted: 1 2 4 6 8 10 30 hours; rank ⌈3.5⌉ = 4, rank ⌈6.65⌉ = 7.
      medianMs: 6 * HOUR,
      p95Ms: 30 * HOUR,
      heldShare: 4 / 8,
      heldFor: { identity: 1 / 8, review: 3 / 8, hold: 1 / 8 },
    });
    const all = redemptionTimesFor(timelines, now);
    expect(all.weeks.reduce((n, w) => n + w.paid + w.returned, 0)).toBe(8);
  });

  it("shows only counts for a week with fewer than the minimum paid", () => {
    const timelines = Array.from({ length: REDEMPTION_TIMES_MIN_PAID - 1 }, (_, i) => paid("2026-11-24T08:00:00Z", i + 1, ["review"]));
    const [week] = redemptionTimesFor(timelines, now).weeks;
    expect(week).toMatchObject({ paid: 4, returned: 0, medianMs: null, p95Ms: null, heldShare: null, heldFor: null });
    const five = [...timelines, paid("2026-11-25T08:00:00Z", 9)];
    expect(redemptionTimesFor(five, now).weeks[0]).toMatchObject({ paid: 5, medianMs: 3 * HOUR, p95Ms: 9 * HOUR, heldShare: 0.8 });
  });
});

describe("how the page writes the figures", () => {
  it("writes minutes under an hour, hours under two days, then days", () => {
    expect(formatRedemptionTime(10_000)).toBe("1 min");
    expect(formatRedemptionTime(45 * 60_000)).toBe("45 min");
    expect(formatRedemptionTime(90 * 60_000)).toBe("1.5 h");
    expect(formatRedemptionTime(30 * HOUR)).toBe("30 h");
    expect(formatRedemptionTime(60 * HOUR)).toBe("2.5 days");
    expect(formatShare(1 / 8)).toBe("13%");
    expect(formatShare(0)).toBe("0%");
  });
});
