// Taking a redemption's transfer back at Stripe after the bank returned its payout
// (stripe-provider.ts `reverseTransfer`), with api.stripe.com faked at the network edge: the
// transfer is read first, and the reversal asked for once under the wallet's key only when
// it is this redemption's, this player's, to this account, and not yet taken back.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStripeProvider } from "../../worker/payments/stripe-provider";

type Asked = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null };

/** Answers GET /v1/transfers/:id with `transfer` and a reversal POST with a reversal; records every request. */
function fakeStripeTransfer(transfer: Record<string, unknown>) {
  const asked: Asked[] = [];
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.hostname !== "api.stripe.com") return original(input, init);
    const headers = new Headers(init?.headers);
    asked.push({
      method: init?.method ?? "GET",
      path: url.pathname,
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
      idempotencyKey: headers.get("Idempotency-Key"),
    });
    const body = url.pathname.endsWith("/reversals")
      ? { id: "trr_1", object: "transfer_reversal", amount: 2_000, transfer: transfer.id }
      : transfer;
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json", "Request-Id": "req_1" } });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const TRANSFER = {
  id: "tr_1",
  object: "transfer",
  amount: 2_000,
  amount_reversed: 0,
  destination: "acct_1",
  transfer_group: "rd_1",
  metadata: { redemptionId: "rd_1", userId: "user-1" },
  created: 1_790_000_000,
};
const INPUT = {
  transferId: "tr_1",
  accountId: "acct_1",
  amountCents: 2_000,
  redemptionId: "rd_1",
  userId: "user-1",
  idempotencyKey: "bank-return-rd_1",
};

describe("the Stripe provider taking a returned payout's transfer back", () => {
  it("reverses the whole transfer under the wallet's key", async () => {
    const asked = fakeStripeTransfer(TRANSFER);
    expect(await createStripeProvider("sk_test_vantage").reverseTransfer(INPUT)).toEqual({ ok: true });
    const reversal = asked.find((a) => a.method === "POST")!;
    expect(reversal.path).toBe("/v1/transfers/tr_1/reversals");
    expect(reversal.body.get("amount")).toBe("2000");
    expect(reversal.body.get("metadata[redemptionId]")).toBe("rd_1");
    expect(reversal.idempotencyKey).toBe("bank-return-rd_1");
  });

  it("asks for nothing more once the transfer is taken back, and only the rest of one taken back in part", async () => {
    const done = fakeStripeTransfer({ ...TRANSFER, amount_reversed: 2_000 });
    expect(await createStripeProvider("sk_test_vantage").reverseTransfer(INPUT)).toEqual({ ok: true });
    expect(done.filter((a) => a.method === "POST")).toEqual([]);
    vi.unstubAllGlobals();
    const part = fakeStripeTransfer({ ...TRANSFER, amount_reversed: 500 });
    expect(await createStripeProvider("sk_test_vantage").reverseTransfer(INPUT)).toEqual({ ok: true });
    expect(part.find((a) => a.method === "POST")!.body.get("amount")).toBe("1500");
  });

  it("never takes back a transfer of another redemption, player or account", async () => {
    for (const other of [
      { metadata: { redemptionId: "rd_2", userId: "user-1" } },
      { metadata: { redemptionId: "rd_1", userId: "user-2" } },
      { destination: "acct_2" },
    ]) {
      const asked = fakeStripeTransfer({ ...TRANSFER, ...other });
      expect(await createStripeProvider("sk_test_vantage").reverseTransfer(INPUT)).toMatchObject({ ok: false });
      expect(asked.filter((a) => a.method === "POST")).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
