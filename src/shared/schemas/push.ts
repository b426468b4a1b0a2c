// Opt-in Web Push: the kinds of alert a player can turn on (each its own switch in
// Settings), the browser subscription the SPA registers, and the message a push carries.
// Alerts are about the player's own account only — a result, a payout, a redemption, a
// limit or break the player set, what the law now allows where they play — and never
// marketing (docs/link-first.md).
import { z } from "zod";

/**
 * The alerts that exist today: each is sent from a wallet change (worker/wallet/outbox.ts),
 * but a region's rule changing, which a scheduled run notices (worker/protection/region-change-alerts.ts).
 */
export const PUSH_KINDS = ["bet-settled", "redemption-changed", "limit-changed", "limit-near", "region-changed"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, { title: string; description: string }> = {
  "bet-settled": { title: "Bet settled", description: "The result and payout of each of your bets." },
  "redemption-changed": { title: "Redemption updates", description: "When a Vantage Cash redemption is paid or fails." },
  "limit-changed": { title: "Limits and breaks", description: "When a limit or break you set takes effect, and what now applies." },
  "limit-near": { title: "Near a limit", description: "When you reach 80% of one of your limits, and what is left." },
  "region-changed": {
    title: "Where Vantage Cash is offered",
    description: "When the law where you play changes what you can do with Vantage Cash, and what you still can.",
  },
};

/** GET /api/push/config: the VAPID public key for pushManager.subscribe, or the embedded service in development. */
export const PushConfigSchema = z.object({
  mode: z.enum(["real", "embedded", "unavailable"]),
  publicKey: z.string().nullable(),
});
export type PushConfig = z.infer<typeof PushConfigSchema>;

/** PushSubscription.toJSON() as browsers (and the embedded push service) give it. */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1024),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, "p256dh must be a base64url P-256 public key."),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, "auth must be a base64url 16-byte secret."),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

export const PushUnsubscribeRequestSchema = z.object({ endpoint: z.string().max(1024) });

export const PushPreferenceRequestSchema = z.object({ kind: z.enum(PUSH_KINDS), enabled: z.boolean() });

/** GET/PUT /api/push/preferences: each kind on or off, and how many of the player's browsers are subscribed. */
export const PushPreferencesSchema = z.object({
  kinds: z.record(z.enum(PUSH_KINDS), z.boolean()),
  subscriptions: z.number().int().nonnegative(),
});
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

/** What one push carries (encrypted to the browser, RFC 8291): shown as a notification. */
export const PushMessageSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  /** The wallet change it reports, e.g. "bet-settled:<bet id>": one message per subscription and event. */
  eventId: z.string(),
  title: z.string(),
  body: z.string(),
  /** The page a click opens. */
  url: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
