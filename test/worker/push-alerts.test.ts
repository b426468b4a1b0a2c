// Opt-in Web Push, end to end offline: a player's browser subscribes through the
// embedded push service, turns "Bet settled" on, a bet settles, and the wallet's outbox
// sends the alert through the push queue; the embedded service receives the encrypted
// request (RFC 8291, VAPID-signed) and decrypts exactly one message with the result,
// even when the queue delivers it again. Turning the kind off stops it. The same holds for
// a limit or break taking effect (a looser limit only after its waiting time, from the
// wallet's alarm too) and for a nudge at 80% of a limit.
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { betSettledNotice, redemptionNotice, type PushNotice } from "../../src/shared/push-notices";
import { PushConfigSchema, PushPreferencesSchema, type PushMessage } from "../../src/shared/schemas/push";
import worker from "../../worker/index";
import { PUSH_QUEUE_NAME } from "../../worker/push/push-queue";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf } from "./bets-helpers";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { betOf, leg, newEventId, openBet, seedBets, wallet } from "./settlement-fixtures";
import { toBase64Url } from "../../src/shared/receipts/encoding";

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Inbox = { messages: { seq: number; message: PushMessage }[] };

/** A browser's P-256 public key, as PushSubscription.toJSON() gives it. */
async function browserKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  return toBase64Url(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer));
}

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

const MIN = 60_000;
const DAY_MS = 24 * 60 * MIN;

async function waitForMessages(subscription: Subscription, count: number): Promise<PushMessage[]> {
  await vi.waitUntil(async () => (await inbox(subscription)).length >= count, { timeout: 20_000, interval: 50 });
  return (await inbox(subscription)).map((m) => m.message);
}

