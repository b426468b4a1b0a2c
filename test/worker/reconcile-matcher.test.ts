// The reconciliation's pure matcher (worker/reconciliation/reconcile.ts), rule by rule:
// each kind of difference with its references, matches across midnight, differences
// outside the window or still in flight left out, and counts of what each side held.
import { describe, expect, it } from "vitest";
import type { ProviderRecords } from "../../worker/payments/payments-provider";
import { reconcile, type VantageRecords } from "../../worker/reconciliation/reconcile";

const HOUR = 60 * 60 * 1000;
const FROM = Date.parse("2026-05-01T00:00:00Z");
const window = { from: FROM, to: FROM + 24 * HOUR };
const NOW = window.to + 2 * HOUR;

const none = (): ProviderRecords => ({ payments: [], transfers: [], reversals: [] });
const nothing = (): VantageRecords => ({ credits: [], paidRedemptions: [], reversals: [] });

const payment = (id: string, amountCents = 999, at = FROM + HOUR) => ({
  checkoutSessionId: id,
  paymentIntent: `pi_${id}`,
  userId: "u1",
  amountCents,
  at,
});
const credit = (id: string, amountCents = 999, at = FROM + HOUR) => ({
  checkoutSessionId: id,
  paymentIntent: `pi_${id}`,
  userId: "u1",
  amountCents,
  at,
});
const transfer = (id: string, redemptionId: string | null, amountCents = 2_000, at = FROM + 2 * HOUR, reversedCents = 0) => ({
  transferId: id,
  redemptionId,
  userId: "u1",
  amountCents,
  reversedCents,
  at,
});
const paid = (redemptionId: string, amountCents = 2_000, at = FROM + 2 * HOUR) => ({ redemptionId, userId: "u1", amountCents, at });

const kinds = (provider: ProviderRecords, vantage: VantageRecords, now = NOW) =>
  reconcile({ provider, vantage, window, now }).differences.map((d) => [d.kind, d.providerRef, d.vantageRef]);

describe("packs", () => {
  it("matches a payment to its credit by Checkout Session", () => {
    expect(kinds({ ...none(), payments: [payment("cs_1")] }, { ...nothing(), credits: [credit("cs_1")] })).toEqual([]);
  });

  it("finds a payment with no credit, a credit with no payment and an amount that differs", () => {
    const provider = { ...none(), payments: [payment("cs_missing"), payment("cs_amount", 999)] };
    const vantage = { ...nothing(), credits: [credit("cs_amount", 499), credit("cs_unpaid", 499, FROM + 3 * HOUR)] };
    const { differences } = reconcile({ provider, vantage, window, now: NOW });
    expect(differences.map((d) => [d.kind, d.providerRef, d.vantageRef, d.providerCents, d.vantageCents])).toEqual([
      ["missing-credit", "cs_missing", null, 999, null],
      ["amount-mismatch", "cs_amount", "cs_amount", 999, 499],
      ["credit-without-payment", null, "cs_unpaid", null, 499],
    ]);
    expect(differences[0]?.detail).toContain("pi_cs_missing");
  });

  it("matches across midnight, and reports a difference only on the day of the record it is about", () => {
    const lateOnTheDay = payment("cs_late", 999, window.to - 60_000);
    const creditedNextDay = credit("cs_late", 999, window.to + 60_000);
    expect(kinds({ ...none(), payments: [lateOnTheDay] }, { ...nothing(), credits: [creditedNextDay] })).toEqual([]);
    // A credit of yesterday with no payment belongs to yesterday's run.
    expect(kinds(none(), { ...nothing(), credits: [credit("cs_old", 999, FROM - HOUR)] })).toEqual([]);
  });

  it("leaves out a payment still in flight at `now`", () => {
    const recent = payment("cs_recent", 999, NOW - 60_000);
    const wide = { from: FROM, to: NOW + HOUR };
    expect(reconcile({ provider: { ...none(), payments: [recent] }, vantage: nothing(), window: wide, now: NOW }).differences).toEqual([]);
    expect(
      reconcile({ provider: { ...none(), payments: [recent] }, vantage: nothing(), window: wide, now: NOW + HOUR }).differences,
    ).toHaveLength(1);
  });
});

