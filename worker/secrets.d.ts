// Secrets are set with `wrangler secret put` (or .dev.vars locally) and never appear in
// wrangler.toml, so `wrangler types` cannot see them. They are all optional: when one is
// missing in development the embedded default stands in (see worker/config.ts).
// Declared once and merged into both the global `Env` and `Cloudflare.Env` (the one
// `cloudflare:workers` hands out), which `wrangler types` now generates separately.
interface VantageSecrets {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  SESSION_SIGNING_KEY?: string;
  ODDS_API_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Signs the Connect endpoint's events (payout.paid of connected accounts): worker/payments/connect-webhook.ts. */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  /** Restricted key with Identity verification sessions (write) and verified outputs (read): worker/identity. */
  STRIPE_IDENTITY_RESTRICTED_KEY?: string;
  /** Signs the Identity endpoint's events (identity.verification_session.*). */
  STRIPE_IDENTITY_WEBHOOK_SECRET?: string;
  /** HMAC key of identity documents' hashes (one verified person, one account); 32+ random bytes. */
  IDENTITY_HASH_KEY?: string;
  /** Web Push (RFC 8292): the VAPID key pair, base64url (public: uncompressed P-256 point; private: its `d`). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** The Cloudflare account and an API token with Account Analytics Read: the Health view reads metrics with them. */
  METRICS_ACCOUNT_ID?: string;
  METRICS_API_TOKEN?: string;
  /** Signs receipts (worker/receipts/): an Ed25519 private key as a JWK with its key id (`kid`), listed in RECEIPT_KEYS_JSON. */
  RECEIPT_SIGNING_KEY?: string;
}
interface Env extends VantageSecrets {}
declare namespace Cloudflare {
  interface Env extends VantageSecrets {}
}
