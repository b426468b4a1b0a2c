// A redemption the player can follow, and the review queue: the timeline's steps in GET
// /api/withdrawals, the Connect endpoint's payout.paid (once under replays), and the
// redemptions that wait for an operator's approve or reject.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { DEV_STRIPE_CONNECT_WEBHOOK_SECRET, DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { api, postJson, signIn } from "./helpers";
import { buyCash, eventually, history, onboardPayouts, vantageCashOf, withReview } from "./payout-helpers";

const HOUR = 3_600_000;
const TIMING = { retryAfterMs: HOUR, retryMaxMs: HOUR, keyReuseMs: 24 * HOUR, leaseMs: 60_000 };

const steps = (r: Redemption) => r.timeline.map((s) => s.step);

describe("the redemption timeline", () => {
  it("lists each step with its time in order: requested, identity checked, sent and — from the simulator's payout.paid — paid", async () => {
    const player = await signIn();
    await buyCash(player, "cs_tl_1");
    await onboardPayouts(player);
    const before = Date.now();
    expect((await postJson("/api/withdrawals", { amount: 20 }, player.token)).status).toBe(200);
    const [redemption] = await history(player);
    expect(steps(redemption!)).toEqual(["requested", "identity-checked", "sent", "paid"]);
    const times = redemption!.timeline.map((s) => s.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(redemption).toMatchObject({ status: "paid", hold: null, next: null });
  });
});

describe("the Connect endpoint's payout.paid", () => {
  async function payoutPaidEvent(accountId: string, secret = DEV_STRIPE_CONNECT_WEBHOOK_SECRET) {
    const created = Math.floor(Date.now() / 1000) + 1;
    const body = JSON.stringify({
      id: "evt_po_1",
      object: "event",
      type: "payout.paid",
      account: accountId,
      data: { object: { id: "po_auto_1", object: "payout", status: "paid", created, amount: 2_000 } },
    });
    return { body, signature: await stripeSignatureHeader(body, secret, Math.floor(Date.now() / 1000)) };
  }

  it("marks a sent redemption paid once, however often the event is delivered, and only with its own secret", async () => {
    const player = await signIn();
    await buyCash(player, "cs_tl_2");
    const accountId = await onboardPayouts(player);
    // A transfer sent (recorded by the wallet) whose bank payout has not arrived yet.
    const wallet = getUserWallet(env, player.userId);
    const now = Date.now();
    // Asked and its attempt begun in one call to the wallet, so its alarm (which sends payouts
    // due) cannot take the attempt in between on a slow machine.
    const begun = await runInDurableObject(wallet, async (instance: UserWallet) => {
      const asked = await instance.requestRedemption(player.userId, { amountCents: 2_000, redemptionId: "rd_connect_1" }, now);
      return asked.ok && (await instance.beginPayoutAttempt(player.userId, { redemptionId: "rd_connect_1", timing: TIMING }, now)).run;
    });
    expect(begun).toBe(true);
    await wallet.finishPayoutAttempt(
      player.userId,
      { redemptionId: "rd_connect_1", outcome: { kind: "paid", transferId: "tr_1" }, timing: TIMING },
      now,
    );
    const sent = (await history(player))[0]!;
    expect(steps(sent)).toEqual(["requested", "identity-checked", "sent"]);
    expect(sent.next).toContain("usually within 2 business days");

    // Signed with the platform endpoint's secret, not the Connect one: refused.
    const wrong = await payoutPaidEvent(accountId, DEV_STRIPE_WEBHOOK_SECRET);
    const refused = await api("/api/stripe/connect-webhook", {
      method: "POST",
      body: wrong.body,
      headers: { "Stripe-Signature": wrong.signature },
    });
    expect(refused.status).toBe(400);

    const event = await payoutPaidEvent(accountId);
    const deliver = () =>
      api("/api/stripe/connect-webhook", { method: "POST", body: event.body, headers: { "Stripe-Signature": event.signature } });
    expect(await (await deliver()).json()).toEqual({ received: true, marked: 1 });
    expect(await (await deliver()).json()).toEqual({ received: true, marked: 0 });
    const paid = (await history(player))[0]!;
    expect(steps(paid)).toEqual(["requested", "identity-checked", "sent", "paid"]);
    expect(paid.timeline.filter((s) => s.step === "paid")).toHaveLength(1);
    expect(paid.next).toBeNull();
  });
});

describe("the review queue", () => {
  it("holds a new account's first redemption until an operator approves it, then sends it", async () => {
    const player = await signIn();
    await buyCash(player, "cs_rv_1");
    await onboardPayouts(player);
    const res = await withReview({ cents: "50000", days: "30" }, "/api/withdrawals", {
      method: "POST",
      token: player.token,
      body: JSON.stringify({ amount: 20 }),
    });
    expect(res.status).toBe(200);
    const { redemption } = (await res.json()) as { redemption: Redemption };
    expect(redemption).toMatchObject({
      status: "pending",
      hold: "A new account's first redemption is reviewed by our team before it is sent.",
    });
    expect(steps(redemption)).toEqual(["requested", "identity-checked", "in-review"]);
    expect(redemption.next).toContain("An operator approves or rejects it");
    expect(await vantageCashOf(player)).toBe(2_900);

    const admin = await signIn("admin@vantage.test", "Operator");
    const queue = (await (await api("/api/admin/approvals", { token: admin.token })).json()) as {
      requests: { id: string; kind: string; subject: string; subjectLabel: string; payload: { redemptionId: string } }[];
    };
    const request = queue.requests.find((r) => r.kind === "redemption" && r.payload.redemptionId === redemption.id)!;
    expect(request).toMatchObject({ subject: player.userId, subjectLabel: player.email });
    // Still not sent while it waits: a look at the history (which retries due payouts) sends nothing.
    expect((await history(player))[0]).toMatchObject({ status: "pending" });

    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token)).status).toBe(200);
    const after = await eventually(
      async () => (await history(player))[0]!,
      (r) => r.timeline.some((s) => s.step === "paid"),
    );
    expect(steps(after)).toEqual(["requested", "identity-checked", "in-review", "approved", "sent", "paid"]);
    expect(after).toMatchObject({ status: "paid", hold: null });
    expect(await vantageCashOf(player)).toBe(2_900);
  });

  it("holds each of a new account's redemptions until an operator has let one through, so a second asked beside the first waits too", async () => {
    const player = await signIn();
    await buyCash(player, "cs_rv_3a");
    await buyCash(player, "cs_rv_3b");
    await onboardPayouts(player);
    const post = async (key: string) =>
      (
        (await (
          await withReview({ cents: "50000", days: "30" }, "/api/withdrawals", {
            method: "POST",
            token: player.token,
            headers: { "Idempotency-Key": key },
            body: JSON.stringify({ amount: 20 }),
          })
        ).json()) as { redemption: Redemption }
      ).redemption;
    const first = await post(crypto.randomUUID());
    const second = await post(crypto.randomUUID());
    for (const held of [first, second]) {
      expect(held).toMatchObject({
        status: "pending",
        hold: "A new account's first redemption is reviewed by our team before it is sent.",
      });
    }
    expect(first.id).not.toBe(second.id);
    expect((await history(player)).map((r) => r.status)).toEqual(["pending", "pending"]);

    // Once an operator approves one, the account's later redemptions go straight out.
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await postJson(`/api/admin/approvals/review-${first.id}/approve`, {}, admin.token)).status).toBe(200);
    expect(await post(crypto.randomUUID())).toMatchObject({ status: "paid", hold: null });
  });

  it("holds one that brings the player's redemptions above REDEMPTION_REVIEW_CENTS and, on reject, returns the cash with the reason the player sees", async () => {
    const player = await signIn();
    await buyCash(player, "cs_rv_2");
    await onboardPayouts(player);
    const review = { cents: "2500", days: "0" };
    const post = (amount: number) =>
      withReview(review, "/api/withdrawals", { method: "POST", token: player.token, body: JSON.stringify({ amount }) });
    // One at or under the threshold goes straight out.
    const straight = await post(20);
    expect(await straight.json()).toMatchObject({ redemption: { status: "paid" } });
    // The next is held: together they pass the threshold, however they were split.
    const held = ((await (await post(26)).json()) as { redemption: Redemption }).redemption;
    expect(held.hold).toBe("Redemptions above $25 in 30 days are reviewed by our team before they are sent.");
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000 - 2_600);

    const admin = await signIn("admin@vantage.test", "Operator");
    const reject = await postJson(`/api/admin/approvals/review-${held.id}/reject`, { reason: "Document photo unreadable" }, admin.token);
    expect(reject.status).toBe(200);
    // Rejecting again changes nothing: the cash comes back once.
    expect((await postJson(`/api/admin/approvals/review-${held.id}/reject`, { reason: "again" }, admin.token)).status).toBe(409);
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
    const returned = (await history(player)).find((r) => r.id === held.id)!;
    expect(returned).toMatchObject({ status: "failed", failureReason: "Returned after review: Document photo unreadable", next: null });
    expect(steps(returned)).toEqual(["requested", "identity-checked", "in-review", "returned"]);
    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((r) => r.reference === held.id).map((r) => [r.reason, r.amount])).toEqual([
      ["redemption_refund", 2_600],
      ["redemption_hold", -2_600],
    ]);
  });

  it("never lets an operator decide the review of their own redemption", async () => {
    const operator = await signIn("ops@vantage.test", "Ops");
    await buyCash(operator, `cs_rv_own_${crypto.randomUUID()}`);
    await onboardPayouts(operator);
    const res = await withReview({ cents: "1000", days: "0" }, "/api/withdrawals", {
      method: "POST",
      token: operator.token,
      body: JSON.stringify({ amount: 20 }),
    });
    const { redemption } = (await res.json()) as { redemption: Redemption };
    const own = await postJson(`/api/admin/approvals/review-${redemption.id}/approve`, {}, operator.token);
    expect(own.status).toBe(403);
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await postJson(`/api/admin/approvals/review-${redemption.id}/reject`, { reason: "test" }, admin.token)).status).toBe(200);
  });
});
