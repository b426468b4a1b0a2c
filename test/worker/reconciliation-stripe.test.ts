// The Stripe provider's own records for the reconciliation (stripe-provider.ts
// `listRecords`), with api.stripe.com faked at the network edge: each list is asked for
// the window's `created` range in whole seconds, followed page by page to its end, and its
// objects are read into the provider-neutral records (unpaid sessions and failed refunds
// left out).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStripeProvider } from "../../worker/payments/stripe-provider";

type Page = { data: Record<string, unknown>[]; has_more: boolean };

/** Answers each Stripe list path with its pages in turn (`starting_after` picks the next); records every URL asked for. */
function fakeStripeLists(pages: Record<string, Page[]>) {
  const asked: URL[] = [];
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.hostname !== "api.stripe.com") return original(input, init);
    asked.push(url);
    const list = pages[url.pathname] ?? [{ data: [], has_more: false }];
    const after = url.searchParams.get("starting_after");
    const index = after ? list.findIndex((page) => page.data.some((o) => o.id === after)) + 1 : 0;
    const page = list[index] ?? { data: [], has_more: false };
    return new Response(JSON.stringify({ object: "list", url: url.pathname, ...page }), {
      headers: { "Content-Type": "application/json", "Request-Id": "req_1" },
    });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const FROM = Date.parse("2026-05-01T00:00:00Z");
const TO = FROM + 24 * 60 * 60 * 1000;
const T = FROM / 1000 + 3600;

describe("the Stripe provider's records for a window", () => {
  it("lists paid sessions, every page of transfers, refunds and disputes created in [from, to)", async () => {
    const asked = fakeStripeLists({
      "/v1/checkout/sessions": [
        {
          data: [
            {
              id: "cs_paid",
              object: "checkout.session",
              mode: "payment",
              payment_status: "paid",
              amount_total: 999,
              payment_intent: "pi_1",
              client_reference_id: "user-1",
              metadata: {},
              created: T,
            },
            {
              id: "cs_unpaid",
              object: "checkout.session",
              mode: "payment",
              payment_status: "unpaid",
              amount_total: 499,
              payment_intent: null,
              client_reference_id: "user-2",
              metadata: {},
              created: T,
            },
          ],
          has_more: false,
        },
      ],
      "/v1/transfers": [
        {
          data: [{ id: "tr_1", object: "transfer", amount: 2_000, transfer_group: "rd_1", metadata: { userId: "user-1" }, created: T }],
          has_more: true,
        },
        {
          data: [
            {
              id: "tr_2",
              object: "transfer",
              amount: 2_000,
              amount_reversed: 2_000,
              transfer_group: "rd_1",
              metadata: { userId: "user-1" },
              created: T + 60,
            },
          ],
          has_more: false,
        },
      ],
      "/v1/refunds": [
        {
          data: [
            { id: "re_1", object: "refund", amount: 500, payment_intent: "pi_1", charge: "ch_1", status: "succeeded", created: T },
            { id: "re_failed", object: "refund", amount: 499, payment_intent: "pi_1", charge: "ch_1", status: "failed", created: T },
          ],
          has_more: false,
        },
      ],
      "/v1/disputes": [
        {
          data: [{ id: "dp_1", object: "dispute", amount: 999, payment_intent: { id: "pi_2" }, charge: "ch_2", created: T }],
          has_more: false,
        },
      ],
    });
    const records = await createStripeProvider("sk_test_vantage").listRecords({ from: FROM, to: TO });
    expect(records.payments).toEqual([
      { checkoutSessionId: "cs_paid", paymentIntent: "pi_1", userId: "user-1", amountCents: 999, at: T * 1000 },
    ]);
    // What was taken back of each (a payout the bank returned) comes with it.
    expect(records.transfers.map((t) => [t.transferId, t.redemptionId, t.userId, t.amountCents, t.reversedCents])).toEqual([
      ["tr_1", "rd_1", "user-1", 2_000, 0],
      ["tr_2", "rd_1", "user-1", 2_000, 2_000],
    ]);
    expect(records.reversals).toEqual([
      { kind: "refund", id: "re_1", paymentIntent: "pi_1", chargeId: "ch_1", amountCents: 500, at: T * 1000 },
      { kind: "dispute", id: "dp_1", paymentIntent: "pi_2", chargeId: "ch_2", amountCents: 999, at: T * 1000 },
    ]);
    const sessions = asked.find((url) => url.pathname === "/v1/checkout/sessions")!;
    expect(sessions.searchParams.get("created[gte]")).toBe(String(FROM / 1000));
    expect(sessions.searchParams.get("created[lt]")).toBe(String(TO / 1000));
    expect(sessions.searchParams.get("status")).toBe("complete");
    // The second page of transfers was asked for after the first one's last object.
    expect(asked.filter((url) => url.pathname === "/v1/transfers").map((url) => url.searchParams.get("starting_after"))).toEqual([
      null,
      "tr_1",
    ]);
  });
});
