-- Opt-in Web Push (worker/push/): a player's browsers that accepted notifications, which
-- kinds of alert the player turned on, and which alerts each browser already received.
-- Kept in step with worker/db/schema.ts.

-- One row per browser push subscription. `id` is the SHA-256 of the endpoint (hex), so a
-- browser that subscribes again updates its row instead of adding one. `p256dh` and
-- `auth` are the browser's keys (base64url) the messages are encrypted to (RFC 8291).
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- The kinds a player turned on ('bet-settled', 'redemption-changed'); absent = off.
CREATE TABLE push_preferences (
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Once per (subscription, event): a delivery is claimed here before it is sent, so a
-- queue message delivered twice sends once. A failed send removes its claim for the retry.
CREATE TABLE push_deliveries (
  subscription_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, event_id)
);

-- The embedded push service (development and tests only, worker/dev/push-service.ts):
-- the subscriptions it issued with their private keys, and the messages it received,
-- decrypted, for the SPA's in-app notification.
CREATE TABLE dev_push_endpoints (
  id TEXT PRIMARY KEY,
  private_jwk TEXT NOT NULL,
  public_key TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE dev_push_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX dev_push_messages_endpoint_idx ON dev_push_messages (endpoint_id, seq);
