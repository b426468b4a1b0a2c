// /api/push: opt-in Web Push for the signed-in player. GET /config says how this browser
// subscribes (the VAPID public key, or the embedded push service in development);
// POST/DELETE /subscriptions registers or removes this browser; GET/PUT /preferences
// turns each kind of alert on or off (all off until the player turns one on). Endpoints
// must be https on a known push service, so the Worker never posts to an address a
// player made up; in development the embedded push service's own endpoints are allowed.
import { Hono } from "hono";
import {
  PUSH_KINDS,
  PushPreferenceRequestSchema,
  PushSubscriptionRequestSchema,
  PushUnsubscribeRequestSchema,
  type PushConfig,
  type PushPreferences,
} from "../../src/shared/schemas/push";
import { requireUser } from "../auth/require-user";
import { pushMode } from "../config";
import { EMBEDDED_INBOX_PATH } from "../dev/push-service";
import { ApiError, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { vapidKeys } from "./push-keys";
import { fromBase64Url } from "../../src/shared/receipts/encoding";

/** Browsers kept per player; a new one past this replaces the one subscribed longest ago. */
const MAX_SUBSCRIPTIONS_PER_PLAYER = 10;

/** Whether `p256dh` is a P-256 public key an alert can be encrypted to (a string of the right shape may not be one). */
async function isP256Key(p256dh: string): Promise<boolean> {
  const raw = fromBase64Url(p256dh.replace(/=+$/, ""));
  if (!raw) return false;
  try {
    await crypto.subtle.importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** Hosts of the browsers' push services (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

function endpointAllowed(env: Env, endpoint: URL, requestUrl: string): boolean {
  if (endpoint.protocol !== "https:") return false;
  if (PUSH_SERVICE_HOSTS.some((host) => host.test(endpoint.hostname))) return true;
  return pushMode(env) === "embedded" && endpoint.host === new URL(requestUrl).host && endpoint.pathname.startsWith(EMBEDDED_INBOX_PATH);
}

async function subscriptionId(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function preferencesOf(db: D1Database, userId: string): Promise<PushPreferences> {
  const [prefs, subs] = await db.batch<{ kind: string; enabled: number; n: number }>([
    db.prepare("SELECT kind, enabled FROM push_preferences WHERE user_id = ?").bind(userId),
    db.prepare("SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?").bind(userId),
  ]);
  const on = new Set((prefs?.results ?? []).filter((r) => r.enabled === 1).map((r) => r.kind));
  return {
    kinds: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, on.has(kind)])) as PushPreferences["kinds"],
    subscriptions: subs?.results[0]?.n ?? 0,
  };
}

export function pushRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/config", (c) => {
    const mode = pushMode(c.env);
    const keys = vapidKeys(c.env, c.req.url);
    const config: PushConfig =
      keys && (mode === "real" || mode === "embedded")
        ? { mode, publicKey: keys.publicKey ?? null }
        : { mode: "unavailable", publicKey: null };
    return c.json(config);
  });

  app.use("/subscriptions", requireUser);
  app.use("/preferences", requireUser);

  app.post("/subscriptions", async (c) => {
    const body = await readJson(c, PushSubscriptionRequestSchema);
    if (!vapidKeys(c.env, c.req.url)) throw new ApiError(503, "not-configured", "Notifications are not available on this server.");
    if (!endpointAllowed(c.env, new URL(body.endpoint), c.req.url)) {
      throw new ApiError(400, "invalid-argument", "This push service is not supported.");
    }
    if (!(await isP256Key(body.keys.p256dh))) {
      throw new ApiError(400, "invalid-argument", "This browser's notification key is not valid.");
    }
    const now = Date.now();
    const db = c.env.DB;
    await db.batch([
      db
        .prepare(
          `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = excluded.updated_at`,
        )
        .bind(await subscriptionId(body.endpoint), c.var.user.id, body.endpoint, body.keys.p256dh, body.keys.auth, now, now),
      // Each alert goes to every browser kept: a player keeps the newest few.
      db
        .prepare(
          `DELETE FROM push_subscriptions WHERE user_id = ?1 AND id NOT IN
             (SELECT id FROM push_subscriptions WHERE user_id = ?1 ORDER BY updated_at DESC, id LIMIT ?2)`,
        )
        .bind(c.var.user.id, MAX_SUBSCRIPTIONS_PER_PLAYER),
    ]);
    return c.json(await preferencesOf(c.env.DB, c.var.user.id));
  });

  app.delete("/subscriptions", async (c) => {
    const { endpoint } = await readJson(c, PushUnsubscribeRequestSchema);
    await c.env.DB.prepare("DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?")
      .bind(await subscriptionId(endpoint), c.var.user.id)
      .run();
    return c.json(await preferencesOf(c.env.DB, c.var.user.id));
  });

  app.get("/preferences", async (c) => c.json(await preferencesOf(c.env.DB, c.var.user.id)));

  app.put("/preferences", async (c) => {
    const { kind, enabled } = await readJson(c, PushPreferenceRequestSchema);
    await c.env.DB.prepare(
      `INSERT INTO push_preferences (user_id, kind, enabled, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
    )
      .bind(c.var.user.id, kind, enabled ? 1 : 0, Date.now())
      .run();
    return c.json(await preferencesOf(c.env.DB, c.var.user.id));
  });

  return app;
}
