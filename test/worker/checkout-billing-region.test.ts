// A pack is judged by the card's billing address too. Before a player has verified their
// identity, where they connect from is all Vantage knows of where they are, and a VPN moves
// it; Checkout asks for the card's billing address, and a completion whose billing state
// offers no packs (Washington: Coins only) is declined and refunded, never credited, whatever
// state the checkout was opened from. The simulated checkout page asks for the billing state
// as Stripe's does.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, signIn, type SignedIn } from "./helpers";
import { checkoutCompletedEvent } from "./stripe-events";
import { deliverStripeEvent as deliver, openSimCheckout as openCheckout, simPaymentIntentOf as paymentIntentOf } from "./checkout-helpers";

/** Stripe's completion of the session, paid with a card billed in `state` (null: an address that names none). */
function completion(player: SignedIn, sessionId: string, state: string | null): string {
  const event = JSON.parse(
    checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal: 999, paymentIntent: paymentIntentOf(sessionId) }),
  ) as { data: { object: Record<string, unknown> } };
  event.data.object.customer_details = { address: { country: "US", state, postal_code: "73301" } };
  return JSON.stringify(event);
}

/** What the shop is told of the session when the player comes back from paying. */
const outcomeOf = async (player: SignedIn, sessionId: string) =>
  (await api(`/api/checkout/sessions/${sessionId}`, { token: player.token })).json();

const cashOf = async (player: SignedIn) =>
  ((await (await api("/api/me", { token: player.token })).json()) as { vantageCash: number }).vantageCash;

async function refundedCents(sessionId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT SUM(amount_cents) AS cents FROM sim_reversals WHERE kind = 'refund' AND payment_intent = ?")
    .bind(paymentIntentOf(sessionId))
    .first<{ cents: number | null }>();
  return row?.cents ?? 0;
}

describe("the card's billing address", () => {
  it("declines and refunds a pack billed in a state that offers none, opened from one that does", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    const answer = await deliver(completion(player, sessionId, "WA"));
    expect(answer.credited).not.toBe(true);
    expect(answer.declined).toBe("withdrawn");
    expect(await cashOf(player)).toBe(0);
    expect(await refundedCents(sessionId)).toBe(999);
    // The shop is told why, and that the payment is refunded.
    expect(await outcomeOf(player, sessionId)).toEqual({ state: "declined", reason: "withdrawn" });
  });

  it("credits a pack billed in a state that offers packs", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    expect(await outcomeOf(player, sessionId)).toEqual({ state: "waiting", reason: null });
    expect((await deliver(completion(player, sessionId, "TX"))).credited).toBe(true);
    expect(await cashOf(player)).toBe(900);
    expect(await outcomeOf(player, sessionId)).toEqual({ state: "credited", reason: null });
    // Another player's wallet never saw it; an id that is no session's is 404.
    const other = await signIn();
    expect(await outcomeOf(other, sessionId)).toEqual({ state: "waiting", reason: null });
    expect((await api("/api/checkout/sessions/not-a-session", { token: player.token })).status).toBe(404);
  });

  it("judges a US address that names no state (a checkout opened before the full address was asked) by the rest, not as a closed country", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    expect((await deliver(completion(player, sessionId, null))).credited).toBe(true);
  });

  it("reads a billing state spelled out by name as that state, and one it cannot read as no state, never as the whole country", async () => {
    const player = await signIn();
    const washington = await openCheckout(player, 999);
    expect((await deliver(completion(player, washington, "Washington"))).declined).toBe("withdrawn");
    expect(await refundedCents(washington)).toBe(999);
    // "Texas" is Texas, not "US" (a place not confirmed, closed to packs); "Tex." names no state it can read.
    for (const state of ["Texas", "texas ", "Tex."]) {
      const sessionId = await openCheckout(player, 999);
      expect({ state, credited: (await deliver(completion(player, sessionId, state))).credited }).toEqual({ state, credited: true });
    }
    expect(await cashOf(player)).toBe(3 * 900);
  });

  it("the simulated checkout asks for the billing state, and judges the pack by it", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    const page = await (await api(`/api/payments/sim/checkout/${sessionId}`)).text();
    expect(page).toContain('name="billingState" value="TX"');
    const paid = await api(`/api/payments/sim/checkout/${sessionId}/pay`, {
      method: "POST",
      body: new URLSearchParams({ billingState: "wa" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(await cashOf(player)).toBe(0);
    expect(await refundedCents(sessionId)).toBe(999);
  });
});
