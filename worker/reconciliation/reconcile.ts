// The reconciliation's matcher: the payment provider's own records against what the
// wallets booked, for one window, as a list of differences with their references. Pure
// (no I/O, no clock: `now` is passed in), so every rule here is unit-tested on its own.
//
// Both lists cover a wider span than the window (a payment at 23:59 credited at 00:01
// still matches), and a difference is reported only when the record it is about falls
// inside the window, so each difference belongs to exactly one day. A record younger
// than `inFlightMs` at `now` is left out: its webhook may still be on its way.
import type { ReconciliationCounts, ReconciliationDifference } from "../../src/shared/schemas/reconciliation";
import type { ProviderRecords, ProviderTransfer } from "../payments/payments-provider";

/** A pack the wallet credited (`payment_bookings` kind `credit`). */
export type VantageCredit = { checkoutSessionId: string; paymentIntent: string | null; userId: string; amountCents: number; at: number };
/** A redemption the wallet booked as paid (`sweepstakes_winners`). */
export type VantagePaidRedemption = { redemptionId: string; userId: string; amountCents: number; at: number };
/** A refund's newly refunded amount or a dispute the wallet booked (`payment_bookings` kinds `refund`, `dispute`). */
export type VantageReversal = {
  kind: "refund" | "dispute";
  reference: string;
  paymentIntent: string | null;
  userId: string;
  amountCents: number;
  at: number;
};

export type VantageRecords = { credits: VantageCredit[]; paidRedemptions: VantagePaidRedemption[]; reversals: VantageReversal[] };

export type ReconcileInput = {
  provider: ProviderRecords;
  vantage: VantageRecords;
  /** The window whose differences are reported, [from, to) in epoch ms. */
  window: { from: number; to: number };
  now: number;
  /** How long a record may wait for its counterpart before it is a difference (default 10 minutes). */
  inFlightMs?: number;
};

export type ReconcileResult = { differences: ReconciliationDifference[]; counts: ReconciliationCounts };

export const DEFAULT_IN_FLIGHT_MS = 10 * 60 * 1000;

const cents = (amount: number) => `$${(amount / 100).toFixed(2)}`;

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const sumOf = (items: readonly { amountCents: number }[]) => items.reduce((total, item) => total + item.amountCents, 0);
const latest = (items: readonly { at: number }[]) => Math.max(...items.map((item) => item.at));

