// The yearly totals a player's export (and the responsible-play statement) shows: years
// are Eastern calendar years, packs count in the year bought, redemptions in the year paid.
import { describe, expect, it } from "vitest";
import { ledgerMovementTotals, yearlyMoneyTotals, yearOfET, yearPeriodET } from "../../src/shared/money-totals";

describe("money totals", () => {
  it("a year runs from midnight Eastern on 1 January", () => {
    const { from, to } = yearPeriodET(2026);
    expect(new Date(from).toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(new Date(to).toISOString()).toBe("2027-01-01T05:00:00.000Z");
    // 11 p.m. on New Year's Eve in New York is still the old year.
    expect(yearOfET(Date.parse("2027-01-01T04:00:00Z"))).toBe(2026);
    expect(yearOfET(Date.parse("2027-01-01T05:00:00Z"))).toBe(2027);
  });

  it("counts packs in the year bought and redemptions in the year paid; net is what came back less what was spent", () => {
    const at = (iso: string) => Date.parse(iso);
    const totals = yearlyMoneyTotals(
      2026,
      [
        { createdAt: at("2026-03-01T12:00:00Z"), amountCents: 1_999, refundedCents: 999 },
        { createdAt: at("2026-12-31T12:00:00Z"), amountCents: 999, refundedCents: 0 },
        { createdAt: at("2025-12-31T12:00:00Z"), amountCents: 4_999, refundedCents: 0 },
      ],
      [
        { createdAt: at("2025-12-30T12:00:00Z"), updatedAt: at("2026-01-02T12:00:00Z"), amountCents: 5_000, status: "paid" },
        { createdAt: at("2026-06-01T12:00:00Z"), updatedAt: at("2026-06-02T12:00:00Z"), amountCents: 2_000, status: "failed" },
        { createdAt: at("2026-12-30T12:00:00Z"), updatedAt: at("2026-12-30T13:00:00Z"), amountCents: 2_500, status: "pending" },
      ],
    );
    expect(totals).toEqual({
      year: 2026,
      purchasesCents: 2_998,
      purchasesRefundedCents: 999,
      redemptionsPaidCents: 5_000,
      netCents: 3_001,
    });
  });

  it("sums ledger movements per currency within the period only", () => {
    const period = yearPeriodET(2026);
    const moves = [
      { createdAt: period.from - 1, currency: "coins" as const, amount: 5_000 },
      { createdAt: period.from, currency: "coins" as const, amount: -200 },
      { createdAt: period.to - 1, currency: "cash" as const, amount: 150 },
      { createdAt: period.to, currency: "cash" as const, amount: 1 },
    ];
    expect(ledgerMovementTotals(moves, period)).toEqual({ coins: -200, cash: 150 });
  });
});
