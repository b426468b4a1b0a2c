// The push queue's consumer: each message is one alert for one player (a PushNotice the
// wallet's outbox sent, worker/wallet/outbox.ts). It goes to every browser the player
// subscribed, if the player turned that kind on, at most once per (subscription, event):
// the delivery is claimed in D1 `push_deliveries` before it is sent, so a message the
// queue delivers again (or the outbox sends again after a crash) finds the claim and
// sends nothing. A send that fails gives its claim back and the message is retried; an
// endpoint the push service says is gone (404, 410) is deleted. Alerts that invite play are
// withheld from a player on a break or closed for play.
import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { PushNotice } from "../../src/shared/push-notices";
import type { PushMessage } from "../../src/shared/schemas/push";
import type { Logger } from "../logging/logger";
import { vapidKeys } from "./push-keys";
import type { PushTransport } from "./push-transport";

/** The development name of the push queue; each deployment names its own (var PUSH_QUEUE_NAME). */
export const PUSH_QUEUE_NAME = "vantage-push";

/** This deployment's push queue, as wrangler.toml's [vars] name it. */
export function pushQueueName(env: Pick<Env, "PUSH_QUEUE_NAME">): string {
  return env.PUSH_QUEUE_NAME || PUSH_QUEUE_NAME;
}
/** How long a push service keeps an alert for a browser that is offline. */
const ALERT_TTL_SECONDS = 24 * 60 * 60;

/**
 * `excluded`: whether the player is on a break or closed for play now (asked of their wallet
 * at the Worker's root). Alerts that invite play are not sent to them.
 */
export type PushDeps = {
  env: Env;
  transport: PushTransport;
  log: Logger;
  now: number;
  origin: string;
  excluded: (userId: string, now: number) => Promise<boolean>;
};

/**
 * Alerts that invite play ("Vantage Cash is offered in X again", a play-time reminder): never
 * to a player on a break or closed for play. What happened to their own money (a bet settled,
 * a redemption, a limit or break taking effect) still reaches them.
 */
const INVITING: ReadonlySet<PushNotice["kind"]> = new Set(["region-changed", "limit-near"]);

type SubscriptionRow = { id: string; endpoint: string; p256dh: string; auth: string };

/** Sends one alert to the player's browsers; throws when a send should be retried. */
export async function deliverNotice(notice: PushNotice, deps: PushDeps): Promise<number> {
  const { env, now } = deps;
  const vapid = vapidKeys(env, deps.origin);
  if (!vapid) return 0;
  const enabled = await env.DB.prepare("SELECT enabled FROM push_preferences WHERE user_id = ? AND kind = ?")
    .bind(notice.userId, notice.kind)
    .first<{ enabled: number }>();
  if (enabled?.enabled !== 1) return 0;
  if (INVITING.has(notice.kind) && (await deps.excluded(notice.userId, now))) return 0;
  const { results: subscriptions } = await env.DB.prepare("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?")
    .bind(notice.userId)
    .all<SubscriptionRow>();
  const message: PushMessage = { kind: notice.kind, eventId: notice.eventId, title: notice.title, body: notice.body, url: notice.url };
  let sent = 0;
  let failed: unknown = null;
  for (const sub of subscriptions) {
    const claim = await env.DB.prepare(
      "INSERT INTO push_deliveries (subscription_id, event_id, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    )
      .bind(sub.id, notice.eventId, now)
      .run();
    if (claim.meta.changes === 0) continue;
    try {
      const payload = await buildPushPayload(
        { data: message, options: { ttl: ALERT_TTL_SECONDS, urgency: "normal" } },
        { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        vapid,
      );
      const res = await deps.transport(sub.endpoint, payload);
      if (res.status === 404 || res.status === 410) {
        await env.DB.prepare("DELETE FROM push_subscriptions WHERE id = ?").bind(sub.id).run();
        continue;
      }
      if (!res.ok) throw new Error(`push service answered ${res.status}`);
      sent++;
    } catch (err) {
      await env.DB.prepare("DELETE FROM push_deliveries WHERE subscription_id = ? AND event_id = ?").bind(sub.id, notice.eventId).run();
      failed = err;
    }
  }
  if (failed) throw failed;
  return sent;
}

export async function handlePushQueue(batch: MessageBatch<PushNotice>, deps: PushDeps): Promise<void> {
  for (const message of batch.messages) {
    try {
      await deliverNotice(message.body, deps);
      message.ack();
    } catch (err) {
      deps.log.warn(`push: ${message.body.eventId} for one player failed; will retry`, err);
      message.retry();
    }
  }
}
