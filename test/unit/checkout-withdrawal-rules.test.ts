// The pure rules behind withdrawing open checkouts: who is kept from play at a moment (a
// closure, or a break not yet over), and whether what is bought and held passes a purchase
// limit (one just lowered below it), period by period.
import { describe, expect, it } from "vitest";
import { exclusionAt, NO_LIMITS, purchasesOverLimit, type ProtectionState } from "../../src/shared/protection";

const NOW = Date.parse("2026-05-06T16:00:00Z");
const state = (over: Partial<ProtectionState>): ProtectionState => ({ dateOfBirth: "1990-04-25", breakUntil: null, closed: null, ...over });

describe("exclusionAt", () => {
  it("names a closure first, then a break that has not ended, else nothing", () => {
    expect(exclusionAt(state({}), NOW)).toBeNull();
    expect(exclusionAt(state({ breakUntil: NOW + 1 }), NOW)).toBe("break");
    expect(exclusionAt(state({ breakUntil: NOW }), NOW)).toBeNull();
    expect(exclusionAt(state({ closed: "permanent" }), NOW)).toBe("closed");
    expect(exclusionAt(state({ closed: "under-age", breakUntil: NOW + 1 }), NOW)).toBe("closed");
  });
});

describe("purchasesOverLimit", () => {
  it("is true only when some period's purchases and holds pass that period's limit", () => {
    const spent = { day: 2998, week: 2998, month: 10_000 };
    expect(purchasesOverLimit(NO_LIMITS, spent)).toBe(false);
    expect(purchasesOverLimit({ ...NO_LIMITS, dailyPurchaseDollars: 2998 }, spent)).toBe(false);
    expect(purchasesOverLimit({ ...NO_LIMITS, dailyPurchaseDollars: 2000 }, spent)).toBe(true);
    expect(purchasesOverLimit({ ...NO_LIMITS, weeklyPurchaseDollars: 5000, monthlyPurchaseDollars: 9999 }, spent)).toBe(true);
    expect(purchasesOverLimit({ ...NO_LIMITS, dailyPurchaseDollars: 0 }, { day: 0, week: 0, month: 0 })).toBe(false);
    // Stake limits never count here.
    expect(purchasesOverLimit({ ...NO_LIMITS, dailyStakeCoins: 0 }, spent)).toBe(false);
  });
});
