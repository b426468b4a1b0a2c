// Paying for packs in Worker tests as a player and Stripe would: a checkout opened at the
// simulated provider, and Stripe-signed events delivered to the real webhook.
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, type SignedIn } from "./helpers";
import { ringAlarm } from "./ring-alarm";
import { stripeSignature } from "./stripe-events";

/** What the payments webhook answers an event. */
export type WebhookBody = { received: true; credited?: boolean; declined?: string; moved?: boolean; ignored?: string };

/** Delivers a Stripe-signed event to the payments webhook, which answers 200. */
export async function deliverStripeEvent(payload: string): Promise<WebhookBody> {
  const signature = await stripeSignature(payload);
  const res = await api("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } });
  expect(res.status).toBe(200);
  return (await res.json()) as WebhookBody;
}

/** Asks for a checkout at the simulated provider: the answer's status, and its session id or refusal. */
export async function tryOpenSimCheckout(player: SignedIn, amountCents: number) {
  const res = await postJson("/api/checkout/session", { amountCents }, player.token);
  const body = (await res.json()) as { url?: string; error?: { code: string; message: string } };
  return { status: res.status, sessionId: body.url ? new URL(body.url).pathname.split("/").pop()! : null, error: body.error };
}

/** Opens a checkout at the simulated provider; its Checkout Session id. */
export async function openSimCheckout(player: SignedIn, amountCents: number): Promise<string> {
  const opened = await tryOpenSimCheckout(player, amountCents);
  expect(opened.status).toBe(200);
  return opened.sessionId!;
}

/** The PaymentIntent the simulated provider names for a session it completes. */
export const simPaymentIntentOf = (sessionId: string) => `pi_sim_${sessionId.slice("cs_sim_".length)}`;

/** A session's status in the simulated provider's books ("open", "completed", "expired", …). */
export async function simCheckoutStatus(sessionId: string): Promise<string | undefined> {
  const row = await env.DB.prepare("SELECT status FROM sim_checkout_sessions WHERE id = ?").bind(sessionId).first<{ status: string }>();
  return row?.status;
}

/** Rings the player's wallet alarm (its own, set to ring at the commit, may ring first) until the provider has expired the session. */
export async function expiredAtSimProvider(player: SignedIn, sessionId: string): Promise<void> {
  await vi.waitUntil(
    async () => {
      await ringAlarm(getUserWallet(env, player.userId));
      return (await simCheckoutStatus(sessionId)) === "expired";
    },
    { timeout: 20_000, interval: 20 },
  );
}
