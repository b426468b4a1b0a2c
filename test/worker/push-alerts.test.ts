// Opt-in Web Push, end to end offline: a player's browser subscribes through the
// embedded push service, turns "Bet settled" on, a bet settles, and the wallet's outbox
// sends the alert through the push queue; the embedded service receives the encrypted
// request (RFC 8291, VAPID-signed) and decrypts exactly one message with the result,
// even when the queue delivers it again. Turning the kind off stops it.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { betSettledNotice, redemptionNotice, type PushNotice } from "../../src/shared/push-notices";
import { PushConfigSchema, PushPreferencesSchema, type PushMessage } from "../../src/shared/schemas/push";
import worker from "../../worker/index";
import { PUSH_QUEUE_NAME } from "../../worker/push/push-queue";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { betOf, leg, newEventId, openBet, seedBets, wallet } from "./settlement-fixtures";

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Inbox = { messages: { seq: number; message: PushMessage }[] };

async function subscribeBrowser(player: SignedIn): Promise<Subscription> {
  const res = await postJson("/api/dev/push/endpoints", {});
  expect(res.status).toBe(201);
  const subscription = (await res.json()) as Subscription;
  const registered = await postJson("/api/push/subscriptions", subscription, player.token);
  expect(registered.status).toBe(200);
  expect(PushPreferencesSchema.parse(await registered.json()).subscriptions).toBe(1);
  return subscription;
}

async function setKind(player: SignedIn, kind: string, enabled: boolean) {
  const res = await api("/api/push/preferences", { method: "PUT", token: player.token, body: JSON.stringify({ kind, enabled }) });
  expect(res.status).toBe(200);
  return PushPreferencesSchema.parse(await res.json());
}

async function inbox(subscription: Subscription): Promise<Inbox["messages"]> {
  const res = await api(`${new URL(subscription.endpoint).pathname}?after=0`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Inbox).messages;
}

/** Delivers notices straight to the Worker's queue() handler, as the platform would (a redelivery). */
async function deliverAgain(notices: PushNotice[]) {
  const batch = createMessageBatch<PushNotice>(
    PUSH_QUEUE_NAME,
    notices.map((body) => ({ id: crypto.randomUUID().replace(/-/g, ""), timestamp: new Date(), attempts: 2, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

async function settledBet(player: SignedIn, homeWins = true) {
  const eventId = newEventId();
  const bet = openBet([leg({ eventId, side: "Home", priceAm: 150, home: "Boston Celtics", away: "Los Angeles Lakers" })], { stake: 200 });
  await seedBets(player.userId, [bet]);
  await wallet(player.userId).applyEventResults(player.userId, [{ eventId, homeScore: homeWins ? 110 : 90, awayScore: 99 }], Date.now());
  return betOf(player.userId, bet.id);
}

describe("opt-in alerts", () => {
  it("says how to subscribe: the embedded push service in development, with the VAPID public key", async () => {
    const config = PushConfigSchema.parse(await (await api("/api/push/config")).json());
    expect(config.mode).toBe("embedded");
    expect(config.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it("a settled bet reaches the subscribed browser once, decrypted, even when the queue redelivers; off stops it", async () => {
    const player = await signIn();
    const subscription = await subscribeBrowser(player);
    // Every kind starts off: nothing is sent before the player turns one on.
    expect(await setKind(player, "bet-settled", true)).toMatchObject({ kinds: { "bet-settled": true, "redemption-changed": false } });

    const bet = await settledBet(player);
    await vi.waitUntil(async () => (await inbox(subscription)).length > 0, { timeout: 5_000, interval: 50 });
    const [received] = await inbox(subscription);
    expect(received!.message).toEqual({
      kind: "bet-settled",
      eventId: `bet-settled:${bet.id}`,
      title: "Bet settled: Won",
      body: "Los Angeles Lakers @ Boston Celtics: 200 Coins staked, paid 500 Coins.",
      url: "/picks",
    });

    // The queue delivers the same alert again, twice in one batch: nothing more arrives.
    const notice = betSettledNotice(player.userId, bet)!;
    const again = await deliverAgain([notice, notice]);
    expect(again.explicitAcks).toHaveLength(2);
    expect(await inbox(subscription)).toHaveLength(1);

    // Off: the next settled bet sends nothing.
    await setKind(player, "bet-settled", false);
    const next = await settledBet(player, false);
    await deliverAgain([betSettledNotice(player.userId, next)!]);
    expect(await inbox(subscription)).toHaveLength(1);
  });

  it("a redemption paid leaves the wallet as an alert when that kind is on", async () => {
    const player = await signIn();
    const subscription = await subscribeBrowser(player);
    await setKind(player, "redemption-changed", true);
    const stub = wallet(player.userId);
    for (const [id, cents] of [
      ["cs_alert_1", 999],
      ["cs_alert_2", 1999],
    ] as const) {
      await stub.creditPurchase(
        player.userId,
        { checkoutSessionId: `${id}_${player.userId}`, amountCents: cents, cashPlaythrough: 0 },
        Date.now(),
      );
    }
    const redemptionId = `rd_alert_${player.userId}`;
    const held = await stub.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId, cashPlaythrough: 0, purchaseHoldDays: 0 },
      Date.now(),
    );
    expect(held.ok).toBe(true);
    expect((await stub.completeRedemption(player.userId, { redemptionId, payoutReference: "tr_alert" }, Date.now())).ok).toBe(true);
    await stub.flushOutbox();
    await vi.waitUntil(async () => (await inbox(subscription)).length > 0, { timeout: 5_000, interval: 50 });
    expect((await inbox(subscription)).map((m) => [m.message.title, m.message.body])).toEqual([
      ["Redemption sent", "Your $20 redemption is on its way to your bank."],
    ]);
  });

  it("a redemption paid is its own kind, sent only when that kind is on", async () => {
    const player = await signIn();
    const subscription = await subscribeBrowser(player);
    await setKind(player, "bet-settled", true);
    const paid = redemptionNotice(player.userId, { id: `rd_${player.userId}`, status: "paid", amountCents: 2_500 })!;
    await deliverAgain([paid]);
    expect(await inbox(subscription)).toHaveLength(0);
    await setKind(player, "redemption-changed", true);
    await deliverAgain([paid]);
    expect((await inbox(subscription)).map((m) => m.message.body)).toEqual(["Your $25 redemption is on its way to your bank."]);
  });

  it("accepts only https endpoints of known push services or the embedded one", async () => {
    const player = await signIn();
    const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
    for (const endpoint of ["https://attacker.example/collect", "http://fcm.googleapis.com/fcm/send/x", "https://localhost/api/me"]) {
      const res = await postJson("/api/push/subscriptions", { endpoint, keys }, player.token);
      expect(res.status).toBe(400);
    }
    expect(
      (await postJson("/api/push/subscriptions", { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys }, player.token)).status,
    ).toBe(200);
    expect((await api("/api/push/preferences")).status).toBe(401);
  });
});