/** A player whose browser is subscribed with exactly `kinds` on, and a Coins single on one open game. */
async function limitPlayer(kinds: string[]) {
  const player = await signIn();
  const subscription = await subscribeBrowser(player);
  for (const kind of kinds) await setKind(player, kind, true);
  const stub = getUserWallet(env, player.userId);
  const [event] = await openEvents(1);
  const leg: BetLeg = { ...pickOf(event!, "Moneyline", "Home"), home: event!.home, away: event!.away, startTime: event!.startTime };
  const bet = async (amount: number) => {
    const placed = await stub.placeBets(
      player.userId,
      { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount, legs: [leg] },
      Date.now(),
    );
    expect(placed.ok).toBe(true);
    await stub.flushOutbox();
  };
  return { player, subscription, stub, bet };
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
    await vi.waitUntil(async () => (await inbox(subscription)).length > 0, { timeout: 20_000, interval: 50 });
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

  it("an alert that invites play is not sent to a player on a break; what happened to their money still is", async () => {
    const player = await signIn();
    const subscription = await subscribeBrowser(player);
    await setKind(player, "region-changed", true);
    await setKind(player, "bet-settled", true);
    const invitation: PushNotice = {
      userId: player.userId,
      kind: "region-changed",
      eventId: `region-changed:US-SD:${crypto.randomUUID()}`,
      title: "Vantage Cash in US-SD",
      body: "Vantage Cash is offered in US-SD again.",
      url: "/where-cash-is-offered",
    };
    expect((await postJson("/api/me/break", { period: "24h" }, player.token)).status).toBe(200);
    const held = await deliverAgain([invitation]);
    expect(held.explicitAcks).toHaveLength(1);
    const bet = await settledBet(player);
    await vi.waitUntil(async () => (await inbox(subscription)).some((m) => m.message.kind === "bet-settled"), {
      timeout: 20_000,
      interval: 50,
    });
    expect((await inbox(subscription)).map((m) => m.message.eventId)).toEqual([`bet-settled:${bet.id}`]);
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
    await vi.waitUntil(async () => (await inbox(subscription)).length > 0, { timeout: 20_000, interval: 50 });
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
    const keys = { p256dh: await browserKey(), auth: "A".repeat(22) };
    for (const endpoint of ["https://attacker.example/collect", "http://fcm.googleapis.com/fcm/send/x", "https://localhost/api/me"]) {
      const res = await postJson("/api/push/subscriptions", { endpoint, keys }, player.token);
      expect(res.status).toBe(400);
    }
    expect(
      (await postJson("/api/push/subscriptions", { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys }, player.token)).status,
    ).toBe(200);
    expect((await api("/api/push/preferences")).status).toBe(401);
  });

  it("refuses a key alerts cannot be encrypted to, and keeps a player's newest 10 browsers", async () => {
    const player = await signIn();
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/browser-${i}`;
    // The right shape, but not a point on the curve.
    const broken = await postJson(
      "/api/push/subscriptions",
      { endpoint: endpoint(0), keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } },
      player.token,
    );
    expect(broken.status).toBe(400);
    let kept = 0;
    for (let i = 1; i <= 12; i++) {
      const res = await postJson(
        "/api/push/subscriptions",
        { endpoint: endpoint(i), keys: { p256dh: await browserKey(), auth: "A".repeat(22) } },
        player.token,
      );
      expect(res.status).toBe(200);
      kept = PushPreferencesSchema.parse(await res.json()).subscriptions;
    }
    expect(kept).toBe(10);
  });

  it("a stricter limit is announced at once, a looser one only once its cooling has passed; redelivered, it arrives once", async () => {
    const { player, subscription, stub } = await limitPlayer(["limit-changed"]);
    const t0 = Date.now();
    await stub.setPlayLimits(player.userId, { dailyLossCoins: 200 }, DAY_MS, t0);
    await stub.flushOutbox();
    const [stricter] = await waitForMessages(subscription, 1);
    expect(stricter).toMatchObject({
      kind: "limit-changed",
      title: "Limit now in effect",
      body: "Your daily Coins loss limit is now 200 Coins.",
      url: "/account?section=limits",
    });

    // The raise waits a day: asking for it, and the wallet's reads before the day is over, announce nothing.
    await stub.setPlayLimits(player.userId, { dailyLossCoins: 500 }, DAY_MS, t0);
    expect((await stub.getPlay(player.userId, t0 + DAY_MS - 1)).limits.effective.dailyLossCoins).toBe(200);
    await stub.flushOutbox();
    // A later change that applies at once arrives next: nothing was sent in between.
    await stub.setLimits(player.userId, { dailyStakeCoins: 1_000 }, DAY_MS, t0 + DAY_MS - 1);
    await stub.flushOutbox();
    expect((await waitForMessages(subscription, 2)).map((m) => m.body)).toEqual([
      "Your daily Coins loss limit is now 200 Coins.",
      "Your daily Coins stake limit is now 1,000 Coins.",
    ]);

    // Once the day has passed, the wallet's next transaction announces the raise, once.
    expect((await stub.getPlay(player.userId, t0 + DAY_MS)).limits.effective.dailyLossCoins).toBe(500);
    await stub.getPlay(player.userId, t0 + DAY_MS + 1);
    await stub.flushOutbox();
    const messages = await waitForMessages(subscription, 3);
    expect(messages.map((m) => m.body)).toEqual([
      "Your daily Coins loss limit is now 200 Coins.",
      "Your daily Coins stake limit is now 1,000 Coins.",
      "Your daily Coins loss limit is now 500 Coins.",
    ]);
    const raised = { ...messages[2]!, userId: player.userId };
    expect((await deliverAgain([raised, raised])).explicitAcks).toHaveLength(2);
    await stub.takeBreak(player.userId, "24h", t0 + DAY_MS + 2);
    await stub.flushOutbox();
    expect((await waitForMessages(subscription, 4)).map((m) => m.title)).toEqual([
      "Limit now in effect",
      "Limit now in effect",
      "Limit now in effect",
      "Your break has started",
    ]);
  });

  it("alerts the push queue refuses wait in the wallet and go out on the back-off's drain, D1 current meanwhile", async () => {
    const { player, subscription, stub, bet } = await limitPlayer(["limit-changed"]);
    const pending = () => runInDurableObject(stub, (_wallet, state) => state.storage.get<PushNotice[]>("outbox_pending_alerts"));
    // The queue is down: the wallet's env hands the outbox a queue that refuses every batch.
    const refused: number[] = [];
    const swapQueue = (queue: Pick<Queue, "sendBatch"> | null) =>
      runInDurableObject(stub, (wallet) => {
        const walletEnv = (wallet as unknown as { env: Env }).env;
        Object.defineProperty(wallet, "env", {
          value: { ...walletEnv, PUSH_QUEUE: queue ?? env.PUSH_QUEUE },
          configurable: true,
          writable: true,
        });
      });
    await swapQueue({
      sendBatch: async (messages) => {
        refused.push([...messages].length);
        throw new Error("queue unavailable");
      },
    });
    await stub.setPlayLimits(player.userId, { dailyLossCoins: 200 }, DAY_MS, Date.now());
    await bet(10);
    expect(refused).toEqual([1]);
    expect((await pending())?.map((n) => n.kind)).toEqual(["limit-changed"]);
    // The projection did not wait for the alert: the bet placed with it is in D1.
    const bets = await env.DB.prepare("SELECT COUNT(*) AS n FROM bets WHERE user_id = ?").bind(player.userId).first<{ n: number }>();
    expect(bets?.n).toBe(1);
    // A second refusal keeps both, oldest first.
    await stub.setPlayLimits(player.userId, { dailyLossCoins: 100 }, DAY_MS, Date.now());
    await stub.flushOutbox();
    expect((await pending())?.map((n) => n.body)).toEqual([
      "Your daily Coins loss limit is now 200 Coins.",
      "Your daily Coins loss limit is now 100 Coins.",
    ]);

    // The queue is back: the retry the refusal armed sends both, in order, and nothing waits.
    await swapQueue(null);
    expect(await ringAlarm(stub)).toBe(true);
    expect((await waitForMessages(subscription, 2)).map((m) => m.body)).toEqual([
      "Your daily Coins loss limit is now 200 Coins.",
      "Your daily Coins loss limit is now 100 Coins.",
    ]);
    expect(await pending()).toBeUndefined();
  });

  it("queues only the alerts a player turned on with a browser subscribed: other settled bets cost the queue nothing", async () => {
    const queued = new Map<string, string[]>();
    /** The wallet's env hands its outbox a queue that records what it is sent. */
    const recordQueue = (userId: string) =>
      runInDurableObject(getUserWallet(env, userId), (held) => {
        const walletEnv = (held as unknown as { env: Env }).env;
        const record: Pick<Queue<PushNotice>, "sendBatch"> = {
          sendBatch: async (messages) => {
            queued.set(userId, [...(queued.get(userId) ?? []), ...[...messages].map((m) => m.body.kind)]);
            return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
          },
        };
        Object.defineProperty(held, "env", { value: { ...walletEnv, PUSH_QUEUE: record }, configurable: true, writable: true });
      });

    // No browser subscribed: a settled bet and a limit change queue nothing.
    const quiet = await signIn();
    await recordQueue(quiet.userId);
    await settledBet(quiet);
    await getUserWallet(env, quiet.userId).setPlayLimits(quiet.userId, { dailyLossCoins: 200 }, DAY_MS, Date.now());
    await wallet(quiet.userId).flushOutbox();
    expect(queued.get(quiet.userId)).toBeUndefined();

    // Subscribed with "Bet settled" on and "Limit changed" off: only the settled bet is queued.
    const keen = await signIn();
    await subscribeBrowser(keen);
    await setKind(keen, "bet-settled", true);
    await recordQueue(keen.userId);
    await settledBet(keen);
    await getUserWallet(env, keen.userId).setPlayLimits(keen.userId, { dailyLossCoins: 200 }, DAY_MS, Date.now());
    await wallet(keen.userId).flushOutbox();
    expect(queued.get(keen.userId)).toEqual(["bet-settled"]);
  });

  it("the wallet's alarm waits for a looser limit's time and announces it then, with no request", async () => {
    const { player, subscription, stub } = await limitPlayer(["limit-changed"]);
    const alarmAt = () => runInDurableObject(stub, (_wallet, state) => state.storage.getAlarm());
    // A removal asked for now waits a day: once the outbox's alarm has rung, the wallet sleeps until then.
    const t0 = Date.now();
    await stub.setLimits(player.userId, { dailyStakeCoins: 300 }, DAY_MS, t0);
    await stub.setLimits(player.userId, { dailyStakeCoins: null }, DAY_MS, t0);
    await ringAlarm(stub);
    await vi.waitUntil(async () => (await alarmAt()) === t0 + DAY_MS, { timeout: 20_000, interval: 50 });

    // A raise asked for a day and a minute ago took effect a minute ago; nothing calls the wallet after asking.
    const asked = Date.now() - DAY_MS - MIN;
    await stub.setPlayLimits(player.userId, { weeklyLossCoins: 1_000 }, DAY_MS, asked);
    await stub.setPlayLimits(player.userId, { weeklyLossCoins: 2_000 }, DAY_MS, asked);
    // That time is past, so the alarm is set to ring at once: it rings by itself and sends.
    expect((await waitForMessages(subscription, 3)).map((m) => m.body)).toEqual([
      "Your daily Coins stake limit is now 300 Coins.",
      "Your weekly Coins loss limit is now 1,000 Coins.",
      "Your weekly Coins loss limit is now 2,000 Coins.",
    ]);
    await vi.waitUntil(async () => (await alarmAt()) === t0 + DAY_MS, { timeout: 20_000, interval: 50 });
  });

  it("a break is announced at once, with what now applies; nudges stay quiet while their kind is off", async () => {
    const { player, subscription, stub, bet } = await limitPlayer(["limit-changed"]);
    await stub.setPlayLimits(player.userId, { dailyLossCoins: 200 }, DAY_MS, Date.now());
    await bet(170);
    const taken = await stub.takeBreak(player.userId, "24h", Date.now());
    expect(taken.ok).toBe(true);
    await stub.flushOutbox();
    const messages = await waitForMessages(subscription, 2);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.body).toBe("Your daily Coins loss limit is now 200 Coins.");
    expect(messages[1]).toMatchObject({ kind: "limit-changed", title: "Your break has started", url: "/account?section=limits" });
    expect(messages[1]!.body).toMatch(
      /^You are taking a break until .+ ET\. Bets, cash-outs, purchases and the daily bonus are paused until then\.$/,
    );
  });

  it("80% of a loss or a stake limit sends one alert each with what is left, once per period; limit changes stay quiet while off", async () => {
    const { player, subscription, stub, bet } = await limitPlayer(["limit-near"]);
    const now = Date.now();
    await stub.setPlayLimits(player.userId, { dailyLossCoins: 200 }, DAY_MS, now);
    await stub.setLimits(player.userId, { dailyStakeCoins: 220 }, DAY_MS, now);
    await bet(100); // loss 50%, stake 45%
    await bet(70); // loss 85%: a nudge
    await bet(5); // loss 87.5%: none again this day
    await bet(10); // stake 84%: a nudge
    const messages = await waitForMessages(subscription, 2);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      kind: "limit-near",
      title: "30 Coins left of your daily Coins loss limit",
      url: "/account?section=limits",
    });
    expect(messages[0]!.body).toMatch(/^You have 30 Coins left of your daily Coins loss limit of 200 Coins\. It resets /);
    expect(messages[1]).toMatchObject({ kind: "limit-near", title: "35 Coins left of your daily Coins stake limit" });
    expect(messages[1]!.body).toMatch(/^You have 35 Coins left of your daily Coins stake limit of 220 Coins\. It resets /);

    // The queue delivers the first again: nothing more arrives.
    const first = { ...messages[0]!, userId: player.userId };
    expect((await deliverAgain([first, first])).explicitAcks).toHaveLength(2);
    expect(await inbox(subscription)).toHaveLength(2);
  });
});
