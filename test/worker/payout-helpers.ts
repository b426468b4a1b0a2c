// What the redemption tests do before a redemption, one way: give a player bought Vantage
// Cash (the 49.99 pack: 49 VC, play-through off so all of it is redeemable; play-through
// has its own tests), onboard a simulated payout account through its page with the
// player's own bank account (one payout identity per person) in the player's own verified
// name (payouts go only to the verified person), ask for a withdrawal, and read the Vantage
// Cash balance.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { expect, vi } from "vitest";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { createApp } from "../../worker/app";
import { getUserWallet } from "../../worker/user-wallet";
import { api, BASE, postJson, type SignedIn, signIn, submitPage, testLegalName } from "./helpers";

/** The player's Vantage Cash balance in cents, as /api/me answers it. */
export const vantageCashOf = async (player: SignedIn) =>
  ((await (await api("/api/me", { token: player.token })).json()) as { vantageCash: number }).vantageCash;

export async function buyCash(player: SignedIn, checkoutSessionId = `cs_${crypto.randomUUID().replaceAll("-", "")}`): Promise<void> {
  const res = await getUserWallet(env, player.userId).creditPurchase(
    player.userId,
    { checkoutSessionId, amountCents: 4999, cashPlaythrough: 0 },
    Date.now(),
  );
  expect(res.ok).toBe(true);
}

/**
 * Completes the simulated onboarding page with `fields`, the account holder's name being the
 * player's verified one (testLegalName) unless `fields` names another; answers the page's path and its answer.
 */
export async function completeOnboarding(player: SignedIn, fields: Record<string, string>) {
  const link = await postJson("/api/connect/onboarding-link", {}, player.token);
  expect(link.status).toBe(200);
  const path = new URL(((await link.json()) as { url: string }).url).pathname;
  const done = await submitPage(path, { holder_name: testLegalName(player.userId), ...fields });
  return { path, done };
}

/** Onboards a payout account with a bank account of the player's own; answers the account's id. */
export async function onboardPayouts(player: SignedIn): Promise<string> {
  const accountNumber = `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`;
  const { path, done } = await completeOnboarding(player, { routing_number: "110000000", account_number: accountNumber });
  expect(done.status).toBe(303);
  expect(done.headers.get("Location")).toBe("/redeem?onboarding=return");
  return path.split("/").pop()!;
}

export const withdraw = (player: SignedIn, amount: unknown) => postJson("/api/withdrawals", { amount }, player.token);

/** The player's redemptions, newest first, as GET /api/withdrawals answers (it also retries due payouts). */
export const history = async (player: SignedIn) =>
  ((await (await api("/api/withdrawals", { token: player.token })).json()) as { redemptions: Redemption[] }).redemptions;

/** A request to the app with the review queue's tunables set (the test configuration turns the new-account review off). */
export async function withReview(review: { cents: string; days: string }, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const reviewEnv = { ...env, REDEMPTION_REVIEW_CENTS: review.cents, REDEMPTION_REVIEW_NEW_ACCOUNT_DAYS: review.days };
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, { ...init, headers }), reviewEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A new account's first redemption of 20, asked with the review queue on: pending, in review. */
export async function askedInReview(player: SignedIn): Promise<Redemption> {
  const asked = await withReview({ cents: "50000", days: "30" }, "/api/withdrawals", {
    method: "POST",
    token: player.token,
    body: JSON.stringify({ amount: 20 }),
  });
  expect(asked.status).toBe(200);
  const { redemption } = (await asked.json()) as { redemption: Redemption };
  expect(redemption.status).toBe("pending");
  return redemption;
}

/** An operator approves the redemption's review. */
export async function approveReview(redemptionId: string): Promise<void> {
  const admin = await signIn("admin@vantage.test", "Operator");
  expect((await postJson(`/api/admin/approvals/review-${redemptionId}/approve`, {}, admin.token)).status).toBe(200);
}

/**
 * `read()` once `done` holds of it: polled until then (a payout's steps arrive on the wallet's
 * alarm and the simulator's `payout.paid`), failing with a timeout rather than answering a
 * value that is not done yet.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  await vi.waitUntil(
    async () => {
      last = await read();
      return done(last);
    },
    { timeout: 20_000, interval: 20 },
  );
  return last as T;
}
