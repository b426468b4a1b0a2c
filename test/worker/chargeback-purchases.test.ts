// A card payment taken back through the player's bank (a dispute closed lost) closes the
// account to coin packs: a win redeemed before the chargeback would otherwise be a free bet,
// bought again every month. A new checkout is refused with a sentence, and one already open
// is withdrawn (expired at the provider; paid anyway, declined and refunded); a dispute the
// house won, or one still open, leaves purchases as they were.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sentenceFor } from "../../src/shared/refusals";
import { api, signIn, type SignedIn } from "./helpers";
import { checkoutCompletedEvent, disputeEvent } from "./stripe-events";
import {
  deliverStripeEvent as deliver,
  expiredAtSimProvider,
  simPaymentIntentOf as paymentIntentOf,
  tryOpenSimCheckout as openCheckout,
} from "./checkout-helpers";

/** Pays a checkout opened at the simulated provider, as Stripe's completion event tells it. */
const pay = (player: SignedIn, sessionId: string, amountTotal: number) =>
  deliver(checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal, paymentIntent: paymentIntentOf(sessionId) }));

async function disputed(sessionId: string, closedAs: "lost" | "won" | "charge_refunded" | "warning_closed" | null) {
  const paymentIntent = paymentIntentOf(sessionId);
  const disputeId = `dp_${crypto.randomUUID().replaceAll("-", "")}`;
  await deliver(disputeEvent({ type: "charge.dispute.created", disputeId, paymentIntent, amount: 999, status: "needs_response" }));
  if (closedAs) await deliver(disputeEvent({ type: "charge.dispute.closed", disputeId, paymentIntent, amount: 999, status: closedAs }));
}

/** A new player who bought a 9.99 pack whose payment was then disputed, closed as `closedAs` (null: still open). */
async function buyerDisputed(closedAs: "won" | "charge_refunded" | "warning_closed" | null): Promise<SignedIn> {
  const player = await signIn();
  const paid = await openCheckout(player, 999);
  expect((await pay(player, paid.sessionId!, 999)).credited).toBe(true);
  await disputed(paid.sessionId!, closedAs);
  return player;
}

describe("a chargeback the house lost", () => {
  it("closes the account to coin packs: a new checkout is refused with a sentence", async () => {
    const player = await signIn();
    const first = await openCheckout(player, 999);
    expect(first.status).toBe(200);
    expect((await pay(player, first.sessionId!, 999)).credited).toBe(true);
    await disputed(first.sessionId!, "lost");

    const refused = await openCheckout(player, 999);
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({
      code: "purchases-closed-chargeback",
      message: sentenceFor("purchases-closed-chargeback", undefined),
    });
    expect(refused.sessionId).toBeNull();
  });

  it("withdraws a checkout opened before the chargeback was lost: expired at the provider, and paid anyway it is refunded", async () => {
    const player = await signIn();
    const first = await openCheckout(player, 999);
    expect((await pay(player, first.sessionId!, 999)).credited).toBe(true);
    const opened = await openCheckout(player, 1999);
    expect(opened.status).toBe(200);
    await disputed(first.sessionId!, "lost");

    await expiredAtSimProvider(player, opened.sessionId!);
    // Paid just before the provider expired it: declined, never credited, and refunded in full.
    expect(await pay(player, opened.sessionId!, 1999)).toEqual({ received: true, credited: false, declined: "withdrawn" });
    // The pack charged back was taken back, and the one paid after it never credited.
    const me = (await (await api("/api/me", { token: player.token })).json()) as { coinBalance: number };
    expect(me.coinBalance).toBe(5_000);
    const refunds = await env.DB.prepare("SELECT amount_cents FROM sim_reversals WHERE kind = 'refund' AND payment_intent = ?")
      .bind(paymentIntentOf(opened.sessionId!))
      .all<{ amount_cents: number }>();
    expect(refunds.results.map((r) => r.amount_cents)).toEqual([1999]);
  });

  it("counts any close but a win as money taken back; an inquiry closed without a chargeback does not", async () => {
    const prevented = await buyerDisputed("charge_refunded");
    expect((await openCheckout(prevented, 999)).status).toBe(403);

    const asked = await buyerDisputed("warning_closed");
    expect((await openCheckout(asked, 999)).status).toBe(200);
  });

  it("leaves packs on sale after a dispute the house won, and while one is still open", async () => {
    const won = await buyerDisputed("won");
    expect((await openCheckout(won, 999)).status).toBe(200);

    const open = await buyerDisputed(null);
    expect((await openCheckout(open, 999)).status).toBe(200);
  });
});