export function reconcile(input: ReconcileInput): ReconcileResult {
  const { provider, vantage, window, now } = input;
  const settledBefore = now - (input.inFlightMs ?? DEFAULT_IN_FLIGHT_MS);
  const within = (at: number) => at >= window.from && at < window.to;
  const counts: ReconciliationCounts = {
    providerPayments: provider.payments.filter((p) => within(p.at)).length,
    vantageCredits: vantage.credits.filter((c) => within(c.at)).length,
    providerTransfers: provider.transfers.filter((t) => within(t.at)).length,
    vantagePaidRedemptions: vantage.paidRedemptions.filter((r) => within(r.at)).length,
    providerReversals: provider.reversals.filter((r) => within(r.at)).length,
    vantageReversals: vantage.reversals.filter((r) => within(r.at)).length,
  };
  const differences: ReconciliationDifference[] = [];
  const report = (difference: ReconciliationDifference) => {
    if (within(difference.at) && difference.at <= settledBefore) differences.push(difference);
  };

  // ---- packs: checkout payments received vs packs credited, by Checkout Session ----
  const credits = new Map(vantage.credits.map((credit) => [credit.checkoutSessionId, credit]));
  const paidSessions = new Set<string>();
  for (const payment of provider.payments) {
    paidSessions.add(payment.checkoutSessionId);
    const credit = credits.get(payment.checkoutSessionId);
    const base = {
      view: "packs" as const,
      userId: payment.userId ?? credit?.userId ?? null,
      providerRef: payment.checkoutSessionId,
      providerCents: payment.amountCents,
      at: payment.at,
    };
    if (!credit) {
      report({
        ...base,
        kind: "missing-credit",
        vantageRef: null,
        vantageCents: null,
        detail: `Paid ${cents(payment.amountCents)} (${payment.paymentIntent ?? "no payment intent"}); no pack credited.`,
      });
    } else if (credit.amountCents !== payment.amountCents) {
      report({
        ...base,
        kind: "amount-mismatch",
        vantageRef: credit.checkoutSessionId,
        vantageCents: credit.amountCents,
        detail: `Paid ${cents(payment.amountCents)}; the pack credited was ${cents(credit.amountCents)}.`,
      });
    }
  }
  for (const credit of vantage.credits) {
    if (paidSessions.has(credit.checkoutSessionId)) continue;
    report({
      view: "packs",
      kind: "credit-without-payment",
      userId: credit.userId,
      providerRef: null,
      vantageRef: credit.checkoutSessionId,
      providerCents: null,
      vantageCents: credit.amountCents,
      at: credit.at,
      detail: `A ${cents(credit.amountCents)} pack credited (${credit.paymentIntent ?? "no payment intent"}); the provider lists no paid checkout.`,
    });
  }

  // ---- payouts: redemptions paid vs transfers sent, by redemption (the transfer group) ----
  // A transfer counts by what it still holds: one taken back in full (the bank returned its
  // payout and the redemption went back to the balance) matches nothing and is owed nothing.
  const paid = new Map(vantage.paidRedemptions.map((redemption) => [redemption.redemptionId, redemption]));
  const held = (transfer: ProviderTransfer) => transfer.amountCents - transfer.reversedCents;
  const transfersByRedemption = groupBy(provider.transfers, (transfer) => transfer.redemptionId);
  for (const [redemptionId, transfers] of transfersByRedemption) {
    const redemption = redemptionId === null ? undefined : paid.get(redemptionId);
    const standing = transfers.filter((transfer) => held(transfer) > 0);
    const ids = transfers.map((transfer) => transfer.transferId).join(", ");
    const total = transfers.reduce((sum, transfer) => sum + held(transfer), 0);
    const userId = transfers.find((transfer) => transfer.userId)?.userId ?? redemption?.userId ?? null;
    if (!redemption) {
      for (const transfer of standing) {
        report({
          view: "payouts",
          kind: "transfer-without-redemption",
          userId: transfer.userId ?? null,
          providerRef: transfer.transferId,
          vantageRef: transfer.redemptionId,
          providerCents: held(transfer),
          vantageCents: null,
          at: transfer.at,
          detail: transfer.redemptionId
            ? `Transfer of ${cents(held(transfer))} for ${transfer.redemptionId}, which no wallet booked as paid.`
            : `Transfer of ${cents(held(transfer))} with no redemption (transfer group).`,
        });
      }
      continue;
    }
    if (standing.length > 1) {
      report({
        view: "payouts",
        kind: "payout-sent-twice",
        userId,
        providerRef: ids,
        vantageRef: redemption.redemptionId,
        providerCents: total,
        vantageCents: redemption.amountCents,
        at: latest(transfers),
        detail: `${standing.length} transfers (${cents(total)} in all) for one redemption of ${cents(redemption.amountCents)}.`,
      });
    } else if (total !== redemption.amountCents) {
      report({
        view: "payouts",
        kind: "amount-mismatch",
        userId,
        providerRef: ids,
        vantageRef: redemption.redemptionId,
        providerCents: total,
        vantageCents: redemption.amountCents,
        at: transfers[0]!.at,
        detail: `Transferred ${cents(total)}${total === sumOf(transfers) ? "" : " after what was taken back"}; the redemption paid was ${cents(redemption.amountCents)}.`,
      });
    }
  }
  for (const redemption of vantage.paidRedemptions) {
    if (transfersByRedemption.has(redemption.redemptionId)) continue;
    report({
      view: "payouts",
      kind: "redemption-without-transfer",
      userId: redemption.userId,
      providerRef: null,
      vantageRef: redemption.redemptionId,
      providerCents: null,
      vantageCents: redemption.amountCents,
      at: redemption.at,
      detail: `Redemption of ${cents(redemption.amountCents)} booked as paid; the provider lists no transfer for it.`,
    });
  }

  // ---- reversals: disputes by dispute id ----
  const bookedDisputes = new Map(vantage.reversals.filter((r) => r.kind === "dispute").map((r) => [r.reference, r]));
  const providerDisputes = provider.reversals.filter((r) => r.kind === "dispute");
  const disputeIds = new Set(providerDisputes.map((d) => d.id));
  for (const dispute of providerDisputes) {
    const booked = bookedDisputes.get(dispute.id);
    if (booked && booked.amountCents === dispute.amountCents) continue;
    report({
      view: "reversals",
      kind: booked ? "amount-mismatch" : "dispute-without-reversal",
      userId: booked?.userId ?? null,
      providerRef: dispute.id,
      vantageRef: booked?.reference ?? null,
      providerCents: dispute.amountCents,
      vantageCents: booked?.amountCents ?? null,
      at: dispute.at,
      detail: booked
        ? `Dispute of ${cents(dispute.amountCents)} on ${dispute.paymentIntent ?? dispute.chargeId ?? "an unknown payment"}; booked as ${cents(booked.amountCents)}.`
        : `Dispute of ${cents(dispute.amountCents)} on ${dispute.paymentIntent ?? dispute.chargeId ?? "an unknown payment"}; no reversal booked.`,
    });
  }
  for (const booked of bookedDisputes.values()) {
    if (disputeIds.has(booked.reference)) continue;
    report({
      view: "reversals",
      kind: "reversal-without-dispute",
      userId: booked.userId,
      providerRef: null,
      vantageRef: booked.reference,
      providerCents: null,
      vantageCents: booked.amountCents,
      at: booked.at,
      detail: `Dispute reversal of ${cents(booked.amountCents)} on ${booked.paymentIntent ?? "an unknown payment"}; the provider lists no such dispute.`,
    });
  }

  // ---- reversals: refunds by payment intent, what was refunded vs what was reversed ----
  const providerRefunds = groupBy(
    provider.reversals.filter((r) => r.kind === "refund"),
    (r) => r.paymentIntent ?? r.chargeId,
  );
  const bookedRefunds = groupBy(
    vantage.reversals.filter((r) => r.kind === "refund"),
    (r) => r.paymentIntent,
  );
  for (const paymentIntent of new Set([...providerRefunds.keys(), ...bookedRefunds.keys()])) {
    const refunds = providerRefunds.get(paymentIntent) ?? [];
    const booked = bookedRefunds.get(paymentIntent) ?? [];
    const refunded = sumOf(refunds);
    const reversed = sumOf(booked);
    if (refunded === reversed) continue;
    const providerSideAhead = refunded > reversed;
    report({
      view: "reversals",
      kind: providerSideAhead ? "refund-without-reversal" : "reversal-without-refund",
      userId: booked[0]?.userId ?? null,
      providerRef: refunds.length > 0 ? refunds.map((r) => r.id).join(", ") : null,
      vantageRef: booked.length > 0 ? booked.map((r) => r.reference).join(", ") : null,
      providerCents: refunded,
      vantageCents: reversed,
      at: latest(providerSideAhead ? refunds : booked),
      detail: `${paymentIntent ?? "An unknown payment"}: refunded ${cents(refunded)} at the provider, reversed ${cents(reversed)} in the wallet.`,
    });
  }

  const viewOrder = { packs: 0, payouts: 1, reversals: 2 } as const;
  differences.sort((a, b) => viewOrder[a.view] - viewOrder[b.view] || a.at - b.at);
  return { differences, counts };
}