describe("payouts", () => {
  it("matches one transfer to its paid redemption", () => {
    expect(kinds({ ...none(), transfers: [transfer("tr_1", "rd_1")] }, { ...nothing(), paidRedemptions: [paid("rd_1")] })).toEqual([]);
  });

  it("owes nothing for a transfer taken back in full after the bank returned its payout, and names one taken back only in part", () => {
    const returned = transfer("tr_back", "rd_back", 2_000, FROM + 2 * HOUR, 2_000);
    expect(kinds({ ...none(), transfers: [returned] }, nothing())).toEqual([]);
    const { differences } = reconcile({
      provider: { ...none(), transfers: [transfer("tr_part", "rd_part", 2_000, FROM + 2 * HOUR, 500)] },
      vantage: nothing(),
      window,
      now: NOW,
    });
    expect(differences).toEqual([
      expect.objectContaining({ kind: "transfer-without-redemption", providerRef: "tr_part", providerCents: 1_500 }),
    ]);
  });

  it("finds a redemption still booked as paid whose transfer was taken back", () => {
    const returned = transfer("tr_back", "rd_back", 2_000, FROM + 2 * HOUR, 2_000);
    const { differences } = reconcile({
      provider: { ...none(), transfers: [returned] },
      vantage: { ...nothing(), paidRedemptions: [paid("rd_back")] },
      window,
      now: NOW,
    });
    expect(differences).toEqual([expect.objectContaining({ kind: "amount-mismatch", vantageRef: "rd_back", providerCents: 0 })]);
  });

  it("finds a payout sent twice, with both transfers named", () => {
    const provider = { ...none(), transfers: [transfer("tr_1", "rd_1"), transfer("tr_2", "rd_1", 2_000, FROM + 3 * HOUR)] };
    const { differences } = reconcile({ provider, vantage: { ...nothing(), paidRedemptions: [paid("rd_1")] }, window, now: NOW });
    expect(differences).toEqual([
      expect.objectContaining({
        kind: "payout-sent-twice",
        providerRef: "tr_1, tr_2",
        vantageRef: "rd_1",
        providerCents: 4_000,
        vantageCents: 2_000,
      }),
    ]);
  });

  it("finds a transfer without a paid redemption, one without a group, a paid redemption without a transfer and an amount that differs", () => {
    const provider = {
      ...none(),
      transfers: [transfer("tr_x", "rd_unknown"), transfer("tr_y", null), transfer("tr_z", "rd_amount", 1_500)],
    };
    const vantage = { ...nothing(), paidRedemptions: [paid("rd_untransferred"), paid("rd_amount", 2_000)] };
    expect(kinds(provider, vantage)).toEqual([
      ["transfer-without-redemption", "tr_x", "rd_unknown"],
      ["transfer-without-redemption", "tr_y", null],
      ["amount-mismatch", "tr_z", "rd_amount"],
      ["redemption-without-transfer", null, "rd_untransferred"],
    ]);
  });
});

describe("reversals", () => {
  const refund = (id: string, paymentIntent: string, amountCents: number, at = FROM + 4 * HOUR) => ({
    kind: "refund" as const,
    id,
    paymentIntent,
    chargeId: null,
    amountCents,
    at,
  });
  const dispute = (id: string, paymentIntent: string, amountCents = 999, at = FROM + 5 * HOUR) => ({
    kind: "dispute" as const,
    id,
    paymentIntent,
    chargeId: null,
    amountCents,
    at,
  });
  const booked = (kind: "refund" | "dispute", reference: string, paymentIntent: string, amountCents: number, at = FROM + 4 * HOUR) => ({
    kind,
    reference,
    paymentIntent,
    userId: "u1",
    amountCents,
    at,
  });

  it("matches refunds by what each payment had refunded in all, and disputes by id", () => {
    const provider = { ...none(), reversals: [refund("re_1", "pi_a", 400), refund("re_2", "pi_a", 599), dispute("dp_1", "pi_b")] };
    const vantage = {
      ...nothing(),
      reversals: [
        booked("refund", "refund:pi_a:400", "pi_a", 400),
        booked("refund", "refund:pi_a:999", "pi_a", 599),
        booked("dispute", "dp_1", "pi_b", 999),
      ],
    };
    expect(kinds(provider, vantage)).toEqual([]);
  });

  it("finds a refund not reversed, a reversal not refunded, a dispute not booked and a booked dispute the provider does not list", () => {
    const provider = { ...none(), reversals: [refund("re_1", "pi_a", 400), dispute("dp_1", "pi_b")] };
    const vantage = {
      ...nothing(),
      reversals: [booked("refund", "refund:pi_c:300", "pi_c", 300), booked("dispute", "dp_2", "pi_d", 999, FROM + 6 * HOUR)],
    };
    expect(kinds(provider, vantage)).toEqual([
      ["refund-without-reversal", "re_1", null],
      ["reversal-without-refund", null, "refund:pi_c:300"],
      ["dispute-without-reversal", "dp_1", null],
      ["reversal-without-dispute", null, "dp_2"],
    ]);
  });
});

it("counts what each side held inside the window", () => {
  const { counts } = reconcile({
    provider: { payments: [payment("cs_1"), payment("cs_0", 999, FROM - HOUR)], transfers: [transfer("tr_1", "rd_1")], reversals: [] },
    vantage: { credits: [credit("cs_1")], paidRedemptions: [paid("rd_1")], reversals: [] },
    window,
    now: NOW,
  });
  expect(counts).toEqual({
    providerPayments: 1,
    vantageCredits: 1,
    providerTransfers: 1,
    vantagePaidRedemptions: 1,
    providerReversals: 0,
    vantageReversals: 0,
  });
});
