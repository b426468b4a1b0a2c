// Subscribing this browser to alerts, asked only when the player turns an alert on
// (never on page load). With a real push service: the browser's permission prompt, then
// pushManager.subscribe with the server's VAPID public key. With the embedded push
// service (development): a subscription it issues, remembered on this device so the
// in-app notifications can read its inbox. Either way the subscription is registered
// (again: it is an upsert, and another player may have signed in on this device) with
// POST /api/push/subscriptions. A browser that already granted permission is not asked again.
import type { ApiClient } from "../../lib/api-client";
import { PushConfigSchema, PushPreferencesSchema, type PushPreferences } from "../../shared/schemas/push";
import { z } from "zod";
import { EMBEDDED_INBOX_KEY, EMBEDDED_SEEN_KEY, EMBEDDED_SUBSCRIPTION_KEY, INBOX_CHANGED_EVENT } from "./alerts-storage";

const SubscriptionJsonSchema = z.object({
  endpoint: z.string(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
});

export class AlertsUnavailable extends Error {}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

async function browserSubscription(publicKey: string): Promise<unknown> {
  if (!("Notification" in window) || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    throw new AlertsUnavailable("This browser cannot show notifications.");
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new AlertsUnavailable("Notifications are blocked for Vantage in this browser's settings.");
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  return subscription.toJSON();
}

/** Makes sure this browser is subscribed; answers the player's preferences after it. */
async function embeddedSubscription(api: ApiClient): Promise<unknown> {
  const stored = SubscriptionJsonSchema.safeParse(JSON.parse(localStorage.getItem(EMBEDDED_SUBSCRIPTION_KEY) ?? "null"));
  if (stored.success) return stored.data;
  const issued = await api.post("/dev/push/endpoints", SubscriptionJsonSchema, {});
  localStorage.setItem(EMBEDDED_SUBSCRIPTION_KEY, JSON.stringify(issued));
  localStorage.setItem(EMBEDDED_INBOX_KEY, new URL(issued.endpoint).pathname.replace(/^\/api/, ""));
  localStorage.removeItem(EMBEDDED_SEEN_KEY);
  window.dispatchEvent(new Event(INBOX_CHANGED_EVENT));
  return issued;
}

/**
 * Ends this browser's alerts for the player signing out, so the next person on the device
 * never sees theirs: the subscription is removed on the server (while the sign-in still
 * holds) and in the browser, and an embedded inbox is forgotten. Best effort: sign-out
 * goes on whatever fails here.
 */
export async function forgetThisBrowser(api: ApiClient): Promise<void> {
  const endpoints: string[] = [];
  if (typeof navigator !== "undefined" && "serviceWorker" in navigator) {
    const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
    const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
    if (subscription) {
      endpoints.push(subscription.endpoint);
      await subscription.unsubscribe().catch(() => false);
    }
  }
  const stored = SubscriptionJsonSchema.safeParse(JSON.parse(localStorage.getItem(EMBEDDED_SUBSCRIPTION_KEY) ?? "null"));
  if (stored.success) endpoints.push(stored.data.endpoint);
  for (const key of [EMBEDDED_SUBSCRIPTION_KEY, EMBEDDED_INBOX_KEY, EMBEDDED_SEEN_KEY]) localStorage.removeItem(key);
  if (stored.success) window.dispatchEvent(new Event(INBOX_CHANGED_EVENT));
  await Promise.all(
    endpoints.map((endpoint) => api.send("/push/subscriptions", { method: "DELETE", body: { endpoint } }).catch(() => undefined)),
  );
}

export async function subscribeThisBrowser(api: ApiClient): Promise<PushPreferences> {
  const config = await api.get("/push/config", PushConfigSchema);
  let subscription: unknown;
  if (config.mode === "embedded") {
    subscription = await embeddedSubscription(api);
  } else if (config.mode === "real" && config.publicKey) {
    subscription = await browserSubscription(config.publicKey);
  } else {
    throw new AlertsUnavailable("Notifications are not available right now.");
  }
  return api.post("/push/subscriptions", PushPreferencesSchema, subscription);
}
